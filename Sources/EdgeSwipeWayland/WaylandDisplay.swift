#if canImport(Glibc)
import Glibc
#endif
import CWaylandClient
import CWaylandProtocols
import EdgeSwipeSystem

/// Why the Wayland side cannot start.
public enum WaylandError: Error, CustomStringConvertible {
    case noDisplay(String)
    case missingGlobal(String)
    case connectionLost(String)

    public var description: String {
        switch self {
        case .noDisplay(let name):
            return "cannot connect to the Wayland display \(name) (is this run inside the graphical session?)"
        case .missingGlobal(let name): return "the compositor offers no \(name)"
        case .connectionLost(let why): return "the Wayland connection failed: \(why)"
        }
    }
}

/// The connection to the compositor and the globals the arrow needs: wl_compositor, wl_shm, the outputs, and
/// zwlr_layer_shell_v1 when the compositor has it (sway, Hyprland, wayfire, labwc, river, KWin; not GNOME).
/// Read on the event loop: its descriptor is registered there, and everything sent is flushed after each turn's
/// work (`flush()`).
public final class WaylandDisplay {
    let display: OpaquePointer
    private let registry: OpaquePointer
    private(set) var compositor: OpaquePointer?
    private(set) var shm: OpaquePointer?
    private(set) var layerShell: OpaquePointer?
    private(set) var outputs: [WaylandOutput] = []
    /// zwlr_foreign_toplevel_manager_v1's registry name and version, bound only when a focus source asks
    /// (`bindForeignToplevelManager`): bound, it sends every toplevel, which only the focus reads.
    private var toplevelManagerGlobal: (name: UInt32, version: UInt32)?
    private var registration: LoopRegistration?
    private let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
    /// Run when an output appears, changes (at its `done`) or goes: the arrow's strip, the output reports.
    private var outputObservers: [() -> Void] = []

    /// Connects to `name` (nil: $WAYLAND_DISPLAY, else wayland-0) and collects the globals and the outputs' state.
    public init(name: String?) throws {
        guard let display = wl_display_connect(name) else {
            throw WaylandError.noDisplay(name ?? getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0")
        }
        self.display = display
        registry = wl_display_get_registry(display)
        listener.initialize(to: wl_registry_listener(
            global: { data, _, name, interface, version in
                WaylandDisplay.from(data).global(name: name, interface: String(cString: interface!), version: version)
            },
            global_remove: { data, _, name in WaylandDisplay.from(data).globalRemoved(name: name) }))
        wl_registry_add_listener(registry, listener, Unmanaged.passUnretained(self).toOpaque())
        // Two round trips: the globals, then the first events of what was bound (the outputs' modes and names).
        for _ in 0..<2 where wl_display_roundtrip(display) < 0 {
            throw WaylandError.connectionLost(String(cString: strerror(errno)))
        }
        if compositor == nil { throw WaylandError.missingGlobal("wl_compositor") }
        if shm == nil { throw WaylandError.missingGlobal("wl_shm") }
    }

    deinit {
        registration?.close()
        outputs.removeAll()
        if let layerShell { zwlr_layer_shell_v1_destroy(layerShell) }
        if let shm { wl_shm_destroy(shm) }
        if let compositor { wl_compositor_destroy(compositor) }
        wl_registry_destroy(registry)
        wl_display_disconnect(display)
        listener.deinitialize(count: 1)
        listener.deallocate()
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> WaylandDisplay {
        Unmanaged<WaylandDisplay>.fromOpaque(data!).takeUnretainedValue()
    }

    public var hasLayerShell: Bool { layerShell != nil }

    /// The outputs' state as of their last `done`, in the order the compositor announced them.
    public var outputInfos: [OutputInfo] { outputs.map(\.info) }

    /// The output an overlay goes on: the one named `name` (wl_output.name), or with no name the first.
    func output(named name: String?) -> WaylandOutput? {
        outputs.first { name == nil || $0.info.name == name }
    }

    private func global(name: UInt32, interface: String, version: UInt32) {
        func bind(_ table: UnsafePointer<wl_interface>, _ highest: UInt32) -> OpaquePointer? {
            wl_registry_bind(registry, name, table, min(version, highest)).map { OpaquePointer($0) }
        }
        switch interface {
        case "wl_compositor": compositor = bind(edgeswipe_wl_compositor_interface(), 4)
        case "wl_shm": shm = bind(edgeswipe_wl_shm_interface(), 1)
        // Version 1 has everything the arrow asks of a layer surface (size, anchor, exclusive zone).
        case "zwlr_layer_shell_v1": layerShell = bind(edgeswipe_zwlr_layer_shell_v1_interface(), 1)
        case "zwlr_foreign_toplevel_manager_v1": toplevelManagerGlobal = (name, version)
        case "wl_output":
            // Version 4 adds the output's name, which --output matches.
            guard let proxy = bind(edgeswipe_wl_output_interface(), 4) else { return }
            let output = WaylandOutput(proxy: proxy, globalName: name)
            output.onChange = { [unowned self] _ in self.outputsChanged() }
            outputs.append(output)
        default: break
        }
    }

    private func globalRemoved(name: UInt32) {
        guard let i = outputs.firstIndex(where: { $0.globalName == name }) else { return }
        outputs.remove(at: i)
        outputsChanged()
    }

    /// Whether the compositor offers wlr-foreign-toplevel-management (sway, phoc, labwc, wayfire, Hyprland).
    public var hasForeignToplevelManager: Bool { toplevelManagerGlobal != nil }

    /// Binds zwlr_foreign_toplevel_manager_v1 (version 3 at most), nil when the compositor has none. The caller
    /// sets its listener before the next dispatch and destroys it.
    func bindForeignToplevelManager() -> OpaquePointer? {
        guard let (name, version) = toplevelManagerGlobal else { return nil }
        return wl_registry_bind(registry, name, edgeswipe_zwlr_foreign_toplevel_manager_v1_interface(), min(version, 3))
            .map { OpaquePointer($0) }
    }

    /// Sends what is queued and waits until the compositor has answered it all (its events dispatched).
    public func roundTrip() throws {
        if wl_display_roundtrip(display) < 0 { throw WaylandError.connectionLost(String(cString: strerror(errno))) }
    }

    /// Runs `handler` whenever an output appears, changes (at its `done`) or goes; `outputInfos` is then current.
    public func observeOutputs(_ handler: @escaping () -> Void) {
        outputObservers.append(handler)
    }

    private func outputsChanged() {
        for observer in outputObservers { observer() }
    }

    /// Reads and dispatches whenever the compositor has sent something; `onGone` runs once when the connection
    /// ends (the compositor quit: the session is over).
    public func attach(to loop: EventLoop, onGone: @escaping (String) -> Void) throws {
        let fd = FileDescriptor(rawValue: wl_display_get_fd(display))
        let r = LoopRegistration(loop: loop, descriptor: fd, name: "wayland display", ownership: .borrowed)
        try r.register(events: .readable) { [unowned self] _ in
            // A hang-up reads as the end of the stream: dispatch fails, and that is the end of the session.
            if wl_display_dispatch(self.display) < 0 {
                let why = errno == 0 ? "closed" : String(cString: strerror(errno))
                self.registration?.close()
                onGone(why)
                return
            }
            self.flush()
        }
        registration = r
        flush()
    }

    /// Sends what is queued. A full socket keeps the rest for the next flush (the next turn's work calls it).
    public func flush() {
        _ = wl_display_flush(display)
    }
}

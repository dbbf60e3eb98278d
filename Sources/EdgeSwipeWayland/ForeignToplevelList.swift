#if canImport(Glibc)
import Glibc
#endif
import CWaylandClient
import CWaylandProtocols

/// The compositor's toplevels through zwlr_foreign_toplevel_manager_v1 (sway, phoc, labwc, wayfire, Hyprland):
/// binds the manager and every handle it announces, and passes each event on as a `ForeignToplevelEvent`
/// (`onEvent`); what the focus is, is the session's `ToplevelTracker`'s business. Version 3 at most (the XML's).
/// Nil when the compositor has no such global (GNOME, KWin).
public final class ForeignToplevelList {
    private let manager: OpaquePointer
    private var handles: [UInt32: OpaquePointer] = [:]
    private let managerListener = UnsafeMutablePointer<zwlr_foreign_toplevel_manager_v1_listener>.allocate(capacity: 1)
    private let handleListener = UnsafeMutablePointer<zwlr_foreign_toplevel_handle_v1_listener>.allocate(capacity: 1)
    /// Every event, in the compositor's order.
    public var onEvent: ((ForeignToplevelEvent) -> Void)?

    /// Binds the manager on `display`, or nil when the compositor offers none. Events come with the display's
    /// next dispatch (`roundTrip()` to have the current toplevels at once).
    public init?(display: WaylandDisplay) {
        guard let proxy = display.bindForeignToplevelManager() else { return nil }
        manager = proxy
        managerListener.initialize(to: zwlr_foreign_toplevel_manager_v1_listener(
            toplevel: { data, _, handle in ForeignToplevelList.from(data).added(handle) },
            finished: { data, _ in ForeignToplevelList.from(data).onEvent?(.finished) }))
        handleListener.initialize(to: zwlr_foreign_toplevel_handle_v1_listener(
            title: { data, handle, title in
                ForeignToplevelList.from(data).onEvent?(.title(handle: ForeignToplevelList.id(handle), title.map { String(cString: $0) } ?? ""))
            },
            app_id: { data, handle, appID in
                ForeignToplevelList.from(data).onEvent?(.appID(handle: ForeignToplevelList.id(handle), appID.map { String(cString: $0) } ?? ""))
            },
            output_enter: { _, _, _ in },
            output_leave: { _, _, _ in },
            state: { data, handle, array in
                ForeignToplevelList.from(data).onEvent?(.state(handle: ForeignToplevelList.id(handle), ForeignToplevelList.states(array)))
            },
            done: { data, handle in ForeignToplevelList.from(data).onEvent?(.done(handle: ForeignToplevelList.id(handle))) },
            closed: { data, handle in ForeignToplevelList.from(data).closed(handle) },
            parent: { _, _, _ in }))
        zwlr_foreign_toplevel_manager_v1_add_listener(manager, managerListener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        for handle in handles.values { zwlr_foreign_toplevel_handle_v1_destroy(handle) }
        zwlr_foreign_toplevel_manager_v1_destroy(manager)
        managerListener.deinitialize(count: 1)
        managerListener.deallocate()
        handleListener.deinitialize(count: 1)
        handleListener.deallocate()
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> ForeignToplevelList {
        Unmanaged<ForeignToplevelList>.fromOpaque(data!).takeUnretainedValue()
    }

    private static func id(_ handle: OpaquePointer?) -> UInt32 { wl_proxy_get_id(handle) }

    /// The wl_array of uint32 states.
    private static func states(_ array: UnsafeMutablePointer<wl_array>?) -> [UInt32] {
        guard let array, let data = array.pointee.data else { return [] }
        let count = array.pointee.size / MemoryLayout<UInt32>.size
        return Array(UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt32.self), count: count))
    }

    private func added(_ handle: OpaquePointer?) {
        guard let handle else { return }
        let id = Self.id(handle)
        handles[id] = handle
        zwlr_foreign_toplevel_handle_v1_add_listener(handle, handleListener, Unmanaged.passUnretained(self).toOpaque())
        onEvent?(.new(handle: id))
    }

    private func closed(_ handle: OpaquePointer?) {
        let id = Self.id(handle)
        onEvent?(.closed(handle: id))
        if let proxy = handles.removeValue(forKey: id) { zwlr_foreign_toplevel_handle_v1_destroy(proxy) }
    }
}

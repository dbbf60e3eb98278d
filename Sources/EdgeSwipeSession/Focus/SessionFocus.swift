#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeBus
import EdgeSwipeControl
import EdgeSwipeSystem
import EdgeSwipeWayland
import TouchModel

/// The session program's focus part (issue 35): picks the source (`FocusChoice.resolve`, said once), starts it,
/// and feeds its changes to one `FocusReporter`, which the connection's connects and losses reach too. With
/// `--focus auto`, a source that fails to start gives way to the next one the session has.
final class SessionFocus {
    let reporter: FocusReporter
    /// The running source (SwayFocusSource, ForeignToplevelFocusSource, HyprlandFocusSource, ShellFocusSource or KWinFocusSource), kept alive here.
    private var source: AnyObject?

    /// Nil when no source is had (said why).
    /// `sessionBus`: the session bus connection, made on first use (the GNOME Shell extension's source).
    static func start(_ choice: FocusChoice, loop: EventLoop, display: WaylandDisplay, sessionBus: () -> BusConnection?,
                      say: @escaping (String) -> Void, print: ((String) -> Void)?,
                      send: @escaping (ControlRequest) -> Bool) -> SessionFocus? {
        func env(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        var environment = FocusEnvironment(swaySocket: env("SWAYSOCK"), hyprlandSignature: env("HYPRLAND_INSTANCE_SIGNATURE"),
                                           runtimeDirectory: env("XDG_RUNTIME_DIR"), hasForeignToplevel: display.hasForeignToplevelManager,
                                           isGNOME: ShellExtension.isGNOME(currentDesktop: env("XDG_CURRENT_DESKTOP")),
                                           isKDE: FocusEnvironment.namesKDE(env("XDG_CURRENT_DESKTOP")))
        while true {
            let resolution = choice.resolve(environment)
            guard let kind = resolution.source else {
                say(resolution.description)
                return nil
            }
            do {
                let focus = try SessionFocus(kind: kind, resolution, loop: loop, display: display, sessionBus: sessionBus,
                                             say: say, print: print, send: send)
                say(resolution.description)
                return focus
            } catch {
                say("\(resolution.description) could not start: \(error)")
                guard choice == .auto else { return nil }
                // The next source in auto's order.
                switch resolution {
                case .sway: environment.swaySocket = nil
                case .foreignToplevel: environment.hasForeignToplevel = false
                case .hyprland: environment.hyprlandSignature = nil
                case .gnomeShell: environment.isGNOME = false
                case .kwin: environment.isKDE = false
                case .none: return nil
                }
            }
        }
    }

    private init(kind: FocusSource, _ resolution: FocusResolution, loop: EventLoop, display: WaylandDisplay,
                 sessionBus: () -> BusConnection?, say: @escaping (String) -> Void, print: ((String) -> Void)?, send: @escaping (ControlRequest) -> Bool) throws {
        let reporter = try FocusReporter(loop: loop, source: kind, say: say, send: send)
        self.reporter = reporter
        if let print {
            reporter.onSent = { print(String(decoding: ControlRequest(id: FocusReporter.requestID, command: .reportFocus($0)).encoded.encodedLine(), as: UTF8.self)) }
            reporter.onRoute = { print(String(decoding: JSONValue.object(["type": .string("focusRoute"), "route": .string($0)]).encodedLine(), as: UTF8.self)) }
        }
        let onFocus: (FocusedWindow?) -> Void = { [unowned reporter] in reporter.focusChanged($0) }
        switch resolution {
        case .sway(let path):
            source = try SwayFocusSource(loop: loop, path: path, say: say, onFocus: onFocus)
        case .foreignToplevel:
            guard let s = ForeignToplevelFocusSource(display: display, say: say, log: nil, onFocus: onFocus) else {
                throw FocusReadError("the compositor's zwlr_foreign_toplevel_manager_v1 could not be bound")
            }
            source = s
        case .hyprland(let directory):
            source = try HyprlandFocusSource(loop: loop, directory: directory, say: say, onFocus: onFocus)
        case .gnomeShell:
            guard let bus = sessionBus() else { throw FocusReadError("no session bus") }
            source = try ShellFocusSource(bus: bus, say: say, onFocus: onFocus)
        case .kwin:
            guard let bus = sessionBus() else { throw FocusReadError("no session bus") }
            source = try KWinFocusSource(bus: bus, runtimeDirectory: getenv("XDG_RUNTIME_DIR").map { String(cString: $0) },
                                         say: say, onFocus: onFocus)
        case .none:
            throw FocusReadError("no source")
        }
    }
}

extension FocusResolution {
    /// The `reportFocus` source this resolution reads, nil for none.
    var source: FocusSource? {
        switch self {
        case .sway: return .sway
        case .foreignToplevel: return .foreignToplevel
        case .hyprland: return .hyprland
        case .gnomeShell: return .gnomeShell
        case .kwin: return .kwin
        case .none: return nil
        }
    }
}

/// `edgeswipe feedback --focus`: where the focused window is read from, or `none` (no focus reports; the service
/// then routes a handed-off back by its default, docs/daemon.md "Routes").
public enum FocusChoice: String, Sendable, Hashable, CaseIterable {
    case none
    /// sway IPC when $SWAYSOCK is set (it gives the pid), else wlr-foreign-toplevel when the compositor offers it,
    /// else Hyprland's socket when $HYPRLAND_INSTANCE_SIGNATURE is set, else EdgeSwipe's GNOME Shell extension when
    /// $XDG_CURRENT_DESKTOP names GNOME, else EdgeSwipe's KWin script when it names KDE.
    case auto
    case sway
    case foreignToplevel = "foreign-toplevel"
    case hyprland
    case gnomeShell = "gnome-shell"
    case kwin

    public static let valueNames = allCases.map(\.rawValue).joined(separator: "|")

    /// The source to use, from the choice, the environment and the compositor's globals; or why there is none.
    public func resolve(_ environment: FocusEnvironment) -> FocusResolution {
        switch self {
        case .none:
            return .none(why: "--focus none: the focused window is not reported")
        case .sway:
            guard let path = environment.swaySocket else { return .none(why: "--focus sway, but $SWAYSOCK is not set (is this sway?)") }
            return .sway(socket: path)
        case .foreignToplevel:
            guard environment.hasForeignToplevel else {
                return .none(why: "--focus foreign-toplevel, but the compositor offers no zwlr_foreign_toplevel_manager_v1")
            }
            return .foreignToplevel
        case .hyprland:
            guard let dir = environment.hyprlandDirectory else {
                return .none(why: "--focus hyprland, but $HYPRLAND_INSTANCE_SIGNATURE or $XDG_RUNTIME_DIR is not set (is this Hyprland?)")
            }
            return .hyprland(directory: dir)
        case .gnomeShell:
            guard environment.isGNOME else { return .none(why: "--focus gnome-shell, but $XDG_CURRENT_DESKTOP names no GNOME (is this GNOME?)") }
            return .gnomeShell
        case .kwin:
            guard environment.isKDE else { return .none(why: "--focus kwin, but $XDG_CURRENT_DESKTOP names no KDE (is this KDE Plasma?)") }
            return .kwin
        case .auto:
            if let path = environment.swaySocket { return .sway(socket: path) }
            if environment.hasForeignToplevel { return .foreignToplevel }
            if let dir = environment.hyprlandDirectory { return .hyprland(directory: dir) }
            if environment.isGNOME { return .gnomeShell }
            if environment.isKDE { return .kwin }
            return .none(why: "no focus source: no $SWAYSOCK, no wlr-foreign-toplevel-management, no Hyprland, no GNOME, "
                         + "no KDE; a handed-off back takes the service's default route")
        }
    }
}

/// What the choice depends on: the session's environment and whether the compositor has the toplevel manager.
public struct FocusEnvironment: Sendable, Hashable {
    public var swaySocket: String?
    public var hyprlandSignature: String?
    public var runtimeDirectory: String?
    public var hasForeignToplevel: Bool
    /// $XDG_CURRENT_DESKTOP names GNOME (`ShellExtension.isGNOME`), or KDE (`FocusEnvironment.namesKDE`).
    public var isGNOME: Bool
    public var isKDE: Bool

    public init(swaySocket: String?, hyprlandSignature: String?, runtimeDirectory: String?, hasForeignToplevel: Bool,
                isGNOME: Bool = false, isKDE: Bool = false) {
        func set(_ s: String?) -> String? { s.flatMap { $0.isEmpty ? nil : $0 } }
        self.swaySocket = set(swaySocket)
        self.hyprlandSignature = set(hyprlandSignature)
        self.runtimeDirectory = set(runtimeDirectory)
        self.hasForeignToplevel = hasForeignToplevel
        self.isGNOME = isGNOME
        self.isKDE = isKDE
    }

    /// Whether `$XDG_CURRENT_DESKTOP` (a colon-separated list) names KDE: Plasma and Plasma Mobile set "KDE".
    public static func namesKDE(_ currentDesktop: String?) -> Bool {
        (currentDesktop ?? "").split(separator: ":").contains { $0.lowercased() == "kde" }
    }

    /// `$XDG_RUNTIME_DIR/hypr/$HYPRLAND_INSTANCE_SIGNATURE` (Hyprland 0.40 and later). A signature with a slash
    /// would leave that directory: none.
    public var hyprlandDirectory: String? {
        guard let sig = hyprlandSignature, let run = runtimeDirectory, !sig.contains("/"), sig != "..", sig != "." else { return nil }
        return run + "/hypr/" + sig
    }
}

/// The source `FocusChoice.resolve` picked.
public enum FocusResolution: Sendable, Hashable, CustomStringConvertible {
    case sway(socket: String)
    case foreignToplevel
    case hyprland(directory: String)
    case gnomeShell
    case kwin
    case none(why: String)

    /// The line `edgeswipe feedback` says once.
    public var description: String {
        switch self {
        case .sway(let path): return "focus: sway IPC (\(path))"
        case .foreignToplevel: return "focus: wlr-foreign-toplevel-management (no pid: the service routes by app_id)"
        case .hyprland(let dir): return "focus: Hyprland's event socket (\(dir)/.socket2.sock)"
        case .kwin: return "focus: EdgeSwipe's KWin script (org.kde.KWin /Scripting, reporting to \(KWinScript.busName))"
        case .gnomeShell: return "focus: GNOME Shell extension \(ShellExtension.uuid) (org.gnome.Shell \(ShellExtension.path))"
        case .none(let why): return "focus: not reported (\(why))"
        }
    }
}

/// Where the session side learned which window has the focus (`reportFocus`'s `source`, docs/protocol.md): the
/// wlr foreign-toplevel protocol (no pid), sway's IPC (`get_tree`, with the pid), Hyprland's socket2
/// `activewindow`, GNOME Shell through EdgeSwipe's Shell extension or KWin through EdgeSwipe's KWin script (both
/// with the pid; protocol 7).
public enum FocusSource: String, Hashable, Sendable, CaseIterable {
    case foreignToplevel = "foreign-toplevel"
    case sway
    case hyprland
    case gnomeShell = "gnome-shell"
    case kwin
}

/// The toolkit a focused client is built with, as the session side read it from the libraries the client has
/// mapped (`/proc/PID/maps`); it decides the back key when no configured route matches (docs/daemon.md, routes).
public enum AppToolkit: String, Hashable, Sendable, CaseIterable {
    case libadwaita
    case gtk4
    case gtk3
    case qt5
    case qt6
    case kirigami
    case chromium
    case firefox
    case unknown
}

/// The focused toplevel: its Wayland app_id, its title and, where the compositor says it, the client's pid and the
/// toolkit the session side found mapped in it.
public struct FocusedApp: Hashable, Sendable {
    /// The toplevel's app_id (xdg_toplevel.set_app_id); empty when the client set none.
    public var appID: String
    public var title: String
    public var pid: Int32?
    public var toolkit: AppToolkit?

    public init(appID: String, title: String, pid: Int32? = nil, toolkit: AppToolkit? = nil) {
        self.appID = appID
        self.title = title
        self.pid = pid
        self.toolkit = toolkit
    }

    /// Bounds of the fields: an app_id is a reverse-DNS name or a program's name; a title is a line of text. Both
    /// bound what the service keeps per client and what its glob and regex matchers read.
    public static let maxAppIDBytes = 255
    public static let maxTitleBytes = 1024
    /// The largest pid Linux hands out (PID_MAX_LIMIT on 64-bit kernels, 2^22).
    public static let maxPID: Int32 = 4_194_304

    /// Why `appID` cannot be a focused app's app_id, or nil. Control characters (NUL among them) are refused: an
    /// app_id is matched by fnmatch as a C string and printed in the journal.
    public static func appIDProblem(_ appID: String) -> String? {
        let bytes = appID.utf8.count
        if bytes > maxAppIDBytes { return "an app_id has at most \(maxAppIDBytes) bytes, got \(bytes)" }
        if appID.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "an app_id has no control characters"
        }
        return nil
    }

    /// Why `title` cannot be a window title, or nil. NUL is refused (regexec reads the title as a C string); other
    /// characters are a title's own business.
    public static func titleProblem(_ title: String) -> String? {
        let bytes = title.utf8.count
        if bytes > maxTitleBytes { return "a title has at most \(maxTitleBytes) bytes, got \(bytes)" }
        if title.utf8.contains(0) { return "a title has no NUL character" }
        return nil
    }
}

/// What the session side reports about the focused window (`reportFocus`, protocol 5): where it learned it, and
/// the focused app, or nil when nothing has the focus. The service keeps the last report of each connection and
/// forgets it when the connection closes.
public struct FocusReport: Hashable, Sendable {
    public var source: FocusSource
    /// Nil: nothing is focused (`"focused":false`).
    public var app: FocusedApp?

    public init(source: FocusSource, app: FocusedApp?) {
        self.source = source
        self.app = app
    }
}

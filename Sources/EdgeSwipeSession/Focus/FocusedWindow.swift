import EdgeSwipeControl

/// The focused toplevel as a compositor tells it to a session-side client (issue 35): what every focus source
/// (sway IPC, wlr-foreign-toplevel, Hyprland's socket) reads, before the toolkit is read from the client's
/// mappings and the whole is sent to the service as a `reportFocus`. Values as the compositor gave them; the
/// bounds the service applies (app_id 255 bytes, title 1024 bytes) are applied when the report is made
/// (`FocusedWindow.bounded`), so a source keeps what it was told and the reporter decides what is sent.
public struct FocusedWindow: Sendable, Hashable, CustomStringConvertible {
    /// xdg_toplevel's app_id (sway's `app_id`, Xwayland's `window_properties.class`, Hyprland's `class`).
    public var appID: String
    public var title: String
    /// The client's process where the compositor gives it (sway, Hyprland); nil from wlr-foreign-toplevel.
    public var pid: Int32?

    public init(appID: String, title: String, pid: Int32? = nil) {
        self.appID = appID
        self.title = title
        self.pid = pid
    }

    public var description: String {
        "\(appID.isEmpty ? "(no app_id)" : appID) \"\(title)\"" + (pid.map { " pid \($0)" } ?? "")
    }

    /// What the service takes (`FocusedApp`'s bounds, docs/protocol.md reportFocus): an app_id of at most 255
    /// bytes without control characters, a title of at most 1024 bytes without NUL, a pid of 1-4194304. Longer
    /// values are cut at the last whole character within the bound (a title is for logs; an app_id that long
    /// matches no route anyway), the characters refused are dropped, a pid out of range is no pid: a compositor's
    /// odd value is sent as near as it can be rather than refused, and the report never fails for it.
    public var bounded: FocusedWindow {
        FocusedWindow(appID: Self.cut(appID, to: FocusedApp.maxAppIDBytes, dropping: { $0.properties.generalCategory == .control }),
                      title: Self.cut(title, to: FocusedApp.maxTitleBytes, dropping: { $0 == "\u{0}" }),
                      pid: pid.flatMap { (1...FocusedApp.maxPID).contains($0) ? $0 : nil })
    }

    /// `text` without the scalars `drop` names, cut to at most `limit` bytes of UTF-8 at a scalar boundary.
    static func cut(_ text: String, to limit: Int, dropping drop: (Unicode.Scalar) -> Bool) -> String {
        var out = ""
        var bytes = 0
        for scalar in text.unicodeScalars where !drop(scalar) {
            let n = String(scalar).utf8.count
            if bytes + n > limit { break }
            out.unicodeScalars.append(scalar)
            bytes += n
        }
        return out
    }
}

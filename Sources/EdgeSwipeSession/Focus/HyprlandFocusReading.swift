import EdgeSwipeControl

/// What one line of Hyprland's event socket (`$XDG_RUNTIME_DIR/hypr/$HYPRLAND_INSTANCE_SIGNATURE/.socket2.sock`,
/// lines `EVENT>>DATA`) means for the focus.
public enum HyprlandFocusEvent: Sendable, Hashable {
    /// `activewindow>>CLASS,TITLE`: the focused window's class (its app_id) and title; nil when the data is
    /// empty (`activewindow>>,`: nothing focused). The title may hold commas; the class holds none.
    case activeWindow(FocusedWindow?)
    /// `activewindowv2>>ADDRESS`: the focused window's address (hex), nil when nothing is focused. The pid is
    /// asked for then, on the request socket (`j/activewindow`).
    case activeWindowAddress(String?)
    /// Any other event (workspace, openwindow, ...).
    case other
}

/// Reads Hyprland's focus lines and its `j/activewindow` answer. Pure.
public enum HyprlandFocusReading {
    /// The request for the focused window as JSON, sent on `.socket.sock` (one request per connection).
    public static let activeWindowRequest: [UInt8] = Array("j/activewindow".utf8)

    public static func event(_ line: [UInt8]) -> HyprlandFocusEvent {
        let arrow = UInt8(ascii: ">")
        guard let at = line.indices.dropLast().first(where: { line[$0] == arrow && line[$0 + 1] == arrow }) else { return .other }
        let name = String(decoding: line[..<at], as: UTF8.self)
        let data = Substring(String(decoding: line[(at + 2)...], as: UTF8.self))
        switch name {
        case "activewindow":
            guard let comma = data.firstIndex(of: ",") else {
                return .activeWindow(data.isEmpty ? nil : FocusedWindow(appID: String(data), title: ""))
            }
            let appID = String(data[..<comma]), title = String(data[data.index(after: comma)...])
            return .activeWindow(appID.isEmpty && title.isEmpty ? nil : FocusedWindow(appID: appID, title: title))
        case "activewindowv2":
            let address = data.hasPrefix("0x") ? data.dropFirst(2) : data
            return .activeWindowAddress(address.isEmpty || address == "," ? nil : String(address))
        default:
            return .other
        }
    }

    /// `j/activewindow`'s answer: the focused window with its pid, and its address without "0x" (to check it
    /// is still the window asked about); nil when nothing is focused (Hyprland answers `{}`).
    public static func activeWindow(_ answer: [UInt8]) throws(FocusReadError) -> (address: String, window: FocusedWindow)? {
        let value: JSONValue
        do { value = try JSONValue.decode(answer) } catch {
            throw FocusReadError("j/activewindow answer: not JSON (\(error))")
        }
        guard case .object(let fields) = value else {
            throw FocusReadError("j/activewindow answer: expected an object, got \(value.typeName)")
        }
        if fields.isEmpty { return nil }
        guard case .string(let rawAddress)? = fields["address"] else {
            throw FocusReadError("j/activewindow answer: no \"address\" string")
        }
        var appID = "", title = ""
        if case .string(let c)? = fields["class"] { appID = c }
        if case .string(let t)? = fields["title"] { title = t }
        var pid: Int32?
        if case .integer(let p)? = fields["pid"], p > 0, p <= Int64(Int32.max) { pid = Int32(p) }
        let address = rawAddress.hasPrefix("0x") ? String(rawAddress.dropFirst(2)) : rawAddress
        return (address, FocusedWindow(appID: appID, title: title, pid: pid))
    }
}

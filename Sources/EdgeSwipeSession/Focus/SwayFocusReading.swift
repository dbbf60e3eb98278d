import EdgeSwipeControl

/// One window of sway's tree as the focus needs it: its container id (to match later events) and what it shows.
public struct SwayView: Sendable, Hashable {
    public var id: Int64
    public var window: FocusedWindow

    public init(id: Int64, window: FocusedWindow) {
        self.id = id
        self.window = window
    }
}

/// What one sway `window` event means for the focus (sway-ipc(7), WINDOW events: change is new, close, focus,
/// title, fullscreen_mode, move, floating, urgent or mark; container is the container's node).
public enum SwayWindowEvent: Sendable, Hashable {
    /// `focus`: this view is now focused.
    case focused(SwayView)
    /// The view changed (its title, ...): it matters when it is the focused one.
    case changed(SwayView)
    /// `close`: the container with this id went.
    case closed(id: Int64)
    /// A change that says nothing about focus (`new`), or a container that is not a view.
    case ignored
}

/// A sway reply or event that is not what sway-ipc(7) documents, named by where.
public struct FocusReadError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Reads sway's IPC JSON for the focus: `get_tree`'s reply (the initial focus) and `window` events. Pure.
public enum SwayFocusReading {
    /// The focused view of a `get_tree` reply, nil when the focus is on no view (an empty workspace, a split
    /// container). The tree is walked through `nodes` and `floating_nodes` to the node whose `focused` is true;
    /// the walk is bounded by jansson's nesting limit (2048), which `JSONValue.decode` applies.
    public static func focusedView(tree payload: [UInt8]) throws(FocusReadError) -> SwayView? {
        let root = try decode(payload, "get_tree reply")
        guard case .object = root else { throw FocusReadError("get_tree reply: expected an object, got \(root.typeName)") }
        guard let node = focusedNode(root) else { return nil }
        return view(node)
    }

    /// One `window` event's payload.
    public static func windowEvent(_ payload: [UInt8]) throws(FocusReadError) -> SwayWindowEvent {
        let event = try decode(payload, "window event")
        guard case .string(let change)? = event["change"] else {
            throw FocusReadError("window event: no \"change\" string")
        }
        guard let container = event["container"], case .object = container else {
            throw FocusReadError("window event \(change): no \"container\" object")
        }
        switch change {
        case "close":
            guard case .integer(let id)? = container["id"] else { throw FocusReadError("window event close: container has no integer \"id\"") }
            return .closed(id: id)
        case "focus":
            return view(container).map(SwayWindowEvent.focused) ?? .ignored
        case "new":
            return .ignored
        default:
            return view(container).map(SwayWindowEvent.changed) ?? .ignored
        }
    }

    /// A node that is a view: an integer `id` and an `app_id` (a Wayland client) or `window_properties`
    /// (an Xwayland one, whose `class` stands for the app_id). `name` is the title; `pid` where sway has it.
    static func view(_ node: JSONValue) -> SwayView? {
        guard case .integer(let id)? = node["id"] else { return nil }
        let appID: String
        if case .string(let a)? = node["app_id"] {
            appID = a
        } else if case .object? = node["window_properties"] {
            if case .string(let c)? = node["window_properties"]?["class"] { appID = c } else { appID = "" }
        } else {
            return nil
        }
        var title = ""
        if case .string(let t)? = node["name"] { title = t }
        var pid: Int32?
        if case .integer(let p)? = node["pid"], p > 0, p <= Int64(Int32.max) { pid = Int32(p) }
        return SwayView(id: id, window: FocusedWindow(appID: appID, title: title, pid: pid))
    }

    private static func focusedNode(_ node: JSONValue) -> JSONValue? {
        if case .bool(true)? = node["focused"] { return node }
        for key in ["nodes", "floating_nodes"] {
            guard case .array(let children)? = node[key] else { continue }
            for child in children {
                if let found = focusedNode(child) { return found }
            }
        }
        return nil
    }

    private static func decode(_ payload: [UInt8], _ what: String) throws(FocusReadError) -> JSONValue {
        do {
            return try JSONValue.decode(payload)
        } catch {
            throw FocusReadError("\(what): not JSON (\(error))")
        }
    }
}

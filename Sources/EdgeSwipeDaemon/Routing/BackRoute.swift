import Gestures
import TouchInput

/// What a routed back does (a route's `action`, a toolkit's back): keys on the uinput keyboard, the mouse Back
/// button on a uinput pointer, a command, or nothing.
package enum RouteAction: Hashable, Sendable, CustomStringConvertible {
    /// Press and release one key.
    case key(RouteKey)
    /// A key combination: pressed in order, released in reverse (`[KEY_LEFTALT, KEY_LEFT]` is Alt+Left).
    case keys([RouteKey])
    /// A button of the uinput pointer (`BTN_SIDE`, the mouse Back button: GTK's and Qt's button 8).
    case button(RouteKey)
    /// A program, no shell (the `run` action's argv template and spawn).
    case run([ArgumentTemplate])
    /// Nothing: the back is swallowed (a terminal, where Alt+Left is a word left).
    case none

    /// Alt+Left: Qt's QKeySequence::Back, libadwaita's and the browsers' back (docs/daemon.md, back routing).
    package static let altLeft = RouteAction.keys([RouteKey(named: "KEY_LEFTALT")!, RouteKey(named: "KEY_LEFT")!])

    /// The action in words, as logs, events and the focus reply say it: `key KEY_BACK`, `keys KEY_LEFTALT KEY_LEFT`.
    package var description: String {
        switch self {
        case .key(let k): return "key \(k.name)"
        case .keys(let ks): return "keys " + ks.map(\.name).joined(separator: " ")
        case .button(let b): return "button \(b.name)"
        case .run(let argv):
            if case .literal(let program)? = argv.first { return "run \(program)" }
            return "run"
        case .none: return "none"
        }
    }

    /// The keys it presses on the keyboard (the keyboard must declare each).
    package var keyboardKeys: [UInt16] {
        switch self {
        case .key(let k): return [k.code]
        case .keys(let ks): return ks.map(\.code)
        case .button, .run, .none: return []
        }
    }

    /// The pointer buttons it presses.
    package var pointerButtons: [UInt16] {
        if case .button(let b) = self { return [b.code] }
        return []
    }
}

/// An evdev key or button code with its libevdev name.
package struct RouteKey: Hashable, Sendable {
    package var code: UInt16
    package var name: String

    package init(code: UInt16, name: String) {
        self.code = code
        self.name = name
    }

    /// A name libevdev knows (KEY_... or BTN_...), or nil.
    package init?(named name: String) {
        guard let code = EventCodeNames.code(type: EventType.key, named: name) else { return nil }
        self.init(code: code, name: name)
    }
}

/// One configured route (`routes:` in the defaults or a device entry): which focused app it is for, on which
/// edges, and what its back does. Matched in order; the first match wins.
package struct BackRoute: Hashable, Sendable {
    /// An fnmatch(3) glob on the focused toplevel's app_id; nil: any app_id.
    package var appID: String?
    /// A POSIX extended regular expression (regcomp REG_EXTENDED|REG_NOSUB) searched in the title; nil: any title.
    package var title: String?
    /// Nil: every edge.
    package var edges: Set<Edge>?
    package var action: RouteAction
    /// The route's line in the file, for messages.
    package var line: Int

    package init(appID: String? = nil, title: String? = nil, edges: Set<Edge>? = nil, action: RouteAction, line: Int = 0) {
        self.appID = appID
        self.title = title
        self.edges = edges
        self.action = action
        self.line = line
    }

    /// Bounds of the patterns: an app_id is at most 255 bytes (FocusedApp), so is its glob; a title regex of
    /// 1024 bytes is already more than anyone writes, and bounds what regcomp compiles.
    package static let maxGlobBytes = 255
    package static let maxRegexBytes = 1024
}

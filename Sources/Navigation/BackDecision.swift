import Gestures
import TouchModel

/// Who takes one back gesture.
public enum BackTarget: Hashable, Sendable {
    /// A client's handler gets the gesture's stream as its own.
    case handler(BackHandler)
    /// The service's navigation stack pops under the finger.
    case navigation
    /// Nobody on the screen takes it: the configured actions run (KEY_BACK, a command, or nothing).
    case handoff

    /// The name on the wire: "handler", "navigation" or "handoff".
    public var name: String {
        switch self {
        case .handler: return "handler"
        case .navigation: return "navigation"
        case .handoff: return "handoff"
        }
    }
}

/// What the navigation stack could do with the gesture when it began.
public enum BackStackState: String, Hashable, Sendable {
    /// The pop gesture, and the stack has a screen to pop back to.
    case canPop
    /// The pop gesture, but the stack holds one screen.
    case root
    /// Another recognizer's gesture (another edge): the stack never takes it.
    case notPopGesture
}

/// Why the target was chosen, in the order they are tried.
public enum BackDecisionReason: String, Hashable, Sendable {
    /// The newest overlay handler taking the edge.
    case overlayHandler
    /// No overlay; the stack can pop.
    case stackCanPop
    /// No overlay; the stack cannot pop; the newest default handler taking the edge.
    case defaultHandler
    /// No overlay, the stack cannot pop, no default handler: handed off to the configured actions.
    case noHandler
}

/// One decision, made when the gesture begins and never changed for it. Reported as a navigation event
/// (`backDispatched`), so replay prints it as the service does.
public struct BackDecision: Hashable, Sendable {
    /// Numbers the service's back gestures from 1; every delivery of the gesture carries it.
    public var gestureID: UInt64
    public var recognizer: RecognizerID
    public var edge: Edge
    public var target: BackTarget
    public var reason: BackDecisionReason
    public var stack: BackStackState
    /// Observers that see this gesture.
    public var observers: Int
    public var time: Microseconds
    /// For a hand-off: the route its back takes and why (`toolkit libadwaita`, `app firefox, routes[0]`), as the
    /// service's router chose it; `defaultRoute` where nobody chooses (replay has no focus). Nil for other targets.
    public var route: String?

    /// The route of a hand-off no router chose: the configured actions.
    public static let defaultRoute = "default, no focus report"

    public init(gestureID: UInt64, recognizer: RecognizerID, edge: Edge, target: BackTarget, reason: BackDecisionReason,
                stack: BackStackState, observers: Int, time: Microseconds, route: String? = nil) {
        self.route = route
        self.gestureID = gestureID
        self.recognizer = recognizer
        self.edge = edge
        self.target = target
        self.reason = reason
        self.stack = stack
        self.observers = observers
        self.time = time
    }
}

/// Why a target handler went away while its gesture ran (`backTargetGone`).
public enum BackGoneReason: String, Hashable, Sendable {
    /// The client unregistered it.
    case unregistered
    /// Its connection or event stream closed.
    case clientGone
}

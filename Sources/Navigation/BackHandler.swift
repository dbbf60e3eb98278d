import Gestures

// Back handlers (issue 24): who takes a back swipe. Clients of the service register them over the control
// protocol; the `BackDispatcher` picks one target per gesture when it begins. These are the protocol's values:
// the raw values are the names on the wire.

/// A handler's priority, as Android's OnBackInvokedDispatcher has them (`androidValue`).
public enum BackPriority: String, Hashable, Sendable, CaseIterable {
    /// A dialog, drawer or sheet over the page: takes the back before the navigation stack.
    case overlay
    /// The page's own back, taken when the stack cannot pop.
    case `default`
    /// Sees every back gesture, marked as observed, and never consumes it (a feedback layer, a logger).
    case observer

    /// PRIORITY_OVERLAY, PRIORITY_DEFAULT, PRIORITY_SYSTEM_NAVIGATION_OBSERVER (API 36).
    public var androidValue: Int {
        switch self {
        case .overlay: return 1_000_000
        case .default: return 0
        case .observer: return -2
        }
    }
}

/// Names a handler for its whole life; never reused, and a later registration has a larger id (so "the most
/// recently registered" is the largest id).
public struct BackHandlerID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }
    public static func < (a: BackHandlerID, b: BackHandlerID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "handler \(rawValue)" }
}

/// Who registered a handler: a control connection, or an HTTP page's event stream. Its handlers go with it.
public struct BackClient: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }
    public var description: String { "client \(rawValue)" }
}

/// One registered handler.
public struct BackHandler: Hashable, Sendable {
    public let id: BackHandlerID
    public let priority: BackPriority
    /// The edges whose swipes it takes.
    public let edges: Set<Edge>
    public let client: BackClient

    public init(id: BackHandlerID, priority: BackPriority, edges: Set<Edge>, client: BackClient) {
        self.id = id
        self.priority = priority
        self.edges = edges
        self.client = client
    }

    /// The edges a handler takes when it names none: Android's back edges.
    public static let defaultEdges: Set<Edge> = [.left, .right]
}

/// Why a register or unregister request was not done.
public enum BackHandlerError: Error, Hashable, Sendable, CustomStringConvertible {
    case noEdges
    case tooManyForClient(limit: Int)
    case unknown(BackHandlerID)
    case notYours(BackHandlerID)

    public var description: String {
        switch self {
        case .noEdges: return "\"edges\" names no edge"
        case .tooManyForClient(let n): return "this client already has \(n) back handlers (the limit)"
        case .unknown(let id): return "no back handler \(id.rawValue) is registered"
        case .notYours(let id): return "back handler \(id.rawValue) belongs to another client"
        }
    }

    /// The limit is a refusal of the moment (the client's own handlers fill its room); the others are wrong arguments.
    public var isLimit: Bool {
        switch self {
        case .tooManyForClient: return true
        case .noEdges, .unknown, .notYours: return false
        }
    }
}

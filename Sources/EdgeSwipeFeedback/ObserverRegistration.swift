import EdgeSwipeControl
import TouchModel

/// The feedback's back handler (priority `observer`, docs/protocol.md "Back handlers"): the request sent on each
/// connection, and what the service's answer to it means. Pure: the connection sends, reads and keeps the timer.
public struct ObserverRegistration: Sendable {
    /// What an answer means for the connection.
    public enum Outcome: Hashable, Sendable {
        /// Registered: back gestures come from now on.
        case registered
        /// Not registered; `retryAfter`: when to ask again, nil: not again on this connection. `message`: what to say.
        case notRegistered(message: String, retryAfter: Microseconds?)
    }

    /// The id the request carries, so an error line (which names no command) is known as its answer.
    public static let requestID = JSONValue.integer(1)
    /// After a refusal (a limit of the moment: the connection's room of back handlers full) the request goes again
    /// after a delay doubling from `firstDelay` to `maxDelay`, and is said each time.
    public static let firstDelay: Microseconds = 1_000_000
    public static let maxDelay: Microseconds = 30_000_000

    /// The delay before the next request after a refusal. Kept across connections (a service refusing at every
    /// connection is not asked faster for it); only a registration starts it over.
    private var nextDelay = Self.firstDelay

    public init() {}

    /// `registerBackHandler` for the left and right edges, naming protocol 2 (back handlers came with it).
    public var request: JSONValue {
        .object(["command": .string("registerBackHandler"), "id": Self.requestID, "priority": .string("observer"),
                 "edges": .array([.string("left"), .string("right")]), "protocol": .integer(2)])
    }

    /// What `line` means for the registration; nil when it is not an answer to it.
    public mutating func answer(_ line: JSONValue) -> Outcome? {
        if line["type"] == .string("reply"), line["command"] == .string("registerBackHandler") {
            nextDelay = Self.firstDelay
            return .registered
        }
        guard line["type"] == .string("error"), line["id"] == Self.requestID else { return nil }
        let code = Self.text(line["code"]) ?? "error", message = Self.text(line["message"]) ?? "no message"
        let said = "the service refused the back observer (\(code): \(message))"
        // Only a refusal of the moment is worth asking again; anything else (an older service) stays so.
        guard code == ControlErrorCode.refused.rawValue else { return .notRegistered(message: said, retryAfter: nil) }
        let after = nextDelay
        nextDelay = Microseconds(min(nextDelay.rawValue * 2, Self.maxDelay.rawValue))
        return .notRegistered(message: said + "; asking again", retryAfter: after)
    }

    private static func text(_ value: JSONValue?) -> String? {
        if case .string(let s)? = value { return s }
        return nil
    }
}

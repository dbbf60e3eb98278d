import Gestures
import Navigation
import TouchModel

/// A session-side back observer's handler (priority `observer`, docs/protocol.md "Back handlers"): the request sent
/// on each connection, and what the service's answer to it means. Pure: the connection sends, reads and keeps the
/// timer.
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
    public let firstDelay: Microseconds
    public let maxDelay: Microseconds

    /// The delay before the next request after a refusal. Kept across connections (a service refusing at every
    /// connection is not asked faster for it); only a registration starts it over.
    private var nextDelay: Microseconds

    public init(firstDelay: Microseconds = 1_000_000, maxDelay: Microseconds = 30_000_000) {
        self.firstDelay = firstDelay
        self.maxDelay = max(maxDelay, firstDelay)
        nextDelay = firstDelay
    }

    /// `registerBackHandler` for the left and right edges (naming protocol 2, which brought back handlers).
    public var request: ControlRequest {
        ControlRequest(id: Self.requestID, command: .registerBackHandler(.observer, edges: [.left, .right]))
    }

    /// What `line` means for the registration; nil when it is not an answer to it.
    public mutating func answer(_ line: ServiceLine) -> Outcome? {
        switch line {
        case .reply(let reply) where reply.command == "registerBackHandler":
            nextDelay = firstDelay
            return .registered
        case .error(let error) where error.id == Self.requestID:
            let code = error.code ?? "error"
            let said = "the service refused the back observer (\(code): \(error.message ?? "no message"))"
            // Only a refusal of the moment is worth asking again; anything else (an older service) stays so.
            guard code == ControlErrorCode.refused.rawValue else { return .notRegistered(message: said, retryAfter: nil) }
            let after = nextDelay
            nextDelay = Microseconds(min(nextDelay.rawValue * 2, maxDelay.rawValue))
            return .notRegistered(message: said + "; asking again", retryAfter: after)
        default:
            return nil
        }
    }
}

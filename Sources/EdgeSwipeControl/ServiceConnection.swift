import EdgeSwipeSystem
import TouchModel

/// A session-side client's connection to the service's control socket that outlives the service: registers a back
/// handler with priority `observer` (docs/protocol.md, "Back handlers"), sends the client's own greeting (its
/// subscriptions), and hands each line to `onLine`, typed. When the service is not there or goes away (restart,
/// upgrade, a refusal, a crash loop), it connects again after a delay that doubles up to 5 s and starts over only
/// after a connection has served for a while (`ReconnectBackoff`): one timer wake-up per attempt, nothing in
/// between, and none at all while connected and idle. The service's error line (tooManyClients, permissionDenied)
/// is said with the close; lines it cannot use are said once a connection (`DroppedLines`). A refused registration
/// (the service's room for this client full) is said and asked again on the same connection after a bounded,
/// doubling delay (`ObserverRegistration`), on the same timer.
///
/// A state machine (`State`, `Cause`, one handler per state in ServiceConnection+States.swift, one dispatcher).
/// Beside `ControlClient` rather than in a session module: it needs the loop and the protocol only, no display,
/// and every session-side client that must follow a restarting service (the arrow, haptics, focus reports) is one.
public final class ServiceConnection {
    /// Where the connection is.
    public enum State: Sendable, Hashable, CustomStringConvertible {
        /// Not started.
        case idle
        /// Not connected; the timer is armed for the next attempt after `retryIn`.
        case waiting(retryIn: Microseconds)
        /// Connected, the registration sent and not answered yet, or refused (asked again when the timer says).
        case connected
        /// Connected and registered: back gestures come.
        case observing

        public var description: String {
            switch self {
            case .idle: return "idle"
            case .waiting(let delay): return "waiting(\(delay.rawValue / 1000) ms)"
            case .connected: return "connected"
            case .observing: return "observing"
            }
        }
    }

    /// What moves it.
    public enum Cause: Sendable, Hashable, CustomStringConvertible {
        case start
        /// The timer: the next attempt while waiting, the registration asked again while connected.
        case timer
        /// The service answered the registration with a reply.
        case registered
        /// The service refused the registration; `retryAfter`: when to ask again, nil: not on this connection.
        case refused(retryAfter: Microseconds?)
        /// The connection ended or could not be used (closed, a read or send failed), with why.
        case lost(String)

        public var description: String {
            switch self {
            case .start: return "start"
            case .timer: return "timer"
            case .registered: return "registered"
            case .refused(let after): return "refused" + (after.map { "(again in \($0.rawValue / 1000) ms)" } ?? "")
            case .lost: return "lost"
            }
        }
    }

    /// One step, for a log ("state -> cause -> state") and the tests.
    public struct Transition: Sendable, Hashable, CustomStringConvertible {
        public var from: State
        public var cause: Cause
        public var to: State
        public var description: String { "\(from) -> \(cause) -> \(to)" }
    }

    let loop: EventLoop
    public let path: String
    let timer: DeadlineTimer
    public internal(set) var state = State.idle
    /// The socket while connected or observing; closed with the connection.
    var socket: LoopRegistration?
    var backoff: ReconnectBackoff
    var registration: ObserverRegistration
    /// What the client sends after its registration on every connection (its subscriptions, a first `state`).
    let greeting: [ControlRequest]
    var framer = LineFramer()
    var dropped = DroppedLines()
    /// The service's connection-level error line on this connection, said when it closes.
    var refusal: ControlRefusal?
    /// The last failure said, so a service that stays away is reported once, not at every attempt.
    var lastFailure: String?
    /// Each line; what it returns (a line it could not use) is dropped as DroppedLines says.
    let onLine: (ServiceLine) -> DroppedLines.Reason?
    let say: (String) -> Void
    /// Run after each connection is made and greeted: what else this client tells a service that may have just
    /// restarted (the output reports).
    public var onConnected: (() -> Void)?
    /// Run when a connection is lost.
    public var onDisconnected: (() -> Void)?
    /// Every transition, as it happens.
    public var onTransition: ((Transition) -> Void)?
    /// Pairs of state and cause that cannot happen, which happened (said as they come, counted here).
    public internal(set) var impossibleTransitions = 0

    public init(loop: EventLoop, path: String, greeting: [ControlRequest] = [], backoff: ReconnectBackoff = ReconnectBackoff(),
                registration: ObserverRegistration = ObserverRegistration(), say: @escaping (String) -> Void,
                onLine: @escaping (ServiceLine) -> DroppedLines.Reason?) throws {
        self.loop = loop
        self.path = path
        self.greeting = greeting
        self.backoff = backoff
        self.registration = registration
        self.say = say
        self.onLine = onLine
        timer = try DeadlineTimer(loop: loop)
        timer.onExpiry = { [unowned self] _ in self.handle(.timer) }
    }

    /// The first attempt, at once.
    public func start() { handle(.start) }

    /// One request line; false when it could not be sent (the connection is then lost and tried again). Not
    /// connected: nothing is sent (the next connection greets the service anew).
    @discardableResult
    public func send(_ request: ControlRequest) -> Bool {
        guard let socket else { return false }
        do {
            try write(request, on: socket)
            return true
        } catch {
            handle(.lost("\(error)"))
            return false
        }
    }

    /// The one dispatcher: the state's handler decides the next state; an impossible pair is said and counted,
    /// and changes nothing. The callbacks run once the new state is set, so they may send (and lose) at will.
    func handle(_ cause: Cause) {
        let from = state
        let next: State?
        switch state {
        case .idle: next = idle(cause)
        case .waiting: next = waiting(cause)
        case .connected: next = connected(cause)
        case .observing: next = observing(cause)
        }
        guard let next else {
            impossibleTransitions += 1
            say("connection: impossible transition \(from) -> \(cause)")
            return
        }
        state = next
        onTransition?(Transition(from: from, cause: cause, to: next))
        let wasConnected = from == .connected || from == .observing
        if case .waiting = next, wasConnected { onDisconnected?() }
        if next == .connected, !wasConnected { onConnected?() }
    }
}

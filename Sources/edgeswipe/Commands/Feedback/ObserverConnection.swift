#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeControl
import EdgeSwipeFeedback
import EdgeSwipeSystem
import TouchModel

/// The feedback's connection to the service's control socket: registers a back handler with priority
/// `observer` (docs/protocol.md, "Back handlers") and hands each line to `onLine`. When the service is not there
/// or goes away (restart, upgrade, a refusal, a crash loop), it connects again after a delay that doubles up to 5 s
/// and starts over only after a connection has served for a while (ReconnectBackoff): one timer wake-up per
/// attempt, nothing in between, and none at all while connected and idle. The service's error line (tooManyClients,
/// permissionDenied) is said with the close; lines it cannot use are said once a connection (DroppedLines). A refused
/// registration (the service's room for this client full) is said and asked again on the same connection after a
/// bounded, doubling delay (`ObserverRegistration`), on the same timer.
final class ObserverConnection {
    private enum State {
        /// Not connected; the timer is armed for the next attempt.
        case waiting
        case connected(LoopRegistration)
    }

    private let loop: EventLoop
    private let path: String
    private let timer: DeadlineTimer
    private var state = State.waiting
    private var backoff = ReconnectBackoff()
    private var observer = ObserverRegistration()
    private var framer = LineFramer()
    private var dropped = DroppedLines()
    /// The service's error line on this connection, said when it closes.
    private var refusal: ControlRefusal?
    /// Each line; what it returns (a line out of range) is dropped as DroppedLines says.
    private let onLine: (JSONValue) -> DroppedLines.Reason?
    private let say: (String) -> Void
    /// Run after each connection is made and the observer's registration sent: what else this client tells a
    /// service that may have just restarted (the output reports).
    var onConnected: (() -> Void)?
    /// Run when a connection is lost.
    var onDisconnected: (() -> Void)?
    /// The last failure said, so a service that stays away is reported once, not at every attempt.
    private var lastFailure: String?

    init(loop: EventLoop, path: String, say: @escaping (String) -> Void, onLine: @escaping (JSONValue) -> DroppedLines.Reason?) throws {
        self.loop = loop
        self.path = path
        self.say = say
        self.onLine = onLine
        timer = try DeadlineTimer(loop: loop)
        timer.onExpiry = { [unowned self] _ in self.expired() }
    }

    /// The first attempt, at once.
    func start() { connect() }

    /// Not connected: the next attempt; connected: the refused registration asked again.
    private func expired() {
        guard case .connected = state else { return connect() }
        do { try send(observer.request) } catch { disconnect(because: "\(error)") }
    }

    private func connect() {
        do {
            let fd = FileDescriptor(rawValue: try SystemCall.run("socket(AF_UNIX)") {
                socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            })
            let registration = LoopRegistration(loop: loop, descriptor: fd, name: "control socket \(path)")
            _ = try UnixAddress.withSockaddr(path) { (sa, len) throws in
                try SystemCall.run("connect(\(path))") { Glibc.connect(fd.rawValue, sa, len) }
            } as Int32
            try registration.register(events: .readable) { [unowned self] _ in self.readable() }
            state = .connected(registration)
            framer = LineFramer()
            refusal = nil
            // Observers see every back swipe of their edges and never take one; the events reach this client
            // whatever it subscribed to.
            try send(observer.request)
            // The screens as they change (a turn, a panel plugged in: the arrow's scale), and as they are now.
            try send(.object(["command": .string("subscribe"), "id": .integer(2), "events": .array([.string("screens")]),
                              "protocol": .integer(ControlProtocol.screensEventVersion)]))
            try send(.object(["command": .string("state"), "id": .integer(3)]))
            onConnected?()
        } catch {
            disconnect(because: "\(error)")
        }
    }

    /// One request line.
    func send(_ request: JSONValue) throws {
        guard case .connected(let registration) = state else { return }
        // send, not write: a service that closed on us is an EPIPE to reconnect after, not a SIGPIPE that ends us.
        try registration.descriptor.sendAll(request.encodedLine() + [0x0A])
    }

    private func readable() {
        guard case .connected(let registration) = state else { return }
        var chunk = [UInt8](repeating: 0, count: 16384)
        let n: Int?
        do {
            n = try chunk.withUnsafeMutableBytes { try registration.descriptor.read(into: $0) }
        } catch {
            disconnect(because: "\(error)")
            return
        }
        guard let n else { return }  // nothing after all (a spurious wake-up)
        if n == 0 {
            disconnect(because: "the service closed the connection" + (refusal.map { " (\($0.code)): \($0.message)" } ?? ""))
            return
        }
        var lines: [[UInt8]] = []
        chunk[0..<n].withUnsafeBytes { bytes in
            framer.append(bytes) { if case .line(let line) = $0 { lines.append(line) } }
        }
        for line in lines {
            guard let value = try? JSONValue.decode(line) else {
                drop(.notJSON)
                continue
            }
            if value["type"] == .string("error"), value["id"] == nil, let error = ControlRefusal(path: path, line: value) {
                // Refused as a client (tooManyClients, permissionDenied): said with the close.
                refusal = error
            }
            switch observer.answer(value) {
            case .registered?:
                // Registered: the service is up and serves us; a later loss starts the delays over once this
                // connection has served a while.
                backoff.registered(at: Monotonic.now())
                lastFailure = nil
                say("observing back gestures at \(path)")
            case .notRegistered(let message, let retryAfter)?:
                say(message)
                if let retryAfter {
                    do { try timer.arm(at: Monotonic.now() + retryAfter) } catch { say("cannot arm the registration timer: \(error)") }
                }
            case nil:
                break
            }
            if let reason = onLine(value) { drop(reason) }
        }
    }

    /// A line of this connection that cannot be used: said as DroppedLines decides.
    private func drop(_ reason: DroppedLines.Reason) {
        if let message = dropped.dropped(reason) { say(message) }
    }

    /// Drops the connection (if any) and arms the timer for the next attempt.
    func disconnect(because why: String) {
        if case .connected(let registration) = state {
            registration.close()
            state = .waiting
            backoff.lost(at: Monotonic.now())
            dropped.connectionEnded().forEach(say)
            onDisconnected?()
        }
        state = .waiting
        if why != lastFailure {
            say("\(why); connecting again until it answers")
            lastFailure = why
        }
        do {
            try timer.arm(at: Monotonic.now() + backoff.delay())
        } catch {
            say("cannot arm the reconnection timer: \(error)")
        }
    }
}

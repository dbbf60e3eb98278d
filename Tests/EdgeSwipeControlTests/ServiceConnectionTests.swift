#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeControl
import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Gestures
import Navigation
import Testing
import TouchModel

/// A control socket on the test's own loop that answers as a script says: a hello on every connection, then each
/// request handed to `onRequest` (decoded by the service's decoder, so what is checked is what a service reads).
final class ScriptedService {
    final class Connection {
        let registration: LoopRegistration
        var framer = LineFramer()
        init(_ registration: LoopRegistration) { self.registration = registration }
        func send(_ line: [UInt8]) { _ = try? registration.descriptor.sendAll(line) }
        func close() { registration.close() }
    }

    let path: String
    let loop: EventLoop
    private var listener: LoopRegistration?
    private(set) var connections: [Connection] = []
    /// Every request, with the number of the connection it came on (0 first).
    private(set) var requests: [(connection: Int, request: ControlRequest)] = []
    var hello: [UInt8] = ControlProtocol.hello(fields: ["screens": .array([])])
    var onRequest: (Connection, ControlRequest) -> Void = { _, _ in }

    init(loop: EventLoop) {
        self.loop = loop
        path = NSTemporaryDirectory() + "edgeswipe-scripted-\(getpid())-\(UUID().uuidString.prefix(8)).sock"
    }

    deinit {
        listener?.close()
        unlink(path)
    }

    /// Starts listening (until then a client's connect fails: no such file).
    func listen() throws {
        let fd = try UnixSocketListen.listening(at: path)
        let registration = LoopRegistration(loop: loop, descriptor: fd, name: "scripted service")
        try registration.register(events: .readable) { [unowned self] _ in accept() }
        listener = registration
    }

    private func accept() {
        guard let listener, let fd = try? listener.descriptor.accept() else { return }
        let connection = Connection(LoopRegistration(loop: loop, descriptor: fd, name: "scripted client"))
        let number = connections.count
        connections.append(connection)
        try? connection.registration.register(events: .readable) { [unowned self, unowned connection] _ in
            var chunk = [UInt8](repeating: 0, count: 4096)
            guard let n = try? chunk.withUnsafeMutableBytes({ try connection.registration.descriptor.read(into: $0) }), n > 0 else {
                connection.close()
                return
            }
            var lines: [[UInt8]] = []
            chunk[0..<n].withUnsafeBytes { bytes in connection.framer.append(bytes) { if case .line(let l) = $0 { lines.append(l) } } }
            for line in lines {
                guard let request = try? ControlProtocol.decodeRequest(line).get() else {
                    Issue.record("the client sent a line the service cannot decode: \(String(decoding: line, as: UTF8.self))")
                    continue
                }
                requests.append((number, request))
                onRequest(connection, request)
            }
        }
        connection.send(hello)
    }
}

/// Issue 34 item 2: the session's reconnecting connection against a scripted service: the delays it waits, the
/// registration and greeting it sends (typed, read back by the service's decoder), a refused registration asked
/// again, and after the service closes, a new connection registered again.
@Suite(.serialized) struct ServiceConnectionTests {
    static let greeting = [ControlRequest(id: .integer(2), command: .subscribe([.screens])), ControlRequest(id: .integer(3), command: .state)]
    static let register = ControlRequest(id: .integer(1), command: .registerBackHandler(.observer, edges: [.left, .right]))

    /// Runs `loop` until something stops it, or 5 s (a failure).
    static func run(_ loop: EventLoop) throws {
        let guardTimer = try DeadlineTimer(loop: loop) { _ in
            Issue.record("the scenario did not end within 5 s")
            loop.stop()
        }
        try guardTimer.arm(at: Monotonic.now() + 5_000_000)
        try loop.run()
        withExtendedLifetime(guardTimer) {}
    }

    @Test func itWaitsGrowingDelaysRegistersAfterARefusalAndAfterTheServiceClosesConnectsAndRegistersAgain() throws {
        let loop = try EventLoop()
        let service = ScriptedService(loop: loop)
        var said: [String] = []
        var lines: [ServiceLine] = []
        let connection = try ServiceConnection(loop: loop, path: service.path, greeting: Self.greeting,
                                               backoff: ReconnectBackoff(first: 10_000, limit: 40_000),
                                               registration: ObserverRegistration(firstDelay: 10_000, maxDelay: 80_000),
                                               say: { said.append($0) }, onLine: { lines.append($0); return nil })
        var transitions: [ServiceConnection.Transition] = []
        var connected = 0, disconnected = 0
        connection.onConnected = { connected += 1 }
        connection.onDisconnected = { disconnected += 1 }
        connection.onTransition = { t in
            transitions.append(t)
            // Three attempts fail (no socket yet); the service comes up before the fourth.
            if t.to == .waiting(retryIn: 40_000), transitions.count == 3 { try? service.listen() }
            if t.to == .observing, transitions.filter({ $0.to == .observing }).count == 2 { loop.stop() }
        }
        var registrations = 0
        service.onRequest = { client, request in
            guard request == Self.register else { return }
            registrations += 1
            switch registrations {
            case 1:  // the room of this client full: asked again after a delay
                client.send(ControlProtocol.error(ControlError(.refused, "this client already has 16 back handlers"), id: .integer(1)))
            case 2:  // registered, then the service goes away (a restart)
                client.send(ControlProtocol.reply(to: request, result: .object(["handler": .integer(4)])))
                client.close()
            default:
                client.send(ControlProtocol.reply(to: request, result: .object(["handler": .integer(5)])))
            }
        }
        connection.start()
        try Self.run(loop)

        #expect(transitions.map(\.description) == [
            "idle -> start -> waiting(10 ms)",
            "waiting(10 ms) -> timer -> waiting(20 ms)",
            "waiting(20 ms) -> timer -> waiting(40 ms)",
            "waiting(40 ms) -> timer -> connected",
            "connected -> refused(again in 10 ms) -> connected",
            "connected -> timer -> connected",
            "connected -> registered -> observing",
            // Registered a moment before the loss: not a lasting connection, so the delays go on from their limit.
            "observing -> lost -> waiting(40 ms)",
            "waiting(40 ms) -> timer -> connected",
            "connected -> registered -> observing",
        ])
        // Each connection: the registration, then the greeting; the refused registration once more on the first.
        let expected: [(Int, ControlRequest)] = [(0, Self.register), (0, Self.greeting[0]), (0, Self.greeting[1]), (0, Self.register),
                                                 (1, Self.register), (1, Self.greeting[0]), (1, Self.greeting[1])]
        #expect(service.requests.map(\.connection) == expected.map(\.0))
        #expect(service.requests.map(\.request) == expected.map(\.1))
        #expect(connected == 2 && disconnected == 1)
        #expect(connection.impossibleTransitions == 0)
        // The missing socket said once, not at each attempt; the refusal and each registration said.
        let missing = said.filter { $0.hasPrefix("connect(\(service.path))") }
        #expect(missing.count == 1, "\(said)")
        #expect(said.contains("the service refused the back observer (refused: this client already has 16 back handlers); asking again"))
        #expect(said.filter { $0 == "observing back gestures at \(service.path)" }.count == 2)
        #expect(said.contains("the service closed the connection; connecting again until it answers"))
        // Every line reached the client typed: two hellos among them.
        #expect(lines.filter { if case .hello = $0 { return true } else { return false } }.count == 2)
    }

    @Test func aServiceThatRefusesTheClientIsSaidWithItsReasonOnce() throws {
        let loop = try EventLoop()
        let service = ScriptedService(loop: loop)
        service.hello = ControlProtocol.error(ControlError(.tooManyClients, "64 clients are connected"))
        try service.listen()
        var said: [String] = []
        let connection = try ServiceConnection(loop: loop, path: service.path, backoff: ReconnectBackoff(first: 5_000, limit: 5_000),
                                               say: { said.append($0) }, onLine: { _ in nil })
        var losses = 0
        connection.onTransition = { t in
            if case .lost = t.cause {
                losses += 1
                if losses == 3 { loop.stop() }
            }
        }
        // Refused at once, each time: the error line, then closed.
        service.onRequest = { client, _ in client.close() }
        connection.start()
        try Self.run(loop)
        let reason = "the service closed the connection (tooManyClients): 64 clients are connected; connecting again until it answers"
        #expect(said.filter { $0 == reason }.count == 1, "\(said)")
        #expect(!said.contains { $0.hasPrefix("observing") })
    }
}

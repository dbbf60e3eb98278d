#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeControl
@testable import EdgeSwipeSession
import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Testing
import TouchModel

/// A control socket on the test's loop: a hello on every connection, then each request decoded by the service's
/// own decoder and handed to `onRequest` with the connection's number.
final class FakeService {
    final class Client {
        let registration: LoopRegistration
        var framer = LineFramer()
        init(_ registration: LoopRegistration) { self.registration = registration }
        func send(_ line: [UInt8]) { _ = try? registration.descriptor.sendAll(line) }
        func close() { registration.close() }
    }

    let path = NSTemporaryDirectory() + "edgeswipe-focus-\(getpid())-\(UUID().uuidString.prefix(8)).sock"
    let loop: EventLoop
    private var listener: LoopRegistration?
    private(set) var clients: [Client] = []
    var onRequest: (Int, Client, ControlRequest) -> Void = { _, _, _ in }

    init(loop: EventLoop) throws {
        self.loop = loop
        let fd = try UnixSocketListen.listening(at: path)
        let registration = LoopRegistration(loop: loop, descriptor: fd, name: "fake service")
        try registration.register(events: .readable) { [unowned self] _ in accept() }
        listener = registration
    }

    deinit {
        listener?.close()
        unlink(path)
    }

    private func accept() {
        guard let fd = try? listener?.descriptor.accept() else { return }
        let client = Client(LoopRegistration(loop: loop, descriptor: fd, name: "fake client"))
        let number = clients.count
        clients.append(client)
        try? client.registration.register(events: .readable) { [unowned self, unowned client] _ in
            var chunk = [UInt8](repeating: 0, count: 4096)
            guard let n = try? chunk.withUnsafeMutableBytes({ try client.registration.descriptor.read(into: $0) }), n > 0 else {
                client.close()
                return
            }
            var lines: [[UInt8]] = []
            chunk[0..<n].withUnsafeBytes { b in client.framer.append(b) { if case .line(let l) = $0 { lines.append(l) } } }
            for line in lines {
                guard let request = try? ControlProtocol.decodeRequest(line).get() else {
                    Issue.record("undecodable: \(String(decoding: line, as: UTF8.self))")
                    continue
                }
                onRequest(number, client, request)
            }
        }
        client.send(ControlProtocol.hello())
    }
}

/// The focus reports against a fake service: sent when connected, sent again on a new connection (a restarted
/// service knows no focus), the toolkit read once per pid, an older service's refusal said once.
@Suite(.serialized) struct FocusReporterTests {
    static func run(_ loop: EventLoop) throws {
        let guardTimer = try DeadlineTimer(loop: loop) { _ in
            Issue.record("the scenario did not end within 5 s")
            loop.stop()
        }
        try guardTimer.arm(at: Monotonic.now() + 5_000_000)
        try loop.run()
        withExtendedLifetime(guardTimer) {}
    }

    @Test func theFocusIsReportedAgainAfterAReconnectAndARefusalIsSaidOnce() throws {
        let loop = try EventLoop()
        let service = try FakeService(loop: loop)
        var said: [String] = []
        var toReporter: (ServiceLine) -> Void = { _ in }
        let connection = try ServiceConnection(loop: loop, path: service.path, backoff: ReconnectBackoff(first: 5_000, limit: 5_000),
                                               say: { said.append($0) }, onLine: { toReporter($0); return nil })
        var toolkitReads: [Int32] = []
        let reporter = try FocusReporter(loop: loop, source: .sway, say: { said.append($0) },
                                         readToolkit: { toolkitReads.append($0); return $0 == 4242 ? .libadwaita : nil },
                                         send: { [unowned connection] in connection.send($0) })
        toReporter = { reporter.answer($0) }
        connection.onConnected = { reporter.connected() }
        connection.onDisconnected = { reporter.disconnected() }
        // Known before any connection: sent at the first.
        reporter.focusChanged(FocusedWindow(appID: "org.gnome.Nautilus", title: "Files", pid: 4242))
        var reports: [(Int, FocusReport)] = []
        let stopper = try DeadlineTimer(loop: loop) { _ in loop.stop() }
        let later = try DeadlineTimer(loop: loop) { _ in reporter.focusChanged(FocusedWindow(appID: "foot", title: "~", pid: 77)) }
        service.onRequest = { number, client, request in
            guard case .reportFocus(let report) = request.command else { return }
            #expect(request.id == .string("reportFocus"))
            reports.append((number, report))
            switch reports.count {
            case 1:
                client.close()   // the service restarts: the next connection is sent the focus again
            case 2:
                client.send(ControlProtocol.error(ControlError(.unknownCommand, "no such command"), id: request.id))
                // A new focus 30 ms later (past the frame): sent, refused again, not said again.
                try? later.arm(at: loop.now + 30_000)
            default:
                client.send(ControlProtocol.error(ControlError(.unknownCommand, "no such command"), id: request.id))
                try? stopper.arm(at: loop.now + 50_000)
            }
        }
        connection.start()
        try Self.run(loop)

        let nautilus = FocusReport(source: .sway, app: FocusedApp(appID: "org.gnome.Nautilus", title: "Files", pid: 4242, toolkit: .libadwaita))
        #expect(reports.map(\.0) == [0, 1, 1])
        #expect(reports.map(\.1) == [nautilus, nautilus,
                                     // foot: its maps gave no toolkit (the reader said nil), so none is sent.
                                     FocusReport(source: .sway, app: FocusedApp(appID: "foot", title: "~", pid: 77, toolkit: nil))])
        // Each pid's maps read once, however often its window is reported.
        #expect(toolkitReads == [4242, 77])
        let refusals = said.filter { $0.hasPrefix("the service refused a focus report") }
        #expect(refusals == ["the service refused a focus report (unknownCommand: no such command); it is older than reportFocus "
                             + "(protocol 5), so a handed-off back takes its default key whatever app is focused"], "\(said)")
        withExtendedLifetime((connection, stopper, later)) {}
    }
}

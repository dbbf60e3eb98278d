#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Navigation
import Synchronization
import Testing
@testable import EdgeSwipeDaemon

/// Issue 24 end to end, on the Unix socket and over HTTP alike: `edgeswipe run`'s service (stack home > inbox, a
/// `run` action on complete) plays a recording of four back swipes while clients hold back handlers.
///
/// The recording is samples/demo-back-swipes.evemu with its first stroke slowed eightfold (about 2 s under the
/// finger, so a client can go away in the middle of it): stroke 1 begins, stroke 2 cancels, strokes 3 and 4
/// complete (samples/make-demo-sample.py). Handlers: a client on the transport under test registers two overlays
/// and unregisters the newer before the replay (unregister before), and goes away as soon as its overlay gets
/// `started` (disconnect during); another client of that transport registers a default handler and goes away
/// before the replay (disconnect before); a socket client observes. So: stroke 1 goes to the older overlay and
/// ends `targetGone` for the observer, the stack (inbox, one pop to go) takes strokes 2 and 3, and stroke 4 at the
/// root is handed off: the action runs once, for it alone.
@Suite(.serialized) struct BackHandlerServiceTests {
    enum Transport: String, CaseIterable, Sendable { case socket, http }

    /// A client of one transport: commands with replies, and the lines it receives.
    final class Client {
        private let socket: TestClient?
        private let stream: HTTPTestClient?
        private let streamID: String?
        private let port: UInt16
        private var seen = 0

        init(_ transport: Transport, socketPath: String, port: UInt16) throws {
            self.port = port
            switch transport {
            case .socket:
                socket = try TestClient(path: socketPath)
                _ = socket?.readObject()   // hello
                stream = nil
                streamID = nil
            case .http:
                let c = try HTTPTestClient(port: port)
                try c.send(HTTPTestClient.request("GET", "/events?token=\(httpTestToken)&events=back"))
                c.read { String(decoding: $0, as: UTF8.self).contains("\"type\":\"hello\"") && String(decoding: $0, as: UTF8.self).contains("}\n\n") }
                let hello = sseEvents(HTTPTestResponse.dechunk(Self.body(c.received)).0).first ?? ""
                let object = (try? JSONSerialization.jsonObject(with: Data(hello.utf8))) as? [String: Any]
                guard let id = object?["stream"] as? String else { throw TestError("no stream id in \(hello)") }
                socket = nil
                stream = c
                streamID = id
                seen = 1
            }
        }

        static func body(_ bytes: [UInt8]) -> [UInt8] {
            guard let end = HTTPTestResponse.find(bytes, Array("\r\n\r\n".utf8), from: 0) else { return [] }
            return Array(bytes[(end + 4)...])
        }

        /// Sends a command for this client; returns the reply or error object.
        func command(_ json: String) throws -> [String: Any] {
            if let socket {
                try socket.send(json + "\n")
                return socket.readUntil { $0["type"] as? String == "reply" || $0["type"] as? String == "error" } ?? [:]
            }
            let c = try HTTPTestClient(port: port)
            try c.send(HTTPTestClient.request("POST", "/commands?stream=\(streamID!)",
                                              headers: ["Authorization": "Bearer \(httpTestToken)"], body: json))
            let text = try c.response().bodyText
            return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
        }

        /// The next event object that satisfies `match`, skipping others.
        func next(timeout: Double = 10, _ match: ([String: Any]) -> Bool) -> [String: Any]? {
            if let socket { return socket.readUntil(timeout: timeout, match) }
            let deadline = Date().addingTimeInterval(timeout)
            while deadline.timeIntervalSinceNow > 0 {
                let events = sseEvents(HTTPTestResponse.dechunk(Self.body(stream!.received)).0)
                while seen < events.count {
                    seen += 1
                    let o = (try? JSONSerialization.jsonObject(with: Data(events[seen - 1].utf8))) as? [String: Any] ?? [:]
                    if match(o) { return o }
                }
                let count = stream!.received.count
                stream!.read(timeout: min(0.2, max(0.01, deadline.timeIntervalSinceNow))) { $0.count > count }
            }
            return nil
        }

        /// Goes away: closes its connection (socket) or its event stream (HTTP).
        func disconnect() {
            _ = Glibc.shutdown(socket?.fd ?? stream!.fd, Int32(SHUT_RDWR))
        }
    }

    /// The demo with its first stroke (0 to 0.3 s) slowed eightfold and the rest moved 2.1 s later.
    static func recording(in dir: URL) throws -> String {
        let demo = Fixtures.packageRoot.appendingPathComponent("samples/demo-back-swipes.evemu").path
        let lines = try String(contentsOfFile: demo, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let slowed = lines.map { line -> String in
            guard line.hasPrefix("E: ") else { return String(line) }
            var fields = line.split(separator: " ").map(String.init)
            let t = Double(fields[1])!
            fields[1] = String(format: "%.6f", t < 0.3 ? t * 8 : t + 2.1)
            return fields.joined(separator: " ")
        }
        let path = dir.appendingPathComponent("slow-first.evemu").path
        try slowed.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(arguments: Transport.allCases)
    func handlersTakeTheBackTheStackPopsAndTheRootIsHandedOffOnce(_ transport: Transport) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("edgeswipe-back-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let socketPath = dir.appendingPathComponent("control.sock").path
        let actions = dir.appendingPathComponent("actions.log").path
        let config = dir.appendingPathComponent("edgeswipe.yaml").path
        try """
            socket:
              path: \(socketPath)
            defaults:
              actions:
                - on: complete
                  run: [/bin/sh, -c, "echo handed-off >> \(actions)"]
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let tokenPath = dir.appendingPathComponent("token").path
        try (httpTestToken + "\n").write(toFile: tokenPath, atomically: true, encoding: .utf8)
        #expect(chmod(tokenPath, 0o600) == 0)
        let options = ServiceOptions(configPath: config, stack: [ScreenSpec(name: "home", kind: .plain), ScreenSpec(name: "inbox", kind: .plain)],
                                     http: .init(port: 0, tokenPath: tokenPath),
                                     replay: .init(path: try Self.recording(in: dir), delaySeconds: 3))
        // The service on a thread of its own, as `edgeswipe run` runs it; the test talks to it through sockets.
        let started = Mutex<(port: UInt16, stop: LoopWaker)?>(nil)
        let failure = Mutex<String?>(nil)
        let ready = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            do {
                let service = try EdgeSwipeService(options: options)
                let stop = try service.runtime.loop.makeStopHandle()
                started.withLock { $0 = (service.http?.port ?? 0, stop) }
                ready.signal()
                try service.runtime.loop.run()
            } catch {
                failure.withLock { $0 = "\(error)" }
                ready.signal()
            }
            finished.signal()
        }
        thread.stackSize = 4 << 20
        thread.start()
        ready.wait()
        try #require(failure.withLock { $0 } == nil, "\(failure.withLock { $0 } ?? "")")
        let (port, stop) = try #require(started.withLock { $0 })
        defer {
            stop.wake()
            _ = finished.wait(timeout: .now() + 5)
        }

        // Within the replay's 3 s delay: the handlers.
        let observer = try Client(.socket, socketPath: socketPath, port: port)
        #expect(try observer.command(#"{"command":"subscribe","events":["back"]}"#)["type"] as? String == "reply")
        let watch = try observer.command(#"{"command":"registerBackHandler","priority":"observer","protocol":2}"#)
        let observerID = try #require((watch["result"] as? [String: Any])?["handler"] as? Int, "\(watch)")
        let page = try Client(transport, socketPath: socketPath, port: port)
        let older = try page.command(#"{"command":"registerBackHandler","priority":"overlay"}"#)
        let olderID = try #require((older["result"] as? [String: Any])?["handler"] as? Int, "\(older)")
        #expect((older["result"] as? [String: Any])?["edges"] as? [String] == ["left", "right"])
        let newer = try page.command(#"{"command":"registerBackHandler","priority":"overlay","edges":["left"]}"#)
        let newerID = try #require((newer["result"] as? [String: Any])?["handler"] as? Int)
        #expect(try page.command("{\"command\":\"unregisterBackHandler\",\"handler\":\(newerID)}")["type"] as? String == "reply")
        // Another client's handler is not this one's to remove.
        let foreign = try page.command("{\"command\":\"unregisterBackHandler\",\"handler\":\(observerID)}")
        #expect(foreign["code"] as? String == "badArguments" && (foreign["message"] as? String)?.contains("another client") == true)
        let leaver = try Client(transport, socketPath: socketPath, port: port)
        let gone = try leaver.command(#"{"command":"registerBackHandler","priority":"default"}"#)
        let goneID = try #require((gone["result"] as? [String: Any])?["handler"] as? Int)
        leaver.disconnect()

        // Stroke 1: the older overlay's, as its own stream; its client goes away in the middle.
        let first = try #require(page.next { $0["type"] as? String == "back" }, "no back event reached the overlay's client")
        #expect(first["event"] as? String == "started" && first["role"] as? String == "target" && first["handler"] as? Int == olderID)
        #expect((first["gesture"] as? [String: Any])?["phase"] as? String == "began")
        page.disconnect()

        // What the observer sees: every decision (the back class) and every gesture, observed.
        var decisions: [String] = []
        var observed: [Int: [String]] = [:]
        var gones: [[String: Any]] = []
        while observed[4]?.last != "invoked" {
            guard let o = observer.next(timeout: 15, { _ in true }) else { break }
            if o["event"] as? String == "backDispatched" {
                decisions.append("\(o["target"] ?? "?") \(o["handler"] ?? "-") \(o["reason"] ?? "?") \(o["stack"] ?? "?")")
            } else if o["event"] as? String == "backTargetGone" {
                gones.append(o)
            } else if o["type"] as? String == "back", let g = o["gestureId"] as? Int {
                #expect(o["role"] as? String == "observer" && o["handler"] as? Int == observerID)
                observed[g, default: []].append((o["event"] as? String ?? "?") + ((o["reason"] as? String).map { " " + $0 } ?? ""))
            }
        }
        #expect(decisions == ["handler \(olderID) overlayHandler canPop", "navigation - stackCanPop canPop",
                              "navigation - stackCanPop canPop", "handoff - noHandler root"],
                "the newer overlay (unregistered) and the default handler (its client gone) never take one")
        #expect(!decisions.contains { $0.contains(" \(goneID) ") })
        #expect(gones.count == 1 && gones.first?["gestureId"] as? Int == 1 && gones.first?["handler"] as? Int == olderID
                && gones.first?["reason"] as? String == "clientGone")
        // Gesture 1 ends for the observer when its target went, and nothing of it follows.
        #expect(observed[1]?.first == "started" && observed[1]?.last == "cancelled targetGone")
        #expect(observed[1]?.filter { $0.hasPrefix("cancelled") || $0 == "invoked" }.count == 1)
        #expect(observed[2]?.first == "started" && observed[2]?.last == "cancelled released")
        #expect(observed[3]?.first == "started" && observed[3]?.last == "invoked")
        #expect(observed[4]?.first == "started" && observed[4]?.last == "invoked")
        // The stack popped once (stroke 3); stroke 1 went to nobody after its target left.
        let state = try observer.command(#"{"command":"state"}"#)
        #expect((state["result"] as? [String: Any])?["top"] as? String == "home")
        // The hand-off ran the action once: for stroke 4 only (strokes 1-3 were taken by a handler or the stack).
        let deadline = Date().addingTimeInterval(5)
        var ran: [Substring] = []
        repeat {
            ran = ((try? String(contentsOfFile: actions, encoding: .utf8)) ?? "").split(separator: "\n")
            if ran.count >= 1 { usleep(300_000); ran = ((try? String(contentsOfFile: actions, encoding: .utf8)) ?? "").split(separator: "\n"); break }
            usleep(20_000)
        } while Date() < deadline
        #expect(ran == ["handed-off"])
    }
}

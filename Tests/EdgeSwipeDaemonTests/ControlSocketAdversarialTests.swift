import Foundation
import Navigation
import EdgeSwipeSystem
import Testing
@testable import EdgeSwipeDaemon
import EdgeSwipeControl

/// The control socket under hostile clients (issue 14), with the real navigation handler and the loop on
/// the test's own thread, so its wake-ups can be counted. Classes covered:
/// - closed readers: a subscriber that closes with output queued, one that shuts its reading side, one
///   that leaves right after the hello — each disconnected, the loop quiet afterwards, others answered;
/// - slow writers: a request sent one byte per loop turn, interleaved with another client's requests;
/// - queue floods: 1000 pushes in writes of 100 lines, answered in order, the navigation queue bounded;
/// - lengths at powers of two: request lines of 2^k - 1, 2^k and 2^k + 1 bytes around the line limit.
@Suite(.serialized) struct ControlSocketAdversarialTests {
    final class Rig {
        let dir = TempDirectory()
        let loop: EventLoop
        let server: ControlServer
        let handler: NavigationCommandHandler
        /// What the server is given (it holds it weakly).
        let router: ControlRouter

        init(maxLineBytes: Int = ControlProtocol.defaultMaxLineBytes, queueLimit: Int = 64 * 1024) throws {
            signal(SIGPIPE, SIG_IGN)  // as the service does
            loop = try EventLoop()
            handler = NavigationCommandHandler(session: try NavigationSession(stack: "home"))
            router = ControlRouter(navigation: handler)
            server = try ControlServer(loop: loop, options: ControlServer.Options(path: dir.file("control.sock"),
                                       queueLimitBytes: queueLimit, maxLineBytes: maxLineBytes),
                                       handler: router, log: .silent)
        }

        func connect() throws -> TestClient {
            let c = try TestClient(path: dir.file("control.sock"))
            guard try line(c) != nil else { throw TestError("no hello") }
            return c
        }

        /// A client subscribed to diagnostics (its reply read).
        func subscriber() throws -> TestClient {
            let c = try connect()
            try c.send(#"{"command":"subscribe","events":["diagnostic"]}"# + "\n")
            _ = try line(c)
            return c
        }

        /// Turns the loop until `c` has a line (at most about 2 s).
        func line(_ c: TestClient) throws -> String? {
            for _ in 0..<200 {
                try loop.runOnce(timeoutMilliseconds: 5)
                if let l = c.readLine(timeout: 0.005) { return l }
            }
            return nil
        }

        /// Turns the loop for `milliseconds` with 20 ms waits; returns the wake-ups.
        func wakeUps(over milliseconds: Int) throws -> Int {
            try ClosedReaderTests.wakeUps(of: loop, over: milliseconds)
        }

        func stillAnswers() throws -> Bool {
            let c = try connect()
            try c.send(#"{"command":"state","id":"probe"}"# + "\n")
            return try line(c)?.contains(#""id":"probe""#) == true
        }

        func floodDiagnostics(_ n: Int) {
            let event = ControlEvent(eventClass: .diagnostic, object: [
                "type": .string("diagnostic"), "padding": .string(String(repeating: "x", count: 1000))])
            for _ in 0..<n { server.publish(event) }
        }
    }

    @Test func aSubscriberThatClosesWithOutputQueuedIsDroppedAndTheLoopGoesQuiet() throws {
        let rig = try Rig(queueLimit: 1 << 20)
        do {
            _ = try rig.subscriber()
            rig.floodDiagnostics(400)  // ~400 KB: more than the socket takes, so some is queued
        }  // closed
        #expect(try rig.wakeUps(over: 300) < 40)
        #expect(rig.server.clientCount == 0)
        #expect(try rig.stillAnswers())
    }

    @Test func aSubscriberThatShutsItsReadingSideIsDroppedOnTheNextEvent() throws {
        let rig = try Rig()
        let c = try rig.subscriber()
        #expect(shutdown(c.fd, Int32(SHUT_RD)) == 0)
        rig.floodDiagnostics(100)
        #expect(try rig.wakeUps(over: 300) < 40)
        #expect(try rig.stillAnswers())
    }

    @Test func clientsThatLeaveRightAfterTheHelloLeaveNothingBehind() throws {
        let rig = try Rig()
        for _ in 0..<50 { _ = try rig.connect() }
        #expect(try rig.wakeUps(over: 300) < 40)
        #expect(rig.server.clientCount == 0)
        #expect(try rig.stillAnswers())
    }

    @Test func aSlowWriterDoesNotHoldUpAnotherClient() throws {
        let rig = try Rig()
        let slow = try rig.connect()
        let fast = try rig.connect()
        let request = Array((#"{"command":"push","name":"slow","id":"s"}"# + "\n").utf8)
        for (i, byte) in request.enumerated() {
            try slow.sendBytes([byte])
            try rig.loop.runOnce(timeoutMilliseconds: 5)
            if i % 10 == 0 {
                try fast.send(#"{"command":"state","id":\#(i)}"# + "\n")
                #expect(try rig.line(fast)?.contains(#""id":\#(i)"#) == true)
            }
        }
        let reply = try #require(try rig.line(slow))
        #expect(reply.contains(#""id":"s""#) && reply.contains(#""type":"reply""#))
    }

    @Test func aFloodOfPushesIsAnsweredInOrderAndTheQueueStaysBounded() throws {
        let rig = try Rig()
        let c = try rig.connect()
        let n = 1000
        var replies = 0, refused = 0
        // Batches of 100 lines in one write each (a client that never reads its replies at all is dropped
        // past the output queue's limit, which aClientThatNeverReadsIsDropped covers).
        for batch in stride(from: 0, to: n, by: 100) {
            let lines = (batch..<(batch + 100)).map { #"{"command":"push","name":"s\#($0)","id":\#($0)}"# + "\n" }
            try c.send(lines.joined())
            while replies < batch + 100, let l = try rig.line(c) {
                #expect(l.contains(#""id":\#(replies)"#), "reply \(replies) out of order: \(l)")
                if l.contains(#""code":"refused""#) { refused += 1 }
                replies += 1
            }
            #expect(rig.handler.session.controller.queuedOperations <= NavigationController.maxQueuedOperations)
        }
        #expect(replies == n)
        // The handler runs on real time, so transitions (350 ms) end while the batches go through and the queue
        // drains now and then; within a batch the queue fills to its bound and the rest is refused.
        #expect(refused >= n - 10 * (1 + NavigationController.maxQueuedOperations) - 100)
        #expect(rig.handler.session.controller.queuedOperations == NavigationController.maxQueuedOperations)
    }

    @Test func lineLengthsAroundPowersOfTwo() throws {
        let rig = try Rig(maxLineBytes: 1024)
        let c = try rig.connect()
        for k in 4...11 {
            for length in [(1 << k) - 1, 1 << k, (1 << k) + 1] {
                // A state command padded with spaces to `length` bytes before the newline.
                let core = #"{"command":"state","id":\#(length)}"#
                let text = core + String(repeating: " ", count: max(0, length - core.utf8.count))
                try c.send(text + "\n")
                let reply = try #require(try rig.line(c), "length \(length)")
                if length <= 1024 {
                    #expect(reply.contains(#""id":\#(length)"#) && reply.contains(#""type":"reply""#), "length \(length)")
                } else {
                    #expect(reply.contains(#""code":"lineTooLong""#), "length \(length)")
                }
            }
        }
    }
}

import Foundation
import Synchronization
import EdgeSwipeSystem
import Testing
@testable import EdgeSwipeDaemon

/// The HTTP bridge under hostile clients (issue 14). Classes covered:
/// - slow writers: request heads trickled a line at a time (slowloris), more of them than the connection
///   limit, while a client with the token needs an answer; a head's deadline counts from the connection;
/// - lengths at powers of two: `?token=` and `Authorization` candidates of 0, 1, 255, 256, 257, 511, 512
///   and 1024 bytes built from the token itself, against a 256-byte token;
/// - floods: wrong tokens in a row (each answered, the connection closed, the log bounded);
/// - closed readers: an event stream whose client stops reading, then closes, while events keep coming.
/// Deadlines and limits are scaled down (8 connections, 400 ms heads) through HTTPOptions.
@Suite(.serialized) struct HTTPAdversarialTests {
    let auth = ["Authorization": "Bearer \(httpTestToken)"]
    static let state = #"{"command":"state"}"#

    /// Keeps `count` connections each sending a request head one header line every `interval`, reconnecting
    /// when the server closes one; bounded by `maxSeconds`. Returns how many connections the server closed.
    final class Slowloris: Sendable {
        private let stopFlag = Atomic<Bool>(false)
        let closedByServer = Atomic<Int>(0)
        private let done = Atomic<Bool>(false)

        init(port: UInt16, count: Int, interval: Double, maxSeconds: Double = 6) {
            let thread = Thread { [self] in
                var clients: [HTTPTestClient?] = (0..<count).map { _ in try? HTTPTestClient(port: port) }
                for i in clients.indices { try? clients[i]?.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n") }
                let end = Date().addingTimeInterval(maxSeconds)
                var line = 0
                while !self.stopFlag.load(ordering: .relaxed), Date() < end {
                    Thread.sleep(forTimeInterval: interval)
                    line += 1
                    for i in clients.indices {
                        do {
                            guard let c = clients[i] else { throw TestError("no connection") }
                            try c.send("X-Slow-\(line): \(line)\r\n")
                        } catch {
                            self.closedByServer.add(1, ordering: .relaxed)
                            clients[i] = try? HTTPTestClient(port: port)
                            try? clients[i]?.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                        }
                    }
                }
                clients.removeAll()
                self.done.store(true, ordering: .releasing)
            }
            thread.start()
        }

        func stop() {
            stopFlag.store(true, ordering: .relaxed)
            while !done.load(ordering: .acquiring) { Thread.sleep(forTimeInterval: 0.01) }
        }
    }

    static func scaledDown(_ o: inout HTTPOptions) {
        o.maxConnections = 8
        o.listenIPv6 = false
        o.headDeadlineMs = 400
        o.reservedConnections = 2
    }

    @Test func slowClientsPastTheLimitCannotStarveATokenHolder() throws {
        let h = try HTTPHarness(adjust: Self.scaledDown)
        defer { h.stop() }
        let slow = Slowloris(port: h.port, count: 12, interval: 0.1)
        defer { slow.stop() }
        Thread.sleep(forTimeInterval: 0.3)  // every slot the attackers can take is taken
        for round in 0..<3 {
            let started = Date()
            let c = try HTTPTestClient(port: h.port)
            try c.send(HTTPTestClient.request("POST", "/commands", headers: auth, body: Self.state))
            let r = try c.response(timeout: 3)
            #expect(r.status == 200, "round \(round)")
            #expect(Date().timeIntervalSince(started) < 2, "round \(round)")
        }
    }

    /// A head trickled a line every 100 ms never goes idle, yet it is closed at its deadline.
    @Test func aRequestHeadHasADeadlineFromItsStart() throws {
        let h = try HTTPHarness(adjust: Self.scaledDown)
        defer { h.stop() }
        let c = try HTTPTestClient(port: h.port)
        try c.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        let started = Date()
        var closed = false
        for line in 0..<30 where !closed {  // at most 3 s
            Thread.sleep(forTimeInterval: 0.1)
            do { try c.send("X-Slow-\(line): \(line)\r\n") } catch { closed = true }
            if !closed { c.read(timeout: 0.001) { _ in false } }
            closed = closed || c.closed
        }
        #expect(closed)
        #expect(Date().timeIntervalSince(started) < 2)
    }

    /// Requests that carry the token are not cut by the head deadline: an event stream outlives it.
    @Test func aStreamWithTheTokenOutlivesTheHeadDeadline() throws {
        let h = try HTTPHarness(adjust: Self.scaledDown)
        defer { h.stop() }
        let c = try HTTPTestClient(port: h.port)
        try c.send(HTTPTestClient.request("GET", "/events?token=\(httpTestToken)"))
        #expect(c.read { HTTPTestResponse.parse($0).map { sseEvents($0.body).count >= 1 } ?? false })
        Thread.sleep(forTimeInterval: 1)
        h.publish([httpTestEvent(seq: 1, padding: 10)])
        #expect(c.read { HTTPTestResponse.parse($0).map { sseEvents($0.body).count >= 2 } ?? false })
        #expect(!c.closed)
    }

    @Test func candidateLengthsAtPowersOfTwoAgainstA256ByteToken() throws {
        let token = String(repeating: "0123456789abcdef", count: 16)  // 256 bytes
        let h = try HTTPHarness { o in
            o.token = try! BearerToken(token)
            o.listenIPv6 = false
        }
        defer { h.stop() }
        let repeated = String(repeating: token, count: 4)
        for n in [0, 1, 2, 255, 256, 257, 511, 512, 1024] {
            let candidate = String(repeated.prefix(n))
            let expected = n == 256 ? 200 : 401
            let c = try HTTPTestClient(port: h.port)
            try c.send(HTTPTestClient.request("POST", "/commands", headers: ["Authorization": "Bearer \(candidate)"],
                                              body: Self.state))
            let viaHeader = try c.response()
            // A Bearer header with nothing after it is no bearer credential at all: still 401.
            #expect(viaHeader.status == expected, "Authorization with \(n) bytes")
            let s = try HTTPTestClient(port: h.port)
            try s.send(HTTPTestClient.request("GET", "/events?token=\(candidate)"))
            s.read(timeout: 2) { HTTPTestResponse.parse($0) != nil }
            #expect(HTTPTestResponse.parse(s.received)?.status == expected, "?token= with \(n) bytes")
        }
    }

    @Test func wrongTokensAreAnsweredTheConnectionClosedAndTheLogBounded() throws {
        let log = LogRecorder()
        let h = try HTTPHarness(log: log.log) { o in o.listenIPv6 = false }
        defer { h.stop() }
        for i in 0..<50 {
            let c = try HTTPTestClient(port: h.port)
            try c.send(HTTPTestClient.request("POST", "/commands", headers: ["Authorization": "Bearer wrong-\(i)"],
                                              body: Self.state))
            let r = try c.response()
            #expect(r.status == 401 && r.headers["connection"]?.lowercased() == "close")
            // One failed attempt per connection: the server closes it after the answer.
            #expect(c.read(timeout: 2) { _ in false } == false && c.closed)
        }
        let warnings = log.lines(containing: "token")
        #expect(warnings.count >= 1 && warnings.count <= 2, "\(warnings)")
        #expect(warnings.first?.contains("wrong") == true)
        #expect(h.statistics.tokenFailures.load(ordering: .relaxed) == 50)
        // The right token still works at once.
        let ok = try HTTPTestClient(port: h.port)
        try ok.send(HTTPTestClient.request("POST", "/commands", headers: auth, body: Self.state))
        #expect(try ok.response().status == 200)
    }

    /// Closed reader: a stream client stops reading while events flood, then closes. The loop must go quiet.
    @Test func aStreamClientThatStopsReadingThenClosesLeavesTheLoopQuiet() throws {
        let h = try HTTPHarness(queueLimit: 64 * 1024)
        defer { h.stop() }
        do {
            let c = try HTTPTestClient(port: h.port, receiveBuffer: 4096)
            try c.send(HTTPTestClient.request("GET", "/events?token=\(httpTestToken)"))
            #expect(c.read { HTTPTestResponse.parse($0).map { sseEvents($0.body).count >= 1 } ?? false })
            h.publish((0..<40).map { httpTestEvent(seq: $0, padding: 1000) })
            Thread.sleep(forTimeInterval: 0.1)
        }  // closed here, with unread data and a queue
        Thread.sleep(forTimeInterval: 0.2)
        h.publish((0..<5).map { httpTestEvent(seq: $0, padding: 10) })
        Thread.sleep(forTimeInterval: 0.1)
        let first = h.loopWakeUps()
        Thread.sleep(forTimeInterval: 0.3)
        let second = h.loopWakeUps()
        #expect(second - first <= 2, "\(second - first) wake-ups in 300 ms")
        #expect(h.statistics.streamsConnected.load(ordering: .relaxed) == 0)
        let c = try HTTPTestClient(port: h.port)
        try c.send(HTTPTestClient.request("POST", "/commands", headers: auth, body: Self.state))
        #expect(try c.response().status == 200)
    }
}

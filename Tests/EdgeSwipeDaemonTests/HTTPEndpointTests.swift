import Foundation
import Synchronization
import Testing
@testable import EdgeSwipeDaemon
import TouchModel
import EdgeSwipeControl

/// The HTTP bridge over real loopback sockets, with the real event loop and libmicrohttpd on a thread.
@Suite(.serialized) struct HTTPEndpointTests {
    let auth = ["Authorization": "Bearer \(httpTestToken)"]

    func post(_ h: HTTPHarness, _ body: String, headers: [String: String]? = nil, ipv6: Bool = false) throws -> HTTPTestResponse {
        let c = try HTTPTestClient(port: h.port, ipv6: ipv6)
        try c.send(HTTPTestClient.request("POST", "/commands", headers: headers ?? auth, body: body))
        return try c.response()
    }

    func openStream(_ h: HTTPHarness, query: String = "", receiveBuffer: Int32? = nil) throws -> HTTPTestClient {
        let c = try HTTPTestClient(port: h.port, receiveBuffer: receiveBuffer)
        try c.send(HTTPTestClient.request("GET", "/events?token=\(httpTestToken)\(query)"))
        return c
    }

    @Test func commandsWithAndWithoutTheToken() throws {
        let h = try HTTPHarness()
        defer { h.stop() }
        let refused = try post(h, #"{"command":"state"}"#, headers: [:])
        #expect(refused.status == 401 && refused.headers["www-authenticate"]?.hasPrefix("Bearer") == true)
        #expect(refused.bodyText.contains("\"code\":\"permissionDenied\""))
        let wrong = try post(h, #"{"command":"state"}"#, headers: ["Authorization": "Bearer not-the-token-at-all"])
        #expect(wrong.status == 401 && wrong.bodyText.contains("wrong token"))

        let pushed = try post(h, #"{"command":"push","id":7,"name":"inbox","header":true}"#)
        #expect(pushed.status == 200 && pushed.headers["content-type"] == "application/json")
        #expect(pushed.bodyText == #"{"command":"push","id":7,"result":{"stack":["home","inbox"]},"type":"reply"}"# + "\n")
        // The same over ::1, where the host has it.
        if let v6 = try? post(h, #"{"command":"state"}"#, ipv6: true) {
            #expect(v6.status == 200 && v6.bodyText.contains(#""stack":["home","inbox"]"#))
        }
        _ = try post(h, #"{"command":"pop"}"#)
        let atRoot = try post(h, #"{"command":"pop","id":"p"}"#)
        #expect(atRoot.status == 409 && atRoot.bodyText == #"{"code":"refused","id":"p","message":"root","type":"error"}"# + "\n")
        let bad = try post(h, "{nope")
        #expect(bad.status == 400 && bad.bodyText.contains("\"code\":\"badJSON\""))
        let sub = try post(h, #"{"command":"subscribe","events":["transition"]}"#)
        #expect(sub.status == 400 && sub.bodyText.contains("GET /events"))
        #expect(h.statistics.commands.load(ordering: .relaxed) == 6)
    }

    @Test func wrongOriginGetsNoGrantAndNoCommand() throws {
        let h = try HTTPHarness(origins: ["http://localhost:3000"])
        defer { h.stop() }
        let evil = try post(h, #"{"command":"push","name":"x"}"#, headers: auth.merging(["Origin": "http://evil.example"]) { a, _ in a })
        #expect(evil.status == 403 && evil.headers["access-control-allow-origin"] == nil)
        let state = try post(h, #"{"command":"state"}"#)
        #expect(state.bodyText.contains(#""stack":["home"]"#))   // the push from evil.example did not happen
        let good = try post(h, #"{"command":"state"}"#, headers: auth.merging(["Origin": "http://localhost:3000"]) { a, _ in a })
        #expect(good.status == 200 && good.headers["access-control-allow-origin"] == "http://localhost:3000")
        #expect(good.headers["vary"] == "Origin")
        let c = try HTTPTestClient(port: h.port)
        try c.send(HTTPTestClient.request("OPTIONS", "/commands", headers: ["Origin": "http://evil.example",
                                                                            "Access-Control-Request-Method": "POST"]))
        let preflight = try c.response()
        #expect(preflight.status == 403 && preflight.headers["access-control-allow-methods"] == nil)
    }

    @Test func oversizedAndMalformedRequests() throws {
        let h = try HTTPHarness()
        defer { h.stop() }
        // Declared too large: refused from the head, body never read.
        let big = try HTTPTestClient(port: h.port)
        try big.send("POST /commands HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(httpTestToken)\r\nContent-Length: 100000000\r\n\r\n")
        let r413 = try big.response()
        #expect(r413.status == 413 && r413.bodyText.contains("lineTooLong"))
        // Chunked, passing the limit on the way: not stored, answered 413 at its end.
        let chunked = try HTTPTestClient(port: h.port)
        try chunked.send("POST /commands HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(httpTestToken)\r\nTransfer-Encoding: chunked\r\n\r\n")
        let chunk = String(16 * 1024, radix: 16) + "\r\n" + String(repeating: "a", count: 16 * 1024) + "\r\n"
        for _ in 0..<5 { try chunked.send(chunk) }
        try chunked.send("0\r\n\r\n")
        let c413 = try chunked.response()
        #expect(c413.status == 413 && c413.bodyText.contains("passed 65536 bytes"))
        // A chunked body that goes on and on: past 16 x the limit the connection is closed, unanswered.
        let endless = try HTTPTestClient(port: h.port)
        try endless.send("POST /commands HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(httpTestToken)\r\nTransfer-Encoding: chunked\r\n\r\n")
        var sent = 0
        while sent < 64 * 1024 * 1024, (try? endless.send(chunk)) != nil { sent += 16 * 1024 }
        #expect(sent < 64 * 1024 * 1024, "the server stopped taking the body (after \(sent) bytes)")
        // Malformed requests MHD can answer get a 4xx: a request line with a bad method and version, a header
        // line without a colon, an unknown version, a header larger than the connection's memory, a bad length.
        let malformed = ["GARBAGE GARBAGE GARBAGE\r\n\r\n", "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header\r\n\r\n",
                         "GET / FOO/9\r\nHost: 127.0.0.1\r\n\r\n",
                         "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX: \(String(repeating: "y", count: 70_000))\r\n\r\n",
                         "POST /commands HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: zz\r\n\r\n"]
        for request in malformed {
            let c = try HTTPTestClient(port: h.port)
            try? c.send(request)
            c.read(timeout: 5) { HTTPTestResponse.parse($0)?.complete == true }
            let status = HTTPTestResponse.parse(c.received)?.status ?? 0
            #expect((400..<500).contains(status), "\(request.prefix(40).debugDescription): \(String(decoding: c.received.prefix(60), as: UTF8.self))")
        }
        // Bytes with no request line MHD can split (libmicrohttpd 0.9.75 closes them unanswered: there is no
        // HTTP version to answer in), random binary: closed, never a crash.
        var random = SystemRandomNumberGenerator()
        for request in ["\u{1}\u{2}GARBAGE\r\n\r\n", "GET\r\n\r\n"].map({ Array($0.utf8) }) + [(0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }] {
            let c = try HTTPTestClient(port: h.port)
            try? c.send(request)
            c.read(timeout: 5) { _ in false }
            #expect(c.closed)
            let status = HTTPTestResponse.parse(c.received)?.status
            #expect(status == nil || (400..<500).contains(status!))
        }
        // Still serving.
        let after = try post(h, #"{"command":"state"}"#)
        #expect(after.status == 200)
    }

    @Test func eventStreamFraming() throws {
        let h = try HTTPHarness()
        defer { h.stop() }
        let c = try openStream(h, query: "&events=transition")
        #expect(c.read { HTTPTestResponse.parse($0).map { sseEvents($0.body).count >= 1 } ?? false })
        let head = try #require(HTTPTestResponse.parse(c.received))
        #expect(head.status == 200 && head.headers["content-type"] == "text/event-stream; charset=utf-8")
        #expect(head.headers["cache-control"] == "no-store")
        #expect(String(decoding: head.body, as: UTF8.self).hasPrefix("retry: 2000\ndata: {\"commands\":"))
        // A transition event arrives framed; a diagnostic (not subscribed) does not.
        h.publish([httpTestEvent(seq: 1, padding: 3), .navigation("transitionProgress", time: 1_500_000, fields: ["progress": .number(0.25)])])
        #expect(c.read { HTTPTestResponse.parse($0).map { sseEvents($0.body).count >= 2 } ?? false })
        let body = String(decoding: try #require(HTTPTestResponse.parse(c.received)).body, as: UTF8.self)
        #expect(body.hasSuffix("\n\ndata: {\"event\":\"transitionProgress\",\"progress\":0.25,\"time\":1.5,\"type\":\"navigation\"}\n\n"))
        #expect(!body.contains("\"code\":\"test\""))
        // A command's events reach the stream too (published by the handler during POST /commands).
        _ = try post(h, #"{"command":"push","name":"inbox"}"#)
        #expect(c.read { HTTPTestResponse.parse($0).map { sseEvents($0.body).count >= 3 } ?? false })
        let third = sseEvents(try #require(HTTPTestResponse.parse(c.received)).body)[2]
        #expect(third.contains("\"event\":\"transitionBegan\"") && third.contains("\"to\":\"inbox\""))
    }

    @Test func fiftyEventSourceClientsAtOnce() throws {
        let h = try HTTPHarness()
        defer { h.stop() }
        let clients = try (0..<50).map { _ in try openStream(h) }
        for c in clients { #expect(c.read { HTTPTestResponse.parse($0).map { sseEvents($0.body).count >= 1 } ?? false }) }
        #expect(h.statistics.streamsConnected.load(ordering: .relaxed) == 50)
        h.publish((0..<20).map { httpTestEvent(seq: $0, padding: 100) })
        for (i, c) in clients.enumerated() {
            #expect(c.read { HTTPTestResponse.parse($0).map { sseEvents($0.body).count >= 21 } ?? false }, "client \(i)")
            let events = sseEvents(try #require(HTTPTestResponse.parse(c.received)).body)
            let seqs = events.dropFirst().compactMap { e in e.range(of: "\"seq\":").map { Int(e[$0.upperBound...].prefix(while: \.isNumber)) ?? -1 } }
            #expect(seqs == Array(0..<20), "client \(i) got its events in order")
        }
    }

    @Test func aClientThatNeverReadsIsDroppedWhileOthersGetEverything() throws {
        let h = try HTTPHarness(queueLimit: 64 * 1024)
        defer { h.stop() }
        let stuck = try openStream(h, receiveBuffer: 4096)
        let reader = try openStream(h)
        #expect(reader.read { HTTPTestResponse.parse($0).map { sseEvents($0.body).count >= 1 } ?? false })
        // 4000 events of 1 KB in batches; the reader keeps up, the stuck client's queue passes 64 KiB.
        let total = 4000
        for batch in 0..<(total / 25) {
            h.publish((0..<25).map { httpTestEvent(seq: batch * 25 + $0, padding: 1000) })
            reader.read(timeout: 2) { bytes in
                bytes.count > 4096 && String(decoding: bytes.suffix(4096), as: UTF8.self).contains("\"seq\":\(batch * 25 + 24),")
            }
        }
        let marker = "\"seq\":\(total - 1),"
        #expect(reader.read(timeout: 5) { String(decoding: $0.suffix(4096), as: UTF8.self).contains(marker) })
        let events = sseEvents(try #require(HTTPTestResponse.parse(reader.received)).body)
        #expect(events.count == total + 1)
        #expect(h.statistics.streamsDroppedSlow.load(ordering: .relaxed) == 1)
        #expect(h.statistics.queueHighWater.load(ordering: .relaxed) <= 64 * 1024)
        // The loop is not stalled: a command is answered at once.
        let started = Date()
        #expect(try post(h, #"{"command":"state"}"#).status == 200)
        #expect(Date().timeIntervalSince(started) < 2)
        // The stuck client's connection is closed by the server once it reads what was buffered.
        stuck.read(timeout: 5) { _ in false }
        #expect(stuck.closed)
        #expect(h.statistics.streamsConnected.load(ordering: .relaxed) == 1)
    }

    @Test func anIdleEndpointDoesNotWakeTheLoop() throws {
        let h = try HTTPHarness()
        defer { h.stop() }
        // A request and an event stream that came and went leave no timer behind.
        #expect(try post(h, #"{"command":"state"}"#).status == 200)
        do {
            let c = try openStream(h)
            #expect(c.read { HTTPTestResponse.parse($0).map { sseEvents($0.body).count >= 1 } ?? false })
        }
        Thread.sleep(forTimeInterval: 0.1)   // the close reaches the loop
        let first = h.loopWakeUps()
        Thread.sleep(forTimeInterval: 0.3)
        let second = h.loopWakeUps()
        #expect(second - first == 1, "only the reading itself woke the loop (\(second - first) wake-ups)")
    }

    @Test func aStreamWhoseClientLeavesIsClosedWithoutAnyEvent() throws {
        // Idle streams are suspended, and libmicrohttpd does not see a disconnect then: a page reloaded many
        // times with nothing happening must not use up the stream limit.
        let h = try HTTPHarness(maxEventClients: 3)
        defer { h.stop() }
        for _ in 0..<10 {
            let c = try openStream(h)
            #expect(c.read { HTTPTestResponse.parse($0).map { sseEvents($0.body).count >= 1 } ?? false })
        }
        let deadline = Date().addingTimeInterval(5)
        while h.statistics.streamsClosed.load(ordering: .relaxed) < 10, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(h.statistics.streamsClosed.load(ordering: .relaxed) == 10)
        #expect(h.statistics.streamsConnected.load(ordering: .relaxed) == 0)
        #expect(h.statistics.streamsDroppedSlow.load(ordering: .relaxed) == 0)
    }

    @Test func listensOnLoopbackOnly() throws {
        let h = try HTTPHarness()
        defer { h.stop() }
        // /proc/net/tcp{,6}: local address as hex (IPv4 little-endian words), state 0A = LISTEN.
        let port = String(format: "%04X", h.port)
        var listening: [String] = []
        for file in ["/proc/net/tcp", "/proc/net/tcp6"] {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n").dropFirst() {
                let f = line.split(separator: " ")
                if f.count > 3, f[1].hasSuffix(":" + port), f[3] == "0A" { listening.append(String(f[1].dropLast(5))) }
            }
        }
        let loopback4 = "0100007F", loopback6 = "00000000000000000000000001000000"
        #expect(listening.contains(loopback4))
        #expect(Set(listening).isSubset(of: [loopback4, loopback6]), "listening on \(listening)")
    }
}

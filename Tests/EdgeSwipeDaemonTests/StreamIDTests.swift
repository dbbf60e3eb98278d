import EdgeSwipeDaemon
import Foundation
import Testing
import EdgeSwipeControl

/// Issue 22, HTTP stream ids: they were sequential (1 << 48 + n), so any token holder could act for another
/// page with `?stream=` its neighbour's id. A stream's id is now 128 bits from the kernel's random source,
/// sent only on that stream (its hello): only who reads the stream can name it. Classes: ids guessed from
/// one's own (the next and previous numbers, the old numbering), ids of closed streams, ids differing from a
/// live one in one character or in case, and the form of every id of many streams (32 lowercase hex digits,
/// all different).
@Suite(.serialized) struct StreamIDTests {
    func post(_ h: HTTPHarness, _ body: String, stream: String) throws -> HTTPTestResponse {
        let c = try HTTPTestClient(port: h.port)
        try c.send(HTTPTestClient.request("POST", "/commands?stream=\(stream)", headers: ["Authorization": "Bearer \(httpTestToken)"],
                                          body: body))
        return try c.response()
    }

    func openStream(_ h: HTTPHarness) throws -> (HTTPTestClient, String) {
        let c = try HTTPTestClient(port: h.port)
        try c.send(HTTPTestClient.request("GET", "/events?token=\(httpTestToken)"))
        // The hello's event is complete at its blank line (the chunk's CRLF follows it, so not the last bytes).
        c.read { String(decoding: $0, as: UTF8.self).contains("\"type\":\"hello\"}\n\n") }
        let text = String(decoding: c.received, as: UTF8.self)
        let json = try #require(text.split(separator: "\n").first { $0.hasPrefix("data: ") }).dropFirst(6)
        guard case .string(let id)? = try JSONValue.decode(Array(json.utf8))["stream"] else {
            throw TestError("no stream id in the hello: \(text)")
        }
        return (c, id)
    }

    static let rect = #"{"command":"setExclusions","rects":[{"x":0,"y":40,"width":10,"height":20,"screen":"inbox"}]}"#

    @Test func anIDGuessedFromOnesOwnIsRefused() throws {
        let h = try HTTPHarness(navigationStack: "home,inbox")
        defer { h.stop() }
        let (victim, victimID) = try openStream(h)
        let (attacker, attackerID) = try openStream(h)
        var guesses: [String] = []
        if let n = UInt64(attackerID) { guesses += [String(n - 1), String(n + 1)] }
        // The old numbering: 1 << 48 plus a counter from 1.
        guesses += (1...4).map { String((UInt64(1) << 48) + $0) }
        for guess in guesses where guess != attackerID {
            let r = try post(h, Self.rect, stream: guess)
            #expect(r.status == 400 && r.bodyText.contains("stream=\(guess): no such event stream is open"), "\(guess): \(r.bodyText)")
        }
        // The rightful page still can.
        #expect(try post(h, Self.rect, stream: victimID).status == 200)
        _ = (victim, attacker)
    }

    @Test func idsAre128RandomBitsAndOnlyTheExactOneIsTaken() throws {
        let h = try HTTPHarness(navigationStack: "home,inbox")
        defer { h.stop() }
        var ids: [String] = []
        var open: [HTTPTestClient] = []
        for _ in 0..<40 {
            let (c, id) = try openStream(h)
            open.append(c)
            ids.append(id)
        }
        let hex = Set("0123456789abcdef")
        for id in ids { #expect(id.count == 32 && id.allSatisfy(hex.contains), "\(id)") }
        #expect(Set(ids).count == ids.count)
        // Neighbouring streams share no long prefix (a counter would): at most a few equal leading digits.
        for (a, b) in zip(ids, ids.dropFirst()) {
            #expect(zip(a, b).prefix { $0 == $1 }.count < 8, "\(a) \(b)")
        }
        // Near misses of a live id: one digit changed at each end, upper case, a prefix, an extension.
        let live = ids[0]
        func flip(_ c: Character) -> Character { c == "0" ? "1" : "0" }
        let nearMisses = [String(flip(live.first!)) + live.dropFirst(), String(live.dropLast()) + String(flip(live.last!)),
                          live.uppercased(), String(live.prefix(31)), live + "0"]
        for guess in nearMisses where guess != live {
            let r = try post(h, Self.rect, stream: guess)
            #expect(r.status == 400, "\(guess): \(r.bodyText)")
        }
        #expect(try post(h, Self.rect, stream: live).status == 200)
        // A closed stream's id is not taken again.
        let closedID = ids[1]
        open[1] = try HTTPTestClient(port: h.port)
        var refused = false
        for _ in 0..<200 where !refused {
            refused = try post(h, Self.rect, stream: closedID).status == 400
            if !refused { usleep(10_000) }
        }
        #expect(refused)
    }
}

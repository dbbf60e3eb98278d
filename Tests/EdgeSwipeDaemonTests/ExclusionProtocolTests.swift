#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Navigation
import Testing
import TouchModel
import TouchTrace
@testable import EdgeSwipeDaemon
import EdgeSwipeControl

/// Issue 16 through the control protocol: setExclusions (set, replace, clear, the cap's report, malformed
/// rectangles named with nothing stored, gone when the client disconnects) and setInteractivePopEnabled, on the
/// Unix socket and over HTTP (where the client is the page's event stream, named by `?stream=ID`).
@Suite(.serialized) struct ExclusionProtocolTests {
    // MARK: Decoding

    func decodeError(_ line: String) -> String? {
        if case .failure(let e) = ControlProtocol.decodeRequest(Array(line.utf8)) { return e.error.message }
        return nil
    }

    @Test func requestsDecodeToRectanglesInMillimetres() throws {
        let line = #"{"command":"setExclusions","rects":[{"x":0,"y":20.5,"width":8,"height":30},{"x":90,"y":0,"width":10,"height":5,"screen":"inbox"}]}"#
        guard case .success(let r) = ControlProtocol.decodeRequest(Array(line.utf8)) else {
            Issue.record("not decoded")
            return
        }
        #expect(r.command == .setExclusions([ExclusionRect(x: 0, y: 20.5, width: 8, height: 30),
                                             ExclusionRect(x: 90, y: 0, width: 10, height: 5, screen: "inbox")]))
        guard case .success(let push) = ControlProtocol.decodeRequest(Array(#"{"command":"push","name":"form","interactivePopEnabled":false}"#.utf8)) else {
            Issue.record("push not decoded")
            return
        }
        #expect(push.command == .push(ScreenSpec(name: "form", kind: .plain, interactivePopEnabled: false)))
        guard case .success(let flag) = ControlProtocol.decodeRequest(Array(#"{"command":"setInteractivePopEnabled","screen":"form","enabled":true}"#.utf8)) else {
            Issue.record("flag not decoded")
            return
        }
        #expect(flag.command == .setInteractivePopEnabled(screen: "form", enabled: true))
    }

    @Test func wrongTypesAndCountsAreNamed() {
        #expect(decodeError(#"{"command":"setExclusions"}"#) == #"setExclusions: missing field "rects""#)
        #expect(decodeError(#"{"command":"setExclusions","rects":{"x":1}}"#)
                == #"setExclusions: "rects" must be an array of {x, y, width, height, screen?}"#)
        #expect(decodeError(#"{"command":"setExclusions","rects":[7]}"#) == "setExclusions: rects[0] must be an object, got a number")
        #expect(decodeError(#"{"command":"setExclusions","rects":[{"x":"0","y":0,"width":1,"height":1}]}"#)
                == #"setExclusions: "rects[0].x" must be a number (mm), got a string"#)
        #expect(decodeError(#"{"command":"setExclusions","rects":[{"x":0,"y":0,"width":1}]}"#)
                == #"setExclusions: missing field "rects[0].height""#)
        #expect(decodeError(#"{"command":"setExclusions","rects":[{"x":0,"y":0,"width":1,"height":1,"colour":"red"}]}"#)
                == #"setExclusions: unknown field "rects[0].colour""#)
        #expect(decodeError(#"{"command":"setExclusions","rects":[{"x":0,"y":0,"width":1,"height":1,"screen":3}]}"#)
                == #"setExclusions: "rects[0].screen" must be a non-empty string of at most 256 bytes"#)
        let seventeen = Array(repeating: #"{"x":0,"y":0,"width":1,"height":1}"#, count: 17).joined(separator: ",")
        #expect(decodeError(#"{"command":"setExclusions","rects":[\#(seventeen)]}"#)
                == "setExclusions: 17 rectangles given; at most 16 per client")
        // JSON has no NaN: a client that writes one sends no JSON at all.
        #expect(decodeError(#"{"command":"setExclusions","rects":[{"x":NaN,"y":0,"width":1,"height":1}]}"#)
                == "the line is not valid JSON")
        #expect(decodeError(#"{"command":"setInteractivePopEnabled","screen":"a","enabled":"no"}"#)
                == #"setInteractivePopEnabled: "enabled" must be true or false"#)
        #expect(decodeError(#"{"command":"push","name":"a","interactivePopEnabled":0}"#)
                == #"push: "interactivePopEnabled" must be true or false, got a number"#)
    }

    // MARK: Unix socket

    typealias Rig = ControlSocketAdversarialTests.Rig

    func rig() throws -> Rig {
        let rig = try Rig()
        rig.handler.session.controller.recomputeExclusions(
            devices: [ExclusionGeometry(screen: PhysicalSize(widthMM: 100, heightMM: 160), edgeZoneMM: 5)])
        return rig
    }

    func ask(_ rig: Rig, _ c: TestClient, _ line: String) throws -> JSONValue {
        try c.send(line + "\n")
        let reply = try #require(try rig.line(c))
        return try JSONValue.decode(Array(reply.utf8))
    }

    func exclusionCount(_ rig: Rig, _ c: TestClient) throws -> JSONValue? {
        try ask(rig, c, #"{"command":"state"}"#)["result"]?["exclusions"]
    }

    @Test func setReportsWhatWasStoredAndClippedThenReplaceAndClear() throws {
        let rig = try rig()
        let c = try rig.connect()
        try c.send(#"{"command":"setExclusions","id":1,"rects":[{"x":0,"y":10,"width":8,"height":20},{"x":0,"y":50,"width":8,"height":20}]}"# + "\n")
        // 20 mm of the left edge's 31.75, then 11.75 of the next 20: 8.25 mm cut off its bottom.
        #expect(try rig.line(c) == #"{"command":"setExclusions","id":1,"result":{"capMM":31.75,"#
                + #""capScreen":{"edgeZoneMM":5,"heightMM":160,"widthMM":100},"#
                + #""capScreens":[{"edgeZoneMM":5,"heightMM":160,"widthMM":100}],"#
                + #""clipped":[{"edge":"left","index":1,"kept":{"height":11.75,"width":8,"x":0,"y":50},"removedMM":8.25}],"#
                + #""rects":[{"height":20,"index":0,"width":8,"x":0,"y":10},{"height":11.75,"index":1,"width":8,"x":0,"y":50}]},"#
                + #""type":"reply"}"#)
        #expect(try exclusionCount(rig, c) == .integer(2))
        let replaced = try ask(rig, c, #"{"command":"setExclusions","rects":[{"x":95,"y":70,"width":5,"height":10}]}"#)
        #expect(replaced["result"]?["clipped"] == .array([]))
        #expect(rig.handler.session.controller.exclusions.rects(of: ExclusionOwner(1))
                == [ExclusionRect(x: 95, y: 70, width: 5, height: 10)])
        _ = try ask(rig, c, #"{"command":"setExclusions","rects":[]}"#)
        #expect(try exclusionCount(rig, c) == .integer(0))
    }

    @Test func malformedRectanglesGetAnErrorNamingThemAndNothingIsStored() throws {
        let rig = try rig()
        let c = try rig.connect()
        _ = try ask(rig, c, #"{"command":"setExclusions","rects":[{"x":0,"y":10,"width":8,"height":20}]}"#)
        let cases = [
            (#"{"x":0,"y":0,"width":-3,"height":5}"#, "setExclusions: rects[1]: width is -3.0 mm; it must be more than 0"),
            (#"{"x":0,"y":0,"width":3,"height":5,"screen":"settings"}"#,
             "setExclusions: rects[1]: no screen named 'settings' is on the stack or queued for it"),
            (#"{"x":1e300,"y":0,"width":3,"height":5}"#, "setExclusions: rects[1]: x is 1e+300 mm, beyond ±5000 mm"),
            (#"{"x":0,"y":0,"width":"3","height":5}"#, #"setExclusions: "rects[1].width" must be a number (mm), got a string"#),
        ]
        for (bad, message) in cases {
            let reply = try ask(rig, c, #"{"command":"setExclusions","id":"e","rects":[{"x":0,"y":90,"width":8,"height":5},\#(bad)]}"#)
            #expect(reply["type"] == .string("error") && reply["code"] == .string("badArguments") && reply["id"] == .string("e"))
            #expect(reply["message"] == .string(message))
            #expect(rig.handler.session.controller.exclusions.rects(of: ExclusionOwner(1))
                    == [ExclusionRect(x: 0, y: 10, width: 8, height: 20)])
        }
    }

    @Test func aClientsExclusionsGoWhenItDisconnectsAndOthersStay() throws {
        let rig = try rig()
        let stays = try rig.connect()
        _ = try ask(rig, stays, #"{"command":"setExclusions","rects":[{"x":0,"y":100,"width":8,"height":5}]}"#)
        do {
            let leaves = try rig.connect()
            _ = try ask(rig, leaves, #"{"command":"setExclusions","rects":[{"x":0,"y":10,"width":8,"height":20},{"x":95,"y":0,"width":5,"height":5}]}"#)
            #expect(try exclusionCount(rig, stays) == .integer(3))
        }   // closed
        var count: JSONValue? = nil
        for _ in 0..<50 {
            count = try exclusionCount(rig, stays)
            if count == .integer(1) { break }
        }
        #expect(count == .integer(1))
        #expect(rig.handler.session.controller.exclusions.rects(of: ExclusionOwner(1))
                == [ExclusionRect(x: 0, y: 100, width: 8, height: 5)])
    }

    /// Issue 22: the allowance is shared by all clients, and a client whose rectangles change without its
    /// asking is told on its own connection, subscribed or not; nobody else is. The rig's reports go the way
    /// the service sends them (EdgeSwipeService.output: `.exclusions` -> ControlEvent.exclusions to its owner).
    @Test func theSharedAllowanceIsReportedToItsOwnersOnly() throws {
        let rig = try rig()
        let server = rig.server
        let session = try LiveSession(loop: rig.loop, options: PipelineOptions(), navigation: rig.handler.session) { output in
            if case .exclusions(let r) = output {
                server.publish(ControlEvent.exclusions(r, to: ControlClientID(rawValue: r.owner.rawValue), time: 0))
            }
        }
        rig.handler.afterChange = { session.navigationChanged() }
        let second = try rig.connect()
        let bystander = try rig.subscriber()
        do {
            let first = try rig.connect()
            _ = try ask(rig, first, #"{"command":"setExclusions","rects":[{"x":0,"y":10,"width":8,"height":31.75}]}"#)
            // The left edge's 31.75 mm are the first client's: the second gets nothing, and is told what was cut.
            let reply = try ask(rig, second, #"{"command":"setExclusions","rects":[{"x":0,"y":60,"width":8,"height":20}]}"#)
            #expect(reply["result"]?["rects"] == .array([]))
            #expect(reply["result"]?["clipped"] == .array([.object(["edge": .string("left"), "index": .integer(0),
                                                                    "kept": .null, "removedMM": .integer(20)])]))
        }   // the first client goes
        let freed = try JSONValue.decode(Array(try #require(try rig.line(second)).utf8))
        #expect(freed["type"] == .string("exclusions") && freed["event"] == .string("changed"))
        #expect(freed["cause"] == .string("otherOwner"))
        #expect(freed["result"]?["rects"] == .array([.object(["height": .integer(20), "index": .integer(0), "width": .integer(8),
                                                             "x": .integer(0), "y": .integer(60)])]))
        #expect(freed["result"]?["clipped"] == .array([]))
        // A device arrives: the cap is measured on its screen now (the demo panel, 1599/11 mm wide), so the
        // second client's result changes (its screens) and it is told; the rectangle itself still fits.
        let trace = try TraceReader.read(path: Fixtures.packageRoot.appendingPathComponent("samples/demo-back-swipes.evemu").path)
        _ = try session.addFed(trace.devices[0].description)
        let moved = try JSONValue.decode(Array(try #require(try rig.line(second)).utf8))
        #expect(moved["cause"] == .string("geometry"))
        #expect(moved["result"]?["capScreen"]?["widthMM"] == .number(1599.0 / 11))
        #expect(moved["result"]?["rects"] == freed["result"]?["rects"])
        // The bystander, subscribed to diagnostics, saw none of it.
        #expect(try rig.line(bystander) == nil)
        withExtendedLifetime(session) {}
    }

    @Test func theFlagIsSetPerScreenAndShownInTheState() throws {
        let rig = try rig()
        let c = try rig.connect()
        _ = try ask(rig, c, #"{"command":"push","name":"form","interactivePopEnabled":false}"#)
        rig.handler.session.finish(now: rig.loop.now + 1_000_000)
        let stack = try ask(rig, c, #"{"command":"state"}"#)["result"]?["stack"]
        #expect(stack == .array([
            .object(["name": .string("home"), "kind": .string("plain"), "interactivePopEnabled": .bool(true)]),
            .object(["name": .string("form"), "kind": .string("plain"), "interactivePopEnabled": .bool(false)]),
        ]))
        _ = try ask(rig, c, #"{"command":"setInteractivePopEnabled","screen":"form","enabled":true}"#)
        #expect(rig.handler.session.controller.topScreen?.interactivePopEnabled == true)
        let missing = try ask(rig, c, #"{"command":"setInteractivePopEnabled","screen":"gone","enabled":false}"#)
        #expect(missing["code"] == .string("badArguments"))
        #expect(missing["message"] == .string("no screen named 'gone' is on the stack"))
    }

    // MARK: HTTP

    func post(_ h: HTTPHarness, _ body: String, stream: String? = nil) throws -> HTTPTestResponse {
        let c = try HTTPTestClient(port: h.port)
        let path = "/commands" + (stream.map { "?stream=\($0)" } ?? "")
        try c.send(HTTPTestClient.request("POST", path, headers: ["Authorization": "Bearer \(httpTestToken)"], body: body))
        return try c.response()
    }

    /// Opens an event stream and returns it with the id its hello gives.
    func stream(_ h: HTTPHarness) throws -> (HTTPTestClient, String) {
        let c = try HTTPTestClient(port: h.port)
        try c.send(HTTPTestClient.request("GET", "/events?token=\(httpTestToken)"))
        // The stream is chunked: its hello event is whole when the dechunked body holds it and its blank line.
        let whole = c.read { bytes in
            guard let body = HTTPTestResponse.parse(bytes)?.body else { return false }
            let text = String(decoding: body, as: UTF8.self)
            return text.contains("\"type\":\"hello\"") && text.hasSuffix("\n\n")
        }
        guard whole else { throw TestError("no whole hello on the event stream within 5 s") }
        let text = String(decoding: c.received, as: UTF8.self)
        let json = try #require(text.split(separator: "\n").first { $0.hasPrefix("data: ") }).dropFirst(6)
        guard case .string(let id)? = try JSONValue.decode(Array(json.utf8))["stream"] else {
            throw TestError("no stream id in the hello: \(text)")
        }
        return (c, id)
    }

    func httpExclusions(_ h: HTTPHarness) throws -> JSONValue? {
        let body = try post(h, #"{"command":"state"}"#).bodyText
        return try JSONValue.decode(Array(body.dropLast().utf8))["result"]?["exclusions"]
    }

    @Test func overHTTPExclusionsBelongToThePagesEventStream() throws {
        let h = try HTTPHarness(navigationStack: "home,inbox")
        defer { h.stop() }
        let rect = #"{"command":"setExclusions","rects":[{"x":0,"y":40,"width":10,"height":20,"screen":"inbox"}]}"#
        // Without a stream the rectangles would belong to nobody: refused.
        let alone = try post(h, rect)
        #expect(alone.status == 400 && alone.bodyText.contains("name the page's event stream"))
        let nowhere = try post(h, rect, stream: "123")
        #expect(nowhere.status == 400 && nowhere.bodyText.contains("stream=123: no such event stream is open"))
        let notANumber = try post(h, rect, stream: "abc")
        #expect(notANumber.status == 400)
        #expect(try httpExclusions(h) == .integer(0))
        do {
            let (page, id) = try stream(h)
            let set = try post(h, rect, stream: id)
            #expect(set.status == 200)
            #expect(set.bodyText.contains(#""rects":[{"height":20,"index":0,"screen":"inbox","width":10,"x":0,"y":40}]"#))
            #expect(try httpExclusions(h) == .integer(1))
            let malformed = try post(h, #"{"command":"setExclusions","rects":[{"x":0,"y":40,"width":0,"height":20}]}"#, stream: id)
            #expect(malformed.status == 400 && malformed.bodyText.contains("rects[0]: width is 0.0 mm"))
            #expect(try httpExclusions(h) == .integer(1))
            _ = page
        }   // the page's stream closes
        var count: JSONValue? = nil
        for _ in 0..<100 {
            count = try httpExclusions(h)
            if count == .integer(0) { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(count == .integer(0))
    }

    /// Over HTTP an owner's report goes to its page's event stream alone, whatever classes it asked for.
    @Test func overHTTPAReportGoesToItsStreamOnly() throws {
        let h = try HTTPHarness(navigationStack: "home,inbox")
        defer { h.stop() }
        let (owner, _) = try stream(h)
        let (other, _) = try stream(h)
        // The stream's id is a random key the page names it by; the client id the service routes by is the
        // endpoint's counter, and the owner's stream is this endpoint's first client.
        let client = ControlClientID(rawValue: (1 << 48) + 1)
        let report = ExclusionReport(owner: ExclusionOwner(client.rawValue), cause: .geometry,
                                     result: ExclusionResult(stored: [(0, ExclusionRect(x: 0, y: 1, width: 2, height: 3))],
                                                             clipped: [], devices: [], capMM: 31.75))
        h.publish([ControlEvent.exclusions(report, to: client, time: 2_000_000)])
        func events(_ bytes: [UInt8]) -> [String] { HTTPTestResponse.parse(bytes).map { sseEvents($0.body) } ?? [] }
        #expect(owner.read { events($0).contains { $0.contains(#""type":"exclusions""#) } })
        let event = try #require(events(owner.received).first { $0.contains(#""type":"exclusions""#) })
        #expect(event == #"{"cause":"geometry","event":"changed","result":{"capMM":31.75,"capScreen":null,"capScreens":[],"#
                + #""clipped":[],"rects":[{"height":3,"index":0,"width":2,"x":0,"y":1}]},"time":2,"type":"exclusions"}"#)
        #expect(!other.read(timeout: 0.3) { events($0).contains { $0.contains("exclusions") } })
    }

    @Test func overHTTPTheFlagNeedsNoStream() throws {
        let h = try HTTPHarness(navigationStack: "home,inbox")
        defer { h.stop() }
        let r = try post(h, #"{"command":"setInteractivePopEnabled","screen":"inbox","enabled":false}"#)
        #expect(r.status == 200 && r.bodyText.contains(#"{"interactivePopEnabled":false,"kind":"plain","name":"inbox"}"#))
    }
}

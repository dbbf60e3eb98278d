import EdgeSwipeControl
import Gestures
import Testing
import TouchModel

/// Issue 37 part 2, the protocol (version 8): declareContentRegion, withdrawContentRegion and contentAnswer as the
/// service reads them, every field bad in every way and named with its rule, and the service's contentQuery line
/// as clients read it. The expected values are written from docs/protocol.md's rules, not copied from a run.
@Suite struct ContentRegionProtocolTests {
    func decoded(_ line: String) -> ControlCommand? {
        if case .success(let r) = ControlProtocol.decodeRequest(Array(line.utf8)) { return r.command }
        return nil
    }

    func decodeError(_ line: String) -> String? {
        if case .failure(let e) = ControlProtocol.decodeRequest(Array(line.utf8)) { return e.error.message }
        return nil
    }

    static let declare = #"{"command":"declareContentRegion","#

    @Test func theProtocolIsEightAndItsRequestsNameIt() {
        #expect(ControlProtocol.version == 8)
        #expect(ControlProtocol.contentRegionsVersion == 8)
        for c: ControlCommand in [.withdrawContentRegion("a"), .contentAnswer(seq: 1, .claim),
                                  .declareContentRegion(ContentRegionDeclaration(id: "a", rectMM: ContentRect(x: 0, y: 0, widthMM: 1, heightMM: 1), direction: .ltr))] {
            #expect(c.versionNamed == 8)
            #expect(ControlRequest(command: c).encoded["protocol"] == .integer(8))
        }
        // The hello lists the three commands.
        let hello = ServiceLine(line: ControlProtocol.hello().dropLast())
        guard case .hello(let h)? = hello else { Issue.record("no hello"); return }
        #expect(h.protocolVersion == 8)
        #expect(["declareContentRegion", "withdrawContentRegion", "contentAnswer"].allSatisfy(h.commands.contains))
    }

    @Test func aWholeDeclarationDecodes() {
        let c = decoded(Self.declare + #""region":"list","rect":{"x":10,"y":20.5,"width":200,"height":80},"direction":"rtl"}"#)
        #expect(c == .declareContentRegion(ContentRegionDeclaration(id: "list", rectMM: ContentRect(x: 10, y: 20.5, widthMM: 200, heightMM: 80),
                                                                    direction: .rtl)))
    }

    /// The region's id is `region`: `id` is every request's correlation id, echoed in the reply.
    @Test func theIDIsOneTo64Bytes() {
        let request = try? ControlProtocol.decodeRequest(Array(#"{"command":"withdrawContentRegion","id":3,"region":"r"}"#.utf8)).get()
        #expect(request == ControlRequest(id: .integer(3), command: .withdrawContentRegion("r")))
        let rect = #""rect":{"x":0,"y":0,"width":10,"height":10},"direction":"ltr"}"#
        #expect(decoded(Self.declare + #""region":"\#(String(repeating: "a", count: 64))","# + rect) != nil)
        // 32 two-byte letters are 64 bytes; 33 are 66.
        #expect(decoded(Self.declare + #""region":"\#(String(repeating: "é", count: 32))","# + rect) != nil)
        #expect(decodeError(Self.declare + #""region":"\#(String(repeating: "é", count: 33))","# + rect)
                == #"declareContentRegion: "region": must be 1 to 64 bytes, got 66"#)
        #expect(decodeError(Self.declare + #""region":"","# + rect) == #"declareContentRegion: "region": must be 1 to 64 bytes, got 0"#)
        #expect(decodeError(Self.declare + #""region":"a\u0007b","# + rect) == #"declareContentRegion: "region": must not hold control characters"#)
        #expect(decodeError(Self.declare + #""region":7,"# + rect) == #"declareContentRegion: "region" must be the region's id (a string), got 7"#)
        #expect(decodeError(Self.declare + rect) == #"declareContentRegion: missing field "region""#)
        #expect(decodeError(#"{"command":"withdrawContentRegion"}"#) == #"withdrawContentRegion: missing field "region""#)
        #expect(decodeError(#"{"command":"withdrawContentRegion","region":["a"]}"#)
                == #"withdrawContentRegion: "region" must be the region's id (a string), got an array, ["a"]"#)
    }

    @Test func everyRectFieldIsAFiniteNumberOfMillimetres() {
        func rect(_ body: String) -> String? {
            decodeError(Self.declare + #""region":"r","rect":"# + body + #","direction":"ltr"}"#)
        }
        #expect(rect(#"[0,0,10,10]"#) == #"declareContentRegion: "rect" must be an object {x, y, width, height} (mm), got an array, [0,0,10,10]"#)
        #expect(rect(#"{"y":0,"width":10,"height":10}"#) == #"declareContentRegion: missing field "rect.x""#)
        #expect(rect(#"{"x":"0","y":0,"width":10,"height":10}"#)
                == #"declareContentRegion: "rect.x" must be a number of mm from -10000 to 10000, got a string, "0""#)
        #expect(rect(#"{"x":0,"y":-10001,"width":10,"height":10}"#)
                == #"declareContentRegion: "rect.y" must be a number of mm from -10000 to 10000, got -10001"#)
        #expect(rect(#"{"x":0,"y":0,"width":0,"height":10}"#)
                == #"declareContentRegion: "rect.width" must be a number of mm above 0, at most 10000, got 0"#)
        #expect(rect(#"{"x":0,"y":0,"width":10,"height":-1}"#)
                == #"declareContentRegion: "rect.height" must be a number of mm above 0, at most 10000, got -1"#)
        #expect(rect(#"{"x":0,"y":0,"width":1e400,"height":10}"#) != nil)
        #expect(rect(#"{"x":0,"y":0,"width":10,"height":10,"z":1}"#) == #"declareContentRegion: unknown field "rect.z""#)
        #expect(decodeError(Self.declare + #""region":"r","direction":"ltr"}"#) == #"declareContentRegion: missing field "rect""#)
    }

    @Test func theDirectionIsLtrOrRtl() {
        let head = Self.declare + #""region":"r","rect":{"x":0,"y":0,"width":10,"height":10},"#
        #expect(decodeError(head + #""direction":"LTR"}"#) == #"declareContentRegion: "direction" must be one of "ltr", "rtl", got a string, "LTR""#)
        #expect(decodeError(head + #""direction":null}"#) == #"declareContentRegion: "direction" must be one of "ltr", "rtl", got null"#)
        #expect(decodeError(String(head.dropLast()) + "}") == #"declareContentRegion: missing field "direction""#)
        #expect(decodeError(head + #""direction":"ltr","screen":"x"}"#) == #"declareContentRegion: unknown field "screen""#)
    }

    @Test func anAnswerIsClaimOrYieldWithAReasonAPageGives() {
        let head = #"{"command":"contentAnswer","seq":5,"#
        #expect(decoded(head + #""answer":"claim"}"#) == .contentAnswer(seq: 5, .claim))
        #expect(decoded(head + #""answer":"yield","reason":"scroller"}"#) == .contentAnswer(seq: 5, .yield(.scroller)))
        #expect(decodeError(head + #""answer":"claim","reason":"page"}"#)
                == #"contentAnswer: "reason" is given only with "answer":"yield""#)
        #expect(decodeError(head + #""answer":"yield"}"#) == #"contentAnswer: missing field "reason""#)
        let reasons = #""scroller", "ownSwipes", "scrolled", "page""#
        // The service's own reasons are not a page's to give.
        for r in ["timeout", "ownerGone", "decided", "Scroller"] {
            #expect(decodeError(head + #""answer":"yield","reason":"\#(r)"}"#)
                    == #"contentAnswer: "reason" must be one of \#(reasons), got a string, "\#(r)""#)
        }
        #expect(decodeError(head + #""answer":true}"#) == #"contentAnswer: "answer" must be "claim" or "yield", got a boolean, true"#)
        #expect(decodeError(#"{"command":"contentAnswer","seq":5}"#) == #"contentAnswer: missing field "answer""#)
    }

    @Test func theSeqIsAWholeNumberFromOne() {
        for (seq, shown) in [("0", "0"), ("-3", "-3"), ("2.0", "2.0"), (#""2""#, #"a string, "2""#)] {
            #expect(decodeError(#"{"command":"contentAnswer","seq":\#(seq),"answer":"claim"}"#)
                    == #"contentAnswer: "seq" must be the query's seq (a whole number from 1), got \#(shown)"#)
        }
        #expect(decodeError(#"{"command":"contentAnswer","answer":"claim"}"#) == #"contentAnswer: missing field "seq""#)
        #expect(decodeError(#"{"command":"contentAnswer","seq":1,"answer":"claim","region":"r"}"#) == #"contentAnswer: unknown field "region""#)
    }

    @Test func aServiceBeforeEightRefusesTheVersionNotTheCommand() {
        // A request naming 9 is refused by this service as a version-7 one refuses a request naming 8.
        guard case .failure(let e) = ControlProtocol.decodeRequest(Array(#"{"command":"contentAnswer","seq":1,"answer":"claim","protocol":9}"#.utf8)) else {
            Issue.record("decoded"); return
        }
        #expect(e.error.code == .unsupportedProtocol && e.error.message == "this service speaks protocols 1 to 8, the request asked for 9")
    }

    @Test func theQueryLineIsReadBackByClients() throws {
        let line = ContentQueryJSON.line(seq: 12, region: "carousel", positionMM: Point(x: 51.25, y: 30), direction: .rtl)
        #expect(String(decoding: line, as: UTF8.self)
                == #"{"direction":"rtl","positionMM":{"x":51.25,"y":30},"region":"carousel","seq":12,"type":"contentQuery"}"# + "\n")
        guard case .contentQuery(let q)? = ServiceLine(line: line.dropLast()) else { Issue.record("not a query"); return }
        #expect(q == ServiceContentQuery(seq: 12, region: "carousel", positionMM: Point(x: 51.25, y: 30), direction: .rtl))
        #expect(q.answer(.yield(.scrolled)).command == .contentAnswer(seq: 12, .yield(.scrolled)))
        // A query without its seq, or with an unknown direction, is no query a client can answer.
        for bad in [#"{"type":"contentQuery","region":"r","positionMM":{"x":1,"y":2},"direction":"ltr"}"#,
                    #"{"type":"contentQuery","seq":0,"region":"r","positionMM":{"x":1,"y":2},"direction":"ltr"}"#,
                    #"{"type":"contentQuery","seq":1,"region":"r","positionMM":{"x":1},"direction":"ltr"}"#,
                    #"{"type":"contentQuery","seq":1,"region":"r","positionMM":{"x":1,"y":2},"direction":"up"}"#] {
            guard case .unknown? = ServiceLine(line: Array(bad.utf8)) else { Issue.record("read \(bad)"); continue }
        }
    }
}

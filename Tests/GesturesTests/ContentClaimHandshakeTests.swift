import Testing
@testable import Gestures
import TouchModel

// The claim/yield handshake with the default 17 ms wait: a query asked at 1000 ms times out at 1017 ms
// (1_017_000 µs). The region belongs to client 7.
@Suite struct ContentClaimHandshakeTests {
    let region = ContentRegion(id: "page", rectMM: ContentRect(x: 32, y: 0, widthMM: 64, heightMM: 64), direction: .ltr, owner: 7)
    var point: ContentQueryPoint { ContentQueryPoint(region: region, positionMM: Point(x: 50, y: 34)) }

    func ms(_ v: Double) -> Microseconds { Microseconds(milliseconds: v) }

    /// Asks at 1000 ms and checks the query.
    func asked(_ h: inout ContentClaimHandshake, seq: UInt64 = 1, at t: Double = 1000) {
        let out = h.ask(point, now: ms(t))
        #expect(out == .ask(ContentQuery(seq: seq, region: "page", owner: 7, positionMM: Point(x: 50, y: 34), direction: .ltr, time: ms(t))))
        #expect(h.state == .awaiting && h.nextDeadline == ms(t + 17))
    }

    @Test func aClaimInTimeBeginsTheBack() throws {
        var h = try ContentClaimHandshake()
        asked(&h)
        #expect(h.answer(seq: 1, .claim, from: 7, now: ms(1010)) == .begin)
        #expect(h.state == .claimed && h.nextDeadline == nil && h.bugCount == 0)
    }

    @Test func aYieldInTimeIsThePagesWithItsReason() throws {
        var h = try ContentClaimHandshake()
        asked(&h)
        #expect(h.answer(seq: 1, .yield(.scroller), from: 7, now: ms(1016.999)) == .yield(.scroller))
        #expect(h.state == .yielding && h.yieldReason == .scroller)
    }

    @Test func noAnswerByTheDeadlineYieldsAndTheLateAnswerIsCounted() throws {
        var h = try ContentClaimHandshake()
        asked(&h)
        #expect(h.deadlineReached(now: ms(1016.999)) == nil)
        #expect(h.deadlineReached(now: ms(1017)) == .yield(.timeout))
        #expect(h.answer(seq: 1, .claim, from: 7, now: ms(1020)) == .ignored(.late))
        #expect(h.state == .yielding && h.ignored(.late) == 1)

        // The answer at the deadline itself, before the timer fired: the deadline decides first.
        var g = try ContentClaimHandshake()
        asked(&g)
        #expect(g.answer(seq: 1, .claim, from: 7, now: ms(1017)) == .yield(.timeout))
        #expect(g.ignored(.late) == 1 && g.state == .yielding)
    }

    @Test func aSecondAnswerForOneSeqIsADuplicate() throws {
        var h = try ContentClaimHandshake()
        asked(&h)
        #expect(h.answer(seq: 1, .claim, from: 7, now: ms(1005)) == .begin)
        #expect(h.answer(seq: 1, .yield(.page), from: 7, now: ms(1006)) == .ignored(.duplicate))
        #expect(h.answer(seq: 1, .claim, from: 7, now: ms(1007)) == .ignored(.duplicate))
        #expect(h.state == .claimed && h.ignored(.duplicate) == 2)
    }

    @Test func anAnswerForAnotherSeqIsStale() throws {
        var h = try ContentClaimHandshake()
        asked(&h)
        _ = h.answer(seq: 1, .yield(.ownSwipes), from: 7, now: ms(1005))
        h.lift(now: ms(1100))
        asked(&h, seq: 2, at: 2000)
        // The first touch's seq, and one never asked: both stale; the query still waits.
        #expect(h.answer(seq: 1, .claim, from: 7, now: ms(2001)) == .ignored(.stale))
        #expect(h.answer(seq: 99, .claim, from: 7, now: ms(2002)) == .ignored(.stale))
        #expect(h.state == .awaiting && h.ignored(.stale) == 2)
        #expect(h.answer(seq: 2, .claim, from: 7, now: ms(2003)) == .begin)
    }

    @Test func anAnswerFromAnotherClientChangesNothing() throws {
        var h = try ContentClaimHandshake()
        asked(&h)
        #expect(h.answer(seq: 1, .claim, from: 8, now: ms(1001)) == .ignored(.notOwner))
        #expect(h.state == .awaiting && h.ignored(.notOwner) == 1)
        // A flood of them is only counted: the deadline still decides.
        for k in 0..<10_000 { _ = h.answer(seq: 1, .claim, from: 8, now: ms(1002 + Double(k) / 1000)) }
        #expect(h.ignored(.notOwner) == 10_001 && h.state == .awaiting)
        #expect(h.deadlineReached(now: ms(1017)) == .yield(.timeout))
    }

    @Test func theOwnerGoingAwayYields() throws {
        var h = try ContentClaimHandshake()
        asked(&h)
        // Another client going away is nothing to this query.
        #expect(h.ownerGone(8, now: ms(1003)) == nil && h.state == .awaiting)
        #expect(h.ownerGone(7, now: ms(1004)) == .yield(.ownerGone))
        #expect(h.nextDeadline == nil)
        // Its answer, had it been sent before it closed, arrives late.
        #expect(h.answer(seq: 1, .claim, from: 7, now: ms(1005)) == .ignored(.late))
    }

    @Test func aTouchThatScrolledStaysThePagesUntilItLifts() throws {
        var h = try ContentClaimHandshake()
        asked(&h)
        #expect(h.answer(seq: 1, .yield(.scrolled), from: 7, now: ms(1005)) == .yield(.scrolled))
        // Asked again within the same touch: yield at once, no query (the seq stays 1).
        #expect(h.ask(point, now: ms(1200)) == .yield(.scrolled))
        #expect(h.state == .yielding && h.query?.seq == 1)
        h.lift(now: ms(1300))
        #expect(h.state == .idle)
        asked(&h, seq: 2, at: 1400)
    }

    @Test func oneBackPerTouch() throws {
        var h = try ContentClaimHandshake()
        asked(&h)
        _ = h.answer(seq: 1, .claim, from: 7, now: ms(1002))
        #expect(h.ask(point, now: ms(1100)) == .yield(.decided))
        #expect(h.state == .claimed)
    }

    @Test func theWaitIsBounded() throws {
        #expect(ContentHandshakeConfig(answerWaitMS: 4).problems().isEmpty)
        #expect(ContentHandshakeConfig(answerWaitMS: 50).problems().isEmpty)
        #expect(ContentHandshakeConfig(answerWaitMS: 3.9).problems() == ["content answer wait (ms) must be 4 to 50, not 3.9"])
        #expect(ContentHandshakeConfig(answerWaitMS: 51).problems().count == 1)
        #expect(throws: ContentHandshakeConfigError.self) { try ContentClaimHandshake(config: ContentHandshakeConfig(answerWaitMS: .infinity)) }
    }

    @Test func theRecognizerWaitsInReadyForTheAnswer() throws {
        let s = TestSurface()
        let r = try ContentSwipeRecognizer(config: ContentSwipeConfig(), transform: s.transform,
                                           edgeBands: EdgeBands(edges: [.left], widthMM: 5))
        r.declare(region)
        var h = try ContentClaimHandshake()
        var events: [GestureEvent] = []
        let down = s.frame(1000, s.contact(1, .down, 40, 32))
        r.advance(down, now: down.time, into: &events)
        #expect(r.pendingQuery == nil)
        // 10 mm right: ready, not begun; the query carries the finger's position.
        let moved = s.frame(1008, s.contact(1, .move, 50, 32))
        r.advance(moved, now: moved.time, into: &events)
        let q = try #require(r.pendingQuery)
        #expect(events.isEmpty && r.state == .possible && q.positionMM == Point(x: 50, y: 32))
        guard case .ask(let query)? = h.ask(q, now: moved.time) else { Issue.record("no query"); return }
        // A frame while the answer is awaited: still no event. Then the claim: began, at the newest frame's 14 mm.
        let waiting = s.frame(1016, s.contact(1, .move, 54, 32))
        r.advance(waiting, now: waiting.time, into: &events)
        #expect(events.isEmpty)
        // Asked at 1008 ms, so the deadline is 1025 ms: a claim at 1020 ms is in time.
        #expect(h.answer(seq: query.seq, .claim, from: 7, now: ms(1020)) == .begin)
        r.begin(into: &events)
        r.finishFrame(waiting, into: &events)
        #expect(events.map(\.phase) == [.began] && events.first?.kind == .content)
        #expect(events.first?.translationMM == 14)
    }
}

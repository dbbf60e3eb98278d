import Testing
import TouchInput
@testable import Gestures
import TouchModel

// The early test on the 128 × 64 mm test surface (left edge, default contract, slop 2.8 mm): a touch in the edge
// zone fails with movedAlongEdge as soon as its motion since touch-down is more along the edge than inward and over
// the slop along it, and an owning forwarder then holds it no longer (its claim is free before the finger lifts).
@Suite struct EarlyAlongEdgeTests {
    let s = TestSurface()

    @Test func moreAlongThanInwardPastTheSlopFailsInThatFrame() throws {
        let a = GestureArena(transform: s.transform)
        try a.add(EdgeSwipeConfig())
        _ = a.process(s.frame(0, s.contact(1, .down, 2, 32)), now: 0)
        #expect(a.claim(ofContact: 1) == .held)
        // 2.75 mm along, 0.5 in: under the slop: still held.
        #expect(a.process(s.frame(10, s.contact(1, .move, 2.5, 34.75)), now: 10_000).isEmpty)
        #expect(a.claim(ofContact: 1) == .held)
        // 3 mm along (> 2.8 and > 0.5 in): failed here, 20 ms after touch-down, far from the 10 mm drift limit.
        let e = a.process(s.frame(20, s.contact(1, .move, 2.5, 35)), now: 20_000)
        #expect(e.map(\.phase) == [.failed])
        #expect(e.first?.failureReason == .movedAlongEdge(mm: 3))
        #expect(a.claim(ofContact: 1) == .free)
    }

    @Test func aMotionMoreInwardThanAlongIsNotFailedAndBegins() throws {
        let r = try s.recognizer()
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 32)))
        // 3 along but 3.5 in: more inward.
        #expect(feed(r, s.frame(10, s.contact(1, .move, 5.5, 35))).isEmpty)
        #expect(r.state == .possible)
        // 6 in, 3 along (≤ tan 30° × 6 = 3.46): begins.
        #expect(feed(r, s.frame(20, s.contact(1, .move, 8, 35))).first?.phase == .began)
    }

    @Test func alongEqualToInwardIsNotMoreAlong() throws {
        let r = try s.recognizer()
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 32)))
        // 3 along, 3 in: not more along than inward.
        #expect(feed(r, s.frame(10, s.contact(1, .move, 5, 29))).isEmpty)
        // 3.5 along (upward), 3 in: more along, over 2.8: fails.
        #expect(feed(r, s.frame(20, s.contact(1, .move, 5, 28.5))).first?.failureReason == .movedAlongEdge(mm: 3.5))
    }

    @Test(arguments: [1.0, 3.0, 8.0])
    func theSlopIsConfigurable(slop: Double) throws {
        let r = try s.recognizer(EdgeSwipeConfig(alongEdgeSlopMM: slop))
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 32)))
        // Straight down the edge, 0.5 mm per frame: fails in the first frame over the slop.
        var failedAt: Double?
        for k in 1...19 where failedAt == nil {
            let along = 0.5 * Double(k)
            if let e = feed(r, s.frame(Double(10 * k), s.contact(1, .move, 2, 32 + along))).first {
                #expect(e.failureReason == .movedAlongEdge(mm: along))
                failedAt = along
            }
        }
        #expect(failedAt == slop + 0.5)
    }

    @Test func aSlopOverTheDriftLimitLeavesTheDriftLimit() throws {
        let r = try s.recognizer(EdgeSwipeConfig(alongEdgeSlopMM: 1000))
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 32)))
        #expect(feed(r, s.frame(10, s.contact(1, .move, 2, 42))).isEmpty)   // 10 mm: at the limit
        #expect(feed(r, s.frame(20, s.contact(1, .move, 2, 42.5))).first?.failureReason == .perpendicularDrift(mm: 10.5))
    }

    @Test func theSlopIsChecked() {
        #expect(EdgeSwipeConfig(alongEdgeSlopMM: 0).problems() == ["along-edge slop (mm) must be a positive number, not 0.0"])
    }
}

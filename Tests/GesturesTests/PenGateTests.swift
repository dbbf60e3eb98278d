import Testing
import TouchInput
@testable import Gestures
import TouchModel

// Issue 36's pen gate on the 128 × 64 mm test surface, left and right edge recognizers: in proximity, out,
// lingering 90 ms; tilt right and left (the hand's side from the tip - 20 mm / + 20 mm); a touch begun during
// proximity kept after the pen leaves; a stuck pen.
@Suite struct PenGateTests {
    let s = TestSurface()

    func arena(_ config: PenGateConfig = PenGateConfig()) throws -> GestureArena {
        let a = GestureArena(transform: s.transform)
        try a.add(EdgeSwipeConfig(edges: [.left]))
        try a.add(EdgeSwipeConfig(edges: [.right]))
        a.penGate = PenGate(config: config)
        return a
    }

    func pen(_ ms: Double, _ inProximity: Bool, x: Double = 64, tilt: Double = 0) -> PenSample {
        PenSample(time: Microseconds(milliseconds: ms), inProximity: inProximity, positionMM: Point(x: x, y: 30), tiltXDegrees: tilt)
    }

    /// The failure reasons of a touch-down at `x` at `ms`.
    func touchDown(_ a: GestureArena, _ ms: Double, x: Double, id: Int = 1) -> [GestureFailureReason] {
        a.process(s.frame(ms, s.contact(id, .down, x, 32)), now: Microseconds(milliseconds: ms)).compactMap(\.failureReason)
    }

    @Test(arguments: [2.0, 126.0])
    func inProximityWithoutTiltEveryBandIsGated(x: Double) throws {
        let a = try arena()
        a.penChanged(pen(0, true))
        #expect(touchDown(a, 10, x: x).contains(.penInProximity(msSinceOut: nil)))
        #expect(a.claim(ofContact: 1) == .free)
    }

    @Test func noPenNoGate() throws {
        let a = try arena()
        #expect(touchDown(a, 10, x: 2) == [.notInEdgeZone])   // the right recognizer only
    }

    // Tilted right (hand to the right of a tip at 64 mm): gated from 44 mm rightward; the left band is free.
    @Test func tiltRightGatesTheRightBandOnly() throws {
        let a = try arena()
        a.penChanged(pen(0, true, tilt: 30))
        #expect(touchDown(a, 10, x: 126) == [.penInProximity(msSinceOut: nil)])
        _ = a.process(s.frame(20, s.contact(1, .up, 126, 32)), now: 20_000)
        let left = touchDown(a, 30, x: 2, id: 2)
        #expect(left == [.notInEdgeZone])   // the right recognizer, as without a pen
        #expect(a.process(s.frame(40, s.contact(2, .move, 10, 32)), now: 40_000).map(\.phase) == [.began])
    }

    @Test func tiltLeftGatesTheLeftBandOnly() throws {
        let a = try arena()
        a.penChanged(pen(0, true, tilt: -30))
        #expect(touchDown(a, 10, x: 2) == [.penInProximity(msSinceOut: nil)])
        _ = a.process(s.frame(20, s.contact(1, .up, 2, 32)), now: 20_000)
        #expect(touchDown(a, 30, x: 126, id: 2) == [.notInEdgeZone])
    }

    // The hand margin: tilted right with the tip at 24 mm, the gated side starts at 4 mm, so a touch at 4 mm (the
    // left band) is gated, at 3.9 mm not.
    @Test(arguments: [(3.9, false), (4.0, true), (4.1, true)])
    func handMargin(x: Double, gated: Bool) throws {
        var g = PenGate()
        g.update(pen(0, true, x: 24, tilt: 10))
        #expect(g.decision(at: Point(x: x, y: 32), now: 1000) == (gated ? .gated(msSinceOut: nil) : .open))
    }

    @Test func configuredHandednessWinsOverTilt() {
        var g = PenGate(config: PenGateConfig(handedness: .left))
        g.update(pen(0, true, x: 64, tilt: 30))
        #expect(g.handSide == .left)
        #expect(g.decision(at: Point(x: 126, y: 32), now: 1000) == .open)
        #expect(g.decision(at: Point(x: 2, y: 32), now: 1000) == .gated(msSinceOut: nil))
    }

    // Out at 1000 ms: gated below 90 ms after, open at and above.
    @Test(arguments: [(1089.0, true), (1090.0, false), (1091.0, false)])
    func lingerAfterProximityOut(ms: Double, gated: Bool) throws {
        let a = try arena()
        a.penChanged(pen(0, true))
        a.penChanged(pen(1000, false))
        let reasons = touchDown(a, ms, x: 2)
        #expect(reasons.contains(.penInProximity(msSinceOut: ms - 1000)) == gated)
        #expect(reasons == (gated ? [.penInProximity(msSinceOut: ms - 1000)] : [.notInEdgeZone]))
    }

    @Test func aHandThatLandedDuringProximityStaysGatedUntilItLiftsWhileAFingerAfterThePenSwipes() throws {
        let a = try arena()
        a.penChanged(pen(0, true))
        #expect(touchDown(a, 10, x: 2) == [.penInProximity(msSinceOut: nil)])
        a.penChanged(pen(500, false))
        // The hand slides inward 20 mm after the pen left: no swipe.
        for k in 1...10 {
            let e = a.process(s.frame(600 + Double(k) * 10, s.contact(1, .move, 2 + 2 * Double(k), 32)), now: Microseconds(milliseconds: 600 + Double(k) * 10))
            #expect(e.isEmpty)
        }
        #expect(a.claim(ofContact: 1) == .free)
        // A finger on the right band, long after the linger: swipes, the hand still down.
        let hand = s.contact(1, .move, 22, 32)
        _ = a.process(s.frame(800, hand, s.contact(2, .down, 126, 20)), now: 800_000)
        #expect(a.process(s.frame(820, hand, s.contact(2, .move, 118, 20)), now: 820_000).map(\.phase) == [.began])
    }

    @Test func aStuckPenStopsGatingAndSaysSoOnce() throws {
        let a = try arena()
        let lines = LogLines()
        a.logSink = lines.sink
        a.penChanged(pen(0, true))
        #expect(touchDown(a, 29_999, x: 2) == [.penInProximity(msSinceOut: nil)])
        _ = a.process(s.frame(29_999.5, s.contact(1, .up, 2, 32)), now: 29_999_500)
        #expect(touchDown(a, 30_000, x: 2, id: 2) == [.notInEdgeZone])
        _ = a.process(s.frame(30_001, s.contact(2, .up, 2, 32)), now: 30_001_000)
        #expect(touchDown(a, 31_000, x: 2, id: 3) == [.notInEdgeZone])
        #expect(lines.lines.filter { $0.contains("taken for stuck") }.count == 1)
        // It moves: gating again.
        a.penChanged(pen(31_500, true, x: 70))
        _ = a.process(s.frame(31_600, s.contact(3, .up, 2, 32)), now: 31_600_000)
        #expect(touchDown(a, 31_700, x: 2, id: 4) == [.penInProximity(msSinceOut: nil)])
    }

    @Test func badConfigurationIsNamed() {
        #expect(PenGateConfig(lingerMS: -1).problems().first?.hasPrefix("pen linger (ms)") == true)
        #expect(PenGateConfig(handMarginMM: .infinity).problems().first?.hasPrefix("pen hand margin (mm)") == true)
        #expect(PenGateConfig(stuckMS: 0).problems().first?.hasPrefix("pen stuck time (ms)") == true)
        #expect(PenGateConfig().problems().isEmpty)
    }
}

import EdgeSwipeControl
import EdgeSwipeFeedback
import Gestures
import Testing
import TouchModel

// The arrow over one back gesture: expected states from the protocol's sequences (docs/protocol.md, "Observer"),
// times chosen by hand.

private func event(_ kind: BackObservation.Kind, gesture: Int = 7, side: ArrowSide = .left, progress: Double = 0.1,
                   y: Double = 70, armed: Bool = false) -> BackObservation {
    BackObservation(kind: kind, gestureID: gesture, edge: side == .left ? .left : .right, progress: progress,
                    positionMM: Point(x: 20, y: y), armed: armed)
}

@Suite struct ArrowMachineTests {
    @Test func nothingIsShownBeforeAStart() {
        var m = ArrowMachine()
        #expect(m.pose(now: 1_000_000) == nil)
        // Events of a gesture begun before the observer connected draw nothing.
        for kind in [BackObservation.Kind.progressed, .armed, .disarmed, .invoked, .cancelled] {
            m.observe(event(kind), now: 1_000_000)
            #expect(m.pose(now: 1_000_000) == nil, "after \(kind)")
            #expect(!m.animating)
        }
    }

    @Test func followsTheFingerAndItsArmedState() {
        var m = ArrowMachine()
        m.observe(event(.started, progress: 0.02, y: 70), now: 1_000_000)
        #expect(m.pose(now: 1_000_000) == ArrowPose(side: .left, gestureID: 7, yMM: 70, progress: 0.02, armed: false))
        m.observe(event(.progressed, progress: 0.3, y: 72.5), now: 1_016_000)
        #expect(m.pose(now: 1_016_000)?.yMM == 72.5)
        #expect(m.pose(now: 1_016_000)?.progress == 0.3)
        m.observe(event(.armed, progress: 0.55, y: 73, armed: true), now: 1_032_000)
        #expect(m.pose(now: 1_032_000)?.armed == true)
        m.observe(event(.disarmed, progress: 0.45, y: 73, armed: false), now: 1_048_000)
        #expect(m.pose(now: 1_048_000)?.armed == false)
        // Following never animates by itself: no frames are asked for while the finger rests.
        #expect(!m.animating)
        #expect(m.pose(now: 9_000_000)?.presence == 1)
    }

    @Test func leavesOverItsDurationAfterTheEnd() {
        var m = ArrowMachine(leaveDuration: 150_000)
        m.observe(event(.started), now: 1_000_000)
        m.observe(event(.invoked, progress: 0.8, y: 80, armed: true), now: 2_000_000)
        #expect(m.animating)
        #expect(m.pose(now: 2_000_000) == ArrowPose(side: .left, gestureID: 7, yMM: 80, progress: 0.8, armed: true, presence: 1))
        #expect(m.pose(now: 2_075_000)?.presence == 0.5)
        #expect(abs((m.pose(now: 2_120_000)?.presence ?? 0) - 0.2) < 1e-12)
        #expect(m.pose(now: 2_150_000) == nil)
        #expect(m.state == .hidden)
        #expect(!m.animating)
    }

    @Test func aCancelLeavesDisarmedAnInvokeArmed() {
        for (kind, look) in [(BackObservation.Kind.cancelled, false), (.invoked, true)] {
            var m = ArrowMachine()
            m.observe(event(.started), now: 0)
            m.observe(event(.armed, progress: 0.6, armed: true), now: 10_000)
            m.observe(event(kind, progress: 0.6, armed: true), now: 20_000)
            #expect(m.pose(now: 20_000)?.armed == look, "\(kind)")
        }
    }

    @Test func anotherGesturesEventsDoNotMoveTheArrow() {
        var m = ArrowMachine()
        m.observe(event(.started, gesture: 7, y: 50), now: 0)
        m.observe(event(.progressed, gesture: 8, y: 90), now: 10_000)
        m.observe(event(.invoked, gesture: 8, y: 90), now: 20_000)
        #expect(m.pose(now: 20_000)?.yMM == 50)
        #expect(!m.animating)
    }

    @Test func aNewSwipeTakesOverALeavingArrowAtOnce() {
        var m = ArrowMachine()
        m.observe(event(.started, gesture: 7), now: 0)
        m.observe(event(.cancelled, gesture: 7), now: 100_000)
        m.observe(event(.progressed, gesture: 7, y: 10), now: 110_000)  // a stray of the ended gesture
        #expect(m.pose(now: 110_000)?.gestureID == 7)
        #expect(m.pose(now: 110_000)?.yMM == 70)
        m.observe(event(.started, gesture: 8, side: .right, y: 30), now: 120_000)
        #expect(m.pose(now: 120_000) == ArrowPose(side: .right, gestureID: 8, yMM: 30, progress: 0.1, armed: false))
        #expect(!m.animating)
    }
}

import Testing
@testable import Gestures
import TouchModel

// The `ready` state (activation met, waiting for arbitration) and the one transition function, on the
// 128 × 64 mm test surface with the default contract (left edge, zone 5 mm, activation 6 mm, timeout 250 ms,
// landing window 100 ms).
@Suite struct ReadyStateTests {
    let s = TestSurface()

    /// left-1 waits for "long" (same edge, 20 mm to activate, 150 ms timeout) to fail. Touch-down at 2 mm,
    /// 8 mm at 10 ms: 6 mm inward, so left-1 is ready; the finger then rests, so "long" fails by its timeout
    /// 150 ms after touch-down, and in that frame left-1 begins, although it was ready for 140 ms.
    @Test func aReadyRecognizerWaitsForTheOneItRequiresToFailThenBegins() throws {
        let arena = GestureArena(transform: s.transform)
        try arena.add(EdgeSwipeConfig())
        try arena.add(EdgeSwipeConfig(name: "long", activationDistanceMM: 20, activationTimeoutMS: 150))
        try arena.require("left-1", toFail: "long")
        let log = LogLines()
        arena.logSink = log.sink
        #expect(arena.process(s.frame(0, s.contact(1, .down, 2, 32)), now: 0) == [])
        #expect(arena.process(s.frame(10, s.contact(1, .move, 8, 32)), now: 10_000) == [])
        #expect(arena.state(of: "left-1") == .possible)
        // Ready has no activation timeout: the only pending deadline is that of "long".
        #expect(arena.nextDeadline == 150_000)
        for ms in stride(from: 20.0, through: 140, by: 10) {
            #expect(arena.process(s.frame(ms, s.contact(1, .move, 8, 32)), now: Microseconds(milliseconds: ms)) == [])
        }
        let e = arena.process(s.frame(150, s.contact(1, .move, 8, 32)), now: 150_000)
        #expect(e.map { "\($0.recognizer) \($0.phase.rawValue)" } == ["long failed", "left-1 began"])
        #expect(e.first?.failureReason == .activationTimeout(ms: 150))
        #expect(e.last?.time == 150_000)
        #expect(log.lines.filter { $0.hasPrefix("left-1") } == [
            "left-1: possible → activation (left, inward 6 mm, along 0 mm) → ready",
            "left-1: ready → begin → began",
        ])
    }

    /// While ready the finger is still followed: lifting it fails the recognizer from ready.
    @Test func aLiftWhileReadyFails() throws {
        let r = try s.recognizer()
        let log = LogLines()
        r.logSink = log.sink
        var events: [GestureEvent] = []
        r.advance(s.frame(0, s.contact(1, .down, 2, 32)), now: 0, into: &events)
        r.advance(s.frame(10, s.contact(1, .move, 8, 32)), now: 10_000, into: &events)
        #expect(r.swipeState == .ready)
        #expect(r.nextDeadline == nil)
        // Long past the 250 ms activation timeout: a ready recognizer does not time out.
        r.deadlineReached(now: 1_000_000, into: &events)
        #expect(events.isEmpty)
        r.advance(s.frame(20, s.contact(1, .up, 9, 32)), now: 20_000, into: &events)
        #expect(events.map(\.phase) == [.failed])
        #expect(events.first?.failureReason == .liftedBeforeBegin)
        #expect(log.lines.last == "left-1: ready → lifted before the swipe began → failed")
    }

    /// Every input that is not valid in a state is reported as a bug and changes nothing, in each state.
    @Test func inputsThatAreNotValidInAStateAreBugsAndLeaveTheState() throws {
        let r = try s.recognizer()
        var events: [GestureEvent] = []
        func rejects(_ inputs: [SwipeInput], in state: SwipeState) {
            for input in inputs {
                let bugs = r.bugCount
                r.transition(input, time: 0, into: &events)
                #expect(r.swipeState == state, "\(input) in \(state)")
                #expect(r.bugCount == bugs + 1, "\(input) in \(state)")
            }
            #expect(events.isEmpty)
        }
        rejects([.begin, .move, .lift, .contactsCancelled], in: .possible)
        r.advance(s.frame(0, s.contact(1, .down, 2, 32)), now: 0, into: &events)
        r.advance(s.frame(10, s.contact(1, .move, 8, 32)), now: 10_000, into: &events)
        rejects([.activation(.left), .move, .lift, .contactsCancelled], in: .ready)
        r.begin(into: &events)
        #expect(events.map(\.phase) == [.began])
        events.removeAll()
        rejects([.activation(.left), .begin, .fail(.wrongDirection)], in: .began)
        r.advance(s.frame(20, s.contact(1, .up, 11, 32)), now: 20_000, into: &events)
        #expect(events.map(\.phase) == [.ended])
        events.removeAll()
        rejects([.activation(.left), .begin, .fail(.wrongDirection), .move, .lift, .contactsCancelled], in: .ended)
    }
}

import EdgeSwipeControl
import Foundation  // replacingOccurrences
import EdgeSwipeHaptics
import Gestures
import Testing
import TouchModel

// Expected cues come from the rule as docs/protocol.md and issue 25 state it: one pulse when the back arms,
// one when it disarms, none for anything else; times are those of a swipe as the service reports it.

/// A frame time in seconds on the service's clock, as the `time` field carries it.
private func at(_ seconds: Double) -> Microseconds { Microseconds(seconds: seconds) }

private func run(_ events: [(Int, BackObservation.Kind, Double)], delayMs: Double = 2,
                 decision: HapticDecision = HapticDecision()) -> [HapticCue] {
    var decision = decision
    return events.compactMap { gesture, kind, time in
        let event = BackObservation(kind: kind, gestureID: gesture, frameTime: at(time))
        return decision.decide(event, now: at(time) + Microseconds(milliseconds: delayMs))
    }
}

@Suite struct HapticDecisionTests {
    @Test func aSwipeThatArmsAndCompletesIsFeltOnceAtTheArm() {
        let cues = run([(7, .started, 4.200), (7, .progressed, 4.216), (7, .progressed, 4.233), (7, .progressed, 4.250),
                        (7, .armed, 4.266), (7, .progressed, 4.283), (7, .invoked, 4.300)])
        #expect(cues == [.armed])
    }

    @Test func armDisarmArmIsThreePulses() {
        let cues = run([(3, .started, 1.000), (3, .armed, 1.120), (3, .disarmed, 1.260), (3, .armed, 1.400),
                        (3, .invoked, 1.450)])
        #expect(cues == [.armed, .disarmed, .armed])
    }

    @Test func aTapAtTheEdgeAndAShortSwipeAreNotFelt() {
        #expect(run([(1, .started, 0.500), (1, .cancelled, 0.540)]).isEmpty)
        #expect(run([(2, .started, 0.800), (2, .progressed, 0.816), (2, .progressed, 0.833), (2, .cancelled, 0.850)]).isEmpty)
        // A swipe that never armed and was thrown back by a fling completes without a pulse.
        #expect(run([(4, .started, 2.000), (4, .progressed, 2.016), (4, .invoked, 2.040)]).isEmpty)
    }

    @Test func aRepeatedArmedOrDisarmedIsNotFeltAgain() {
        let cues = run([(5, .started, 3.000), (5, .armed, 3.100), (5, .armed, 3.200), (5, .disarmed, 3.300),
                        (5, .disarmed, 3.400), (5, .cancelled, 3.500)])
        #expect(cues == [.armed, .disarmed])
    }

    @Test func theReleaseOrALostTargetWhileArmedIsNotFelt() {
        #expect(run([(6, .started, 5.000), (6, .armed, 5.100), (6, .cancelled, 5.150)]) == [.armed])
        // The next gesture begins disarmed: its disarmed event (hysteresis reported it) is no change.
        #expect(run([(6, .started, 5.000), (6, .armed, 5.100), (6, .cancelled, 5.150),
                     (9, .started, 6.000), (9, .disarmed, 6.100)]) == [.armed])
    }

    @Test func anObserverThatJoinsMidGestureFollowsWhatItIsTold() {
        // Registered after the start: the first event it sees is the arm.
        #expect(run([(8, .armed, 7.000), (8, .disarmed, 7.200)]) == [.armed, .disarmed])
        // An end that never came: the next gesture's events start over, disarmed.
        #expect(run([(8, .started, 7.000), (8, .armed, 7.100), (10, .started, 8.000), (10, .armed, 8.100)]) == [.armed, .armed])
        #expect(run([(8, .started, 7.000), (8, .armed, 7.100), (10, .disarmed, 8.000)]) == [.armed])
    }

    @Test func aCueLaterThanTheBoundIsDroppedAndTheStateStillFollows() {
        var decision = HapticDecision()
        #expect(decision.maxLateness == Microseconds(100_000))
        let armed = BackObservation(kind: .armed, gestureID: 11, frameTime: at(9.262))
        // 100 ms after the frame: still felt; 100.001 ms: not.
        var onTime = decision
        #expect(onTime.decide(armed, now: at(9.262) + Microseconds(100_000)) == .armed)
        #expect(decision.decide(armed, now: at(9.262) + Microseconds(100_001)) == nil)
        // The dropped arm still counts: the disarm that follows on time is felt, a second arm is a change again.
        #expect(decision.decide(BackObservation(kind: .disarmed, gestureID: 11, frameTime: at(9.400)), now: at(9.401)) == .disarmed)
        #expect(decision.decide(BackObservation(kind: .armed, gestureID: 11, frameTime: at(9.500)), now: at(9.501)) == .armed)
    }

    /// One decoder for the arrow and the haptics (EdgeSwipeControl's BackObservation): the haptics take an observer's
    /// line as the arrow does, with the frame's kernel time; a cue whose frame time is unknown cannot be bounded and
    /// is not played, and the state still follows it.
    @Test func theObserversLineDecodesOnceForBothAndNoFrameTimeIsNoCue() throws {
        let text = #"{"event":"armed","gesture":{"armed":true,"edge":"left","positionMM":{"x":30,"y":70},"progress":0.6,"time":9.262},"#
            + #""gestureId":11,"handler":2,"role":"observer","type":"back"}"#
        let armed = try #require(BackObservation(observerLine: try JSONValue.decode(Array(text.utf8))))
        #expect(armed == BackObservation(kind: .armed, gestureID: 11, edge: .left, progress: 0.6, positionMM: Point(x: 30, y: 70),
                                         armed: true, frameTime: at(9.262)))
        var decision = HapticDecision()
        #expect(decision.decide(armed, now: at(9.263)) == .armed)
        var unknown = HapticDecision()
        #expect(unknown.decide(BackObservation(kind: .armed, gestureID: 11), now: at(9.263)) == nil)
        #expect(unknown.decide(BackObservation(kind: .disarmed, gestureID: 11, frameTime: at(9.3)), now: at(9.3)) == .disarmed)
        // A target's line is not an observer's.
        let target = text.replacingOccurrences(of: #""role":"observer""#, with: #""role":"target""#)
        #expect(BackObservation(observerLine: try JSONValue.decode(Array(target.utf8))) == nil)
    }

    @Test func aFrameTimeAheadOfNowIsOnTime() {
        var decision = HapticDecision()
        #expect(decision.decide(BackObservation(kind: .armed, gestureID: 1, frameTime: at(2.000)), now: at(1.999)) == .armed)
    }

    @Test func theBoundIsAParameter() {
        let strict = HapticDecision(maxLateness: Microseconds(milliseconds: 5))
        #expect(run([(1, .armed, 1.0)], delayMs: 6, decision: strict).isEmpty)
        #expect(run([(1, .armed, 1.0)], delayMs: 5, decision: strict) == [.armed])
    }
}

@Suite struct HapticsFacadeTests {
    final class Recorder: HapticOutput {
        var name: String { "recorder" }
        var played: [HapticCue] = []
        func play(_ cue: HapticCue) { played.append(cue) }
    }

    @Test func playsExactlyTheDecidedCuesAndCountsThem() {
        let recorder = Recorder()
        let haptics = Haptics(output: recorder)
        let events: [(BackObservation.Kind, Double)] = [(.started, 1.0), (.progressed, 1.05), (.armed, 1.1), (.progressed, 1.15),
                                                         (.disarmed, 1.2), (.armed, 1.3), (.invoked, 1.4)]
        for (kind, time) in events {
            haptics.observe(BackObservation(kind: kind, gestureID: 2, frameTime: at(time)), now: at(time) + Microseconds(1_000))
        }
        #expect(recorder.played == [.armed, .disarmed, .armed])
        #expect(haptics.playedArmed == 2)
        #expect(haptics.playedDisarmed == 1)
    }

    @Test func feedbackdEventNamesAreTheSpecsInputEvents() {
        #expect(HapticCue.armed.feedbackdEvent == "button-pressed")
        #expect(HapticCue.disarmed.feedbackdEvent == "button-released")
    }
}

import Testing
import TouchInput
@testable import Gestures
import TouchModel

// Issue 38: one near miss per cause, from synthetic strokes on the 128 × 64 mm surface with the default
// thresholds unless a test says otherwise; every expected number is worked out from the stroke's coordinates and
// the configuration in the comment beside it.
@Suite struct NearMissTests {
    let s = TestSurface()

    enum Step {
        case frame(TouchFrame)
        /// The caller's timer fires at this many ms.
        case deadline(Double)
    }

    /// Runs one stroke through a recognizer and a collector: the near miss given when every contact has lifted.
    func stroke(_ config: EdgeSwipeConfig = EdgeSwipeConfig(), _ steps: [Step]) throws -> NearMiss? {
        let r = try s.recognizer(config)
        var collector = NearMissCollector()
        for step in steps {
            switch step {
            case .frame(let f):
                for e in feed(r, f) { collector.observe(e, config: config, screen: s.size) }
                if f.activeCount == 0 { return collector.strokeEnded(at: f.time) }
            case .deadline(let ms):
                for e in r.deadlineReached(now: Microseconds(milliseconds: ms)) {
                    collector.observe(e, config: config, screen: s.size)
                }
            }
        }
        return nil
    }

    func stroke(_ steps: [Step]) throws -> NearMiss? { try stroke(EdgeSwipeConfig(), steps) }

    func f(_ ms: Double, _ contacts: Contact...) -> Step { .frame(TouchFrame(time: Microseconds(milliseconds: ms), contacts: contacts)) }

    @Test func aTouchDownNineMillimetresInIsOutsideTheFiveMillimetreBand() throws {
        let m = try #require(try stroke([f(0, s.contact(1, .down, 9, 32)), f(40, s.contact(1, .up, 9, 32))]))
        #expect(m.cause == .startedOutsideBand(distanceMM: 9, bandMM: 5))
        #expect(m.sentence == "started 9.0 mm from the left edge; the band is 5.0 mm")
        // Reported at the lift, decided at the touch-down.
        #expect(m.time == Microseconds(milliseconds: 40))
        #expect(m.decidedAt == 0)
    }

    @Test func nearIsThreeBandsFromTheEdgeAndATapMidScreenSaysNothing() throws {
        // 3 × 5 mm = 15 mm: 15 is near, 15.5 and the middle (64 mm) are not.
        #expect(try stroke([f(0, s.contact(1, .down, 15, 32)), f(40, s.contact(1, .up, 15, 32))])?.cause
                == .startedOutsideBand(distanceMM: 15, bandMM: 5))
        #expect(try stroke([f(0, s.contact(1, .down, 15.5, 32)), f(40, s.contact(1, .up, 15.5, 32))]) == nil)
        #expect(try stroke([f(0, s.contact(1, .down, 64, 32)), f(40, s.contact(1, .up, 64, 32))]) == nil)
    }

    @Test func theRightEdgeMeasuresFromTheScreensWidth() throws {
        // 128 − 120 = 8 mm from the right edge.
        let m = try #require(try stroke(EdgeSwipeConfig(edges: [.right]),
                                        [f(0, s.contact(1, .down, 120, 32)), f(40, s.contact(1, .up, 120, 32))]))
        #expect(m.edge == .right)
        #expect(m.sentence == "started 8.0 mm from the right edge; the band is 5.0 mm")
    }

    @Test func movingAlongTheEdgeFirstNamesBothComponentsAndTheSlop() throws {
        // From (2, 32) to (3.2, 35.4): 3.4 mm along, 1.2 mm in; 3.4 > 2.8 and 3.4 > 1.2: the early test.
        let m = try #require(try stroke([f(0, s.contact(1, .down, 2, 32)), f(10, s.contact(1, .move, 3.2, 35.4)),
                                          f(20, s.contact(1, .up, 3.2, 35.4))]))
        #expect(m.sentence == "moved 3.4 mm along the edge before 1.2 mm inward; past 2.8 mm along it a swipe must go more inward than along")
    }

    @Test func driftPastTheLimitNamesTheLimit() throws {
        // Early test off; (2, 32) to (4, 42.5): 10.5 mm along > 10, 2 mm in.
        let m = try #require(try stroke(EdgeSwipeConfig(alongEdgeSlopMM: 1000),
                                        [f(0, s.contact(1, .down, 2, 32)), f(30, s.contact(1, .move, 4, 42.5)),
                                         f(40, s.contact(1, .up, 4, 42.5))]))
        #expect(m.cause == .driftedAlongEdge(alongMM: 10.5, inwardMM: 2, limitMM: 10))
        #expect(m.sentence == "moved 10.5 mm along the edge before 2.0 mm inward; the limit along the edge is 10.0 mm")
    }

    @Test func movingTowardTheEdgeNamesHowFar() throws {
        // A 20 mm band; landing 15 mm in and moving to 9: 6 mm outward = the activation distance.
        let m = try #require(try stroke(EdgeSwipeConfig(edgeZoneMM: 20),
                                        [f(0, s.contact(1, .down, 15, 32)), f(10, s.contact(1, .move, 12, 32)),
                                         f(20, s.contact(1, .move, 9, 32)), f(30, s.contact(1, .up, 9, 32))]))
        #expect(m.sentence == "moved 6.0 mm toward the left edge instead of away from it; 6.0 mm the wrong way rules a swipe out")
    }

    @Test func aLiftShortOfTheActivationDistanceSaysHowShort() throws {
        // (2, 32) to (5, 32): 3 mm of the 6 needed; the lift frame itself moves nothing.
        let m = try #require(try stroke([f(0, s.contact(1, .down, 2, 32)), f(30, s.contact(1, .move, 5, 32)),
                                          f(60, s.contact(1, .up, 5, 32))]))
        #expect(m.cause == .tooShort(inwardMM: 3, activationMM: 6, ending: .lifted))
        #expect(m.sentence == "lifted before the swipe began: 3.0 mm inward; a swipe begins at 6.0 mm")
    }

    @Test func theActivationTimeoutNamesTheConfiguredTime() throws {
        // A 300 ms timeout; 2 mm in after 100 ms, then nothing until the timer fires at 300.
        let m = try #require(try stroke(EdgeSwipeConfig(activationTimeoutMS: 300),
                                        [f(0, s.contact(1, .down, 2, 32)), f(100, s.contact(1, .move, 4, 32)),
                                         .deadline(300), f(500, s.contact(1, .up, 4, 32))]))
        #expect(m.sentence == "no beginning within 300 ms of touch-down: 2.0 mm inward; a swipe begins at 6.0 mm")
        #expect(m.decidedAt == Microseconds(milliseconds: 300))
    }

    @Test func farEnoughInwardButTooSteepNamesTheAngle() throws {
        // (2, 32) to (10, 38): 8 mm in (≥ 6), 6 mm along > tan 30° × 8 = 4.6: no beginning; 6 < 8, no early test.
        // atan(6 / 8) = 36.87 degrees.
        let m = try #require(try stroke([f(0, s.contact(1, .down, 2, 32)), f(20, s.contact(1, .move, 10, 38)),
                                          f(40, s.contact(1, .up, 10, 38))]))
        #expect(m.sentence == "lifted before the swipe began: moved outside the angle tolerance: 36.9 degrees from the inward direction, the limit is 30 (8.0 mm inward)")
    }

    @Test func aSecondFingerNamesBothCounts() throws {
        let m = try #require(try stroke([f(0, s.contact(1, .down, 2, 32)),
                                          f(20, s.contact(1, .move, 2, 32), s.contact(2, .down, 60, 32)),
                                          f(40, s.contact(1, .up, 2, 32), s.contact(2, .up, 60, 32))]))
        #expect(m.cause == .extraFingers(count: 2, configured: 1))
        #expect(m.sentence == "two fingers down; the left swipe takes one")
    }

    @Test func fingersThatDoNotLandTogetherNameTheWindow() throws {
        // Two fingers configured, one lands; the 100 ms landing window runs out.
        let m = try #require(try stroke(EdgeSwipeConfig(fingers: 2),
                                        [f(0, s.contact(1, .down, 2, 20)), .deadline(100), f(200, s.contact(1, .up, 2, 20))]))
        #expect(m.sentence == "the two fingers did not all land within 100 ms of the first")
    }

    @Test func aReleaseShortOfBothThresholdsNamesProgressVelocityAndTheThresholds() throws {
        // Begins at (10, 32) (8 mm in), rests at x = 20 from 300 ms: 18 mm of 128 = 14.0625 %, no motion in the
        // last 100 ms (0 mm/s).
        let m = try #require(try stroke([f(0, s.contact(1, .down, 2, 32)), f(10, s.contact(1, .move, 10, 32)),
                                          f(200, s.contact(1, .move, 20, 32)), f(300, s.contact(1, .move, 20, 32)),
                                          f(350, s.contact(1, .move, 20, 32)), f(400, s.contact(1, .move, 20, 32)),
                                          f(450, s.contact(1, .move, 20, 32)), f(500, s.contact(1, .up, 20, 32))]))
        #expect(m.sentence == "released at 14.1 % and 0 mm/s; completing needs 50 % or 200 mm/s")
        guard case .releasedShort(let progress, let velocity, _, let inward, _, _, _) = m.cause else {
            Issue.record("\(m.cause)")
            return
        }
        #expect(close(progress, 18.0 / 128))
        #expect(abs(velocity) < 1e-6)
        #expect(inward == 18)
    }

    @Test func aReleasePastTheProgressButOutsideTheConeSaysSo() throws {
        // Completion at 10 %, cone 0.5:1. Begins at (10, 11) (8 in, 1 along); released at (22, 21): 20 mm in
        // (15.625 %), 11 mm along > 0.5 × 20.
        let config = EdgeSwipeConfig(completionProgress: 0.1, armConeRatio: 0.5)
        let m = try #require(try stroke(config, [f(0, s.contact(1, .down, 2, 10)), f(10, s.contact(1, .move, 10, 11)),
                                                 f(100, s.contact(1, .move, 22, 21)), f(200, s.contact(1, .move, 22, 21)),
                                                 f(300, s.contact(1, .move, 22, 21)), f(400, s.contact(1, .up, 22, 21))]))
        #expect(m.sentence == "released at 15.6 % and 0 mm/s but 11.0 mm along the edge for 20.0 mm inward, outside the 0.5:1 cone; completing needs 10 % inside it or 200 mm/s")
    }

    @Test func aContactTheDeviceCancelsIsNamed() throws {
        let m = try #require(try stroke([f(0, s.contact(1, .down, 2, 32)), f(20, s.contact(1, .cancelled, 3, 32))]))
        #expect(m.cause == .contactsCancelled(began: false, progress: 0))
    }

    @Test func refusalsAndLostArbitrationComeFromTheirReasons() throws {
        // The arena's reasons (ArenaTests): built from the failed event alone.
        func failed(_ reason: GestureFailureReason) -> NearMiss? {
            NearMiss(event: GestureEvent(recognizer: "left-1", phase: .failed, edge: .left, fingers: 1, time: 0,
                                         startMM: Point(x: 2, y: 32), failureReason: reason),
                     config: EdgeSwipeConfig(), screen: s.size)
        }
        #expect(failed(.refused(.root))?.sentence == "refused: the stack has one screen, nothing to go back to")
        #expect(failed(.lostArbitration(to: "left-2"))?.sentence == "another gesture, left-2, took the touch")
    }

    /// Issue 36's gates as near misses: a 22 × 14 mm contact at 2 mm (past the default 20 mm major), a contact
    /// pressed at 90 % with the palm pressure set to 80 %, a grip and the pen's gate from their failed events.
    @Test func palmsGripsAndThePenAreNamedWithTheirNumbers() throws {
        var palm = s.contact(1, .down, 2, 32)
        palm.shape = ContactShape(majorMM: 22, minorMM: 14, pressure: 0)
        var lifted = s.contact(1, .up, 2, 32)
        lifted.shape = palm.shape
        let m = try #require(try stroke([f(0, palm), f(30, lifted)]))
        #expect(m.cause == .palmSize(majorMM: 22, minorMM: 14, palmMajorMM: 20, palmAreaMM2: 400))
        #expect(m.sentence == "a contact 22.0 × 14.0 mm, as large as a palm (20.0 mm across or 400 mm²), is ignored until it lifts")
        func failed(_ reason: GestureFailureReason, _ config: EdgeSwipeConfig = EdgeSwipeConfig()) -> NearMiss? {
            NearMiss(event: GestureEvent(recognizer: "left-1", phase: .failed, edge: .left, fingers: 1, time: 0,
                                         startMM: Point(x: 2, y: 32), failureReason: reason),
                     config: config, screen: s.size)
        }
        #expect(failed(.palmPressure(pressure: 0.9), EdgeSwipeConfig(palmPressure: 0.8))?.sentence
                == "a contact pressed at 90 % of the range, as hard as a palm (80 %), is ignored until it lifts")
        #expect(failed(.grip(ms: 300, radiusMM: 1.5))?.sentence
                == "held within 1.5 mm of its touch-down for 300 ms: a hand gripping the edge, ignored until it lifts")
        #expect(failed(.penInProximity(msSinceOut: nil))?.cause.code == "penInProximity")
        #expect(failed(.penInProximity(msSinceOut: 40))?.sentence == "touched down 40 ms after the pen left, while writing was still assumed")
    }

    @Test func aCompletedBackIsNeverExplainedByAnotherEdgesFailure() throws {
        // A corner stroke: top's touch-down 8 mm from the top edge, and left's back completing.
        let config = EdgeSwipeConfig(edges: [.top])
        var collector = NearMissCollector()
        collector.observe(GestureEvent(recognizer: "top-1", phase: .failed, edge: .top, fingers: 1, time: 0,
                                       startMM: Point(x: 2, y: 8), failureReason: .notInEdgeZone),
                          config: config, screen: s.size)
        #expect(collector.isPending)
        collector.observe(GestureEvent(recognizer: "left-1", phase: .ended, edge: .left, fingers: 1, time: 10,
                                       outcome: .complete), config: EdgeSwipeConfig(), screen: s.size)
        #expect(collector.strokeEnded(at: 20) == nil)
        #expect(!collector.isPending)
    }

    @Test func aStrokeGivesTheNearMissThatGotFurthest() throws {
        var collector = NearMissCollector()
        collector.observe(GestureEvent(recognizer: "top-1", phase: .failed, edge: .top, fingers: 1, time: 0,
                                       startMM: Point(x: 2, y: 8), failureReason: .notInEdgeZone),
                          config: EdgeSwipeConfig(edges: [.top]), screen: s.size)
        collector.observe(GestureEvent(recognizer: "left-1", phase: .ended, edge: .left, fingers: 1, time: 10,
                                       progress: 0.2, translationMM: 25.6, outcome: .cancel),
                          config: EdgeSwipeConfig(), screen: s.size)
        let ended = collector.strokeEnded(at: 20)
        let m = try #require(ended)
        #expect(m.recognizer == "left-1")
        #expect(m.sentence == "released at 20 % and 0 mm/s; completing needs 50 % or 200 mm/s")
    }
}

import Testing
import TouchInput
@testable import Gestures
import TouchModel

// The predictive stream's armed state, frame by frame, on the 128 × 64 mm test surface (left edge, 1 finger).
// Armed = a release here would complete by position (progress ≥ completion progress inside the 2:1 cone); a
// release at ≥ 200 mm/s completes anyway (a fling); a change needs 3 mm of travel or 80 ms since the last one (or
// the beginning). Values worked out in comments.
@Suite struct RecognizerArmingTests {
    let s = TestSurface()

    /// Down at x = 2, then 6 mm inward 100 ms later: begins with a velocity of 0 (the 100 ms gap between the two
    /// samples is over the tracker's 40 ms stop gap, so only one sample counts).
    func begunStill(_ r: EdgeSwipeRecognizer, y: Double = 32) {
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, y)))
        let e = feed(r, s.frame(100, s.contact(1, .move, 8, y)))
        #expect(e.map(\.phase) == [.began] && e.first?.armed == false && e.first?.velocityMMs == 0)
    }

    @Test func aDecisionThatFlipsWithinTheHysteresisChangesNothingUntilTravelOrTimeAllowsIt() throws {
        // Completion at progress 16 / 128 = 0.125 (translation 16 mm, x = 18).
        let r = try s.recognizer(EdgeSwipeConfig(completionProgress: 0.125))
        begunStill(r)
        // 1 mm per 10 ms = 100 mm/s < 200: only progress can arm. x = 9 ... 18: at x = 18 the translation is 16 mm
        // (progress 0.125): armed, by progress, 10 mm past the beginning.
        var armedAt: Double?
        for k in 1...10 {
            let x = 8 + Double(k)
            let e = feed(r, s.frame(100 + 10 * Double(k), s.contact(1, .move, x, 32)))
            if e.contains(where: { $0.phase == .armed }) { armedAt = x; #expect(e.last?.armReason == .progress) }
        }
        #expect(armedAt == 18)
        // Back and forth across the threshold, 1 mm each 10 ms (x 17, 18, 17, ...; velocity near 0): the decision
        // flips every frame but the finger is within 1 mm and 70 ms of the change: no event.
        var t = 200.0
        for k in 1...7 {
            t += 10
            let e = feed(r, s.frame(t, s.contact(1, .move, k % 2 == 1 ? 17 : 18, 32)))
            #expect(e.map(\.phase) == [.changed], "frame at \(t) ms")
            #expect(e.first?.armed == true)
        }
        // t = 280 ms at x = 17 (progress 15/128 < 0.125): 80 ms since the change: disarmed, back toward the edge.
        let e = feed(r, s.frame(280, s.contact(1, .move, 17, 32)))
        #expect(e.map(\.phase) == [.changed, .disarmed])
        #expect(e.last?.armReason == .movedBackTowardEdge && e.last?.armed == false && e.first?.armed == false)
        #expect(r.bugCount == 0)
    }

    @Test func travelAloneAllowsAChangeBeforeTheInterval() throws {
        let r = try s.recognizer(EdgeSwipeConfig(completionProgress: 0.125))
        begunStill(r)
        // 2.5 mm per 30 ms = 83 mm/s. x = 10.5 (8.5 mm): not yet; x = 13 ... 18 (11 ... 16 mm): x = 18 arms,
        // 10 mm past the beginning.
        for (k, x) in [10.5, 13, 15.5, 18].enumerated() {
            let e = feed(r, s.frame(100 + 30 * Double(k + 1), s.contact(1, .move, x, 32)))
            #expect(e.contains { $0.phase == .armed } == (x == 18), "x = \(x)")
        }
        // 20 ms later (< 80 ms), 3.5 mm back (≥ 3 mm): disarmed at once.
        let e = feed(r, s.frame(240, s.contact(1, .move, 14.5, 32)))
        #expect(e.map(\.phase) == [.changed, .disarmed])
        #expect(e.last?.armReason == .movedBackTowardEdge)
    }

    @Test func aFastSwipeShortOfHalfIsNeverArmedAndCompletesAsAFling() throws {
        let r = try s.recognizer()
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 32)))
        _ = feed(r, s.frame(10, s.contact(1, .move, 5, 32)))
        _ = feed(r, s.frame(20, s.contact(1, .move, 8, 32)))
        // 300 mm/s to x = 32 (30 mm, progress 0.23 < 0.5): a release would complete by velocity, but the armed
        // state follows the position: no change.
        for k in 1...8 {
            let e = feed(r, s.frame(20 + 10 * Double(k), s.contact(1, .move, 8 + 3 * Double(k), 32)))
            #expect(e.map(\.phase) == [.changed] && e.first?.armed == false)
        }
        // Lifted without new coordinates: 300 mm/s ≥ 200, complete, though disarmed: a fling.
        let end = feed(r, s.frame(110, s.contact(1, .up, 32, 32)))
        check(end, .ended, translation: 30, velocity: 300, outcome: .complete)
        #expect(end.first?.armed == false && end.first?.decidedBy == .fling)
    }

    @Test func leavingTheConeDisarmsAndTheReleaseCancels() throws {
        // Completion at progress 0.1 (12.8 mm); the cone: |along| ≤ 2 × inward.
        let r = try s.recognizer(EdgeSwipeConfig(completionProgress: 0.1))
        begunStill(r, y: 20)
        // To x = 16 (14 mm, progress 0.109) at 100 mm/s: armed by progress.
        var armed = false
        for k in 1...8 {
            let e = feed(r, s.frame(100 + 10 * Double(k), s.contact(1, .move, 8 + Double(k), 20)))
            if e.contains(where: { $0.phase == .armed && $0.armReason == .progress }) { armed = true }
        }
        #expect(armed)
        // Along the edge, 1 mm per 10 ms (100 mm/s along, no inward velocity): at y = 48 the along travel is 28 =
        // 2 × 14, still inside; at y = 49 (29 > 28) outside: disarmed, left the cone (29 mm past the change).
        var disarmedAt: Double?
        for k in 1...29 {
            let y = 20 + Double(k)
            for e in feed(r, s.frame(180 + 10 * Double(k), s.contact(1, .move, 16, y))) where e.phase == .disarmed {
                disarmedAt = y
                #expect(e.armReason == .leftCone)
            }
        }
        #expect(disarmedAt == 49)
        // Released there: progress 0.109 ≥ 0.1 but outside the cone, velocity inward ~0: cancel, as disarmed.
        let end = feed(r, s.frame(480, s.contact(1, .up, 16, 49)))
        #expect(end.first?.outcome == .cancel)
        #expect(end.first?.decidedBy == .armed)
    }

    @Test func aReleaseVelocityThatCompletesADisarmedSwipeIsAFling() throws {
        let r = try s.recognizer()
        begunStill(r)
        // The finger rests 100 ms (one sample after a 100 ms gap: velocity 0): disarmed.
        #expect(feed(r, s.frame(200, s.contact(1, .move, 8, 32))).first?.armed == false)
        // It lifts 10 ms later 4 mm further in: samples (200 ms, 6 mm) and (210 ms, 10 mm), a line of
        // 4 mm / 10 ms = 400 mm/s ≥ 200: complete, though disarmed: a fling.
        let end = feed(r, s.frame(210, s.contact(1, .up, 12, 32)))
        check(end, .ended, translation: 10, velocity: 400, outcome: .complete)
        #expect(end.first?.armed == false)
        #expect(end.first?.decidedBy == .fling)
    }

    @Test func aChangeTheHysteresisStillHoldsIsNamedAtRelease() throws {
        // Completion at progress 8 / 128 = 0.0625 (8 mm).
        let r = try s.recognizer(EdgeSwipeConfig(completionProgress: 0.0625))
        begunStill(r)
        // 30 ms later 2.5 mm further (8.5 mm, progress 0.066): would complete, but 2.5 mm < 3 and 30 ms < 80.
        // Velocity: (100 ms, 6), (130 ms, 8.5): 83 mm/s.
        let e = feed(r, s.frame(130, s.contact(1, .move, 10.5, 32)))
        #expect(e.map(\.phase) == [.changed] && e.first?.armed == false)
        // Lifted 10 ms later without moving: complete by progress, while the stream still said disarmed.
        let end = feed(r, s.frame(140, s.contact(1, .up, 10.5, 32)))
        #expect(end.first?.outcome == .complete)
        #expect(end.first?.decidedBy == .release)
    }

    @Test func everyFrameOfTheSwipeCarriesTheStreamFields() throws {
        let r = try s.recognizer()
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 32)))
        _ = feed(r, s.frame(10, s.contact(1, .move, 5, 33)))
        let e = feed(r, s.frame(20, s.contact(1, .move, 8, 34)))
        #expect(e.first?.positionMM == Point(x: 8, y: 34))
        #expect(e.first?.extentMM == 128)
        #expect(e.first?.time == 20_000)
        #expect(close(e.first?.progress ?? -1, 6.0 / 128))
    }

    @Test func armingSettingsAreChecked() {
        let bad = EdgeSwipeConfig(armMinTravelMM: 0, armMinIntervalMS: -1, armConeRatio: .nan)
        #expect(bad.problems() == ["arm minimum travel (mm) must be a positive number, not 0.0",
                                   "arm minimum interval (ms) must be a positive number, not -1.0",
                                   "arm cone ratio must be a positive number, not nan"])
    }
}

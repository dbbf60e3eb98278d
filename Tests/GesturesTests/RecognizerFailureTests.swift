import Testing
import TouchInput
@testable import Gestures
import TouchModel

// Every failure reason the recognizer itself produces, frame by frame (128 × 64 mm surface, defaults).
// `refused` and `lostArbitration` come from the arena: see ArenaTests.
@Suite struct RecognizerFailureTests {
    let s = TestSurface()

    @Test func touchDownOutsideTheZoneFailsInThatFrame() throws {
        let r = try s.recognizer()
        // 5.5 mm from the left edge > 5.
        let e = feed(r, s.frame(0, s.contact(1, .down, 5.5, 32)))
        check(e, .failed, reason: .notInEdgeZone)
        // The event says where the touch landed.
        #expect(e.first?.startMM == Point(x: 5.5, y: 32))
        #expect(r.state == .failed)
        #expect(feed(r, s.frame(10, s.contact(1, .up, 5.5, 32))) == [])
        #expect(r.state == .possible)
        // Exactly 5 mm is inside.
        #expect(feed(r, s.frame(20, s.contact(2, .down, 5, 32))) == [])
        #expect(r.state == .possible)
    }

    @Test func perpendicularDriftOverTenMillimetresFails() throws {
        // The early test would fail this motion at once (EarlyAlongEdgeTests): turned off to test the limit behind it.
        let r = try s.recognizer(EdgeSwipeConfig(alongEdgeSlopMM: 1000))
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 32)))
        // Inward 1, along 6: within the drift limit, not activation.
        #expect(feed(r, s.frame(10, s.contact(1, .move, 3, 38))) == [])
        // Along 10 exactly: still allowed (limit is "more than 10").
        #expect(feed(r, s.frame(20, s.contact(1, .move, 4, 42))) == [])
        // Along 10.5 > 10.
        check(feed(r, s.frame(30, s.contact(1, .move, 4, 42.5))), .failed, reason: .perpendicularDrift(mm: 10.5))
    }

    @Test func movingOutwardByTheActivationDistanceFailsWrongDirection() throws {
        // A zone of 20 mm lets a finger land 15 mm in and move toward the edge.
        let r = try s.recognizer(EdgeSwipeConfig(edgeZoneMM: 20))
        _ = feed(r, s.frame(0, s.contact(1, .down, 15, 32)))
        #expect(feed(r, s.frame(10, s.contact(1, .move, 12, 32))) == [])
        // Inward −6 ≤ −6.
        check(feed(r, s.frame(20, s.contact(1, .move, 9, 32))), .failed, reason: .wrongDirection)
    }

    @Test func activationAfter250MillisecondsFailsInThatFrame() throws {
        let r = try s.recognizer()
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 32)))
        #expect(feed(r, s.frame(100, s.contact(1, .move, 4, 32))) == [])
        // 250 ms after touch-down: too late, even though inward is 7 mm.
        check(feed(r, s.frame(250, s.contact(1, .move, 9, 32))), .failed, reason: .activationTimeout(ms: 250))
    }

    @Test func activationAt240MillisecondsStillBegins() throws {
        let r = try s.recognizer()
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 32)))
        #expect(feed(r, s.frame(100, s.contact(1, .move, 4, 32))) == [])
        #expect(feed(r, s.frame(240, s.contact(1, .move, 9, 32))).first?.phase == .began)
    }

    @Test func restingFingerTimesOutThroughTheDeadline() throws {
        let r = try s.recognizer()
        #expect(r.nextDeadline == nil)
        _ = feed(r, s.frame(30, s.contact(1, .down, 2, 32)))
        // Touch-down at 30 ms + 250 ms.
        #expect(r.nextDeadline == 280_000)
        #expect(r.deadlineReached(now: 279_999) == [])
        #expect(r.state == .possible)
        check(r.deadlineReached(now: 280_000), .failed, reason: .activationTimeout(ms: 250))
        #expect(r.nextDeadline == nil)
        // Moving after the rest: nothing (failed until lift).
        #expect(feed(r, s.frame(300, s.contact(1, .move, 20, 32))) == [])
    }

    @Test func secondFingerFailsWithExtraFinger() throws {
        let r = try s.recognizer()
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 32)))
        check(feed(r, s.frame(10, s.contact(1, .move, 3, 32), s.contact(2, .down, 60, 32))), .failed,
              reason: .extraFinger(count: 2))
    }

    @Test func deviceFingerCountAboveTrackedContactsFailsWithExtraFinger() throws {
        // Semi-mt touchpads track two slots but report three fingers through BTN_TOOL_TRIPLETAP.
        let r = try s.recognizer(EdgeSwipeConfig(fingers: 2))
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 16), s.contact(2, .down, 2, 48), fingerCount: 2))
        #expect(r.state == .possible)
        check(feed(r, s.frame(10, s.contact(1, .move, 3, 16), s.contact(2, .move, 3, 48), fingerCount: 3)),
              .failed, reason: .extraFinger(count: 3))
    }

    @Test func secondFingerLandingAtTheWindowFailsFingersNotTogether() throws {
        let r = try s.recognizer(EdgeSwipeConfig(fingers: 2))
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 16)))
        // Window deadline: 0 + 100 ms (before the 250 ms activation time-out).
        #expect(r.nextDeadline == 100_000)
        check(feed(r, s.frame(100, s.contact(1, .move, 2, 16), s.contact(2, .down, 2, 48))), .failed,
              reason: .fingersNotTogether)
    }

    @Test func secondFingerWithin90MillisecondsIsTogether() throws {
        let r = try s.recognizer(EdgeSwipeConfig(fingers: 2))
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 16)))
        #expect(feed(r, s.frame(90, s.contact(1, .move, 2, 16), s.contact(2, .down, 2, 48))) == [])
        #expect(r.state == .possible)
        // Both down: only the 250 ms time-out is left.
        #expect(r.nextDeadline == 250_000)
    }

    @Test func fingerWindowExpiresThroughTheDeadline() throws {
        let r = try s.recognizer(EdgeSwipeConfig(fingers: 2))
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 16)))
        #expect(r.deadlineReached(now: 99_999) == [])
        check(r.deadlineReached(now: 100_000), .failed, reason: .fingersNotTogether)
    }

    @Test func oneFingerTravellingBeforeTheOthersLandFailsFingersNotTogether() throws {
        let r = try s.recognizer(EdgeSwipeConfig(fingers: 2))
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 16)))
        // One of two fingers has travelled 6 mm inward: a one-finger swipe, not a two-finger one.
        check(feed(r, s.frame(10, s.contact(1, .move, 8, 16))), .failed, reason: .fingersNotTogether)
    }

    @Test func secondFingerOutsideTheZoneFailsNotInEdgeZone() throws {
        let r = try s.recognizer(EdgeSwipeConfig(fingers: 2))
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 16)))
        check(feed(r, s.frame(10, s.contact(1, .move, 2, 16), s.contact(2, .down, 30, 48))), .failed,
              reason: .notInEdgeZone)
    }

    @Test func liftBeforeBeginningFails() throws {
        let r = try s.recognizer()
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 32)))
        _ = feed(r, s.frame(10, s.contact(1, .move, 4, 32)))
        // A tap at the edge: lifted after 2 mm.
        check(feed(r, s.frame(20, s.contact(1, .up, 4, 32))), .failed, reason: .liftedBeforeBegin)
        #expect(r.state == .possible)
    }

    @Test func deviceCancelBeforeBeginningFails() throws {
        let r = try s.recognizer()
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 32)))
        check(feed(r, s.frame(10, s.contact(1, .cancelled, 4, 32))), .failed, reason: .contactsCancelled)
        #expect(r.state == .possible)
    }

    @Test func invalidConfigurationIsRejectedNamingEachField() {
        let config = EdgeSwipeConfig(name: "bad", edges: [], fingers: 6, edgeZoneMM: -1, angleToleranceDegrees: 90)
        #expect(throws: EdgeSwipeConfigError.self) { try EdgeSwipeRecognizer(config: config, transform: s.transform) }
        let p = config.problems()
        #expect(p.count == 4)
        #expect(p.contains("fingers must be 1 to 5, not 6"))
        #expect(p.contains("edges must name at least one of left, right, top, bottom"))
    }
}

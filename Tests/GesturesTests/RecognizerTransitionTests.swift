import Testing
import TouchInput
@testable import Gestures
import TouchModel

// Every transition of the edge-swipe state machine, frame by frame, on a 128 × 64 mm surface with the
// default contract (left edge, 1 finger, zone 5 mm, activation 6 mm, 30°, drift 10 mm, 250 ms, 0.5, 200 mm/s).
// Frames every 10 ms unless stated; expected values are worked out in the comments.
@Suite struct RecognizerTransitionTests {
    let s = TestSurface()

    @Test func beginsInTheFrameThatCrossesActivationThenChangesThenEndsCompleteByVelocity() throws {
        let r = try s.recognizer()
        #expect(feed(r, s.frame(0, s.contact(1, .down, 2, 32)))  == [])
        #expect(r.state == .possible)
        // Inward 3 mm: below 6.
        #expect(feed(r, s.frame(10, s.contact(1, .move, 5, 32))) == [])
        // Inward 6 mm: begins in this very frame. Samples (0 ms, 0), (10, 3), (20, 6) lie on a line of
        // 3 mm / 10 ms = 300 mm/s. Progress 6 / 128 = 0.046875.
        var e = feed(r, s.frame(20, s.contact(1, .move, 8, 32)))
        check(e, .began, translation: 6, progress: 0.046875, velocity: 300)
        #expect(e.first?.edge == .left)
        #expect(e.first?.startMM == Point(x: 2, y: 32))
        #expect(e.first?.positionMM == Point(x: 8, y: 32))
        #expect(e.first?.fingers == 1)
        #expect(e.first?.time == 20_000)
        #expect(r.state == .began)
        // Every further frame: changed. 9 / 128 = 0.0703125. Short of half: not armed.
        e = feed(r, s.frame(30, s.contact(1, .move, 11, 32)))
        check(e, .changed, translation: 9, progress: 0.0703125, velocity: 300)
        #expect(e.first?.armed == false)
        #expect(r.state == .changed)
        check(feed(r, s.frame(40, s.contact(1, .move, 14, 32))), .changed, translation: 12, progress: 0.09375, velocity: 300)
        #expect(r.state == .changed)
        // Lift without new coordinates 10 ms later: no sample is added, velocity stays 300 mm/s ≥ 200 → complete
        // although progress 12 / 128 = 0.09375 < 0.5 and the swipe was not armed: a fling.
        e = feed(r, s.frame(50, s.contact(1, .up, 14, 32)))
        check(e, .ended, translation: 12, progress: 0.09375, velocity: 300, outcome: .complete)
        #expect(e.first?.armed == false)
        #expect(e.first?.decidedBy == .fling)
        // Every contact lifted in that frame: back to possible.
        #expect(r.state == .possible)
        #expect(r.bugCount == 0)
    }

    @Test func inwardJustBelowActivationDoesNotBegin() throws {
        let r = try s.recognizer()
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 32)))
        // 7.984375 − 2 = 5.984375 mm < 6 (both exact in binary).
        #expect(feed(r, s.frame(10, s.contact(1, .move, 7.984375, 32))) == [])
        #expect(r.state == .possible)
        #expect(feed(r, s.frame(20, s.contact(1, .move, 8, 32))).first?.phase == .began)
    }

    @Test func angleToleranceHoldsTheBeginningUntilTheMovementIsWithin30Degrees() throws {
        let r = try s.recognizer()
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 32)))
        // Inward 6, along 4: tan 30° × 6 = 3.46 < 4 → not yet (drift 4 ≤ 10 is no failure).
        #expect(feed(r, s.frame(10, s.contact(1, .move, 8, 36))) == [])
        #expect(r.state == .possible)
        // Inward 7, along 4: tan 30° × 7 = 4.04 ≥ 4 → begins.
        let e = feed(r, s.frame(20, s.contact(1, .move, 9, 36)))
        check(e, .began, translation: 7, progress: 7.0 / 128)
    }

    @Test func endsCompleteWhenProgressReachesHalfAfterTheFingerStopped() throws {
        let r = try s.recognizer()
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 32)))
        _ = feed(r, s.frame(10, s.contact(1, .move, 5, 32)))
        check(feed(r, s.frame(20, s.contact(1, .move, 8, 32))), .began, translation: 6)
        check(feed(r, s.frame(30, s.contact(1, .move, 40, 32))), .changed, translation: 38, progress: 38.0 / 128)
        // Progress 0.5, 58 mm past the beginning: armed, by progress, after this frame's changed.
        let half = feed(r, s.frame(40, s.contact(1, .move, 66, 32)))
        check(Array(half.prefix(1)), .changed, translation: 64, progress: 0.5)
        #expect(half.map(\.phase) == [.changed, .armed] && half.last?.armReason == .progress)
        // Lifted 60 ms after the last movement (> 40 ms): the finger had stopped, velocity 0.
        // Progress 64 / 128 = 0.5 ≥ 0.5 → complete, as the last armed state said.
        let end = feed(r, s.frame(100, s.contact(1, .up, 66, 32)))
        check(end, .ended, translation: 64, progress: 0.5, velocity: 0, outcome: .complete)
        #expect(end.first?.decidedBy == .armed)
        #expect(r.state == .possible)
    }

    @Test func endsCancelJustBelowHalfWithTheFingerStopped() throws {
        let r = try s.recognizer()
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 32)))
        _ = feed(r, s.frame(10, s.contact(1, .move, 5, 32)))
        _ = feed(r, s.frame(20, s.contact(1, .move, 8, 32)))
        _ = feed(r, s.frame(30, s.contact(1, .move, 40, 32)))
        _ = feed(r, s.frame(40, s.contact(1, .move, 65, 32)))
        // 63 / 128 = 0.4921875 < 0.5 and velocity 0 < 200 → cancel.
        check(feed(r, s.frame(100, s.contact(1, .up, 65, 32))), .ended, translation: 63, progress: 0.4921875,
              velocity: 0, outcome: .cancel)
    }

    @Test func slowSwipeThatComesBackEndsCancelWithOutwardVelocity() throws {
        let r = try s.recognizer()
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 32)))
        _ = feed(r, s.frame(10, s.contact(1, .move, 5, 32)))
        check(feed(r, s.frame(20, s.contact(1, .move, 8, 32))), .began, translation: 6, velocity: 300)
        _ = feed(r, s.frame(30, s.contact(1, .move, 11, 32)))
        _ = feed(r, s.frame(40, s.contact(1, .move, 14, 32)))
        // Back out at 1 mm / 10 ms: x = 14 − (t − 40) / 10 for t = 50…150 ms.
        var last: [GestureEvent] = []
        for t in stride(from: 50.0, through: 150, by: 10) {
            last = feed(r, s.frame(t, s.contact(1, .move, 14 - (t - 40) / 10, 32)))
        }
        // The 100 ms window before 150 ms holds t = 50…150, all on that line: −100 mm/s exactly.
        check(last, .changed, translation: 1, velocity: -100)
        // Lift at x = 3: progress 1 / 128, velocity −100 → cancel.
        check(feed(r, s.frame(160, s.contact(1, .up, 3, 32))), .ended, translation: 1, progress: 1.0 / 128,
              velocity: -100, outcome: .cancel)
    }

    @Test func liftInTheFrameAfterBeginningGoesFromBeganToEnded() throws {
        let r = try s.recognizer()
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 32)))
        _ = feed(r, s.frame(10, s.contact(1, .move, 5, 32)))
        _ = feed(r, s.frame(20, s.contact(1, .move, 8, 32)))
        #expect(r.state == .began)
        // The lift carries new coordinates (11): that sample counts; four samples on a 300 mm/s line.
        check(feed(r, s.frame(30, s.contact(1, .up, 11, 32))), .ended, translation: 9, velocity: 300, outcome: .complete)
        #expect(r.state == .possible)
    }

    @Test func deviceCancelAfterBeganGoesToCancelled() throws {
        let r = try s.recognizer()
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 32)))
        _ = feed(r, s.frame(10, s.contact(1, .move, 5, 32)))
        _ = feed(r, s.frame(20, s.contact(1, .move, 8, 32)))
        check(feed(r, s.frame(30, s.contact(1, .cancelled, 11, 32))), .cancelled, translation: 9,
              reason: .contactsCancelled)
        #expect(r.state == .possible)
    }

    @Test func deviceCancelWhileChangedGoesToCancelledAndWaitsForOtherContacts() throws {
        let r = try s.recognizer()
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 32)))
        _ = feed(r, s.frame(10, s.contact(1, .move, 5, 32)))
        _ = feed(r, s.frame(20, s.contact(1, .move, 8, 32)))
        _ = feed(r, s.frame(30, s.contact(1, .move, 11, 32)))
        #expect(r.state == .changed)
        // A second finger lands after the beginning: ignored by a began swipe.
        check(feed(r, s.frame(40, s.contact(1, .move, 14, 32), s.contact(2, .down, 60, 32))), .changed, translation: 12)
        check(feed(r, s.frame(50, s.contact(1, .cancelled, 14, 32), s.contact(2, .move, 60, 32))), .cancelled,
              reason: .contactsCancelled)
        // Finger 2 still down: stays cancelled, silently.
        #expect(r.state == .cancelled)
        #expect(feed(r, s.frame(60, s.contact(2, .move, 61, 32))) == [])
        #expect(r.state == .cancelled)
        #expect(feed(r, s.frame(70, s.contact(2, .up, 61, 32))) == [])
        #expect(r.state == .possible)
    }

    @Test func failedWaitsForEveryContactToLiftThenANewSwipeBegins() throws {
        let r = try s.recognizer()
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 32)))
        check(feed(r, s.frame(10, s.contact(1, .move, 3, 32), s.contact(2, .down, 60, 32))), .failed,
              reason: .extraFinger(count: 2))
        #expect(r.state == .failed)
        // Finger 1 sweeps inward: nothing, the recognizer has failed.
        #expect(feed(r, s.frame(20, s.contact(1, .move, 20, 32), s.contact(2, .move, 60, 32))) == [])
        #expect(feed(r, s.frame(30, s.contact(1, .up, 20, 32), s.contact(2, .move, 60, 32))) == [])
        #expect(r.state == .failed)
        #expect(feed(r, s.frame(40, s.contact(2, .up, 60, 32))) == [])
        #expect(r.state == .possible)
        // A fresh swipe: timed from its own touch-down at 50 ms.
        #expect(feed(r, s.frame(50, s.contact(3, .down, 2, 32))) == [])
        #expect(feed(r, s.frame(60, s.contact(3, .move, 5, 32))) == [])
        check(feed(r, s.frame(70, s.contact(3, .move, 8, 32))), .began, translation: 6, velocity: 300)
    }

    @Test func twoFingerSwipeBeginsOnTheMeanTranslation() throws {
        let r = try s.recognizer(EdgeSwipeConfig(fingers: 2))
        #expect(r.name == "left-2")
        #expect(feed(r, s.frame(0, s.contact(1, .down, 2, 16))) == [])
        // Second finger 10 ms later (within 100 ms), 3 mm from the edge: in the zone.
        #expect(feed(r, s.frame(10, s.contact(1, .move, 2, 16), s.contact(2, .down, 3, 48))) == [])
        // Both moved 4 mm: mean 4 < 6.
        #expect(feed(r, s.frame(20, s.contact(1, .move, 6, 16), s.contact(2, .move, 7, 48))) == [])
        // Mean 6 → begins. Velocity samples start when both are down: (−20 ms, 0), (−10, 4), (0, 6); the parabola
        // through them is p(τ) = 6 + τ − τ² (τ in 10 ms), slope 1 mm / 10 ms = 100 mm/s.
        let e = feed(r, s.frame(30, s.contact(1, .move, 8, 16), s.contact(2, .move, 9, 48)))
        check(e, .began, translation: 6, progress: 6.0 / 128, velocity: 100)
        #expect(e.first?.fingers == 2)
        #expect(e.first?.startMM == Point(x: 2, y: 16))
    }

    @Test func logsEveryTransitionAsStateEventState() throws {
        let r = try s.recognizer()
        let log = LogLines()
        r.logSink = log.sink
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 32)))
        _ = feed(r, s.frame(10, s.contact(1, .move, 5, 32)))
        _ = feed(r, s.frame(20, s.contact(1, .move, 8, 32)))
        _ = feed(r, s.frame(30, s.contact(1, .move, 11, 32)))
        _ = feed(r, s.frame(40, s.contact(1, .move, 14, 32)))
        _ = feed(r, s.frame(50, s.contact(1, .up, 14, 32)))
        _ = feed(r, s.frame(60, s.contact(2, .down, 40, 32)))
        _ = feed(r, s.frame(70, s.contact(2, .up, 40, 32)))
        #expect(log.lines == [
            "left-1: possible → activation (left, inward 6 mm, along 0 mm) → ready",
            "left-1: ready → begin → began",
            "left-1: began → frame → changed",
            "left-1: changed → lift (progress 0.1, velocity 300 mm/s: complete, decided by fling) → ended",
            "left-1: ended → all contacts lifted → possible",
            "left-1: possible → touch-down outside the edge zone → failed",
            "left-1: failed → all contacts lifted → possible",
        ])
    }

    @Test func impossibleTransitionsAreCountedAndLoggedAsBugs() throws {
        let r = try s.recognizer()
        let log = LogLines()
        r.logSink = log.sink
        var events: [GestureEvent] = []
        r.begin(into: &events)
        #expect(events.isEmpty)
        #expect(r.state == .possible)
        #expect(r.bugCount == 1)
        #expect(log.lines == ["BUG left-1: possible → begin is not a valid transition; ignored"])
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 32)))
        _ = feed(r, s.frame(10, s.contact(1, .move, 8, 32)))
        #expect(r.state == .began)
        r.fail(.liftedBeforeBegin, time: 10_000, into: &events)
        #expect(events.isEmpty)
        #expect(r.state == .began)
        #expect(r.bugCount == 2)
    }

    @Test func loggingOffCostsNoFormatting() throws {
        // With no sink the event text is never built: the autoclosure is not called.
        var calls = 0
        let log = TransitionLog()
        log.transition("x", .possible, { calls += 1; return "e" }(), .began)
        #expect(calls == 0)
    }
}

/// The same swipe from each edge: inward is +x, −x, +y, −y; progress is over the width for left and right and
/// over the height for top and bottom (128 × 64 mm surface, 3 mm per 10 ms = 300 mm/s inward).
@Suite struct EdgeDirectionTests {
    let s = TestSurface()

    struct Case: Sendable, CustomTestStringConvertible {
        var edge: Edge
        var path: [Point]
        var progress: Double
        var testDescription: String { edge.rawValue }
    }

    static let cases: [Case] = [
        Case(edge: .left, path: [Point(x: 2, y: 32), Point(x: 5, y: 32), Point(x: 8, y: 32)], progress: 6.0 / 128),
        Case(edge: .right, path: [Point(x: 126, y: 32), Point(x: 123, y: 32), Point(x: 120, y: 32)], progress: 6.0 / 128),
        Case(edge: .top, path: [Point(x: 64, y: 2), Point(x: 64, y: 5), Point(x: 64, y: 8)], progress: 6.0 / 64),
        Case(edge: .bottom, path: [Point(x: 64, y: 62), Point(x: 64, y: 59), Point(x: 64, y: 56)], progress: 6.0 / 64),
    ]

    @Test(arguments: cases)
    func swipeFromEachEdge(_ c: Case) throws {
        let r = try s.recognizer(EdgeSwipeConfig(edges: [c.edge]))
        #expect(feed(r, s.frame(0, s.contact(1, .down, c.path[0].x, c.path[0].y))) == [])
        #expect(feed(r, s.frame(10, s.contact(1, .move, c.path[1].x, c.path[1].y))) == [])
        let e = feed(r, s.frame(20, s.contact(1, .move, c.path[2].x, c.path[2].y)))
        check(e, .began, translation: 6, progress: c.progress, velocity: 300)
        #expect(e.first?.edge == c.edge)
    }

    @Test func inACornerTheDirectionChoosesTheEdge() throws {
        let config = EdgeSwipeConfig(edges: [.left, .top])
        #expect(config.name == "left+top-1")
        // 2 mm from both edges; moving down is inward for top and along the edge for left.
        let down = try s.recognizer(config)
        _ = feed(down, s.frame(0, s.contact(1, .down, 2, 2)))
        _ = feed(down, s.frame(10, s.contact(1, .move, 2, 5)))
        let e = feed(down, s.frame(20, s.contact(1, .move, 2, 8)))
        check(e, .began, translation: 6, progress: 6.0 / 64)
        #expect(e.first?.edge == .top)
        // Moving right: the left edge.
        let right = try s.recognizer(config)
        _ = feed(right, s.frame(0, s.contact(1, .down, 2, 2)))
        let f = feed(right, s.frame(10, s.contact(1, .move, 8, 2)))
        #expect(f.first?.edge == .left)
    }

    @Test func inACornerDriftAlongOneEdgeLeavesTheOther() throws {
        // Down 12 mm along the left edge is drift for left (> 10) but inward travel for top: top begins.
        let r = try s.recognizer(EdgeSwipeConfig(edges: [.left, .top]))
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 2)))
        let e = feed(r, s.frame(10, s.contact(1, .move, 2, 14)))
        check(e, .began, translation: 12, progress: 12.0 / 64)
        #expect(e.first?.edge == .top)
    }
}

@Suite struct FingerCountTests {
    let s = TestSurface()

    /// n fingers land together 2 mm from the left edge, 10 mm apart, and move 3 mm per 10 ms: they begin in the
    /// frame where their mean travel reaches 6 mm, reporting n fingers; one more finger would fail.
    @Test(arguments: 1...5)
    func fingersLandTogetherAndBegin(n: Int) throws {
        let r = try s.recognizer(EdgeSwipeConfig(fingers: n))
        func frame(_ ms: Double, _ phase: ContactPhase, _ x: Double) -> TouchFrame {
            TouchFrame(time: Microseconds(milliseconds: ms), contacts: (0..<n).map { s.contact($0 + 1, phase, x, 8 + 10 * Double($0)) })
        }
        #expect(feed(r, frame(0, .down, 2)) == [])
        #expect(feed(r, frame(10, .move, 5)) == [])
        let e = feed(r, frame(20, .move, 8))
        check(e, .began, translation: 6, progress: 6.0 / 128, velocity: 300)
        #expect(e.first?.fingers == n)

        let extra = try s.recognizer(EdgeSwipeConfig(fingers: n))
        let tooMany = TouchFrame(time: 0, contacts: (0...n).map { s.contact($0 + 1, .down, 2, 4 + 10 * Double($0)) })
        check(feed(extra, tooMany), .failed, reason: .extraFinger(count: n + 1))
    }
}

import Testing
import TouchInput
@testable import Gestures
import TouchModel

/// A delegate that records what it is asked and answers from its settings.
final class RecordingDelegate: GestureRecognizerDelegate {
    var refuse: RefusalReason? = nil
    var blockedAboveY: Double = -1
    var simultaneousPairs: Set<String> = []
    var leftHalfWithheldFrom: Set<RecognizerID> = []
    var beginRequests: [BeginRequest] = []

    func shouldBegin(_ request: BeginRequest) -> BeginDecision {
        beginRequests.append(request)
        return refuse.map { .refuse($0, detail: "stack has one screen") } ?? .allow
    }

    func shouldReceiveTouch(recognizer: RecognizerID, atMM point: Point) -> Bool {
        if leftHalfWithheldFrom.contains(recognizer) && point.x < 64 { return false }
        return point.y > blockedAboveY
    }

    func shouldRecognizeSimultaneously(_ recognizer: RecognizerID, with other: RecognizerID) -> Bool {
        simultaneousPairs.contains("\(recognizer)|\(other)") || simultaneousPairs.contains("\(other)|\(recognizer)")
    }
}

/// Only the default hooks for touch and simultaneity.
final class MinimalDelegate: GestureRecognizerDelegate {
    func shouldBegin(_ request: BeginRequest) -> BeginDecision { .allow }
}

@Suite struct ArenaTests {
    let s = TestSurface()

    /// One-finger left, one-finger right and two-finger left, the one-finger left waiting for the two-finger.
    func threeRecognizers(twoFingerActivation: Double = 6) throws -> GestureArena {
        let arena = GestureArena(transform: s.transform)
        try arena.add(EdgeSwipeConfig(edges: [.left]))
        try arena.add(EdgeSwipeConfig(edges: [.right]))
        try arena.add(EdgeSwipeConfig(edges: [.left], fingers: 2, activationDistanceMM: twoFingerActivation))
        try arena.require("left-1", toFail: "left-2")
        return arena
    }

    func summary(_ events: [GestureEvent]) -> [String] {
        events.map { e in
            var text = "\(e.recognizer) \(e.phase.rawValue)"
            if let r = e.failureReason { text += " (\(r))" }
            if let o = e.outcome { text += " \(o.rawValue)" }
            return text
        }
    }

    @Test func anArenaThatOnlyWaitsForTheLiftStillSeesNewFingersAndTheLift() throws {
        let arena = GestureArena(transform: s.transform)
        try arena.add(EdgeSwipeConfig(edges: [.left]))
        #expect(!arena.waitingForLift)
        // A touch in the middle of the surface: the only recognizer fails, and then waits for the lift.
        #expect(summary(arena.process(s.frame(0, s.contact(1, .down, 60, 32)), now: 0))
                == ["left-1 failed (touch-down outside the edge zone)"])
        #expect(arena.waitingForLift)
        for ms in stride(from: 10.0, through: 100, by: 10) {
            #expect(arena.process(s.frame(ms, s.contact(1, .move, 60 - ms / 10, 32)), now: Microseconds(milliseconds: ms)) == [])
        }
        #expect(arena.state(of: "left-1") == .failed)
        // A second finger lands in the edge zone: still the same touch sequence, so nothing may begin.
        #expect(arena.process(s.frame(110, s.contact(1, .move, 50, 32), s.contact(2, .down, 2, 40)), now: 110_000) == [])
        #expect(arena.process(s.frame(120, s.contact(1, .move, 50, 32), s.contact(2, .move, 20, 40)), now: 120_000) == [])
        #expect(arena.state(of: "left-1") == .failed)
        // One finger lifts: still waiting; both lifted: ready for a new touch.
        #expect(arena.process(s.frame(130, s.contact(1, .up, 50, 32), s.contact(2, .move, 22, 40)), now: 130_000) == [])
        #expect(arena.waitingForLift)
        #expect(arena.process(s.frame(140, s.contact(2, .up, 22, 40)), now: 140_000) == [])
        #expect(arena.state(of: "left-1") == .possible)
        #expect(!arena.waitingForLift)
        // The next touch is an edge swipe like any other: it begins once it has moved 6 mm inward.
        #expect(arena.process(s.frame(200, s.contact(3, .down, 2, 32)), now: 200_000) == [])
        var began: [String] = []
        for step in 1...6 {
            let ms = 200 + Double(step) * 10
            began += summary(arena.process(s.frame(ms, s.contact(3, .move, 2 + Double(step) * 5, 32)), now: Microseconds(milliseconds: ms)))
        }
        #expect(began.first == "left-1 began")
    }

    @Test func oneFingerLeftSwipeBeginsWithNoAddedFrameWhenTheTwoFingerRecognizerFailsInTheSameFrame() throws {
        let arena = try threeRecognizers()
        // Touch-down 2 mm from the left: the right-edge recognizer fails at once.
        #expect(summary(arena.process(s.frame(0, s.contact(1, .down, 2, 32)), now: 0))
                == ["right-1 failed (touch-down outside the edge zone)"])
        #expect(arena.process(s.frame(10, s.contact(1, .move, 5, 32)), now: 10_000) == [])
        // 6 mm inward: left-2 fails (one finger travelled before the second landed), which releases left-1,
        // which begins in this same frame.
        #expect(summary(arena.process(s.frame(20, s.contact(1, .move, 8, 32)), now: 20_000))
                == ["left-2 failed (fingers did not land together)", "left-1 began"])
        #expect(summary(arena.process(s.frame(30, s.contact(1, .up, 11, 32)), now: 30_000)) == ["left-1 ended complete"])
        #expect(arena.state(of: "left-1") == .possible)
        #expect(arena.bugCount == 0)
    }

    @Test func twoFingerSwipeBeatsTheOneFingerRecognizer() throws {
        let arena = try threeRecognizers()
        // Both fingers land in one frame: left-1 sees two fingers, right-1 sees a touch outside its zone.
        #expect(summary(arena.process(s.frame(0, s.contact(1, .down, 2, 16), s.contact(2, .down, 3, 48)), now: 0))
                == ["left-1 failed (2 fingers down, more than configured)", "right-1 failed (touch-down outside the edge zone)"])
        #expect(arena.process(s.frame(10, s.contact(1, .move, 5, 16), s.contact(2, .move, 6, 48)), now: 10_000) == [])
        let e = arena.process(s.frame(20, s.contact(1, .move, 8, 16), s.contact(2, .move, 9, 48)), now: 20_000)
        #expect(summary(e) == ["left-2 began"])
        #expect(e.first?.fingers == 2)
    }

    @Test func waitingForRequiredFailureDelaysTheBeginningUntilThatFailure() throws {
        // left-2 needs 10 mm, so at 6 mm it is still possible and left-1 has to wait.
        let arena = try threeRecognizers(twoFingerActivation: 10)
        _ = arena.process(s.frame(0, s.contact(1, .down, 2, 32)), now: 0)
        #expect(arena.process(s.frame(10, s.contact(1, .move, 8, 32)), now: 10_000) == [])
        #expect(arena.state(of: "left-1") == .possible)
        // left-2's landing window (0 + 100 ms) is the next deadline; left-1 is ready, so has no time-out.
        #expect(arena.nextDeadline == 100_000)
        let e = arena.deadlineReached(now: 100_000)
        #expect(summary(e) == ["left-2 failed (fingers did not land together)", "left-1 began"])
        // It reports the frame that met activation: 6 mm.
        #expect(e.last?.translationMM == 6)
    }

    @Test func waitingRecognizerBeginsWhenTheRequiredOneFailsOnALaterFrame() throws {
        let arena = try threeRecognizers(twoFingerActivation: 10)
        _ = arena.process(s.frame(0, s.contact(1, .down, 2, 32)), now: 0)
        #expect(arena.process(s.frame(10, s.contact(1, .move, 8, 32)), now: 10_000) == [])
        // 10 mm alone: left-2 fails; left-1 begins with this frame's translation.
        let e = arena.process(s.frame(20, s.contact(1, .move, 12, 32)), now: 20_000)
        #expect(summary(e) == ["left-2 failed (fingers did not land together)", "left-1 began"])
        #expect(e.last?.translationMM == 10)
    }

    @Test func waitingRecognizerFailsWhenTheRequiredOneBegins() throws {
        let arena = GestureArena(transform: s.transform)
        try arena.add(EdgeSwipeConfig(name: "short", activationDistanceMM: 6))
        try arena.add(EdgeSwipeConfig(name: "long", activationDistanceMM: 10))
        try arena.require("short", toFail: "long")
        _ = arena.process(s.frame(0, s.contact(1, .down, 2, 32)), now: 0)
        #expect(arena.process(s.frame(10, s.contact(1, .move, 8, 32)), now: 10_000) == [])
        #expect(summary(arena.process(s.frame(20, s.contact(1, .move, 12, 32)), now: 20_000))
                == ["long began", "short failed (lost arbitration to long)"])
    }

    @Test func delegateRefusalFailsWithItsReason() throws {
        let arena = GestureArena(transform: s.transform)
        try arena.add(EdgeSwipeConfig())
        let delegate = RecordingDelegate()
        delegate.refuse = .root
        arena.delegate = delegate
        _ = arena.process(s.frame(0, s.contact(1, .down, 2, 32)), now: 0)
        _ = arena.process(s.frame(10, s.contact(1, .move, 5, 32)), now: 10_000)
        let e = arena.process(s.frame(20, s.contact(1, .move, 8, 32)), now: 20_000)
        #expect(summary(e) == ["left-1 failed (refused: root)"])
        #expect(e.first?.failureReason == .refused(.root))
        // Asked once, with the touch-down point and the screen size.
        #expect(delegate.beginRequests == [BeginRequest(recognizer: "left-1", edge: .left, fingers: 1, time: 20_000,
                                                        startMM: Point(x: 2, y: 32), screenMM: s.size)])
        #expect(arena.process(s.frame(30, s.contact(1, .move, 20, 32)), now: 30_000) == [])
        #expect(delegate.beginRequests.count == 1)
    }

    @Test func touchesTheDelegateWithholdsAreNeverSeen() throws {
        let arena = GestureArena(transform: s.transform)
        try arena.add(EdgeSwipeConfig())
        let delegate = RecordingDelegate()
        delegate.blockedAboveY = 10   // a bar along the top 10 mm
        arena.delegate = delegate
        // Lands in the bar: withheld, so a swipe from there is nothing at all (not even a failure).
        #expect(arena.process(s.frame(0, s.contact(1, .down, 2, 5)), now: 0) == [])
        #expect(arena.process(s.frame(10, s.contact(1, .move, 20, 5)), now: 10_000) == [])
        #expect(arena.process(s.frame(20, s.contact(1, .up, 20, 5)), now: 20_000) == [])
        // Below the bar the same swipe begins.
        _ = arena.process(s.frame(30, s.contact(2, .down, 2, 32)), now: 30_000)
        #expect(summary(arena.process(s.frame(40, s.contact(2, .move, 8, 32)), now: 40_000)) == ["left-1 began"])
    }

    @Test func withheldSecondFingerDoesNotCountAsAnExtraFinger() throws {
        let arena = GestureArena(transform: s.transform)
        try arena.add(EdgeSwipeConfig())
        let delegate = RecordingDelegate()
        delegate.blockedAboveY = 10
        arena.delegate = delegate
        _ = arena.process(s.frame(0, s.contact(1, .down, 2, 32)), now: 0)
        #expect(arena.process(s.frame(10, s.contact(1, .move, 5, 32), s.contact(2, .down, 60, 4)), now: 10_000) == [])
        #expect(summary(arena.process(s.frame(20, s.contact(1, .move, 8, 32), s.contact(2, .move, 60, 4)), now: 20_000))
                == ["left-1 began"])
    }

    @Test func secondRecognizerLosesUnlessSimultaneousIsAllowed() throws {
        func run(_ allow: Bool) throws -> [String] {
            let arena = GestureArena(transform: s.transform)
            try arena.add(EdgeSwipeConfig(name: "a"))
            try arena.add(EdgeSwipeConfig(name: "b"))
            let delegate = RecordingDelegate()
            if allow { delegate.simultaneousPairs = ["a|b"] }
            arena.delegate = delegate
            _ = arena.process(s.frame(0, s.contact(1, .down, 2, 32)), now: 0)
            return summary(arena.process(s.frame(10, s.contact(1, .move, 8, 32)), now: 10_000))
        }
        #expect(try run(false) == ["a began", "b failed (lost arbitration to a)"])
        #expect(try run(true) == ["a began", "b began"])
    }

    @Test(arguments: [false, true])
    func aRecognizerReadyWhileAnotherIsActiveLosesUnlessSimultaneous(allowed: Bool) throws {
        let arena = GestureArena(transform: s.transform)
        try arena.add(EdgeSwipeConfig(edges: [.left]))
        try arena.add(EdgeSwipeConfig(edges: [.right]))
        let delegate = RecordingDelegate()
        // right-1 never receives touches on the left half, so the left swipe does not make it fail.
        delegate.leftHalfWithheldFrom = ["right-1"]
        if allowed { delegate.simultaneousPairs = ["left-1|right-1"] }
        arena.delegate = delegate
        _ = arena.process(s.frame(0, s.contact(1, .down, 2, 32)), now: 0)
        #expect(summary(arena.process(s.frame(10, s.contact(1, .move, 8, 32)), now: 10_000)) == ["left-1 began"])
        #expect(arena.state(of: "right-1") == .possible)
        // A second finger at the right edge, 2 mm in; left-1 (began) ignores it.
        #expect(summary(arena.process(s.frame(20, s.contact(1, .move, 11, 32), s.contact(2, .down, 126, 32)), now: 20_000))
                == ["left-1 changed"])
        // It travels 6 mm inward: right-1 is ready while left-1 is active.
        let e = arena.process(s.frame(30, s.contact(1, .move, 14, 32), s.contact(2, .move, 120, 32)), now: 30_000)
        if allowed {
            #expect(summary(e) == ["left-1 changed", "right-1 began"])
        } else {
            #expect(summary(e) == ["left-1 changed", "right-1 failed (lost arbitration to left-1)"])
        }
    }

    @Test func delegateDefaultsReceiveEveryTouchAndRefuseSimultaneity() throws {
        let arena = GestureArena(transform: s.transform)
        try arena.add(EdgeSwipeConfig(name: "a"))
        try arena.add(EdgeSwipeConfig(name: "b"))
        let delegate = MinimalDelegate()
        arena.delegate = delegate
        _ = arena.process(s.frame(0, s.contact(1, .down, 2, 32)), now: 0)
        #expect(summary(arena.process(s.frame(10, s.contact(1, .move, 8, 32)), now: 10_000))
                == ["a began", "b failed (lost arbitration to a)"])
    }

    @Test func delegateIsHeldWeakly() throws {
        let arena = GestureArena(transform: s.transform)
        do {
            let delegate = MinimalDelegate()
            arena.delegate = delegate
            #expect(arena.delegate != nil)
        }
        #expect(arena.delegate == nil)
    }

    @Test func configurationErrorsNameTheRecognizer() throws {
        let arena = GestureArena(transform: s.transform)
        try arena.add(EdgeSwipeConfig())
        #expect(throws: ArenaError.duplicateName("left-1")) { try arena.add(EdgeSwipeConfig()) }
        #expect(throws: ArenaError.unknownRecognizer("left-9")) { try arena.require("left-1", toFail: "left-9") }
        #expect(throws: ArenaError.requiresItself("left-1")) { try arena.require("left-1", toFail: "left-1") }
        try arena.add(EdgeSwipeConfig(fingers: 2))
        try arena.add(EdgeSwipeConfig(fingers: 3))
        try arena.require("left-1", toFail: "left-2")
        try arena.require("left-2", toFail: "left-3")
        #expect(throws: ArenaError.requirementCycle("left-3", "left-1")) { try arena.require("left-3", toFail: "left-1") }
    }

    @Test func logSinkReachesEveryRecognizer() throws {
        let arena = try threeRecognizers()
        let log = LogLines()
        arena.logSink = log.sink
        _ = arena.process(s.frame(0, s.contact(1, .down, 2, 32)), now: 0)
        #expect(log.lines == ["right-1: possible → touch-down outside the edge zone → failed"])
    }
}

import Testing
import TouchInput
@testable import Gestures
import TouchModel

/// A delegate that refuses touch-downs inside one rectangle (mm, borders included) and records every
/// touch-down question, as Navigation's arbiter does with exclusions.
final class ExcludingDelegate: GestureRecognizerDelegate {
    var rect: (x: Double, y: Double, width: Double, height: Double)? = nil
    var reason = RefusalReason.excludedArea
    var asked: [TouchDownRequest] = []

    func shouldBegin(_ request: BeginRequest) -> BeginDecision { .allow }

    func shouldReceive(_ touch: TouchDownRequest) -> BeginDecision {
        asked.append(touch)
        guard let r = rect else { return .allow }
        let p = touch.pointMM
        let inside = p.x >= r.x && p.x <= r.x + r.width && p.y >= r.y && p.y <= r.y + r.height
        return inside ? .refuse(reason, detail: "a slider") : .allow
    }
}

/// Issue 16, exclusions at the gesture level: the arena asks `shouldReceive` at a touch-down in a recognizer's
/// edge zone (never per frame, never outside the zone); a refusal fails that recognizer in the frame of the
/// touch-down with `.refused(reason)`, through the one transition function (so it is logged), and the next touch
/// is judged afresh. Surface 128 × 64 mm, the default 5 mm edge zone.
@Suite struct TouchDownRefusalTests {
    let s = TestSurface()

    func arena(_ configs: EdgeSwipeConfig..., delegate: ExcludingDelegate) throws -> GestureArena {
        let arena = GestureArena(transform: s.transform)
        for c in configs { try arena.add(c) }
        arena.delegate = delegate
        return arena
    }

    /// A left-edge swipe at y from 2 mm to 32 mm inward in 5 mm steps every 10 ms; returns every event.
    func swipe(_ arena: GestureArena, id: Int = 1, y: Double, x0: Double = 2, from ms: Double = 0) -> [GestureEvent] {
        var events = Array(arena.process(s.frame(ms, s.contact(id, .down, x0, y)), now: Microseconds(milliseconds: ms)))
        for step in 1...6 {
            let t = ms + Double(step) * 10
            let phase: ContactPhase = step == 6 ? .up : .move
            events += arena.process(s.frame(t, s.contact(id, phase, x0 + Double(step) * 5, y)), now: Microseconds(milliseconds: t))
        }
        return events
    }

    @Test func aTouchDownInsideTheRectangleFailsAtOnceWithTheReasonAndIsLogged() throws {
        let d = ExcludingDelegate()
        d.rect = (0, 20, 10, 20)   // a slider at the left edge, y 20...40 mm
        let a = try arena(EdgeSwipeConfig(name: "back", edges: [.left]), delegate: d)
        let log = LogLines()
        a.logSink = log.sink
        let down = a.process(s.frame(0, s.contact(1, .down, 2, 30)), now: 0)
        #expect(down.count == 1)
        #expect(down.first?.phase == .failed)
        #expect(down.first?.failureReason == .refused(.excludedArea))
        #expect(down.first?.edge == .left)
        #expect(down.first?.startMM == Point(x: 2, y: 30))
        #expect(log.lines == ["back: possible → refused: excludedArea → failed"])
        // Nothing holds it: ownership mode forwards it to the app in this same frame.
        #expect(a.claim(ofContact: 1) == .free)
        // The rest of that touch changes nothing, however far it travels.
        for step in 1...6 {
            #expect(a.process(s.frame(Double(step) * 10, s.contact(1, .move, 2 + Double(step) * 5, 30)),
                              now: Microseconds(milliseconds: Double(step) * 10)) == [])
        }
        #expect(a.state(of: "back") == .failed)
        // Asked once, at the touch-down, with the contact, the edge and the point.
        #expect(d.asked.count == 1)
        #expect(d.asked.first?.contactID == 1 && d.asked.first?.pointMM == Point(x: 2, y: 30))
        #expect(d.asked.first?.edges.contains(.left) == true && d.asked.first?.edges.contains(.top) == false)
        #expect(d.asked.first?.screenMM == s.size)
        _ = a.process(s.frame(70, s.contact(1, .up, 32, 30)), now: 70_000)
        #expect(a.state(of: "back") == .possible)
        #expect(a.bugCount == 0)
    }

    @Test func aTouchDownOutsideTheRectangleBeginsAsWithoutIt() throws {
        let d = ExcludingDelegate()
        d.rect = (0, 20, 10, 20)
        let a = try arena(EdgeSwipeConfig(name: "back", edges: [.left]), delegate: d)
        // y 45: 5 mm below the slider: held at its touch-down, as without a slider.
        _ = a.process(s.frame(0, s.contact(9, .down, 2, 45)), now: 0)
        #expect(a.claim(ofContact: 9) == .held)
        _ = a.process(s.frame(5, s.contact(9, .up, 2, 45)), now: 5_000)
        d.asked = []
        // 6 mm inward (activation) is reached at x = 12, the second frame.
        let events = swipe(a, y: 45, from: 100)
        #expect(events.map(\.phase) == [.began, .changed, .changed, .changed, .ended])
        #expect(events.first?.time == 120_000)
        #expect(d.asked.count == 1)
    }

    @Test func theRectanglesBorderIsInside() throws {
        let d = ExcludingDelegate()
        d.rect = (0, 20, 2, 20)
        let a = try arena(EdgeSwipeConfig(name: "back", edges: [.left]), delegate: d)
        // x = 2 is the right border, y = 40 the bottom border: both inside.
        #expect(a.process(s.frame(0, s.contact(1, .down, 2, 40)), now: 0).first?.failureReason == .refused(.excludedArea))
        _ = a.process(s.frame(10, s.contact(1, .up, 2, 40)), now: 10_000)
        // Just past the bottom border: outside, so it swipes.
        #expect(swipe(a, id: 2, y: 40.5, from: 100).first?.phase == .began)
    }

    @Test func aTouchOutsideTheEdgeZoneIsNotAskedAndFailsAsBefore() throws {
        let d = ExcludingDelegate()
        d.rect = (0, 0, 128, 64)   // the whole screen
        let a = try arena(EdgeSwipeConfig(name: "back", edges: [.left]), delegate: d)
        // 60 mm from the left: outside the 5 mm zone, so the question would be pointless.
        let e = a.process(s.frame(0, s.contact(1, .down, 60, 30)), now: 0)
        #expect(e.first?.failureReason == .notInEdgeZone)
        #expect(d.asked.isEmpty)
    }

    @Test func everyRecognizerWhoseZoneHoldsTheTouchIsAskedAndEachFails() throws {
        let d = ExcludingDelegate()
        d.rect = (0, 0, 10, 10)   // the top-left corner
        let a = try arena(EdgeSwipeConfig(name: "back", edges: [.left]), EdgeSwipeConfig(name: "down", edges: [.top]),
                          EdgeSwipeConfig(name: "right", edges: [.right]), delegate: d)
        let e = a.process(s.frame(0, s.contact(1, .down, 3, 3)), now: 0)
        #expect(e.map(\.recognizer) == ["back", "down", "right"])
        #expect(e.map(\.failureReason) == [.refused(.excludedArea), .refused(.excludedArea), .notInEdgeZone])
        #expect(e.map(\.edge) == [.left, .top, .right])
        #expect(d.asked.map(\.recognizer) == ["back", "down"])
    }

    @Test func aSecondFingerLandingInsideFailsATwoFingerSwipe() throws {
        let d = ExcludingDelegate()
        d.rect = (0, 40, 10, 20)
        let a = try arena(EdgeSwipeConfig(name: "two", edges: [.left], fingers: 2), delegate: d)
        #expect(a.process(s.frame(0, s.contact(1, .down, 2, 20)), now: 0) == [])
        let e = a.process(s.frame(20, s.contact(1, .move, 3, 20), s.contact(2, .down, 2, 50)), now: 20_000)
        #expect(e.map(\.failureReason) == [.refused(.excludedArea)])
        #expect(d.asked.map(\.contactID) == [1, 2])
    }

    @Test func theReasonIsTheDelegatesAndTheNextTouchIsAskedAgain() throws {
        let d = ExcludingDelegate()
        d.rect = (0, 0, 128, 64)
        d.reason = .interactivePopDisabled
        let a = try arena(EdgeSwipeConfig(name: "back", edges: [.left]), delegate: d)
        #expect(swipe(a, y: 30).map(\.failureReason) == [.refused(.interactivePopDisabled)])
        // The delegate changes its mind (the flag turned on again): the next touch begins.
        d.rect = nil
        #expect(swipe(a, id: 2, y: 30, from: 100).first?.phase == .began)
        #expect(d.asked.count == 2)
    }

    @Test func noDelegateOrAnAllowingOneChangesNothing() throws {
        let without = GestureArena(transform: s.transform)
        try without.add(EdgeSwipeConfig(name: "back", edges: [.left]))
        let d = ExcludingDelegate()
        let with = try arena(EdgeSwipeConfig(name: "back", edges: [.left]), delegate: d)
        #expect(swipe(without, y: 30) == swipe(with, y: 30))
        #expect(d.asked.count == 1)
    }
}

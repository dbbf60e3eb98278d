import Gestures
import Navigation
import Testing

import TouchModel

/// The real recognizer arena with the arbiter as its delegate: a refusal makes the recognizer fail with the
/// reason, an allowed swipe drives the pop. Surface 100 × 160 mm, left-edge swipe at 400 mm/s.
@Suite struct ArenaIntegrationTests {
    private let size = PhysicalSize(widthMM: 100, heightMM: 160)

    private func frame(_ t: Microseconds, x: Double, phase: ContactPhase) -> TouchFrame {
        let mm = Point(x: x, y: 50)
        let n = Point(x: x / size.widthMM, y: 50 / size.heightMM)
        let c = Contact(id: 1, slot: 0, phase: phase, deviceX: Int32(x * 10), deviceY: 500, mm: mm, normalized: n)
        return TouchFrame(time: t, contacts: [c])
    }

    /// Touch-down 2 mm from the left edge, 4 mm every 10 ms to 70 mm, lift. Returns every GestureEvent.
    private func swipe(_ session: NavigationSession, arena: GestureArena, from t0: Microseconds) -> [GestureEvent] {
        var all: [GestureEvent] = []
        var x = 2.0, t = t0
        var phase = ContactPhase.down
        while true {
            session.advance(now: t)
            let events = Array(arena.process(frame(t, x: x, phase: phase), now: t))
            for e in events { session.handle(e) }
            all += events
            if phase == .up { break }
            t += 10_000
            x += 4
            phase = x >= 70 ? .up : .move
        }
        return all
    }

    private func rig(_ spec: String) throws -> (NavigationSession, GestureArena) {
        let session = try NavigationSession(stack: spec, popRecognizer: "back", now: 0)
        let arena = GestureArena(transform: ScreenTransform(deviceSize: size))
        _ = try arena.add(EdgeSwipeConfig(name: "back", edges: [.left]))
        arena.delegate = session
        _ = session.takeEvents()
        return (session, arena)
    }

    @Test func swipeOnAHostPopsIt() throws {
        let (session, arena) = try rig("home,inbox:header")
        let events = swipe(session, arena: arena, from: 1_000_000)
        #expect(events.first?.phase == .began)
        #expect(events.last?.phase == .ended && events.last?.outcome == .complete)
        session.finish(now: 3_000_000)
        let kinds = session.takeEvents().map(\.kind)
        #expect(appearanceOnly(kinds) == [.willDisappear("inbox"), .willAppear("home"),
                                          .didDisappear("inbox"), .didAppear("home")])
        #expect(session.stackNames == ["home"])
        #expect(session.controller.interactivePopDelegate === session.controller.systemPopDelegate)
    }

    @Test func refusalMakesTheRecognizerFailWithTheReason() throws {
        let (session, arena) = try rig("home,profile:hidden")
        let events = swipe(session, arena: arena, from: 1_000_000)
        #expect(events.map(\.phase) == [.failed])
        #expect(events.first?.failureReason == .refused(.navigationBarHidden))
        // The stack could pop, so it took the gesture (issue 24), and refused it.
        #expect(session.takeEvents().map(\.typeName) == ["backDispatched", "popRefused"])
        #expect(session.stackNames == ["home", "profile"])
        let (again, arena2) = try rig("home,profile:hidden")
        _ = swipe(again, arena: arena2, from: 1_000_000)
        #expect(again.takeEvents().map(\.kind).last == .popRefused(.navigationBarHidden, detail: nil))
    }

    /// A host alone: nothing to pop, so the stack never takes the swipe (issue 24: it is handed off, and runs
    /// to its end under the finger); the stack is never asked, so it can neither refuse nor freeze.
    @Test func hostAloneIsHandedOffAtTheRootAndNeverFreezes() throws {
        let (session, arena) = try rig("feed:header")
        let events = swipe(session, arena: arena, from: 1_000_000)
        #expect(events.first?.phase == .began && events.last?.phase == .ended)
        let kinds = session.takeEvents().map(\.kind)
        #expect(refusals(kinds).isEmpty)
        guard case .backDispatched(let d)? = kinds.first else { Issue.record("no decision: \(kinds)"); return }
        #expect(d.target == .handoff && d.stack == .root)
        #expect(!session.controller.isFrozen && session.stackNames == ["feed"])
    }
}

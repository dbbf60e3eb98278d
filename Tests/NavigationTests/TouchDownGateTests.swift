import Gestures
import Navigation
import Testing
import TouchModel

/// Issue 16 at the navigation level: the real arena with the arbiter as its delegate. Exclusions (shared or of
/// the top screen) and the top screen's `interactivePopEnabled` refuse at touch-down; a refused touch leaves the
/// stack as it was and is not a `popRefused` (it is the app's area, not a failed pop). Surface 100 × 160 mm,
/// left-edge pop recognizer "back" and a right-edge recognizer "menu".
@Suite struct TouchDownGateTests {
    private let size = PhysicalSize(widthMM: 100, heightMM: 160)
    private let owner = ExclusionOwner(7)

    private func frame(_ t: Microseconds, x: Double, y: Double, phase: ContactPhase) -> TouchFrame {
        let c = Contact(id: 1, slot: 0, phase: phase, deviceX: Int32(x * 10), deviceY: Int32(y * 10),
                        mm: Point(x: x, y: y), normalized: Point(x: x / size.widthMM, y: y / size.heightMM))
        return TouchFrame(time: t, contacts: [c])
    }

    /// A swipe from 2 mm off `edge` to 70 mm inward at height y, 4 mm per 10 ms; every GestureEvent.
    private func swipe(_ session: NavigationSession, _ arena: GestureArena, y: Double, from t0: Microseconds,
                       edge: Edge = .left) -> [GestureEvent] {
        var all: [GestureEvent] = []
        var inward = 2.0, t = t0
        var phase = ContactPhase.down
        while true {
            session.advance(now: t)
            let x = edge == .left ? inward : size.widthMM - inward
            let events = Array(arena.process(frame(t, x: x, y: y, phase: phase), now: t))
            for e in events { session.handle(e) }
            all += events
            if phase == .up { break }
            t += 10_000
            inward += 4
            phase = inward >= 70 ? .up : .move
        }
        session.finish(now: t + 1_000_000)
        return all
    }

    private func rig(_ spec: String) throws -> (NavigationSession, GestureArena) {
        let session = try NavigationSession(stack: spec, popRecognizer: "back", now: 0)
        let arena = GestureArena(transform: ScreenTransform(deviceSize: size))
        _ = try arena.add(EdgeSwipeConfig(name: "back", edges: [.left]))
        _ = try arena.add(EdgeSwipeConfig(name: "menu", edges: [.right]))
        arena.delegate = session
        session.controller.recomputeExclusions(devices: [ExclusionGeometry(screen: size, edgeZoneMM: 5)])
        _ = session.takeEvents()
        return (session, arena)
    }

    private func refusals(_ session: NavigationSession) -> [RefusalReason] {
        session.takeEvents().compactMap { if case .popRefused(let r, _) = $0.kind { return r } else { return nil } }
    }

    private func back(_ events: [GestureEvent]) -> [GestureEvent] { events.filter { $0.recognizer == "back" } }

    @Test func aSwipeStartingInASharedExclusionNeverBeginsAndOneBelowItPops() throws {
        let (session, arena) = try rig("home,inbox")
        _ = try session.controller.setExclusions([ExclusionRect(x: 0, y: 40, width: 10, height: 20)], owner: owner)
        let inside = back(swipe(session, arena, y: 50, from: 1_000_000))
        #expect(inside.map(\.phase) == [.failed])
        #expect(inside.first?.failureReason == .refused(.excludedArea))
        #expect(session.stackNames == ["home", "inbox"])
        #expect(refusals(session) == [])
        let below = back(swipe(session, arena, y: 61, from: 3_000_000))
        #expect(below.first?.phase == .began && below.last?.outcome == .complete)
        #expect(session.stackNames == ["home"])
    }

    @Test func aRectangleOfAnotherScreenDoesNotApplyAndOneOfTheTopScreenDoes() throws {
        let (session, arena) = try rig("home,inbox,message")
        _ = try session.controller.setExclusions([ExclusionRect(x: 0, y: 40, width: 10, height: 20, screen: "inbox")],
                                                 owner: owner)
        // message on top: inbox's slider is not there.
        #expect(back(swipe(session, arena, y: 50, from: 1_000_000)).first?.phase == .began)
        #expect(session.stackNames == ["home", "inbox"])
        // inbox on top now: its slider is.
        #expect(back(swipe(session, arena, y: 50, from: 3_000_000)).map(\.failureReason) == [.refused(.excludedArea)])
        #expect(session.stackNames == ["home", "inbox"])
    }

    @Test func exclusionsRefuseEveryRecognizerNotOnlyThePop() throws {
        let (session, arena) = try rig("home,inbox")
        _ = try session.controller.setExclusions([ExclusionRect(x: 90, y: 0, width: 10, height: 30)], owner: owner)
        let events = swipe(session, arena, y: 10, from: 1_000_000, edge: .right)
        #expect(events.filter { $0.recognizer == "menu" }.map(\.failureReason) == [.refused(.excludedArea)])
    }

    @Test func theFlagOffRefusesThePopAtTouchDownAndOnAgainLetsItPop() throws {
        let (session, arena) = try rig("home,inbox")
        #expect(session.controller.setInteractivePopEnabled(false, screenNamed: "inbox"))
        #expect(back(swipe(session, arena, y: 50, from: 1_000_000)).map(\.failureReason) == [.refused(.interactivePopDisabled)])
        #expect(session.stackNames == ["home", "inbox"])
        #expect(refusals(session) == [])
        // Another recognizer is not the pop: the flag does not touch it.
        let menu = swipe(session, arena, y: 50, from: 2_000_000, edge: .right).filter { $0.recognizer == "menu" }
        #expect(menu.first?.phase == .began)
        #expect(session.controller.setInteractivePopEnabled(true, screenNamed: "inbox"))
        #expect(back(swipe(session, arena, y: 50, from: 3_000_000)).last?.outcome == .complete)
        #expect(session.stackNames == ["home"])
        #expect(!session.controller.setInteractivePopEnabled(false, screenNamed: "nowhere"))
    }

    @Test func theFlagGivenAtPushAppliesToThatScreenOnly() throws {
        let (session, arena) = try rig("home")
        try session.controller.push(ScreenSpec(name: "form", kind: .plain, interactivePopEnabled: false).makeScreen(), now: 0)
        try session.controller.push(ScreenSpec(name: "inbox", kind: .header).makeScreen(), now: 500_000)
        session.advance(now: 900_000)
        #expect(back(swipe(session, arena, y: 50, from: 1_000_000)).last?.outcome == .complete)
        #expect(session.stackNames == ["home", "form"])
        #expect(back(swipe(session, arena, y: 50, from: 3_000_000)).map(\.failureReason) == [.refused(.interactivePopDisabled)])
        #expect(session.stackNames == ["home", "form"])
    }

    @Test func theFlagTurnedOffAfterTouchDownIsRefusedAtBeginAsAPopRefused() throws {
        let (session, arena) = try rig("home,inbox")
        _ = arena.process(frame(1_000_000, x: 2, y: 50, phase: .down), now: 1_000_000)
        _ = session.controller.setInteractivePopEnabled(false, screenNamed: "inbox")
        let e = arena.process(frame(1_010_000, x: 10, y: 50, phase: .move), now: 1_010_000)
        #expect(e.map(\.failureReason) == [.refused(.interactivePopDisabled)])
        #expect(refusals(session) == [.interactivePopDisabled])
    }

    @Test func removingTheOwnersExclusionsLetsTheSwipePop() throws {
        let (session, arena) = try rig("home,inbox")
        _ = try session.controller.setExclusions([ExclusionRect(x: 0, y: 0, width: 10, height: 30),
                                                  ExclusionRect(x: 0, y: 40, width: 10, height: 20)], owner: owner)
        #expect(session.controller.removeExclusions(owner: owner) == 2)
        #expect(back(swipe(session, arena, y: 50, from: 1_000_000)).last?.outcome == .complete)
    }

    @Test func anUnknownScreenIsAnErrorAndAQueuedOneIsKnown() throws {
        let (session, _) = try rig("home,inbox")
        #expect(throws: ExclusionError.unknownScreen(index: 0, name: "later")) {
            _ = try session.controller.setExclusions([ExclusionRect(x: 0, y: 0, width: 5, height: 5, screen: "later")], owner: owner)
        }
        try session.controller.push(Screen(name: "a"), now: 0)   // animating
        try session.controller.push(Screen(name: "later"), now: 0)  // queued
        _ = try session.controller.setExclusions([ExclusionRect(x: 0, y: 0, width: 5, height: 5, screen: "later")], owner: owner)
        #expect(session.controller.exclusions.count == 1)
    }
}

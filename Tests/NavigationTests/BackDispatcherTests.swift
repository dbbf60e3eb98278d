import Gestures
import Navigation
import Testing
import TouchModel

/// Issue 24: who takes a back gesture. The order (newest overlay, the stack while it can pop, newest default,
/// hand-off), ties, observers, and handlers going away before and during a gesture.
@Suite struct BackDispatcherTests {
    static let page = BackClient(1)
    static let logger = BackClient(2)

    private func request(_ t: Microseconds, recognizer: RecognizerID = "back", edge: Edge = .left, fingers: Int = 1) -> BeginRequest {
        BeginRequest(recognizer: recognizer, edge: edge, fingers: fingers, time: t, startMM: Point(x: 1, y: 50),
                     screenMM: PhysicalSize(widthMM: 100, heightMM: 160))
    }

    private func event(_ phase: GesturePhase, _ t: Microseconds, progress: Double = 0, outcome: SwipeOutcome? = nil,
                       recognizer: RecognizerID = "back", edge: Edge = .left, fingers: Int = 1) -> GestureEvent {
        GestureEvent(recognizer: recognizer, phase: phase, edge: edge, fingers: fingers, time: t, progress: progress,
                     translationMM: progress * 100, velocityMMs: 100, startMM: Point(x: 1, y: 50),
                     positionMM: Point(x: 1 + progress * 100, y: 50), outcome: outcome)
    }

    /// A whole swipe as the arena gives it: asked, began, two frames, released at `t0 + 40 ms`.
    private func swipe(_ s: NavigationSession, at t0: Microseconds, outcome: SwipeOutcome = .complete,
                       recognizer: RecognizerID = "back", edge: Edge = .left) -> BeginDecision {
        let decision = s.shouldBegin(request(t0, recognizer: recognizer, edge: edge))
        guard decision == .allow else { return decision }
        s.handle(event(.began, t0, progress: 0.1, recognizer: recognizer, edge: edge))
        s.handle(event(.changed, t0 + 20_000, progress: 0.4, recognizer: recognizer, edge: edge))
        s.handle(event(.ended, t0 + 40_000, progress: 0.6, outcome: outcome, recognizer: recognizer, edge: edge))
        return decision
    }

    private func session(_ stack: String) throws -> NavigationSession {
        let s = try NavigationSession(stack: stack, popRecognizer: "back", now: 0)
        _ = s.takeEvents()
        return s
    }

    private func decisions(_ s: NavigationSession) -> [BackDecision] {
        s.takeEvents().compactMap { if case .backDispatched(let d) = $0.kind { return d } else { return nil } }
    }

    /// (handler, role, callback) of every delivery to a handler; "handoff" for the hand-off.
    private func deliveries(_ s: NavigationSession) -> [String] {
        s.dispatcher.takeDeliveries().map { d in
            switch d.recipient {
            case .handoff: return "handoff \(d.event.phase.rawValue)"
            case .handler(let h, let role):
                return "\(h.id.rawValue) \(role.rawValue) \(d.callback?.rawValue ?? "-")" + (d.cancelReason.map { " \($0.rawValue)" } ?? "")
            }
        }
    }

    // MARK: The order

    @Test func overlayTakesTheBackBeforeTheStackAndTheStackStays() throws {
        let s = try session("home,inbox")
        let overlay = try s.dispatcher.register(.overlay, edges: nil, client: Self.page)
        #expect(swipe(s, at: 100_000) == .allow)
        let events = s.takeEvents()
        #expect(events.map(\.typeName) == ["backDispatched"], "the stack is never asked, so it neither pops nor refuses")
        guard case .backDispatched(let d) = events.first?.kind else { Issue.record("no decision"); return }
        #expect(d.target == .handler(overlay) && d.reason == .overlayHandler && d.stack == .canPop && d.gestureID == 1)
        #expect(deliveries(s) == ["1 target started", "1 target progressed", "1 target invoked"])
        #expect(s.stackNames == ["home", "inbox"])
    }

    @Test func theStackTakesTheBackWhileItCanPopAheadOfDefaultHandlers() throws {
        let s = try session("home,inbox")
        _ = try s.dispatcher.register(.default, edges: nil, client: Self.page)
        #expect(swipe(s, at: 100_000) == .allow)
        let d = decisions(s)
        #expect(d.map(\.target) == [.navigation] && d.map(\.reason) == [.stackCanPop])
        #expect(deliveries(s).isEmpty, "neither the default handler nor the hand-off hears of it")
        s.advance(now: 1_000_000)
        #expect(s.stackNames == ["home"])
    }

    @Test func atTheRootTheNewestDefaultHandlerTakesIt() throws {
        let s = try session("home")
        let older = try s.dispatcher.register(.default, edges: nil, client: Self.page)
        let newer = try s.dispatcher.register(.default, edges: nil, client: Self.logger)
        #expect(swipe(s, at: 100_000, outcome: .cancel) == .allow, "not refused at the root: a handler takes it")
        let d = decisions(s)
        #expect(d.map(\.target) == [.handler(newer)] && d.map(\.reason) == [.defaultHandler] && d.map(\.stack) == [.root])
        #expect(deliveries(s) == ["2 target started", "2 target progressed", "2 target cancelled released"])
        // The newer one unregistered: the older one takes the next.
        try s.dispatcher.unregister(newer.id, client: Self.logger, now: 200_000)
        _ = swipe(s, at: 300_000)
        #expect(decisions(s).map(\.target) == [.handler(older)])
    }

    @Test func atTheRootWithNoHandlerTheBackIsHandedOffOnce() throws {
        let s = try session("home")
        #expect(swipe(s, at: 100_000) == .allow)
        let d = decisions(s)
        #expect(d.map(\.target) == [.handoff] && d.map(\.reason) == [.noHandler] && d.map(\.stack) == [.root])
        // One delivery per report, so each configured trigger (began, complete) fires once.
        #expect(deliveries(s) == ["handoff began", "handoff changed", "handoff ended"])
        #expect(s.takeEvents().isEmpty, "no popRefused: nothing was refused")
    }

    @Test func overlaysTieToTheNewestAndEdgesNarrowWhatAHandlerTakes() throws {
        let s = try session("home,inbox")
        let left = try s.dispatcher.register(.overlay, edges: [.left], client: Self.page)
        let rightOnly = try s.dispatcher.register(.overlay, edges: [.right], client: Self.page)
        _ = swipe(s, at: 100_000)
        #expect(decisions(s).map(\.target) == [.handler(left)], "the newer overlay does not take the left edge")
        _ = deliveries(s)
        let newest = try s.dispatcher.register(.overlay, edges: nil, client: Self.logger)
        _ = swipe(s, at: 200_000)
        #expect(decisions(s).map(\.target) == [.handler(newest)])
        // A right-edge swipe is not the pop gesture: with no right-edge handler it would be handed off.
        _ = deliveries(s)
        _ = swipe(s, at: 300_000, recognizer: "forward", edge: .right)
        let d = decisions(s)
        #expect(d.map(\.target) == [.handler(newest)] && d.map(\.stack) == [.notPopGesture])
        try s.dispatcher.unregister(newest.id, client: Self.logger, now: 400_000)
        _ = swipe(s, at: 500_000, recognizer: "forward", edge: .right)
        #expect(decisions(s).map(\.target) == [.handler(rightOnly)])
    }

    @Test func multiFingerSwipesAreNotBackGesturesAndAreHandedOffUndecided() throws {
        let s = try session("home,inbox")
        _ = try s.dispatcher.register(.overlay, edges: nil, client: Self.page)
        #expect(s.shouldBegin(request(10, recognizer: "two", edge: .left, fingers: 2)) == .allow)
        s.handle(event(.began, 10, progress: 0.1, recognizer: "two", fingers: 2))
        s.handle(event(.ended, 20, progress: 0.5, outcome: .complete, recognizer: "two", fingers: 2))
        #expect(decisions(s).isEmpty)
        #expect(deliveries(s) == ["handoff began", "handoff ended"])
    }

    // MARK: Observers

    @Test func observersSeeEveryGestureMarkedObservedAndNeverConsumeIt() throws {
        let s = try session("home,inbox")
        let arrow = try s.dispatcher.register(.observer, edges: nil, client: Self.logger)
        let haptics = try s.dispatcher.register(.observer, edges: nil, client: Self.logger)
        #expect(swipe(s, at: 100_000) == .allow)
        let d = decisions(s)
        #expect(d.map(\.target) == [.navigation] && d.map(\.observers) == [2], "an observer is never the target")
        #expect(deliveries(s) == ["\(arrow.id.rawValue) observer started", "\(haptics.id.rawValue) observer started",
                                  "1 observer progressed", "2 observer progressed", "1 observer invoked", "2 observer invoked"])
        s.advance(now: 1_000_000)
        #expect(s.stackNames == ["home"], "the stack popped as if no observer were there")
        // At the root: handed off, and observed.
        _ = s.takeEvents()
        _ = swipe(s, at: 2_000_000)
        #expect(decisions(s).map(\.target) == [.handoff])
        #expect(deliveries(s).filter { $0.hasPrefix("handoff") } == ["handoff began", "handoff changed", "handoff ended"])
    }

    @Test func anObserverRegisteredMidGestureSeesOnlyTheNextOne() throws {
        let s = try session("home")
        #expect(s.shouldBegin(request(100)) == .allow)
        s.handle(event(.began, 100, progress: 0.1))
        let late = try s.dispatcher.register(.observer, edges: nil, client: Self.logger)
        s.handle(event(.ended, 200, progress: 0.5, outcome: .complete))
        #expect(deliveries(s) == ["handoff began", "handoff ended"])
        _ = swipe(s, at: 1_000)
        #expect(deliveries(s).filter { $0.hasPrefix("\(late.id.rawValue) ") }.count == 3)
    }

    // MARK: Going away

    @Test func aTargetUnregisteredBeforeTheGestureIsNotChosen() throws {
        let s = try session("home,inbox")
        let overlay = try s.dispatcher.register(.overlay, edges: nil, client: Self.page)
        try s.dispatcher.unregister(overlay.id, client: Self.page, now: 50)
        _ = swipe(s, at: 100_000)
        #expect(decisions(s).map(\.target) == [.navigation])
        #expect(s.takeEvents().isEmpty && deliveries(s).isEmpty)
    }

    @Test func aClientGoneBeforeTheGestureTakesItsHandlersAlong() throws {
        let s = try session("home")
        _ = try s.dispatcher.register(.default, edges: nil, client: Self.page)
        _ = try s.dispatcher.register(.observer, edges: nil, client: Self.page)
        #expect(s.dispatcher.removeHandlers(of: Self.page, now: 50).count == 2)
        _ = swipe(s, at: 100_000)
        #expect(decisions(s).map(\.target) == [.handoff])
        #expect(deliveries(s) == ["handoff began", "handoff changed", "handoff ended"])
    }

    /// The target goes mid-gesture, by unregistering or by its client going: it gets nothing more, the
    /// observers get `cancelled` (targetGone) at that moment, and nobody gets the rest (no hand-off, no pop).
    @Test(arguments: [false, true])
    func aTargetGoneMidGestureEndsItForTheOthersAndIsNeverReplaced(byDisconnect: Bool) throws {
        let s = try session("home,inbox")
        let overlay = try s.dispatcher.register(.overlay, edges: nil, client: Self.page)
        let observer = try s.dispatcher.register(.observer, edges: nil, client: Self.logger)
        #expect(s.shouldBegin(request(100_000)) == .allow)
        s.handle(event(.began, 100_000, progress: 0.1))
        s.handle(event(.changed, 110_000, progress: 0.2))
        if byDisconnect {
            #expect(s.dispatcher.removeHandlers(of: Self.page, now: 115_000) == [overlay])
        } else {
            try s.dispatcher.unregister(overlay.id, client: Self.page, now: 115_000)
        }
        s.handle(event(.changed, 120_000, progress: 0.4))
        s.handle(event(.ended, 130_000, progress: 0.6, outcome: .complete))
        let o = observer.id.rawValue
        #expect(deliveries(s) == ["1 target started", "\(o) observer started", "1 target progressed", "\(o) observer progressed",
                                  "\(o) observer cancelled targetGone"])
        let lines = s.takeLines()
        #expect(lines.count == 2)
        #expect(lines.last == #"{"timeUs":115000,"type":"backTargetGone","gesture":1,"handler":1,"reason":"\#(byDisconnect ? "clientGone" : "unregistered")"}"#)
        s.advance(now: 1_000_000)
        #expect(s.stackNames == ["home", "inbox"], "the rest of the gesture did not pop the stack")
        // The next gesture is decided afresh: the stack.
        _ = swipe(s, at: 2_000_000)
        #expect(decisions(s).map(\.target) == [.navigation])
    }

    @Test func anObserverGoneMidGestureJustStopsHearing() throws {
        let s = try session("home,inbox")
        let observer = try s.dispatcher.register(.observer, edges: nil, client: Self.logger)
        #expect(s.shouldBegin(request(100)) == .allow)
        s.handle(event(.began, 100, progress: 0.1))
        try s.dispatcher.unregister(observer.id, client: Self.logger, now: 150)
        s.handle(event(.ended, 200, progress: 0.6, outcome: .complete))
        #expect(deliveries(s) == ["1 observer started"])
        s.advance(now: 1_000_000)
        #expect(s.stackNames == ["home"], "the stack's pop went on")
    }

    // MARK: The registry

    @Test func handlersAreBoundedAndOnlyTheirClientRemovesThem() throws {
        var registry = BackHandlerRegistry()
        var ids: [BackHandlerID] = []
        for _ in 0..<BackHandlerRegistry.perClient { ids.append(try registry.register(.default, edges: nil, client: Self.page).id) }
        #expect(throws: BackHandlerError.tooManyForClient(limit: 16)) {
            _ = try registry.register(.observer, edges: nil, client: Self.page)
        }
        #expect(throws: BackHandlerError.noEdges) { _ = try registry.register(.overlay, edges: [], client: Self.logger) }
        #expect(throws: BackHandlerError.notYours(ids[0])) { _ = try registry.unregister(ids[0], client: Self.logger) }
        #expect(throws: BackHandlerError.unknown(BackHandlerID(999))) {
            _ = try registry.unregister(BackHandlerID(999), client: Self.page)
        }
        #expect(ids.map(\.rawValue) == Array(1...16), "ids grow with registration")
        for client in 2...16 {
            for _ in 0..<16 { _ = try registry.register(.observer, edges: nil, client: BackClient(UInt64(client))) }
        }
        #expect(registry.handlers.count == 256)
        #expect(registry.removeAll(of: Self.page).count == 16 && registry.handlers.count == 240)
        #expect(try registry.register(.overlay, edges: nil, client: BackClient(99)).id.rawValue == 257, "ids are never reused")
    }

    @Test func priorityValuesAreAndroids() {
        #expect(BackPriority.allCases.map(\.androidValue) == [1_000_000, 0, -2])
    }
}

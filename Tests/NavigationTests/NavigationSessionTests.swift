import Gestures
import Navigation
import Testing

import TouchModel

/// The CLI's path: spec in, GestureEvents in, JSON lines out.
@Suite struct NavigationSessionTests {
    private func event(_ phase: GesturePhase, _ t: Microseconds, progress: Double = 0, velocity: Double = 0,
                       outcome: SwipeOutcome? = nil, recognizer: RecognizerID = "back", edge: Edge = .left) -> GestureEvent {
        GestureEvent(recognizer: recognizer, phase: phase, edge: edge, fingers: 1, time: t, progress: progress,
                     translationMM: progress * 100, velocityMMs: velocity, startMM: Point(x: 1, y: 50),
                     positionMM: Point(x: 1 + progress * 100, y: 50), outcome: outcome)
    }

    private func request(_ t: Microseconds, recognizer: RecognizerID = "back", edge: Edge = .left) -> BeginRequest {
        BeginRequest(recognizer: recognizer, edge: edge, fingers: 1, time: t, startMM: Point(x: 1, y: 50),
                     screenMM: PhysicalSize(widthMM: 100, heightMM: 160))
    }

    @Test func swipeBackThroughTwoHostsAsJSONLines() throws {
        let session = try NavigationSession(stack: "home,inbox:header,message:header", popRecognizer: "back", now: 0)
        #expect(session.takeLines() == [
            #"{"timeUs":0,"type":"transitionBegan","kind":"setScreens","from":null,"to":"message"}"#,
            #"{"timeUs":0,"type":"willAppear","screen":"message"}"#,
            #"{"timeUs":0,"type":"didAppear","screen":"message"}"#,
            #"{"timeUs":0,"type":"transitionFinished","kind":"setScreens","from":null,"to":"message"}"#,
        ])
        #expect(session.shouldBegin(request(100_000)) == .allow)
        session.handle(event(.began, 100_000, progress: 0.1))
        session.handle(event(.changed, 150_000, progress: 0.5))
        session.handle(event(.ended, 200_000, progress: 0.5, velocity: 500, outcome: .complete))
        // 0.5 × 100 mm / 500 mm/s = 100 ms, shorter than 0.5 × 350 ms: done at 300 ms.
        #expect(session.nextDeadline == 300_000)
        session.advance(now: 400_000)
        #expect(session.takeLines() == [
            #"{"timeUs":100000,"type":"backDispatched","gesture":1,"target":"navigation","reason":"stackCanPop","stack":"canPop","observers":0}"#,
            #"{"timeUs":100000,"type":"transitionBegan","kind":"interactivePop","from":"message","to":"inbox"}"#,
            #"{"timeUs":100000,"type":"willDisappear","screen":"message"}"#,
            #"{"timeUs":100000,"type":"willAppear","screen":"inbox"}"#,
            #"{"timeUs":150000,"type":"transitionProgress","progress":0.5}"#,
            // At the release: complete, from 0.5, the 100 ms above to go.
            #"{"timeUs":200000,"type":"transitionSettling","kind":"interactivePop","outcome":"complete","progress":0.5,"remainingUs":100000}"#,
            #"{"timeUs":300000,"type":"didDisappear","screen":"message"}"#,
            #"{"timeUs":300000,"type":"didAppear","screen":"inbox"}"#,
            #"{"timeUs":300000,"type":"transitionFinished","kind":"interactivePop","from":"message","to":"inbox"}"#,
        ])
        #expect(session.stackNames == ["home", "inbox"])
    }

    /// A session hands a swipe at the root off (issue 24) before its stack is asked; the stack's own guard, asked
    /// through the arbiter alone (the stack without the dispatcher), still refuses it and names the freeze it prevented.
    @Test func hostAloneIsReportedAndHandedOffAndItsGuardStillRefuses() throws {
        let session = try NavigationSession(stack: "feed:header", now: 5)
        let first = session.takeEvents().map(\.kind)
        #expect(diagnostics(first) == [.nilDelegateAtRoot])
        #expect(session.shouldBegin(request(1_000)) == .allow)
        #expect(session.takeLines() == [
            #"{"timeUs":1000,"type":"backDispatched","gesture":1,"target":"handoff","reason":"noHandler","stack":"root","observers":0}"#,
        ])
        let stackAlone = NavigationArbiter(controller: session.controller)
        #expect(stackAlone.shouldBegin(request(1_000)) == .refuse(.root))
        #expect(session.takeLines() == [
            #"{"timeUs":1000,"type":"diagnostic","code":"freezePrevented","screen":"feed","detail":"nil delegate would let a pop begin (root); refused"}"#,
            #"{"timeUs":1000,"type":"popRefused","reason":"root"}"#,
        ])
    }

    @Test func otherRecognizersAreNotJudgedOrFollowed() throws {
        let session = try NavigationSession(stack: "home,detail", popRecognizer: "back", now: 0)
        _ = session.takeEvents()
        #expect(session.shouldBegin(request(10, recognizer: "menu")) == .allow)
        session.handle(event(.began, 10, progress: 0.2, recognizer: "menu"))
        session.handle(event(.ended, 20, progress: 0.9, outcome: .complete, recognizer: "menu"))
        // Only the decision: not the pop gesture, no handler, so handed off (issue 24).
        #expect(session.takeLines() == [
            #"{"timeUs":10,"type":"backDispatched","gesture":1,"target":"handoff","reason":"noHandler","stack":"notPopGesture","observers":0}"#,
        ])
        #expect(session.stackNames == ["home", "detail"])
    }

    @Test func finishCancelsAPopStillUnderTheFingerAndSettles() throws {
        let session = try NavigationSession(stack: "home,detail", now: 0)
        _ = session.takeEvents()
        #expect(session.shouldBegin(request(10, recognizer: "pop")) == .allow)
        session.handle(event(.began, 10, progress: 0.1, recognizer: "pop"))
        session.handle(event(.changed, 20, progress: 0.4, recognizer: "pop"))
        session.finish(now: 30)
        let kinds = session.takeEvents().map(\.kind)
        #expect(kinds.last == .transitionCancelled(.interactivePop, from: "detail", to: "home"))
        #expect(session.controller.isSettled)
        #expect(session.stackNames == ["home", "detail"])
    }

    @Test func badSpecIsAnError() {
        #expect(throws: StackSpecError(token: "x:y", position: 2, problem: .unknownKind("y"))) {
            _ = try NavigationSession(stack: "home,x:y")
        }
    }

    @Test func debugLogShowsStateInputState() throws {
        let nav = NavigationController()
        let lines = RecordedLines()
        nav.logSink = lines.sink
        try nav.setScreens([Screen(name: "a")], animated: false, now: 0)
        try nav.push(Screen(name: "b"), now: 10)
        nav.finishAnimation(now: 20)
        #expect(lines.all == [
            "idle -> setScreens([a], unanimated) -> idle",
            "idle -> push(b) -> animating",
            "animating -> animationEnded -> idle",
        ])
    }
}

import Gestures
import Navigation
import Testing
import TouchModel

// Expected lists come from the issue's statement of UIKit's order, not from running the code.

@Suite struct AppearanceSequenceTests {
    @Test func firstScreenAppearsAlone() throws {
        let rig = Rig()
        try rig.nav.setScreens([Screen(name: "A")], animated: false, now: rig.now)
        #expect(rig.kinds() == [
            .transitionBegan(.setScreens, from: nil, to: "A"),
            .willAppear("A"), .didAppear("A"),
            .transitionFinished(.setScreens, from: nil, to: "A"),
        ])
    }

    @Test func animatedPushEndsWhenTheCallerSays() throws {
        let rig = Rig(stack: [Screen(name: "A")])
        let t0 = rig.tick()
        try rig.nav.push(Screen(name: "B"), now: t0)
        #expect(rig.kinds() == [.transitionBegan(.push, from: "A", to: "B"), .willDisappear("A"), .willAppear("B")])
        #expect(rig.nav.isTransitioning)
        #expect(rig.nav.nextDeadline == t0 + 350_000)
        rig.nav.advance(now: t0 + 349_999)
        #expect(rig.kinds().isEmpty)
        rig.nav.advance(now: t0 + 500_000)
        let events = rig.nav.takeEvents()
        #expect(events.map(\.kind) == [.didDisappear("A"), .didAppear("B"), .transitionFinished(.push, from: "A", to: "B")])
        #expect(events.allSatisfy { $0.time == t0 + 350_000 })
        #expect(rig.nav.isSettled)
        #expect(rig.names == ["A", "B"])
    }

    @Test func unanimatedPushSendsAllFourAtOnce() throws {
        let rig = Rig(stack: [Screen(name: "A")])
        try rig.nav.push(Screen(name: "B"), animated: false, now: rig.tick())
        #expect(appearanceOnly(rig.kinds()) == [.willDisappear("A"), .willAppear("B"), .didDisappear("A"), .didAppear("B")])
        #expect(rig.nav.isSettled)
    }

    @Test func popHasTheSamePattern() {
        let a = Screen(name: "A"), b = Screen(name: "B")
        let rig = Rig(stack: [a, b])
        rig.nav.pop(now: rig.tick())
        #expect(rig.kinds() == [.transitionBegan(.pop, from: "B", to: "A"), .willDisappear("B"), .willAppear("A")])
        #expect(b.navigationController != nil)  // still attached until its didDisappear
        #expect(rig.nav.finishAnimation(now: rig.tick()))
        #expect(rig.kinds() == [.didDisappear("B"), .didAppear("A"), .transitionFinished(.pop, from: "B", to: "A")])
        #expect(b.navigationController == nil)
        #expect(rig.names == ["A"])
    }

    @Test func interactivePopComplete() {
        let rig = Rig(stack: [Screen(name: "A"), Screen(name: "B")])
        #expect(rig.recognizer.begin(at: rig.tick()) == .allow)
        #expect(rig.kinds() == [.transitionBegan(.interactivePop, from: "B", to: "A"), .willDisappear("B"), .willAppear("A")])
        rig.recognizer.move(to: 0.3, at: rig.tick())
        rig.recognizer.move(to: 0.7, at: rig.tick())
        #expect(rig.kinds() == [.transitionProgress(0.3), .transitionProgress(0.7)])
        rig.recognizer.release(.complete, velocity: 150, at: rig.tick())
        // Release at the same progress: no progress, no appearance callback until the animation ends; the settling
        // says how long the rest takes, (1 - 0.7) x 350 ms (no screen width, so no fling time).
        #expect(rig.kinds() == [.transitionSettling(.interactivePop, outcome: .complete, progress: 0.7,
                                                    remaining: Microseconds(milliseconds: 105))])
        #expect(rig.nav.isTransitioning)
        rig.nav.finishAnimation(now: rig.tick())
        #expect(rig.kinds() == [.didDisappear("B"), .didAppear("A"), .transitionFinished(.interactivePop, from: "B", to: "A")])
        #expect(rig.names == ["A"])
    }

    @Test func interactivePopCancel() {
        let rig = Rig(stack: [Screen(name: "A"), Screen(name: "B")])
        rig.recognizer.begin(at: rig.tick())
        rig.recognizer.move(to: 0.2, at: rig.tick())
        rig.recognizer.release(.cancel, velocity: -100, at: rig.tick())
        rig.nav.finishAnimation(now: rig.tick())
        #expect(appearanceOnly(rig.kinds()) == [
            .willDisappear("B"), .willAppear("A"),
            .willDisappear("A"), .didDisappear("A"), .willAppear("B"), .didAppear("B"),
        ])
        #expect(rig.names == ["A", "B"])
        #expect(rig.nav.isSettled)
    }

    @Test func recognizerCancellationCancelsThePop() {
        let rig = Rig(stack: [Screen(name: "A"), Screen(name: "B")])
        rig.recognizer.begin(at: rig.tick())
        _ = rig.kinds()
        rig.recognizer.cancel(at: rig.tick())
        rig.nav.finishAnimation(now: rig.tick())
        #expect(rig.kinds() == [
            // Cancelled at progress 0: the rest is the shortest animation, minCompletionMs.
            .transitionSettling(.interactivePop, outcome: .cancel, progress: 0, remaining: Microseconds(milliseconds: 50)),
            .willDisappear("A"), .didDisappear("A"), .willAppear("B"), .didAppear("B"),
            .transitionCancelled(.interactivePop, from: "B", to: "A"),
        ])
    }

    @Test func popToRootCallsOnlyOldTopAndRoot() {
        let screens = ["A", "B", "C", "D"].map { Screen(name: $0) }
        let rig = Rig(stack: screens)
        rig.nav.popToRoot(animated: false, now: rig.tick())
        #expect(rig.kinds() == [
            .transitionBegan(.popToRoot, from: "D", to: "A"),
            .willDisappear("D"), .willAppear("A"), .didDisappear("D"), .didAppear("A"),
            .transitionFinished(.popToRoot, from: "D", to: "A"),
        ])
        #expect(rig.names == ["A"])
        #expect(screens[1...].allSatisfy { $0.navigationController == nil })
    }

    @Test func setScreensCallsOnlyOldTopAndNewTop() throws {
        let rig = Rig(stack: [Screen(name: "A"), Screen(name: "B")])
        let x = Screen(name: "X"), y = Screen(name: "Y")
        try rig.nav.setScreens([x, y], now: rig.tick())
        rig.nav.finishAnimation(now: rig.tick())
        #expect(appearanceOnly(rig.kinds()) == [.willDisappear("B"), .willAppear("Y"), .didDisappear("B"), .didAppear("Y")])
        #expect(rig.names == ["X", "Y"])
        #expect(x.isLoaded == false)  // never shown, so never loaded
    }

    @Test func setScreensKeepingTheTopCallsNobody() throws {
        let b = Screen(name: "B")
        let rig = Rig(stack: [Screen(name: "A"), b])
        try rig.nav.setScreens([Screen(name: "Z"), b], now: rig.tick())
        #expect(rig.kinds().isEmpty)
        #expect(rig.nav.isSettled)
        #expect(rig.names == ["Z", "B"])
    }

    @Test func pushDuringATransitionWaitsForItsEnd() throws {
        let rig = Rig(stack: [Screen(name: "A")])
        try rig.nav.push(Screen(name: "B"), now: rig.tick())
        try rig.nav.push(Screen(name: "C"), now: rig.tick())
        #expect(rig.nav.queuedOperations == 1)
        #expect(appearanceOnly(rig.kinds()) == [.willDisappear("A"), .willAppear("B")])
        rig.nav.finishAnimation(now: rig.tick())
        #expect(rig.kinds() == [
            .didDisappear("A"), .didAppear("B"), .transitionFinished(.push, from: "A", to: "B"),
            .transitionBegan(.push, from: "B", to: "C"), .willDisappear("B"), .willAppear("C"),
        ])
        rig.nav.finishAnimation(now: rig.tick())
        #expect(appearanceOnly(rig.kinds()) == [.didDisappear("B"), .didAppear("C")])
        #expect(rig.names == ["A", "B", "C"])
        #expect(rig.nav.isSettled)
    }

    @Test func pushDuringAnInteractivePopWaitsForTheGestureAndItsAnimation() throws {
        let rig = Rig(stack: [Screen(name: "A"), Screen(name: "B")])
        rig.recognizer.begin(at: rig.tick())
        try rig.nav.push(Screen(name: "C"), animated: false, now: rig.tick())
        rig.recognizer.release(.complete, velocity: 300, at: rig.tick())
        #expect(!appearanceOnly(rig.kinds()).contains(.willAppear("C")))
        rig.nav.finishAnimation(now: rig.tick())
        #expect(appearanceOnly(rig.kinds()) == [
            .didDisappear("B"), .didAppear("A"),
            .willDisappear("A"), .willAppear("C"), .didDisappear("A"), .didAppear("C"),
        ])
        #expect(rig.names == ["A", "C"])
    }

    @Test func queuedChangesRunInOrderAtTheirDeadlines() throws {
        let rig = Rig(stack: [Screen(name: "A")])
        let t0 = rig.tick()
        try rig.nav.push(Screen(name: "B"), now: t0)
        rig.nav.pop(now: t0)
        try rig.nav.push(Screen(name: "C"), now: t0)
        rig.nav.advance(now: t0 + 1_050_000)  // three 350 ms animations back to back
        #expect(rig.names == ["A", "C"])
        #expect(rig.nav.isSettled)
        let finished = rig.nav.takeEvents().filter {
            if case .transitionFinished = $0.kind { return true }
            return false
        }
        #expect(finished.map(\.time) == [t0 + 350_000, t0 + 700_000, t0 + 1_050_000])
    }

    @Test func incomingFirstContainerSwapsTheWillPair() throws {
        var config = NavigationConfig()
        config.containerOrder = .incomingFirst
        let rig = Rig(config: config, stack: [Screen(name: "A")])
        try rig.nav.push(Screen(name: "B"), animated: false, now: rig.tick())
        #expect(appearanceOnly(rig.kinds()) == [.willAppear("B"), .willDisappear("A"), .didDisappear("A"), .didAppear("B")])
    }

    @Test func invalidChangesAreNamed() throws {
        let a = Screen(name: "A")
        let rig = Rig(stack: [a])
        #expect(throws: NavigationError.alreadyOnStack("A")) { try rig.nav.push(a, now: rig.now) }
        #expect(throws: NavigationError.emptyStack) { try rig.nav.setScreens([], now: rig.now) }
        let b = Screen(name: "B")
        #expect(throws: NavigationError.duplicateScreen("B")) { try rig.nav.setScreens([b, b], now: rig.now) }
        let other = Rig(stack: [b])
        #expect(throws: NavigationError.onAnotherStack("B")) { try rig.nav.push(other.nav.screens[0], now: rig.now) }
        #expect(rig.kinds().isEmpty)
    }

    @Test func popAtTheRootDoesNothingAndSaysSo() {
        let rig = Rig(stack: [Screen(name: "A")])
        rig.nav.pop(now: rig.tick())
        #expect(rig.kinds().map { if case .diagnostic(let c, let s, _) = $0 { return "\(c.rawValue) \(s ?? "")" } else { return "other" } }
                == ["popIgnoredAtRoot A"])
        #expect(rig.names == ["A"])
    }

    @Test func aQueuedPushThatBecameInvalidIsDroppedWithADiagnostic() throws {
        let rig = Rig(stack: [Screen(name: "A")])
        let c = Screen(name: "C")
        try rig.nav.push(Screen(name: "B"), now: rig.tick())
        try rig.nav.setScreens([Screen(name: "R"), c], now: rig.tick())
        try rig.nav.push(c, now: rig.tick())   // valid now; C is on the stack by its turn
        rig.nav.advance(now: rig.tick(2000))
        #expect(diagnostics(rig.kinds()) == [.droppedQueuedOperation])
        #expect(rig.names == ["R", "C"])
    }
}

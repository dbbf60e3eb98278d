import Gestures
import Navigation
import Testing

import TouchModel

/// A delegate that nobody else holds.
private final class LooseDelegate: GestureRecognizerDelegate {
    func shouldBegin(_ request: BeginRequest) -> BeginDecision { .allow }
}

@Suite struct DelegateChainTests {
    private func installLooseDelegate(on nav: NavigationController) -> ObjectIdentifier {
        let d = LooseDelegate()
        nav.interactivePopDelegate = d
        #expect(nav.interactivePopDelegate === d)
        return ObjectIdentifier(d)
    }

    @Test func delegateIsHeldWeakly() {
        let nav = NavigationController()
        _ = installLooseDelegate(on: nav)
        #expect(nav.interactivePopDelegate == nil)
    }

    @Test func ownedDelegateGoesNilWhenItsScreenIsReleased() throws {
        let rig = Rig(stack: [Screen(name: "home")])
        weak var weakScreen: CustomDelegateScreen?
        do {
            let player = CustomDelegateScreen(name: "player", decision: .allow)
            weakScreen = player
            try rig.nav.push(player, animated: false, now: rig.tick())
            #expect(rig.nav.interactivePopDelegate === player.ownDelegate)
            rig.nav.pop(animated: false, now: rig.tick())
        }
        // Nothing of the recipe held it: the screen and its delegate are gone, and the weak var says so.
        #expect(weakScreen == nil)
        #expect(rig.nav.interactivePopDelegate == nil)
    }

    @Test func systemDelegateRefusesWhileTheBarIsHidden() {
        let rig = Rig(stack: [Screen(name: "a"), Screen(name: "b")])
        rig.nav.isNavigationBarHidden = true
        #expect(rig.recognizer.begin(at: rig.tick()) == .refuse(.navigationBarHidden))
    }

    @Test func systemDelegateRefusesAtOneScreenEvenUnguarded() {
        var config = NavigationConfig()
        config.guardMode = .unguarded
        let rig = Rig(config: config, stack: [Screen(name: "a")])
        #expect(rig.recognizer.begin(at: rig.tick()) == .refuse(.root))
        #expect(!rig.nav.isFrozen)
    }

    @Test func systemDelegateRefusesDuringATransitionEvenUnguarded() throws {
        var config = NavigationConfig()
        config.guardMode = .unguarded
        let rig = Rig(config: config, stack: [Screen(name: "a"), Screen(name: "b")])
        try rig.nav.push(Screen(name: "c"), now: rig.tick())
        #expect(rig.recognizer.begin(at: rig.tick()) == .refuse(.transitionInProgress))
        #expect(diagnostics(rig.kinds()).isEmpty)
    }

    @Test func systemDelegateRefusesATouchInsideTheVisibleBar() {
        var config = NavigationConfig()
        config.navigationBarTopMM = 5
        config.navigationBarHeightMM = 10
        let rig = Rig(config: config, stack: [Screen(name: "a"), Screen(name: "b")])
        // The bar covers 5 <= y < 15 mm.
        #expect(rig.nav.isInsideNavigationBar(Point(x: 1, y: 5)))
        #expect(rig.nav.isInsideNavigationBar(Point(x: 1, y: 14.9)))
        #expect(!rig.nav.isInsideNavigationBar(Point(x: 1, y: 4.9)))
        #expect(!rig.nav.isInsideNavigationBar(Point(x: 1, y: 15)))
        #expect(rig.recognizer.begin(at: rig.tick(), y: 10) == .refuse(.touchInNavigationBar))
        #expect(rig.recognizer.begin(at: rig.tick(), y: 4) == .allow)
    }

    @Test func aHiddenBarHasNoTouchZone() {
        let rig = Rig(stack: [Screen(name: "a"), Screen(name: "b")])
        rig.nav.interactivePopDelegate = nil
        rig.nav.isNavigationBarHidden = true
        #expect(!rig.nav.isInsideNavigationBar(Point(x: 1, y: 3)))
    }

    @Test func nilDelegateRefusesNothing() {
        let rig = Rig(stack: [Screen(name: "a"), Screen(name: "b")])
        rig.nav.interactivePopDelegate = nil
        rig.nav.isNavigationBarHidden = true
        // Hidden bar and a touch where the bar would be: nil lets it begin.
        #expect(rig.recognizer.begin(at: rig.tick(), y: 3) == .allow)
        #expect(rig.nav.interactiveProgress == 0)
    }

    @Test func nilDelegateSkipsTheBarCheckOnAVisibleBar() {
        let rig = Rig(stack: [Screen(name: "a"), Screen(name: "b")])
        #expect(rig.recognizer.begin(at: rig.tick(), y: 3) == .refuse(.touchInNavigationBar))
        rig.nav.interactivePopDelegate = nil
        #expect(rig.recognizer.begin(at: rig.tick(), y: 3) == .allow)
    }

    @Test func guardRefusesAtTheRootAndDuringATransitionWhateverTheDelegate() throws {
        let rig = Rig(stack: [Screen(name: "a")])
        rig.nav.interactivePopDelegate = nil
        #expect(rig.recognizer.begin(at: rig.tick()) == .refuse(.root))
        try rig.nav.push(Screen(name: "b"), now: rig.tick())
        rig.nav.interactivePopDelegate = nil
        #expect(rig.recognizer.begin(at: rig.tick()) == .refuse(.transitionInProgress))
        let kinds = rig.kinds()
        #expect(refusals(kinds) == [.root, .transitionInProgress])
        #expect(diagnostics(kinds) == [.freezePrevented, .freezePrevented])
    }

    @Test func customDelegateThatAllowsAtTheRootIsOverruledByTheGuard() throws {
        let player = CustomDelegateScreen(name: "player", decision: .allow)
        let rig = Rig(stack: [player])
        #expect(rig.nav.interactivePopDelegate === player.ownDelegate)
        #expect(rig.recognizer.begin(at: rig.tick()) == .refuse(.root))
        #expect(rig.kinds() == [
            .diagnostic(.freezePrevented, screen: "player", detail: "player's delegate would let a pop begin (root); refused"),
            .popRefused(.root, detail: nil),
        ])

        var config = NavigationConfig()
        config.guardMode = .unguarded
        let uikitPlayer = CustomDelegateScreen(name: "player", decision: .allow)
        let uikit = Rig(config: config, stack: [uikitPlayer])
        #expect(uikit.recognizer.begin(at: uikit.tick()) == .allow)
        #expect(uikit.nav.isFrozen)
    }

    @Test func aStackChangeBetweenShouldBeginAndBeganIsJudgedAgain() throws {
        let rig = Rig(stack: [Screen(name: "a"), Screen(name: "b")])
        let t = rig.tick()
        let request = BeginRequest(recognizer: "pop", edge: .left, fingers: 1, time: t, startMM: Point(x: 1, y: 40),
                                   screenMM: PhysicalSize(widthMM: 100, heightMM: 160))
        #expect(rig.arbiter.shouldBegin(request) == .allow)
        try rig.nav.push(Screen(name: "c"), now: t)  // the app got in first
        _ = rig.kinds()
        rig.arbiter.handle(GestureEvent(recognizer: "pop", phase: .began, edge: .left, fingers: 1, time: t,
                                        progress: 0.1, translationMM: 10))
        #expect(rig.kinds() == [.popRefused(.transitionInProgress, detail: nil)])
        rig.nav.finishAnimation(now: rig.tick())
        #expect(rig.names == ["a", "b", "c"] && rig.nav.isSettled)
    }

    @Test func beganWithoutShouldBeginIsStillJudged() {
        let rig = Rig(stack: [Screen(name: "a")])
        rig.arbiter.handle(GestureEvent(recognizer: "pop", phase: .began, edge: .left, fingers: 1, time: rig.tick(),
                                        progress: 0.1, translationMM: 10))
        #expect(rig.kinds() == [.popRefused(.root, detail: nil)])
        // Its later events are ignored.
        rig.arbiter.handle(GestureEvent(recognizer: "pop", phase: .ended, edge: .left, fingers: 1, time: rig.tick(),
                                        progress: 0.9, translationMM: 90, outcome: .complete))
        #expect(rig.kinds().isEmpty)
        #expect(rig.nav.isSettled)
    }

    @Test func endedWithoutAnOutcomeCancels() {
        let rig = Rig(stack: [Screen(name: "a"), Screen(name: "b")])
        rig.recognizer.begin(at: rig.tick())
        rig.arbiter.handle(GestureEvent(recognizer: "pop", phase: .ended, edge: .left, fingers: 1, time: rig.tick(),
                                        progress: 0.9, translationMM: 90, velocityMMs: 500))
        rig.nav.finishAnimation(now: rig.tick())
        let kinds = rig.kinds()
        #expect(diagnostics(kinds) == [.endedWithoutOutcome])
        #expect(kinds.last == .transitionCancelled(.interactivePop, from: "b", to: "a"))
        #expect(rig.names == ["a", "b"])
    }

    @Test func otherEdgesAreIgnoredByTheAdapter() {
        let rig = Rig(stack: [Screen(name: "a"), Screen(name: "b")])
        rig.arbiter.handle(GestureEvent(recognizer: "top", phase: .began, edge: .top, fingers: 1, time: rig.tick()))
        #expect(rig.kinds().isEmpty)
        #expect(rig.nav.isSettled)
    }
}

import Gestures
import Navigation
import Testing

import TouchModel

/// The flexible-header recipe on real stacks, swiped with the fake recognizer.
@Suite struct RecipeScenarioTests {
    @Test func plainRootWithTwoHostsPushed() throws {
        let home = Screen(name: "home")
        let inbox = FlexibleHeaderHost(name: "inbox"), message = FlexibleHeaderHost(name: "message")
        let rig = Rig(stack: [home])
        try rig.nav.push(inbox, animated: false, now: rig.tick())
        #expect(rig.delegateIsNil && rig.nav.isNavigationBarHidden)
        #expect(inbox.savedPopDelegate === rig.nav.systemPopDelegate)
        try rig.nav.push(message, animated: false, now: rig.tick())
        #expect(rig.delegateIsNil && rig.nav.isNavigationBarHidden)
        #expect(message.savedPopDelegate === rig.nav.systemPopDelegate)
        _ = rig.kinds()

        // On message: the hidden bar no longer blocks the swipe.
        #expect(rig.swipe(.complete) == .allow)
        #expect(rig.names == ["home", "inbox"])
        #expect(rig.delegateIsNil && rig.nav.isNavigationBarHidden)
        // On inbox: works again.
        #expect(rig.swipe(.complete) == .allow)
        #expect(rig.names == ["home"])
        // Back at the root: the system delegate is back and the bar is visible.
        #expect(rig.delegateIsSystem)
        #expect(!rig.nav.isNavigationBarHidden)
        let kinds = rig.kinds()
        #expect(refusals(kinds).isEmpty)
        #expect(diagnostics(kinds).isEmpty)
        // And at the root the swipe is refused, for the right reason.
        #expect(rig.swipe(.complete) == .refuse(.root))
        #expect(rig.recognizer.lastFailure == .refused(.root))
        #expect(refusals(rig.kinds()) == [.root])
    }

    @Test func cancelledPopBetweenTwoHosts() throws {
        let rig = Rig(stack: [Screen(name: "home")])
        try rig.nav.push(FlexibleHeaderHost(name: "h1"), animated: false, now: rig.tick())
        try rig.nav.push(FlexibleHeaderHost(name: "h2"), animated: false, now: rig.tick())
        _ = rig.kinds()

        rig.recognizer.begin(at: rig.tick())
        // h2.willDisappear put the system delegate back; h1.willAppear kept it.
        #expect(rig.delegateIsSystem)
        rig.recognizer.move(to: 0.2, at: rig.tick())
        rig.recognizer.release(.cancel, velocity: -50, at: rig.tick())
        rig.nav.finishAnimation(now: rig.tick())
        #expect(appearanceOnly(rig.kinds()) == [
            .willDisappear("h2"), .willAppear("h1"),
            .willDisappear("h1"), .didDisappear("h1"), .willAppear("h2"), .didAppear("h2"),
        ])
        #expect(rig.names == ["home", "h1", "h2"])
        #expect(rig.delegateIsNil && rig.nav.isNavigationBarHidden)

        // The swipe still works on h2, then on h1, and the root gets the system delegate.
        #expect(rig.swipe(.complete) == .allow)
        #expect(rig.swipe(.complete) == .allow)
        #expect(rig.names == ["home"])
        #expect(rig.delegateIsSystem)
        #expect(diagnostics(rig.kinds()).isEmpty)
    }

    @Test func hostAsTheRootIsDiagnosedAndDoesNotFreeze() throws {
        let rig = Rig()
        try rig.nav.setScreens([FlexibleHeaderHost(name: "feed")], animated: false, now: rig.tick())
        let setup = rig.kinds()
        #expect(diagnostics(setup) == [.nilDelegateAtRoot])
        #expect(setup.contains(.diagnostic(.nilDelegateAtRoot, screen: "feed",
                                           detail: "one screen and a nil pop delegate: in UIKit the next swipe would freeze")))
        #expect(rig.delegateIsNil)

        #expect(rig.swipe(.complete) == .refuse(.root))
        let kinds = rig.kinds()
        #expect(refusals(kinds) == [.root])
        #expect(diagnostics(kinds) == [.freezePrevented])
        #expect(!rig.nav.isFrozen && rig.nav.isSettled)

        // Not frozen: the app can still navigate, and swipe back.
        try rig.nav.push(Screen(name: "detail"), animated: false, now: rig.tick())
        #expect(rig.names == ["feed", "detail"])
        #expect(rig.swipe(.complete) == .allow)
        #expect(rig.names == ["feed"])
    }

    @Test func setScreensRemovingScreensBelowAHostLeavesNilAtTheRoot() throws {
        let host = FlexibleHeaderHost(name: "inbox")
        let rig = Rig(stack: [Screen(name: "home")])
        try rig.nav.push(host, animated: false, now: rig.tick())
        _ = rig.kinds()
        try rig.nav.setScreens([host], animated: true, now: rig.tick())
        let kinds = rig.kinds()
        #expect(appearanceOnly(kinds).isEmpty)  // same top: no callbacks, so nothing restores the delegate
        #expect(kinds == [.diagnostic(.nilDelegateAtRoot, screen: "inbox",
                                      detail: "one screen and a nil pop delegate: in UIKit the next swipe would freeze")])
        #expect(rig.swipe(.complete) == .refuse(.root))
        #expect(!rig.nav.isFrozen)
    }

    @Test func plainScreenPushedOverAHost() throws {
        let rig = Rig(stack: [Screen(name: "home"), FlexibleHeaderHost(name: "inbox")])
        try rig.nav.push(Screen(name: "settings"), animated: false, now: rig.tick())
        // inbox.willDisappear restored the system delegate; settings shows the bar again.
        #expect(rig.delegateIsSystem)
        #expect(!rig.nav.isNavigationBarHidden)
        #expect(rig.swipe(.complete) == .allow)
        #expect(rig.names == ["home", "inbox"])
        #expect(rig.delegateIsNil)  // inbox's recipe ran again
        #expect(diagnostics(rig.kinds()).isEmpty)
    }

    @Test func plainScreenThatLeavesTheBarAloneInheritsTheHiddenBar() throws {
        // A UIKit screen that never touches the bar, over a host that hid it: the system delegate is back
        // but refuses, because the bar is still hidden.
        let rig = Rig(stack: [Screen(name: "home"), FlexibleHeaderHost(name: "inbox")])
        try rig.nav.push(Screen(name: "raw", barPreference: .unchanged), animated: false, now: rig.tick())
        #expect(rig.delegateIsSystem && rig.nav.isNavigationBarHidden)
        #expect(rig.swipe(.complete) == .refuse(.navigationBarHidden))
    }

    @Test func hiddenBarWithoutTheRecipeIsTheOriginalProblem() throws {
        let rig = Rig(stack: [Screen(name: "home")])
        try rig.nav.push(Screen(name: "profile", barPreference: .hidden), animated: false, now: rig.tick())
        _ = rig.kinds()
        #expect(rig.swipe(.complete) == .refuse(.navigationBarHidden))
        #expect(rig.recognizer.lastFailure == .refused(.navigationBarHidden))
        #expect(rig.kinds() == [.popRefused(.navigationBarHidden, detail: nil)])
        #expect(rig.names == ["home", "profile"])
    }

    @Test func customDelegateAnswersForItself() throws {
        let rig = Rig(stack: [Screen(name: "home")])
        let player = CustomDelegateScreen(name: "player", decision: .allow, barPreference: .hidden)
        try rig.nav.push(player, animated: false, now: rig.tick())
        #expect(rig.nav.interactivePopDelegate === player.ownDelegate)
        // The bar is hidden, but the custom delegate allows: no system checks.
        #expect(rig.swipe(.complete) == .allow)
        #expect(player.ownDelegate.timesAsked == 1)
        #expect(rig.names == ["home"])

        let editor = CustomDelegateScreen(name: "editor", decision: .refuse(.delegate, detail: "unsaved changes"))
        try rig.nav.push(editor, animated: false, now: rig.tick())
        _ = rig.kinds()
        #expect(rig.swipe(.complete) == .refuse(.delegate, detail: "unsaved changes"))
        #expect(rig.kinds() == [.popRefused(.delegate, detail: "unsaved changes")])
        #expect(rig.names == ["home", "editor"])
    }

    @Test func rightToLeftPopsFromTheRightEdge() throws {
        var config = NavigationConfig()
        config.layoutDirection = .rightToLeft
        let rig = Rig(config: config, stack: [Screen(name: "home"), FlexibleHeaderHost(name: "inbox")])
        #expect(rig.recognizer.edge == .right)
        #expect(rig.swipe(.complete) == .allow)
        #expect(rig.names == ["home"])

        // A left-edge swipe is another recognizer's business: allowed through, and it pops nothing.
        let other = FakeRecognizer(arbiter: rig.arbiter, edge: .left)
        try rig.nav.push(Screen(name: "x"), animated: false, now: rig.tick())
        _ = rig.kinds()
        #expect(other.begin(at: rig.tick()) == .allow)
        other.move(to: 0.8, at: rig.tick())
        other.release(.complete, velocity: 400, at: rig.tick())
        #expect(rig.kinds().isEmpty)
        #expect(rig.names == ["home", "x"])
        // Asked directly, the controller names the wrong edge.
        let request = BeginRequest(recognizer: "l", edge: .left, fingers: 1, time: rig.tick(),
                                   startMM: Point(x: 1, y: 40), screenMM: PhysicalSize(widthMM: 100, heightMM: 160))
        #expect(rig.nav.decidePopBegin(request) == .refuse(.wrongEdge, detail: "left edge; pops start at right"))
    }
}

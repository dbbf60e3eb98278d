import Gestures
import Navigation
import Testing
import TouchModel

/// The recipe's hazards: each is named when it happens, and the guard keeps the engine from freezing where
/// UIKit (modelled by `guardMode = .unguarded`) does.
@Suite struct HazardTests {
    private func unguarded() -> NavigationConfig {
        var config = NavigationConfig()
        config.guardMode = .unguarded
        return config
    }

    @Test func uikitFreezesOnASwipeAtAHostRootAndTheGuardPreventsIt() throws {
        // UIKit: the nil delegate lets the pop begin with one screen; nothing pops and the transition stays engaged.
        let uikit = Rig(config: unguarded())
        try uikit.nav.setScreens([FlexibleHeaderHost(name: "feed")], animated: false, now: uikit.tick())
        _ = uikit.kinds()
        #expect(uikit.swipe(.complete) == .allow)
        let kinds = uikit.kinds()
        #expect(kinds.first == .transitionBegan(.interactivePop, from: "feed", to: nil))
        #expect(diagnostics(kinds) == [.transitionFrozen])
        #expect(uikit.nav.isFrozen)
        #expect(appearanceOnly(kinds).isEmpty)
        // Frozen for good: no animation to finish, no navigation, no further swipe.
        #expect(!uikit.nav.finishAnimation(now: uikit.tick()))
        try uikit.nav.push(Screen(name: "detail"), animated: false, now: uikit.tick())
        uikit.nav.advance(now: uikit.tick(10_000))
        #expect(uikit.names == ["feed"])
        #expect(uikit.nav.queuedOperations == 1)
        #expect(uikit.recognizer.begin(at: uikit.tick()) == .refuse(.transitionInProgress, detail: "frozen"))

        // This engine, same stack, same swipe.
        let engine = Rig()
        try engine.nav.setScreens([FlexibleHeaderHost(name: "feed")], animated: false, now: engine.tick())
        _ = engine.kinds()
        #expect(engine.swipe(.complete) == .refuse(.root))
        #expect(!engine.nav.isFrozen)
        try engine.nav.push(Screen(name: "detail"), animated: false, now: engine.tick())
        #expect(engine.names == ["feed", "detail"])
    }

    @Test func uikitFreezesOnANilDelegateSwipeDuringATransition() throws {
        let uikit = Rig(config: unguarded(), stack: [Screen(name: "home"), FlexibleHeaderHost(name: "h1")])
        try uikit.nav.push(FlexibleHeaderHost(name: "h2"), now: uikit.tick())
        // While h2 animates in, the delegate is nil (set here directly; e.g. a recipe screen elsewhere).
        uikit.nav.interactivePopDelegate = nil
        #expect(uikit.recognizer.begin(at: uikit.tick()) == .allow)
        #expect(uikit.nav.isFrozen)

        let engine = Rig(stack: [Screen(name: "home"), FlexibleHeaderHost(name: "h1")])
        try engine.nav.push(FlexibleHeaderHost(name: "h2"), now: engine.tick())
        engine.nav.interactivePopDelegate = nil
        #expect(engine.recognizer.begin(at: engine.tick()) == .refuse(.transitionInProgress))
        #expect(diagnostics(engine.kinds()) == [.freezePrevented])
        engine.nav.finishAnimation(now: engine.tick())
        #expect(engine.nav.isSettled && engine.names == ["home", "h1", "h2"])
    }

    @Test func staleDelegateRestoredAfterItsOwnerLeftTheStack() throws {
        let rig = Rig(stack: [Screen(name: "home")])
        let host = FlexibleHeaderHost(name: "inbox")
        weak var weakOwner: CustomDelegateScreen?
        do {
            let player = CustomDelegateScreen(name: "player", decision: .allow)
            weakOwner = player
            try rig.nav.push(player, animated: false, now: rig.tick())
            try rig.nav.push(host, animated: false, now: rig.tick())
            // The host kept player's delegate, strongly.
            #expect(host.savedPopDelegate === player.ownDelegate)
            // Drop player from under the host (no callbacks: same top).
            try rig.nav.setScreens([rig.nav.screens[0], host], animated: false, now: rig.tick())
        }
        #expect(weakOwner == nil)  // the screen is gone; its delegate lives on in the host
        _ = rig.kinds()
        try rig.nav.push(Screen(name: "detail"), animated: false, now: rig.tick())
        let kinds = rig.kinds()
        #expect(diagnostics(kinds) == [.staleDelegateRestored])
        #expect(kinds.contains(.diagnostic(.staleDelegateRestored, screen: "inbox",
                                           detail: "inbox set player's delegate, whose owner no longer exists")))
        // The dead screen's delegate now answers for detail.
        #expect(rig.nav.interactivePopDelegate === host.savedPopDelegate)
        #expect(!rig.delegateIsSystem)
    }

    @Test func staleDelegateKeptByAHostRevealedByASwipe() throws {
        // player's delegate is active when a swipe reveals inbox below it: inbox.willAppear keeps it (non-nil),
        // and restores it on the next push, with player gone from the stack.
        let home = Screen(name: "home"), inbox = FlexibleHeaderHost(name: "inbox")
        let player = CustomDelegateScreen(name: "player", decision: .allow)
        let rig = Rig(stack: [home])
        try rig.nav.push(player, animated: false, now: rig.tick())
        try rig.nav.setScreens([home, inbox, player], animated: false, now: rig.tick())  // same top: no callbacks
        _ = rig.kinds()
        #expect(rig.swipe(.complete) == .allow)
        #expect(player.ownDelegate.timesAsked == 1)
        #expect(inbox.savedPopDelegate === player.ownDelegate)
        #expect(diagnostics(rig.kinds()).isEmpty)
        try rig.nav.push(Screen(name: "detail"), animated: false, now: rig.tick())
        #expect(rig.kinds().contains(.diagnostic(.staleDelegateRestored, screen: "inbox",
                                                 detail: "inbox set player's delegate, whose owner has left the stack")))
        #expect(rig.nav.interactivePopDelegate === player.ownDelegate)
    }

    @Test func pushedScreensOwnDelegateOverwrittenByTheHostUnderneath() throws {
        let rig = Rig(stack: [Screen(name: "home"), FlexibleHeaderHost(name: "inbox")])
        let editor = CustomDelegateScreen(name: "editor", decision: .refuse(.delegate, detail: "unsaved"))
        try rig.nav.push(editor, animated: false, now: rig.tick())
        let kinds = rig.kinds()
        // editor.didLoad installed its delegate, then inbox.willDisappear put the system delegate back over it.
        #expect(diagnostics(kinds) == [.ownDelegateOverwritten])
        #expect(kinds.contains(.diagnostic(.ownDelegateOverwritten, screen: "editor",
                                           detail: "inbox replaced the delegate editor installed for itself")))
        #expect(rig.delegateIsSystem)
        // So editor's "unsaved" is never asked: the swipe pops it.
        #expect(rig.swipe(.complete) == .allow)
        #expect(editor.ownDelegate.timesAsked == 0)
        #expect(rig.names == ["home", "inbox"])
    }

    @Test func hostSettingNilOverACustomDelegateIsNotAnOverwrite() throws {
        // The recipe's own nil in didAppear is undone by its restore; only a restore over someone's delegate counts.
        let rig = Rig(stack: [Screen(name: "home")])
        let player = CustomDelegateScreen(name: "player", decision: .allow)
        try rig.nav.push(player, animated: false, now: rig.tick())
        try rig.nav.push(FlexibleHeaderHost(name: "inbox"), animated: false, now: rig.tick())
        #expect(rig.delegateIsNil)
        #expect(rig.swipe(.complete) == .allow)
        #expect(rig.nav.interactivePopDelegate === player.ownDelegate)
        #expect(diagnostics(rig.kinds()).isEmpty)
    }

    /// home, then h1, h2 (hosts) and a plain screen pushed in turn.
    private func pushHostsThenPlain(_ rig: Rig) throws {
        try rig.nav.push(FlexibleHeaderHost(name: "h1"), animated: false, now: rig.tick())
        try rig.nav.push(FlexibleHeaderHost(name: "h2"), animated: false, now: rig.tick())
        try rig.nav.push(Screen(name: "plain"), animated: false, now: rig.tick())
    }

    @Test func incomingFirstContainerLeaksANilDelegate() throws {
        var config = NavigationConfig()
        config.containerOrder = .incomingFirst
        let rig = Rig(config: config, stack: [Screen(name: "home")])
        try pushHostsThenPlain(rig)
        let kinds = rig.kinds()
        // h2.willAppear ran while h1's nil was still set, so h2 kept nothing and restored nothing.
        #expect(diagnostics(kinds) == [.nilDelegateLeaked])
        #expect(kinds.contains(.diagnostic(.nilDelegateLeaked, screen: "plain",
                                           detail: "plain does not manage the pop delegate but it is nil: no bar or transition checks")))
        #expect(rig.delegateIsNil && !rig.nav.isNavigationBarHidden)
        // The leak shows: a touch on plain's visible bar starts a pop.
        #expect(rig.recognizer.begin(at: rig.tick(), y: 3) == .allow)
    }

    @Test func uikitOrderDoesNotLeak() throws {
        let rig = Rig(stack: [Screen(name: "home")])
        try pushHostsThenPlain(rig)
        #expect(diagnostics(rig.kinds()).isEmpty)
        #expect(rig.delegateIsSystem)
        #expect(rig.recognizer.begin(at: rig.tick(), y: 3) == .refuse(.touchInNavigationBar))
    }

    @Test func incomingFirstContainerLeaksNilToTheRootOnPopToRoot() throws {
        var config = NavigationConfig()
        config.containerOrder = .incomingFirst
        let rig = Rig(config: config, stack: [Screen(name: "home")])
        try rig.nav.push(FlexibleHeaderHost(name: "h1"), animated: false, now: rig.tick())
        try rig.nav.push(FlexibleHeaderHost(name: "h2"), animated: false, now: rig.tick())
        rig.nav.popToRoot(animated: false, now: rig.tick())
        let kinds = rig.kinds()
        #expect(diagnostics(kinds) == [.nilDelegateAtRoot])
        #expect(rig.delegateIsNil)
        #expect(rig.swipe(.complete) == .refuse(.root))
        #expect(!rig.nav.isFrozen)
    }
}

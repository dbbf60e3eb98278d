import Gestures
import TouchModel

// Stack changes and their appearance callbacks, in UIKit's order:
//   push/pop/popToRoot/setScreens: from.willDisappear, to.willAppear, (animation), from.didDisappear, to.didAppear
//   interactive pop: at begin from.willDisappear, to.willAppear; complete: from.didDisappear, to.didAppear;
//   cancel: to.willDisappear, to.didDisappear, from.willAppear, from.didAppear.
// setScreens and popToRoot call back only the old top and the new top.

extension NavigationController {
    func perform(_ operation: StackOperation, now: Microseconds) {
        if let error = validate(operation) {
            diagnose(.droppedQueuedOperation, screen: nil, "\(operation): \(error)", now: now)
            return
        }
        needsSettleCheck = true
        switch operation {
        case .push(let screen, let animated):
            let from = topScreen
            attach(screen)
            screens.append(screen)
            start(StackTransition(kind: .push, from: from, to: screen, animated: animated, detachAtEnd: []), now: now)
        case .pop(let animated):
            guard screens.count > 1 else { return ignoredAtRoot("pop", now: now) }
            let from = screens.removeLast()
            start(StackTransition(kind: .pop, from: from, to: screens[screens.count - 1], animated: animated,
                                  detachAtEnd: [from]), now: now)
        case .popToRoot(let animated):
            guard screens.count > 1 else { return ignoredAtRoot("popToRoot", now: now) }
            let from = screens[screens.count - 1]
            let between = screens[1..<(screens.count - 1)]
            screens = [screens[0]]
            between.forEach(detach)
            start(StackTransition(kind: .popToRoot, from: from, to: screens[0], animated: animated,
                                  detachAtEnd: [from]), now: now)
        case .setScreens(let list, let animated):
            let from = topScreen
            let to = list[list.count - 1]
            let removed = screens.filter { old in !list.contains { $0 === old } }
            list.forEach(attach)
            screens = list
            removed.filter { $0 !== from }.forEach(detach)
            // Same top: UIKit sends no appearance callbacks at all.
            guard from !== to else { return }
            start(StackTransition(kind: .setScreens, from: from, to: to, animated: animated,
                                  detachAtEnd: removed.filter { $0 === from }), now: now)
        }
    }

    private func ignoredAtRoot(_ what: String, now: Microseconds) {
        diagnose(.popIgnoredAtRoot, screen: topScreen?.name, "\(what) with \(screens.count) screen(s) does nothing",
                 now: now)
    }

    private func start(_ t: StackTransition, now: Microseconds) {
        emit(.transitionBegan(t.kind, from: t.from?.name, to: t.to.name), now: now)
        loadIfNeeded(t.to, now: now)
        sendWillPair(outgoing: t.from, incoming: t.to, animated: t.animated, now: now)
        if t.animated {
            state = .animating(t, deadline: now + microseconds(ms: config.transitionDurationMs))
        } else {
            completeTransition(t, now: now)
        }
    }

    func completeTransition(_ t: StackTransition, now: Microseconds) {
        if let from = t.from { deliver(.didDisappear, to: from, animated: t.animated, now: now) }
        deliver(.didAppear, to: t.to, animated: t.animated, now: now)
        t.detachAtEnd.filter { s in !screens.contains { $0 === s } }.forEach(detach)
        emit(.transitionFinished(t.kind, from: t.from?.name, to: t.to.name), now: now)
        needsSettleCheck = true
    }

    func beginInteractivePop(extentMM: Double?, now: Microseconds) {
        let from = screens.removeLast()
        let to = screens[screens.count - 1]
        state = .tracking(InteractivePop(from: from, to: to, progress: 0, extentMM: extentMM))
        emit(.transitionBegan(.interactivePop, from: from.name, to: to.name), now: now)
        loadIfNeeded(to, now: now)
        sendWillPair(outgoing: from, incoming: to, animated: true, now: now)
    }

    func endInteractivePop(_ pop: InteractivePop, outcome: SwipeOutcome, now: Microseconds) {
        needsSettleCheck = true
        switch outcome {
        case .complete:
            deliver(.didDisappear, to: pop.from, animated: true, now: now)
            deliver(.didAppear, to: pop.to, animated: true, now: now)
            detach(pop.from)
            emit(.transitionFinished(.interactivePop, from: pop.from.name, to: pop.to.name), now: now)
        case .cancel:
            screens.append(pop.from)
            if config.containerOrder == .incomingFirst {
                applyBarPreference(of: pop.from)
                deliver(.willAppear, to: pop.from, animated: true, now: now)
            }
            deliver(.willDisappear, to: pop.to, animated: true, now: now)
            deliver(.didDisappear, to: pop.to, animated: true, now: now)
            if config.containerOrder == .outgoingFirst {
                applyBarPreference(of: pop.from)
                deliver(.willAppear, to: pop.from, animated: true, now: now)
            }
            deliver(.didAppear, to: pop.from, animated: true, now: now)
            emit(.transitionCancelled(.interactivePop, from: pop.from.name, to: pop.to.name), now: now)
        }
    }

    /// The two "will" callbacks, in the container's order; the incoming screen's bar preference goes first,
    /// as a screen's own viewWillAppear would apply it.
    private func sendWillPair(outgoing: Screen?, incoming: Screen, animated: Bool, now: Microseconds) {
        let outgoingFirst = config.containerOrder == .outgoingFirst
        if outgoingFirst, let o = outgoing { deliver(.willDisappear, to: o, animated: animated, now: now) }
        applyBarPreference(of: incoming)
        deliver(.willAppear, to: incoming, animated: animated, now: now)
        if !outgoingFirst, let o = outgoing { deliver(.willDisappear, to: o, animated: animated, now: now) }
    }

    private func applyBarPreference(of screen: Screen) {
        switch screen.barPreference {
        case .visible: isNavigationBarHidden = false
        case .hidden: isNavigationBarHidden = true
        case .unchanged: break
        }
    }

    private func loadIfNeeded(_ screen: Screen, now: Microseconds) {
        guard !screen.isLoaded else { return }
        screen.isLoaded = true
        let outer = callbackScreen
        callbackScreen = screen
        defer { callbackScreen = outer }
        screen.didLoad()
    }

    /// Moves the screen's appearance state, records the callback and calls it. A callback UIKit would never
    /// send from the screen's state is a bug: recorded, not delivered.
    private func deliver(_ callback: AppearanceCallback, to screen: Screen, animated: Bool, now: Microseconds) {
        guard let next = screen.appearance.after(callback) else {
            diagnose(.bug, screen: screen.name, "\(callback.rawValue) while \(screen.appearance.rawValue)", now: now)
            return
        }
        screen.appearance = next
        let outer = callbackScreen
        callbackScreen = screen
        defer { callbackScreen = outer }
        switch callback {
        case .willAppear:
            emit(.willAppear(screen.name), now: now)
            screen.willAppear(animated: animated)
        case .didAppear:
            emit(.didAppear(screen.name), now: now)
            screen.didAppear(animated: animated)
        case .willDisappear:
            emit(.willDisappear(screen.name), now: now)
            screen.willDisappear(animated: animated)
        case .didDisappear:
            emit(.didDisappear(screen.name), now: now)
            screen.didDisappear(animated: animated)
        }
    }

    private func attach(_ screen: Screen) {
        screen.navigationController = self
    }

    private func detach(_ screen: Screen) {
        screen.navigationController = nil
    }
}

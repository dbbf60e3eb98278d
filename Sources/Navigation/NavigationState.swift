import Gestures
import TouchModel

/// A programmatic transition in flight.
struct StackTransition {
    var kind: TransitionKind
    var from: Screen?
    var to: Screen
    var animated: Bool
    /// Screens leaving the stack whose navigationController is cleared when the transition ends.
    var detachAtEnd: [Screen]
}

/// An interactive pop: `from` is leaving, `to` is being revealed.
struct InteractivePop {
    var from: Screen
    var to: Screen
    var progress: Double
    var extentMM: Double?
}

/// The controller's one state machine.
enum NavigationState {
    case idle
    /// A programmatic animated transition; ends at the deadline or on finishAnimation.
    case animating(StackTransition, deadline: Microseconds)
    /// The finger drives an interactive pop.
    case tracking(InteractivePop)
    /// The finger lifted; the rest animates towards `outcome`.
    case settling(InteractivePop, outcome: SwipeOutcome, deadline: Microseconds)
    /// Unguarded mode only: a pop began that UIKit never ends. `from` is the top at the time.
    case frozen(from: String?)

    var isIdle: Bool {
        if case .idle = self { return true }
        return false
    }

    var deadline: Microseconds? {
        switch self {
        case .animating(_, let d), .settling(_, _, let d): return d
        case .idle, .tracking, .frozen: return nil
        }
    }

    var name: String {
        switch self {
        case .idle: return "idle"
        case .animating: return "animating"
        case .tracking: return "tracking"
        case .settling: return "settling"
        case .frozen: return "frozen"
        }
    }
}

/// What can happen to the controller.
enum NavigationInput: CustomStringConvertible {
    case operation(StackOperation)
    /// The arbiter let a pop gesture begin.
    case popBegan(extentMM: Double?)
    case popProgress(Double)
    case popReleased(SwipeOutcome, velocityMMs: Double)
    case animationEnded

    var description: String {
        switch self {
        case .operation(let op): return op.description
        case .popBegan: return "popBegan"
        case .popProgress(let p): return "popProgress(\(p))"
        case .popReleased(let o, let v): return "popReleased(\(o.rawValue), \(v) mm/s)"
        case .animationEnded: return "animationEnded"
        }
    }
}

extension NavigationController {
    func send(_ input: NavigationInput, now: Microseconds) {
        clock = max(clock, now)
        let before = state.name
        let wasBusy = busy
        busy = true
        defer {
            busy = wasBusy
            debug("\(before) -> \(input) -> \(state.name)")
        }
        switch state {
        case .idle: handleIdle(input, now: now)
        case .animating(let t, let deadline): handleAnimating(t, deadline: deadline, input, now: now)
        case .tracking(let pop): handleTracking(pop, input, now: now)
        case .settling(let pop, let outcome, _): handleSettling(pop, outcome: outcome, input, now: now)
        case .frozen: handleFrozen(input, now: now)
        }
    }

    private func handleIdle(_ input: NavigationInput, now: Microseconds) {
        switch input {
        case .operation(let op):
            perform(op, now: now)
        case .popBegan(let extent):
            if screens.count >= 2 {
                beginInteractivePop(extentMM: extent, now: now)
            } else if config.guardMode == .unguarded {
                freeze(now: now)
            } else {
                impossible(input, now: now)
            }
        case .popProgress, .popReleased:
            impossible(input, now: now)
        case .animationEnded:
            break
        }
    }

    private func handleAnimating(_ t: StackTransition, deadline: Microseconds, _ input: NavigationInput, now: Microseconds) {
        switch input {
        case .operation(let op):
            queue.append(op)
        case .popBegan:
            if config.guardMode == .unguarded { freeze(now: now) } else { impossible(input, now: now) }
        case .popProgress, .popReleased:
            impossible(input, now: now)
        case .animationEnded:
            state = .idle
            completeTransition(t, now: now)
        }
    }

    private func handleTracking(_ pop: InteractivePop, _ input: NavigationInput, now: Microseconds) {
        switch input {
        case .operation(let op):
            queue.append(op)
        case .popBegan:
            impossible(input, now: now)
        case .popProgress(let p):
            var next = pop
            next.progress = p.isFinite ? min(max(p, 0), 1) : pop.progress
            state = .tracking(next)
            if next.progress != pop.progress { emit(.transitionProgress(next.progress), now: now) }
        case .popReleased(let outcome, let velocity):
            let ms = CompletionTiming.remainingMs(progress: pop.progress, outcome: outcome, velocityMMs: velocity,
                                                  extentMM: pop.extentMM, config: config)
            let remaining = microseconds(ms: ms)
            state = .settling(pop, outcome: outcome, deadline: now + remaining)
            emit(.transitionSettling(.interactivePop, outcome: outcome, progress: pop.progress, remaining: remaining), now: now)
        case .animationEnded:
            break  // the finger drives this one
        }
    }

    private func handleSettling(_ pop: InteractivePop, outcome: SwipeOutcome, _ input: NavigationInput, now: Microseconds) {
        switch input {
        case .operation(let op):
            queue.append(op)
        case .popBegan:
            if config.guardMode == .unguarded { freeze(now: now) } else { impossible(input, now: now) }
        case .popProgress, .popReleased:
            impossible(input, now: now)
        case .animationEnded:
            state = .idle
            endInteractivePop(pop, outcome: outcome, now: now)
        }
    }

    private func handleFrozen(_ input: NavigationInput, now: Microseconds) {
        switch input {
        case .operation(let op):
            queue.append(op)  // never runs: that is the freeze
        case .popBegan, .popProgress, .popReleased, .animationEnded:
            break
        }
    }

    /// UIKit with a nil delegate: the pop begins with nothing to pop (or inside a transition); the pop does
    /// nothing and the interactive transition stays engaged for good.
    private func freeze(now: Microseconds) {
        let top = topScreen?.name
        emit(.transitionBegan(.interactivePop, from: top, to: nil), now: now)
        diagnose(.transitionFrozen, screen: top,
                 "pop began with \(screens.count) screen(s) while \(state.name); the transition never ends", now: now)
        state = .frozen(from: top)
    }

    private func impossible(_ input: NavigationInput, now: Microseconds) {
        diagnose(.bug, screen: topScreen?.name, "\(input) while \(state.name)", now: now)
    }
}

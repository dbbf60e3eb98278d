import TouchModel

/// The recognizer's own states: UIKit's, plus `ready` (activation met, waiting for arbitration to let it
/// begin), which UIKit folds into possible. `RecognizerState` is what others see.
enum SwipeState: String {
    case possible, ready, began, changed, ended, cancelled, failed

    var uikit: RecognizerState {
        switch self {
        case .possible, .ready: return .possible
        case .began: return .began
        case .changed: return .changed
        case .ended: return .ended
        case .cancelled: return .cancelled
        case .failed: return .failed
        }
    }
}

/// What makes a recognizer change state: the cause of every transition.
enum SwipeInput {
    /// The fingers travelled far enough inward from this edge, within the angle.
    case activation(Edge)
    /// Arbitration (or the lack of it) lets a ready recognizer begin.
    case begin
    /// Something ruled the swipe out before it began.
    case fail(GestureFailureReason)
    /// A frame while the swipe runs.
    case move
    /// A tracked finger lifted: the swipe ends, complete or cancelled by its progress and velocity.
    case lift
    /// The device cancelled a tracked contact (palm, SYN_DROPPED, unplug).
    case contactsCancelled
    /// Every contact has lifted: back to possible for the next touch.
    case allLifted
    /// A finger landed while every contact still down is one the arena rejected (a palm, a grip, a hand under the
    /// pen): back to possible, still ignoring them, so that finger may swipe.
    case onlyRejectedContactsDown
}

extension EdgeSwipeRecognizer {
    /// The one place the state changes: checks that `input` is valid in the current state, logs
    /// "name: state → cause → state" (or a bug when it is not valid, leaving the state as it was), switches
    /// state and reports the new state's event at `time`. As libinput's tp_gesture_handle_event.
    func transition(_ input: SwipeInput, time: Microseconds, into events: inout [GestureEvent]) {
        let from = swipeState
        switch (from, input) {
        case (.possible, .activation(let e)):
            edge = e
            swipeState = .ready
            log.transition(name, from, "activation (\(e.rawValue), inward \(fmt(e.inward(translation))) mm, along \(fmt(e.perpendicular(translation))) mm)", .ready)
        case (.ready, .begin):
            startArming(time: time)
            swipeState = .began
            log.transition(name, from, "begin", .began)
            events.append(makeEvent(.began, time: time))
        case (.possible, .fail(let reason)), (.ready, .fail(let reason)):
            swipeState = .failed
            log.transition(name, from, reason.description, .failed)
            var e = makeEvent(.failed, time: time)
            e.failureReason = reason
            events.append(e)
        case (.began, .move), (.changed, .move):
            swipeState = .changed
            if from == .began { log.transition(name, from, "frame", .changed) }
            // The armed state first, so the changed event is built once, in the array, with it: a GestureEvent
            // is large enough that each copy is an outlined copy and a memcpy (issue 23's +8 % per frame).
            let change = updateArmed(progress: progressNow, time: time)
            events.append(makeEvent(.changed, time: time))
            if let change {
                log.transition(name, from, "\(armed ? "armed" : "disarmed") (\(change.rawValue))", .changed)
                var e = events[events.count - 1]
                e.phase = armed ? .armed : .disarmed
                e.armReason = change
                events.append(e)
            }
        case (.began, .lift), (.changed, .lift):
            var e = makeEvent(.ended, time: time)
            let complete = wouldComplete(progress: e.progress, velocityMMs: e.velocityMMs)
            e.outcome = complete ? .complete : .cancel
            e.decidedBy = releaseDecision(complete: complete, e)
            swipeState = .ended
            log.transition(name, from, "lift (progress \(fmt(e.progress)), velocity \(fmt(e.velocityMMs)) mm/s: \(complete ? "complete" : "cancel"), decided by \(e.decidedBy?.rawValue ?? "?"))", .ended)
            events.append(e)
        case (.began, .contactsCancelled), (.changed, .contactsCancelled):
            cancel(from: from, time: time, into: &events)
        case (.possible, .allLifted), (.ready, .allLifted):
            reset()
        case (.failed, .onlyRejectedContactsDown):
            log.transition(name, from, "only rejected contacts down", .possible)
            resetKeepingIgnored()
        case (.ended, .allLifted), (.cancelled, .allLifted), (.failed, .allLifted):
            log.transition(name, from, "all contacts lifted", .possible)
            reset()
        case (.began, .allLifted), (.changed, .allLifted):
            // A tracked contact always ends with phase up or cancelled, which ends the gesture first.
            log.bug(name, from, "all contacts lifted without ending the gesture")
            cancel(from: from, time: time, into: &events)
            reset()
        default:
            log.bug(name, from, input.description)
        }
    }

    private func cancel(from: SwipeState, time: Microseconds, into events: inout [GestureEvent]) {
        swipeState = .cancelled
        log.transition(name, from, GestureFailureReason.contactsCancelled.description, .cancelled)
        var e = makeEvent(.cancelled, time: time)
        e.failureReason = .contactsCancelled
        events.append(e)
    }
}

extension SwipeInput: CustomStringConvertible {
    var description: String {
        switch self {
        case .activation(let e): return "activation (\(e.rawValue))"
        case .begin: return "begin"
        case .fail(let reason): return "fail (\(reason))"
        case .move: return "frame"
        case .lift: return "lift"
        case .contactsCancelled: return "contacts cancelled"
        case .allLifted: return "all contacts lifted"
        case .onlyRejectedContactsDown: return "only rejected contacts down"
        }
    }
}

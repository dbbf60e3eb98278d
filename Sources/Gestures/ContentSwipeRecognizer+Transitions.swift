import TouchModel

extension ContentSwipeRecognizer {
    /// The one place the state changes: checks the (state, cause) pair, logs "name: state → cause → state" (or a
    /// bug, leaving the state as it was) and reports the new state's event at `time`.
    func transition(_ cause: ContentPanCause, time: Microseconds, into events: inout [GestureEvent]) {
        let from = panState
        switch (from, cause) {
        case (.possible, .activation):
            panState = .ready
            log.pan(name, from, "activation (trailing \(fmt(leadingEdge.inward(translation))) mm, across \(fmt(leadingEdge.perpendicular(translation))) mm)", .ready)
        case (.ready, .begin):
            startArming(time: time)
            panState = .began
            log.pan(name, from, "begin", .began)
            events.append(makeEvent(.began, time: time))
        case (.possible, .fail(let reason)), (.ready, .fail(let reason)):
            fail(from: from, reason, time: time, into: &events)
        case (.possible, .regionWithdrawn), (.ready, .regionWithdrawn):
            fail(from: from, .content(.regionWithdrawn), time: time, into: &events)
        case (.began, .move), (.changed, .move):
            panState = .changed
            let change = updateArmed(time: time)
            events.append(makeEvent(.changed, time: time))
            if let change {
                log.pan(name, from, "\(armed ? "armed" : "disarmed") (\(change.rawValue))", .changed)
                var e = events[events.count - 1]
                e.phase = armed ? .armed : .disarmed
                e.armReason = change
                events.append(e)
            }
        case (.began, .lift), (.changed, .lift):
            var e = makeEvent(.ended, time: time)
            let complete = completesByPosition || e.velocityMMs >= config.completionVelocityMMs
            e.outcome = complete ? .complete : .cancel
            e.decidedBy = complete == armed ? .armed : (complete && e.velocityMMs >= config.completionVelocityMMs ? .fling : .release)
            panState = .ended
            log.pan(name, from, "lift (progress \(fmt(e.progress)), velocity \(fmt(e.velocityMMs)) mm/s: \(complete ? "complete" : "cancel"))", .ended)
            events.append(e)
        case (.began, .contactsCancelled), (.changed, .contactsCancelled):
            cancel(from: from, .contactsCancelled, time: time, into: &events)
        case (.began, .regionWithdrawn), (.changed, .regionWithdrawn):
            cancel(from: from, .content(.regionWithdrawn), time: time, into: &events)
        case (.possible, .allLifted), (.ready, .allLifted):
            reset()
        case (.ended, .allLifted), (.cancelled, .allLifted), (.failed, .allLifted):
            log.pan(name, from, "all contacts lifted", .possible)
            reset()
        case (.began, .allLifted), (.changed, .allLifted):
            // The followed contact always ends with up or cancelled, which ends the pan first.
            log.panBug(name, from, "all contacts lifted without ending the pan")
            cancel(from: from, .contactsCancelled, time: time, into: &events)
            reset()
        default:
            log.panBug(name, from, cause.description)
        }
    }

    private func fail(from: ContentPanState, _ reason: GestureFailureReason, time: Microseconds, into events: inout [GestureEvent]) {
        panState = .failed
        log.pan(name, from, reason.description, .failed)
        var e = makeEvent(.failed, time: time)
        e.failureReason = reason
        events.append(e)
    }

    private func cancel(from: ContentPanState, _ reason: GestureFailureReason, time: Microseconds, into events: inout [GestureEvent]) {
        panState = .cancelled
        log.pan(name, from, reason.description, .cancelled)
        var e = makeEvent(.cancelled, time: time)
        e.failureReason = reason
        events.append(e)
    }

    // The edge swipe's arming rule (EdgeSwipeRecognizer+Arming) over the region's width: armed = a release here
    // completes by position; a change waits for `armMinTravelMM` of travel or `armMinIntervalMS`.

    var completesByPosition: Bool {
        progressNow >= config.completionProgress
            && abs(leadingEdge.perpendicular(translation)) <= config.armConeRatio * leadingEdge.inward(translation)
    }

    func startArming(time: Microseconds) {
        armed = false
        armChangeTranslation = translation
        armChangeTime = time
    }

    func updateArmed(time: Microseconds) -> ArmReason? {
        let wants = completesByPosition
        guard wants != armed else { return nil }
        let dx = translation.x - armChangeTranslation.x, dy = translation.y - armChangeTranslation.y
        let travelled = dx * dx + dy * dy >= config.armMinTravelMM * config.armMinTravelMM
        let waited = time >= armChangeTime && time - armChangeTime >= armInterval
        guard travelled || waited else { return nil }
        armed = wants
        armChangeTranslation = translation
        armChangeTime = time
        if wants { return .progress }
        return progressNow >= config.completionProgress ? .leftCone : .movedBackTowardEdge
    }
}

extension ContentPanCause: CustomStringConvertible {
    var description: String {
        switch self {
        case .activation: return "activation"
        case .begin: return "begin"
        case .fail(let reason): return "fail (\(reason))"
        case .move: return "frame"
        case .lift: return "lift"
        case .contactsCancelled: return "contacts cancelled"
        case .regionWithdrawn: return "region withdrawn"
        case .allLifted: return "all contacts lifted"
        }
    }
}

extension TransitionLog {
    func pan(_ name: RecognizerID, _ from: ContentPanState, _ event: @autoclosure () -> String, _ to: ContentPanState) {
        guard let sink else { return }
        sink.debug("\(name): \(from.rawValue) → \(event()) → \(to.rawValue)")
    }

    mutating func panBug(_ name: RecognizerID, _ state: ContentPanState, _ event: @autoclosure () -> String) {
        countBug()
        sink?(.error, "BUG \(name): \(state.rawValue) → \(event()) is not a valid transition; ignored")
    }
}

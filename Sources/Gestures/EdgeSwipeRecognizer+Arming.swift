import TouchModel

// The predictive stream's armed state: "a release now would complete". The per-frame state and the outcome at
// release come from the one decision, `wouldComplete`, so they cannot disagree except where the hysteresis was
// still holding a change back, or where the release velocity decides (a fling); the ended event names which.
extension EdgeSwipeRecognizer {
    /// The completion decision: progress at or past the completion progress inside the cone, or an inward
    /// velocity at or past the completion velocity.
    @inline(__always)
    func wouldComplete(progress: Double, velocityMMs: Double) -> Bool {
        (progress >= config.completionProgress && isInsideCone) || velocityMMs >= config.completionVelocityMMs
    }

    /// |along the edge| ≤ armConeRatio × inward travel since touch-down.
    @inline(__always)
    var isInsideCone: Bool {
        abs(edge.perpendicular(translation)) <= config.armConeRatio * edge.inward(translation)
    }

    /// At the beginning: disarmed, and the hysteresis counts from here.
    func startArming(time: Microseconds) {
        armed = false
        armChangeTranslation = translation
        armChangeTime = time
    }

    /// One frame of the running swipe (`event` is its changed event): switches the armed state when the decision
    /// differs from it and the finger has travelled `armMinTravelMM` or `armMinIntervalMS` has passed since the
    /// last change. Returns the reason when it changed.
    func updateArmed(_ event: GestureEvent) -> ArmReason? {
        let wants = wouldComplete(progress: event.progress, velocityMMs: event.velocityMMs)
        guard wants != armed else { return nil }
        let dx = translation.x - armChangeTranslation.x, dy = translation.y - armChangeTranslation.y
        let travelled = dx * dx + dy * dy >= config.armMinTravelMM * config.armMinTravelMM
        let waited = event.time >= armChangeTime && event.time - armChangeTime >= armInterval
        guard travelled || waited else { return nil }
        let cameBack = edge.inward(translation) < edge.inward(armChangeTranslation)
        armed = wants
        armChangeTranslation = translation
        armChangeTime = event.time
        let reason: ArmReason
        if wants {
            reason = event.progress >= config.completionProgress && isInsideCone ? .progress : .velocity
        } else if event.progress >= config.completionProgress {
            reason = .leftCone
        } else if cameBack {
            reason = .movedBackTowardEdge
        } else {
            reason = .velocity
        }
        return reason
    }

    /// What decided the outcome `complete` of a release whose ended event is `event`.
    func releaseDecision(complete: Bool, _ event: GestureEvent) -> ReleaseDecision {
        if complete == armed { return .armed }
        return complete && event.velocityMMs >= config.completionVelocityMMs ? .fling : .release
    }
}

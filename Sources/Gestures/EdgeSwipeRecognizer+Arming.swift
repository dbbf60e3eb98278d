import TouchModel

// The predictive stream's armed state: "a release here would complete", from where the finger is. The release
// decision is the same position test or, whatever the position, a release velocity at or past the completion
// velocity (a fling), as on Android, where the back arms by position and a fling at release decides on its own.
// So the outcome at release disagrees with the last armed state only for a fling, or where the hysteresis still
// held a change back, and the ended event names which. The velocity is left out of the armed state because it
// flickers: armed by velocity too, a swipe cruising near 200 mm/s changed state 25 times (BENCHMARKS.md).
extension EdgeSwipeRecognizer {
    /// The completion decision: complete by position, or by an inward velocity at or past the completion velocity.
    @inline(__always)
    func wouldComplete(progress: Double, velocityMMs: Double) -> Bool {
        completesByPosition(progress: progress) || velocityMMs >= config.completionVelocityMMs
    }

    /// Progress at or past the completion progress, inside the cone: what arms the back.
    @inline(__always)
    func completesByPosition(progress: Double) -> Bool {
        progress >= config.completionProgress && isInsideCone
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

    /// One frame of the running swipe, at `progress` and `time` (its changed event's): switches the armed state
    /// when the position test differs from it and the finger has travelled `armMinTravelMM` or `armMinIntervalMS`
    /// has passed since the last change. Returns the reason when it changed.
    func updateArmed(progress: Double, time: Microseconds) -> ArmReason? {
        let wants = completesByPosition(progress: progress)
        guard wants != armed else { return nil }
        let dx = translation.x - armChangeTranslation.x, dy = translation.y - armChangeTranslation.y
        let travelled = dx * dx + dy * dy >= config.armMinTravelMM * config.armMinTravelMM
        let waited = time >= armChangeTime && time - armChangeTime >= armInterval
        guard travelled || waited else { return nil }
        armed = wants
        armChangeTranslation = translation
        armChangeTime = time
        if wants { return .progress }
        return progress >= config.completionProgress ? .leftCone : .movedBackTowardEdge
    }

    /// What decided the outcome `complete` of a release whose ended event is `event`.
    func releaseDecision(complete: Bool, _ event: GestureEvent) -> ReleaseDecision {
        if complete == armed { return .armed }
        return complete && event.velocityMMs >= config.completionVelocityMMs ? .fling : .release
    }
}

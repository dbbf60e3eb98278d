import EdgeSwipeControl
import TouchModel

/// What `edgeswipe feedback` calls for each back event it observes: decides (HapticDecision) and plays the
/// cue on the configured output. One thread: the feedback command's event loop.
public final class Haptics {
    public let output: HapticOutput
    private var decision: HapticDecision
    /// Cues played so far, for the command's status and the checks.
    public private(set) var playedArmed = 0
    public private(set) var playedDisarmed = 0

    public init(output: HapticOutput, decision: HapticDecision = HapticDecision()) {
        self.output = output
        self.decision = decision
    }

    /// Plays the cue `event` calls for, if any, and returns it. `now`: CLOCK_MONOTONIC (EventLoop.now).
    @discardableResult
    public func observe(_ event: BackObservation, now: Microseconds) -> HapticCue? {
        guard let cue = decision.decide(event, now: now) else { return nil }
        output.play(cue)
        switch cue {
        case .armed: playedArmed += 1
        case .disarmed: playedDisarmed += 1
        }
        return cue
    }
}

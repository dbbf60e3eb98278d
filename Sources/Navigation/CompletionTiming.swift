import Gestures
import TouchModel

/// How long the rest of an interactive pop animates after the finger lifts.
///
/// With p the progress at release (0...1), W the swipe extent in mm, v the release velocity in mm/s
/// (positive = inward) and D the standard transition duration:
/// - remaining fraction r = 1 - p when completing, p when cancelling;
/// - linear time = r × D (what the standard animation would take for what is left);
/// - fling time = r × W / v⁺ where v⁺ is the speed towards the target (v when completing, -v when cancelling),
///   only when v⁺ > 0 and W is known;
/// - remaining = clamp(min(linear, fling), minCompletionMs, maxCompletionMs).
/// So a fast fling finishes at the finger's speed, a slow release never takes longer than the standard
/// animation would for the same distance, and the min clamp keeps the end a visible frame later.
public enum CompletionTiming {
    public static func remainingMs(progress: Double, outcome: SwipeOutcome, velocityMMs: Double,
                                   extentMM: Double?, config: NavigationConfig) -> Double {
        let p = progress.isFinite ? min(max(progress, 0), 1) : 0
        let remaining = outcome == .complete ? 1 - p : p
        var ms = remaining * config.transitionDurationMs
        let towards = outcome == .complete ? velocityMMs : -velocityMMs
        if let w = extentMM, w.isFinite, w > 0, towards.isFinite, towards > 0 {
            ms = min(ms, remaining * w / towards * 1000)
        }
        let lo = min(config.minCompletionMs, config.maxCompletionMs)
        return min(max(ms, lo), config.maxCompletionMs)
    }
}

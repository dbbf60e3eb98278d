/// The two moments of a back swipe that are felt: the back arms (a release now would go back) and it disarms
/// (the finger moved back, a release now would cancel). Nothing else is ever felt: not a tap, not a touch away
/// from the edge, not the release (the back itself is what the user sees then), as on Android's back panel.
public enum HapticCue: String, Sendable, CaseIterable {
    case armed
    case disarmed

    /// The feedbackd event (Event naming spec 0.0.0, "Input Events" of the Applications section, the only
    /// input events applications may use): arming is a press past a threshold, disarming its release. Debian's
    /// default theme gives both a short VibraRumble in the `quiet` profile, a sound as well in `full`, nothing
    /// in `silent`.
    public var feedbackdEvent: String {
        switch self {
        case .armed: "button-pressed"
        case .disarmed: "button-released"
        }
    }
}

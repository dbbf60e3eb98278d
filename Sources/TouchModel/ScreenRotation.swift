/// How the panel is turned relative to its native orientation, as the user sees it: the clockwise angle.
/// With `.r90` the panel's native top edge is on the user's right and its native left edge at the top.
public enum ScreenRotation: Int, Hashable, Sendable, CaseIterable {
    case r0 = 0, r90 = 90, r180 = 180, r270 = 270

    /// Exactly 0, 90, 180 or 270, for the command line (`--rotation`) and the configuration (`rotation:`)
    /// alike: 450 or -90 would be a guess at what was meant.
    public init?(degrees: Int) { self.init(rawValue: degrees) }

    /// What `init(degrees:)` accepts, for messages.
    public static let rule = "must be 0, 90, 180 or 270 (degrees clockwise)"
}

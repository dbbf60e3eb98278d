/// How a Wayland output is turned, in the terms of `wl_output.transform`, and what that means for touches.
///
/// wl_output's transform is counter-clockwise and maps the content to the panel: with `90` the compositor draws
/// the picture turned 90° counter-clockwise on the panel's native pixels, which is upright for a user who turned
/// the panel 90° clockwise (its native top edge on their right, as sway's `output X transform 90` and GNOME's
/// "portrait right" do). Touches go the other way, from the panel to the picture, so the panel's clockwise turn is
/// exactly `ScreenRotation` of the same number of degrees: a swipe from the panel's native bottom edge, turned
/// 90°, starts at the user's left. The flipped transforms mirror around the vertical axis before turning the
/// content, so touches are turned first and mirrored after, left to right as the user sees it.
public struct OutputOrientation: Hashable, Sendable {
    /// The wl_output transform's angle: 0, 90, 180 or 270 degrees counter-clockwise.
    public var transform: ScreenRotation
    /// One of the `flipped` transforms.
    public var flipped: Bool

    public init(transform: ScreenRotation, flipped: Bool = false) {
        self.transform = transform
        self.flipped = flipped
    }

    /// The rotation of touches (clockwise turn of the panel, `ScreenTransform.rotation`): the same angle.
    public var rotation: ScreenRotation { transform }

    /// From the `wl_output.transform` enum's value: 0 normal, 1–3 turned 90/180/270, 4 flipped, 5–7 flipped and
    /// turned. Nil for anything else.
    public init?(wlOutputTransform value: Int) {
        guard (0...7).contains(value), let r = ScreenRotation(degrees: (value % 4) * 90) else { return nil }
        self.init(transform: r, flipped: value >= 4)
    }

    /// The name sway and wlroots give it: normal, 90, 180, 270, flipped, flipped-90, flipped-180, flipped-270.
    public var name: String { Self.names[transform.rawValue / 90 + (flipped ? 4 : 0)] }

    /// The inverse of `name` (what `swaymsg -t get_outputs` says in `transform`).
    public init?(name: String) {
        guard let value = Self.names.firstIndex(of: name) else { return nil }
        self.init(wlOutputTransform: value)
    }

    /// The names in wl_output.transform's order.
    static let names = ["normal", "90", "180", "270", "flipped", "flipped-90", "flipped-180", "flipped-270"]
}

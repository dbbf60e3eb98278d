/// How a Wayland output is turned, in the terms of `wl_output.transform`, and what that means for touches.
///
/// wl_output's transform is counter-clockwise: with sway's `output X transform 90` the panel is read as turned 90°
/// counter-clockwise, its native top edge on the user's left and its native bottom edge on the right. Measured, not
/// guessed: wlroots maps a touch through the inverse of the output's transform (wlr_cursor), and under sway in the
/// VM (Tests/VM/compositor/guest-screen.py) a touch at the native bottom of a `transform 90` output reaches the
/// client at the output's right edge. So the clockwise `ScreenRotation` of a plain transform is 360° minus its
/// angle: a panel turned 90° clockwise, whose native bottom edge is on the user's left, is `transform 270`. The
/// flipped transforms are their own inverses: the same angle, turned first and mirrored after, left to right as the
/// user sees it.
public struct OutputOrientation: Hashable, Sendable {
    /// The wl_output transform's angle: 0, 90, 180 or 270 degrees counter-clockwise.
    public var transform: ScreenRotation
    /// One of the `flipped` transforms.
    public var flipped: Bool

    public init(transform: ScreenRotation, flipped: Bool = false) {
        self.transform = transform
        self.flipped = flipped
    }

    /// The rotation of touches (clockwise turn of the panel, `ScreenTransform.rotation`): the opposite angle, or the
    /// same one for the flipped transforms (which are their own inverses).
    public var rotation: ScreenRotation {
        flipped ? transform : ScreenRotation(degrees: (360 - transform.rawValue) % 360)!
    }

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

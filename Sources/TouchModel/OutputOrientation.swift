/// How a Wayland output is turned, and what that means for touches.
///
/// `transform` is the turn as sway's `output NAME transform T` names it, which is **clockwise**: the inverse of the
/// counter-clockwise `wl_output.transform` a Wayland client receives (sway swaps 90 and 270, flipped-90 and
/// flipped-270 on the way; under sway in the VM, `transform 90` reached `edgeswipe feedback` as wl_output's 3).
/// Compositors that take wl_output's enum as it is (Hyprland's monitor `transform`, 0-7) are read with
/// `init(wlOutputTransform:)`. Measured, not guessed: under sway in the VM (Tests/VM/compositor/guest-screen.py) a
/// touch at the native bottom of a `transform 90` output reaches the client at the output's right edge, so sway's
/// `transform 90` is the panel turned 90° counter-clockwise, and the clockwise `ScreenRotation` of a plain transform
/// is 360° minus its angle: a panel turned 90° clockwise, whose native bottom edge is on the user's left, is sway's
/// `transform 270` (wl_output's 90). The flipped transforms are their own inverses: the same angle, turned first and
/// mirrored after, left to right as the user sees it.
public struct OutputOrientation: Hashable, Sendable {
    /// The angle as sway names it: 0, 90, 180 or 270 (wl_output's angle is 360 minus it).
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

    /// From the index of sway's name in `names` (normal, 90, 180, 270, flipped, flipped-90, flipped-180, flipped-270):
    /// 0 normal, 1-3 turned 90/180/270 as sway names them, 4 flipped, 5-7 flipped and turned. Nil for anything else.
    public init?(namedIndex value: Int) {
        guard (0...7).contains(value), let r = ScreenRotation(degrees: (value % 4) * 90) else { return nil }
        self.init(transform: r, flipped: value >= 4)
    }

    /// From the `wl_output.transform` enum's value as a Wayland client receives it (wayland.xml: 0 normal, 1-3
    /// 90/180/270 counter-clockwise, 4 flipped, 5-7 flipped_90/180/270), or as Hyprland's monitor `transform` gives
    /// it: the angle negated into sway's clockwise naming, flipped or not (1 is sway's 270, 7 sway's flipped-90).
    public init?(wlOutputTransform value: Int) {
        guard let named = OutputOrientation(namedIndex: value),
              let turn = ScreenRotation(degrees: (360 - named.transform.rawValue) % 360) else { return nil }
        self.init(transform: turn, flipped: named.flipped)
    }

    /// The name sway gives it: normal, 90, 180, 270, flipped, flipped-90, flipped-180, flipped-270.
    public var name: String { Self.names[transform.rawValue / 90 + (flipped ? 4 : 0)] }

    /// The inverse of `name` (what `swaymsg -t get_outputs` says in `transform`).
    public init?(name: String) {
        guard let value = Self.names.firstIndex(of: name) else { return nil }
        self.init(namedIndex: value)
    }

    /// Sway's names, in the order of wl_output.transform's enum (whose angles are the inverse).
    static let names = ["normal", "90", "180", "270", "flipped", "flipped-90", "flipped-180", "flipped-270"]
}

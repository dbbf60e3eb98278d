import TouchModel

/// The arrow's look, in millimetres of the screen so it is the same size under the finger on any panel.
/// Modelled on Android's back arrow: a bulge from the edge that stretches with the swipe, with a chevron in it.
public struct ArrowStyle: Sendable, Hashable {
    /// The bulge's height along the edge, centred on the finger.
    public var heightMM: Double
    /// How far the bulge reaches from the edge at progress 0 and at `fullProgress` and beyond.
    public var minReachMM: Double
    public var maxReachMM: Double
    /// The progress at which the bulge is fully out: the default completion progress, so the arrow is at its
    /// largest when a release would complete by position.
    public var fullProgress: Double
    public var leaveDuration: Microseconds
    /// Premultiplied ARGB (pixman's a8r8g8b8): the bulge and the chevron, disarmed and armed.
    public var body: ARGB
    public var chevron: ARGB
    public var armedBody: ARGB
    public var armedChevron: ARGB

    public static let standard = ArrowStyle(
        heightMM: 16, minReachMM: 4, maxReachMM: 12, fullProgress: 0.5, leaveDuration: 150_000,
        body: ARGB(alpha: 0.55, red: 0.12, green: 0.12, blue: 0.12), chevron: ARGB(alpha: 0.9, red: 0.85, green: 0.85, blue: 0.85),
        armedBody: ARGB(alpha: 0.95, red: 0.10, green: 0.45, blue: 0.91), armedChevron: ARGB(alpha: 1, red: 1, green: 1, blue: 1))

    /// The reach at `progress`: linear from `minReachMM` to `maxReachMM` over 0...`fullProgress`.
    public func reachMM(progress: Double) -> Double {
        let p = progress.isFinite ? min(max(progress, 0), 1) : 0
        return minReachMM + (maxReachMM - minReachMM) * min(p / fullProgress, 1)
    }
}

/// A colour as straight (not premultiplied) components 0...1, turned into pixman's premultiplied 16-bit ones.
public struct ARGB: Sendable, Hashable {
    public var alpha, red, green, blue: Double

    public init(alpha: Double, red: Double, green: Double, blue: Double) {
        self.alpha = alpha
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The colour at `opacity` (0...1) of itself: how the arrow fades as it leaves.
    public func faded(_ opacity: Double) -> ARGB {
        ARGB(alpha: alpha * min(max(opacity, 0), 1), red: red, green: green, blue: blue)
    }

    /// Premultiplied 16-bit components (pixman_color_t's order: red, green, blue, alpha).
    public var premultiplied16: (red: UInt16, green: UInt16, blue: UInt16, alpha: UInt16) {
        func c(_ v: Double) -> UInt16 { UInt16((min(max(v, 0), 1) * 65535).rounded()) }
        return (c(red * alpha), c(green * alpha), c(blue * alpha), c(alpha))
    }
}

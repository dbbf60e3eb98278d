import TouchModel

/// What a content recognizer can be told (issue 37). Units: mm, mm/s, ms.
///
/// A one-finger pan that touches down in a declared region (and outside every edge band) is decided once, at the
/// first frame its straight-line travel reaches `travelMM`: it may begin when its travel toward the trailing side
/// is more than `axisRatio` × its travel across; otherwise it fails for the rest of the touch. Deciding once is
/// libadwaita's axis lock (GNOME/libadwaita src/adw-swipe-tracker.c, drag_update_cb: the axis is fixed when the
/// drag passes DRAG_THRESHOLD_DISTANCE, and a drag along the other axis is denied until the touch ends); the
/// strict ratio is Chromium's (content/browser/renderer_host/overscroll_controller.cc: an overscroll starts only
/// when |dx| > |dy| × kMinRatio, kMinRatio = 2.5), where 2.5:1 keeps vertical scrolls with a sideways wobble out.
/// The end rules are the edge swipe's: complete at `completionProgress` of the region's width inside the
/// `armConeRatio` cone, or at `completionVelocityMMs`; armed/disarmed with the same hysteresis.
public struct ContentSwipeConfig: Hashable, Sendable {
    public var name: RecognizerID
    /// The straight-line travel at which the axis is decided. libadwaita's threshold is 16 px (4.2 mm at GTK's
    /// 96 dpi); 8 mm, because here a pan anywhere on the page competes with taps and with the page's own drags,
    /// and the edge swipe's activation is already 6 mm from a band where nothing else happens.
    public var travelMM: Double
    /// Trailing travel must be more than this × the travel across (Chromium's kMinRatio).
    public var axisRatio: Double
    public var completionProgress: Double
    public var completionVelocityMMs: Double
    public var velocityWindowMS: Double
    public var armMinTravelMM: Double
    public var armMinIntervalMS: Double
    public var armConeRatio: Double

    public init(name: RecognizerID = "content-1", travelMM: Double = 8, axisRatio: Double = 2.5,
                completionProgress: Double = 0.5, completionVelocityMMs: Double = 200, velocityWindowMS: Double = 100,
                armMinTravelMM: Double = 3, armMinIntervalMS: Double = 80, armConeRatio: Double = 2) {
        self.name = name
        self.travelMM = travelMM
        self.axisRatio = axisRatio
        self.completionProgress = completionProgress
        self.completionVelocityMMs = completionVelocityMMs
        self.velocityWindowMS = velocityWindowMS
        self.armMinTravelMM = armMinTravelMM
        self.armMinIntervalMS = armMinIntervalMS
        self.armConeRatio = armConeRatio
    }

    /// Every problem with the values, each naming its field; empty when valid.
    public func problems() -> [String] {
        var p: [String] = []
        func positive(_ v: Double, _ field: String) {
            if !(v.isFinite && v > 0) { p.append("\(field) must be a positive number, not \(v)") }
        }
        if name.name.isEmpty { p.append("name must not be empty") }
        positive(travelMM, "content travel (mm)")
        // Below 1:1 a pan more across than along would begin a back.
        if !(axisRatio.isFinite && axisRatio >= 1 && axisRatio <= 20) {
            p.append("content axis ratio must be 1 to 20, not \(axisRatio)")
        }
        if !(completionProgress.isFinite && completionProgress > 0 && completionProgress <= 1) {
            p.append("completion progress must be in (0, 1], not \(completionProgress)")
        }
        positive(completionVelocityMMs, "completion velocity (mm/s)")
        positive(velocityWindowMS, "velocity window (ms)")
        positive(armMinTravelMM, "arm minimum travel (mm)")
        positive(armMinIntervalMS, "arm minimum interval (ms)")
        positive(armConeRatio, "arm cone ratio")
        return p
    }
}

/// The bands the edge recognizers watch: a touch-down within `widthMM` of one of `edges` is theirs, never a
/// content pan's (the edge recognizer keeps priority in its band).
public struct EdgeBands: Hashable, Sendable {
    public var edges: EdgeMask
    public var widthMM: Double

    public init(edges: Set<Edge>, widthMM: Double) {
        self.edges = EdgeMask(edges)
        self.widthMM = widthMM
    }

    /// The edge whose band holds `p`, in `EdgeMask.order`, or nil.
    func edge(holding p: Point, screen: PhysicalSize) -> Edge? {
        EdgeMask.order.first { edges.contains($0) && $0.distance(of: p, screen: screen) <= widthMM }
    }
}

/// Everything an edge-swipe recognizer can be told. Units: mm, mm/s, ms, degrees.
/// The defaults are the product's contract (one finger, left edge):
/// touch-down within 5 mm of the edge; begin when inward travel ≥ 6 mm and |perpendicular| ≤ tan 30° × inward;
/// fail as soon as the motion is more along the edge than inward and past 2.8 mm along it (the early test),
/// on perpendicular drift > 10 mm, no beginning within 250 ms, a second finger, or a lift;
/// end complete when (progress ≥ 0.5 inside the 2:1 cone) or inward release velocity ≥ 200 mm/s, else cancel.
/// Progress is linear over the screen's whole extent along the swipe: inward travel ÷ that extent, clamped to 0...1.
/// While the swipe runs, *armed* says whether a release here would complete by position (progress ≥ 0.5 in the cone;
/// a fast release completes anyway, as a fling); it changes only after 3 mm of travel or 80 ms since its last change
/// (hysteresis), so it never flickers.
/// Before beginning, a contact as large as a palm (20 mm major or 400 mm²) fails it with `palmSize`, and one held
/// within 1.5 mm of its touch-down for 300 ms with `grip`; both reject the contact for the whole arena.
/// Velocity is a least-squares fit over the last 100 ms (a parabola, as Android's and Flutter's trackers use,
/// which follows a finger that slows or turns back better than a line; see `VelocityTracker`).
public struct EdgeSwipeConfig: Hashable, Sendable {
    /// Names the recognizer in events, logs and arbitration; unique within an arena.
    public var name: RecognizerID
    public var edges: Set<Edge>
    /// 1...5. With several, all must land in the zone within `fingerLandingWindowMS` of the first.
    public var fingers: Int
    public var edgeZoneMM: Double
    public var activationDistanceMM: Double
    /// Largest angle between the movement and the inward direction at which a swipe may begin.
    public var angleToleranceDegrees: Double
    public var perpendicularDriftLimitMM: Double
    public var activationTimeoutMS: Double
    public var fingerLandingWindowMS: Double
    public var completionProgress: Double
    public var completionVelocityMMs: Double
    public var velocityFit: VelocityTracker.Fit
    public var velocityWindowMS: Double
    /// The early test: before beginning, the recognizer fails (`movedAlongEdge`) as soon as the motion since
    /// touch-down is longer along the edge than this and longer along the edge than inward, so an owning service
    /// releases a touch that is clearly not a back swipe (a scroll, a fling) at once instead of after the drift
    /// limit. Android's back gesture cancels the same way past its touch slop (8 dp ≈ 1.3 mm); that slop fails a
    /// real back swipe of Tests/Fixtures (a touchpad contact that slid 2.55 mm along the edge, and 1.28 mm in,
    /// while landing: Synaptics touch 17), so the default is 2.8 mm.
    public var alongEdgeSlopMM: Double
    /// Hysteresis of the armed state: a change needs this much travel (mm, straight line) since the last change
    /// or since the beginning...
    public var armMinTravelMM: Double
    /// ...or this much time (ms).
    public var armMinIntervalMS: Double
    /// Progress counts toward completing only while |along the edge| ≤ this × inward travel (Android's 2:1 cone).
    public var armConeRatio: Double
    /// Palm by size, before the swipe begins: a tracked contact whose major axis is at least this (mm)...
    /// (20 mm and 400 mm² are the palm figures issue 36 gives for Chromium's ozone touch handling; a fingertip is
    /// about 7-12 mm: the Pixel Tablet fixture's finger is 7.5 × 7.0 mm.) Devices without size axes never meet it.
    public var palmMajorMM: Double
    /// ...or whose area (major × minor, mm²) is at least this.
    public var palmAreaMM2: Double
    /// Palm by pressure, for devices without size axes (or whose size has no resolution): a fraction 0...1 of the
    /// pressure range (libinput's touchpad quirk AttrPalmPressureThreshold, made device-independent). Nil: off.
    public var palmPressure: Double?
    /// A grip: a tracked contact that stays within this radius (mm) of its touch-down...
    public var gripRadiusMM: Double
    /// ...for this long (ms) fails with `grip`. 300 ms is libinput's THUMB_MOVE_TIMEOUT (evdev-mt-touchpad.c), its
    /// time for a resting thumb. Longer than the default activation timeout (250 ms), which then fails a still
    /// contact first, as before; grip decides when the activation timeout is configured longer than this.
    public var gripTimeMS: Double

    public init(name: RecognizerID? = nil, edges: Set<Edge> = [.left], fingers: Int = 1,
                edgeZoneMM: Double = 5, activationDistanceMM: Double = 6, angleToleranceDegrees: Double = 30,
                perpendicularDriftLimitMM: Double = 10, activationTimeoutMS: Double = 250,
                fingerLandingWindowMS: Double = 100, completionProgress: Double = 0.5,
                completionVelocityMMs: Double = 200, velocityFit: VelocityTracker.Fit = .quadratic,
                velocityWindowMS: Double = 100, alongEdgeSlopMM: Double = 2.8, armMinTravelMM: Double = 3,
                armMinIntervalMS: Double = 80, armConeRatio: Double = 2, palmMajorMM: Double = 20,
                palmAreaMM2: Double = 400, palmPressure: Double? = nil, gripRadiusMM: Double = 1.5,
                gripTimeMS: Double = 300) {
        self.name = name ?? Self.defaultName(edges: edges, fingers: fingers)
        self.edges = edges
        self.fingers = fingers
        self.edgeZoneMM = edgeZoneMM
        self.activationDistanceMM = activationDistanceMM
        self.angleToleranceDegrees = angleToleranceDegrees
        self.perpendicularDriftLimitMM = perpendicularDriftLimitMM
        self.activationTimeoutMS = activationTimeoutMS
        self.fingerLandingWindowMS = fingerLandingWindowMS
        self.completionProgress = completionProgress
        self.completionVelocityMMs = completionVelocityMMs
        self.velocityFit = velocityFit
        self.velocityWindowMS = velocityWindowMS
        self.alongEdgeSlopMM = alongEdgeSlopMM
        self.armMinTravelMM = armMinTravelMM
        self.armMinIntervalMS = armMinIntervalMS
        self.armConeRatio = armConeRatio
        self.palmMajorMM = palmMajorMM
        self.palmAreaMM2 = palmAreaMM2
        self.palmPressure = palmPressure
        self.gripRadiusMM = gripRadiusMM
        self.gripTimeMS = gripTimeMS
    }

    /// "left-1", "left+right-2": edges in a fixed order, then the finger count.
    public static func defaultName(edges: Set<Edge>, fingers: Int) -> RecognizerID {
        let names = Edge.allCases.filter { edges.contains($0) }.map(\.rawValue)
        return RecognizerID("\(names.joined(separator: "+"))-\(fingers)")
    }

    /// Every problem with the values, each naming the field; empty when valid.
    public func problems() -> [String] {
        var p: [String] = []
        func positive(_ v: Double, _ field: String) {
            if !(v.isFinite && v > 0) { p.append("\(field) must be a positive number, not \(v)") }
        }
        if name.name.isEmpty { p.append("name must not be empty") }
        if edges.isEmpty { p.append("edges must name at least one of left, right, top, bottom") }
        if !(1...5).contains(fingers) { p.append("fingers must be 1 to 5, not \(fingers)") }
        positive(edgeZoneMM, "edge zone (mm)")
        positive(activationDistanceMM, "activation distance (mm)")
        if !(angleToleranceDegrees.isFinite && angleToleranceDegrees > 0 && angleToleranceDegrees < 90) {
            p.append("angle tolerance must be between 0 and 90 degrees, not \(angleToleranceDegrees)")
        }
        positive(perpendicularDriftLimitMM, "perpendicular drift limit (mm)")
        positive(activationTimeoutMS, "activation timeout (ms)")
        positive(fingerLandingWindowMS, "finger landing window (ms)")
        if !(completionProgress.isFinite && completionProgress > 0 && completionProgress <= 1) {
            p.append("completion progress must be in (0, 1], not \(completionProgress)")
        }
        positive(completionVelocityMMs, "completion velocity (mm/s)")
        positive(velocityWindowMS, "velocity window (ms)")
        positive(alongEdgeSlopMM, "along-edge slop (mm)")
        positive(armMinTravelMM, "arm minimum travel (mm)")
        positive(armMinIntervalMS, "arm minimum interval (ms)")
        positive(armConeRatio, "arm cone ratio")
        positive(palmMajorMM, "palm major (mm)")
        positive(palmAreaMM2, "palm area (mm²)")
        if let palmPressure, !(palmPressure.isFinite && palmPressure > 0 && palmPressure <= 1) {
            p.append("palm pressure must be in (0, 1], not \(palmPressure)")
        }
        positive(gripRadiusMM, "grip radius (mm)")
        positive(gripTimeMS, "grip time (ms)")
        return p
    }
}

public struct EdgeSwipeConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    public var recognizer: RecognizerID
    public var problems: [String]

    public var description: String {
        "edge-swipe recognizer \"\(recognizer)\": " + problems.joined(separator: "; ")
    }
}

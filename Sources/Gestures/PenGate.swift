import TouchModel

/// Which hand holds the pen: the side of the pen tip the writing hand rests on.
public enum PenHandedness: String, Hashable, Sendable, CaseIterable {
    /// From the pen's tilt (libinput's rule: tilted right, the hand is to the right); with no tilt, unknown.
    case fromTilt = "auto"
    case left, right
}

/// What a pen gate is told. Units: mm, ms.
public struct PenGateConfig: Hashable, Sendable {
    /// After the pen leaves proximity, new touches stay gated this long (ms): 90 ms is libinput's, from
    /// evdev-fallback.c's touch arbitration (a hand lifting leaves proximity a few ms before it leaves the glass).
    public var lingerMS: Double
    /// The gated side starts this far (mm) from the pen tip toward the other hand: libinput's arbitration
    /// rectangle starts 20 mm from the tip (evdev-tablet.c, tablet_calculate_arbitration_rect).
    public var handMarginMM: Double
    /// A pen in proximity that has not moved (position or tilt) for this long (ms) is taken for a stuck sensor:
    /// the gate opens and says so once, until the pen moves or comes in again. A writing hand moves the pen far
    /// more often; a pen left lying on a screen that senses it should not switch off the back gesture for good.
    public var stuckMS: Double
    public var handedness: PenHandedness

    public init(lingerMS: Double = 90, handMarginMM: Double = 20, stuckMS: Double = 30_000,
                handedness: PenHandedness = .fromTilt) {
        self.lingerMS = lingerMS
        self.handMarginMM = handMarginMM
        self.stuckMS = stuckMS
        self.handedness = handedness
    }

    /// Every problem, each naming the field; empty when valid.
    public func problems() -> [String] {
        var p: [String] = []
        if !(lingerMS.isFinite && lingerMS >= 0 && lingerMS <= 10_000) { p.append("pen linger (ms) must be 0 to 10000, not \(lingerMS)") }
        if !(handMarginMM.isFinite && handMarginMM >= 0 && handMarginMM <= 1_000) {
            p.append("pen hand margin (mm) must be 0 to 1000, not \(handMarginMM)")
        }
        if !(stuckMS.isFinite && stuckMS > 0 && stuckMS <= 3_600_000) { p.append("pen stuck time (ms) must be above 0 and at most 3600000, not \(stuckMS)") }
        return p
    }
}

/// The paired pen as the touch device's gate sees it, in the touch screen's mm (x right, y down) and the pen's
/// tilt in degrees (positive x: the pen's top leans right).
public struct PenSample: Hashable, Sendable {
    public var time: Microseconds
    public var inProximity: Bool
    public var positionMM: Point
    public var tiltXDegrees: Double
    public var tiltYDegrees: Double

    public init(time: Microseconds, inProximity: Bool, positionMM: Point, tiltXDegrees: Double = 0, tiltYDegrees: Double = 0) {
        self.time = time
        self.inProximity = inProximity
        self.positionMM = positionMM
        self.tiltXDegrees = tiltXDegrees
        self.tiltYDegrees = tiltYDegrees
    }
}

/// What the gate says of a touch-down.
public enum PenGateDecision: Hashable, Sendable {
    /// Not gated (no pen near, the touch is not on the hand's side, or the pen is taken for stuck).
    case open
    /// Gated: the pen is in proximity (nil), or left it this many ms ago, within the linger time.
    case gated(msSinceOut: Double?)
}

/// libinput's touch arbitration as pure logic: while the paired pen is in proximity, touch-downs fail with
/// `penInProximity`; with the hand's side known (tilt or configuration), only those on that side of the tip
/// (from the tip ± `handMarginMM` to the far edge); the last rule lingers `lingerMS` after proximity out.
/// A touch it gates is rejected by the arena until it lifts (xf86-input-wacom keeps such a hand suppressed too).
/// No I/O, no clock: time comes with the samples and the questions.
public struct PenGate: Hashable, Sendable {
    public let config: PenGateConfig
    public private(set) var inProximity = false
    /// When proximity last ended (valid once it has).
    public private(set) var outTime: Microseconds = 0
    private var hasLeft = false
    private var last = PenSample(time: 0, inProximity: false, positionMM: Point(x: 0, y: 0))
    /// When the pen last moved (position or tilt) or came into proximity.
    private var motionTime: Microseconds = 0
    /// The stuck notice was given for this stay in proximity.
    public private(set) var saidStuck = false

    public init(config: PenGateConfig = PenGateConfig()) {
        self.config = config
    }

    /// Takes one pen state (at each of the pen node's frames).
    public mutating func update(_ s: PenSample) {
        if s.inProximity && !inProximity {
            motionTime = s.time
            saidStuck = false
        } else if s.inProximity && (s.positionMM != last.positionMM || s.tiltXDegrees != last.tiltXDegrees
                                        || s.tiltYDegrees != last.tiltYDegrees) {
            motionTime = s.time
            saidStuck = false
        }
        if !s.inProximity && inProximity {
            outTime = s.time
            hasLeft = true
        }
        inProximity = s.inProximity
        // Out of proximity the last position and tilt stay: the linger applies the rule they gave.
        if s.inProximity { last = s } else { last.time = s.time; last.inProximity = false }
    }

    /// Whether the pen has sat still in proximity past `stuckMS` at `now`.
    public func isStuck(now: Microseconds) -> Bool {
        inProximity && now >= motionTime && (now - motionTime).milliseconds >= config.stuckMS
    }

    /// The pen is taken for stuck: true the first time only (the caller says so once).
    public mutating func noteStuck(now: Microseconds) -> Bool {
        guard isStuck(now: now), !saidStuck else { return false }
        saidStuck = true
        return true
    }

    /// The decision for a touch-down at `point` (touch screen mm) at `now`.
    public func decision(at point: Point, now: Microseconds) -> PenGateDecision {
        let since: Double?
        if inProximity {
            if isStuck(now: now) { return .open }
            since = nil
        } else {
            guard hasLeft, now >= outTime else { return .open }
            let ms = (now - outTime).milliseconds
            guard ms < config.lingerMS else { return .open }
            since = (ms * 10).rounded() / 10
        }
        guard onHandSide(point) else { return .open }
        return .gated(msSinceOut: since)
    }

    /// The side of the tip the hand rests on, or nil when it is not known (no tilt, handedness from tilt).
    public var handSide: Edge? {
        switch config.handedness {
        case .left: return .left
        case .right: return .right
        case .fromTilt:
            if last.tiltXDegrees > 0 { return .right }
            if last.tiltXDegrees < 0 { return .left }
            return nil
        }
    }

    private func onHandSide(_ p: Point) -> Bool {
        switch handSide {
        case .right: return p.x >= last.positionMM.x - config.handMarginMM
        case .left: return p.x <= last.positionMM.x + config.handMarginMM
        default: return true   // no side known: every touch, as libinput's ignore-all
        }
    }
}

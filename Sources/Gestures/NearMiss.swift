#if canImport(Glibc)
import Glibc
#endif
import TouchModel

/// Why a stroke that started near an edge did not become a back (issue 38), with the numbers the recognizer's
/// decision used: its own measures, as its failed, cancelled or ended event carries them, and its configuration's
/// thresholds. A value of numbers: the sentence (`sentence`, NearMiss+Sentence) is rendered only when asked.
///
/// Near: the touch-down was inside a configured band (every failure after tracking began, and a cancelled
/// release), or outside every band but within `nearFactor` × the band of a configured edge (a tap mid-screen
/// gets none).
public struct NearMiss: Hashable, Sendable {
    public var recognizer: RecognizerID
    /// The edge the numbers are measured from (for a touch-down outside every band, the nearest configured one).
    public var edge: Edge
    /// The recognizer's configured finger count.
    public var fingers: Int
    /// When the recognizer decided (its event's time).
    public var decidedAt: Microseconds
    /// When the stroke ended, every contact lifted (`NearMissCollector`); the decision's time until then.
    public var time: Microseconds
    /// Where the (first) finger touched down, screen mm.
    public var startMM: Point
    public var cause: NearMissCause
    public var source: GestureSource

    /// A touch-down outside every band counts as near within this many band widths of a configured edge: 15 mm
    /// with the default 5 mm band, about a finger pad's width past it (a finger that aimed at the edge and
    /// missed), while a tap in the middle of a screen (tens of mm from every edge) stays silent.
    public static let nearFactor = 3.0

    public init(recognizer: RecognizerID, edge: Edge, fingers: Int, decidedAt: Microseconds, time: Microseconds,
                startMM: Point, cause: NearMissCause, source: GestureSource = GestureSource(0)) {
        self.recognizer = recognizer
        self.edge = edge
        self.fingers = fingers
        self.decidedAt = decidedAt
        self.time = time
        self.startMM = startMM
        self.cause = cause
        self.source = source
    }
}

/// How a stroke that never began ended: lifted, or the activation time-out ran out first.
public enum StrokeEnding: Hashable, Sendable {
    case lifted
    case timedOut(ms: Double)
}

/// One cause per failure reason of the recognizer (`GestureFailureReason`), the stalled ones split by what held
/// them back, and the cancelled release. mm, mm/s, ms, degrees; progress as a fraction 0...1.
public enum NearMissCause: Hashable, Sendable {
    /// The first finger touched down `distanceMM` from the edge, outside its `bandMM` band.
    case startedOutsideBand(distanceMM: Double, bandMM: Double)
    /// The first finger landed in the band, a later one outside the band of the first's edges.
    case fingerOutsideBand(bandMM: Double)
    /// The early test: more along the edge than inward, past the along-edge slop.
    case movedAlongEdge(alongMM: Double, inwardMM: Double, slopMM: Double)
    /// Along the edge past the drift limit.
    case driftedAlongEdge(alongMM: Double, inwardMM: Double, limitMM: Double)
    /// Toward the edge (outward) by at least the activation distance.
    case movedTowardEdge(outwardMM: Double, activationMM: Double)
    /// Far enough inward, but further from the inward direction than the angle tolerance, until the end.
    case outsideAngle(degrees: Double, limitDegrees: Double, inwardMM: Double, ending: StrokeEnding)
    /// Short of the activation distance until the end.
    case tooShort(inwardMM: Double, activationMM: Double, ending: StrokeEnding)
    /// Activation met, lifted while arbitration still held the beginning back.
    case liftedWhileWaiting(inwardMM: Double)
    /// More fingers down than the recognizer takes.
    case extraFingers(count: Int, configured: Int)
    /// The configured fingers did not all land within the landing window.
    case fingersNotTogether(configured: Int, windowMS: Double)
    /// The delegate (navigation) refused the touch or the beginning.
    case refused(RefusalReason)
    /// Another recognizer took the touch.
    case lostArbitration(to: RecognizerID)
    /// The device cancelled the contacts; `began`: after the swipe began, at `progress`.
    case contactsCancelled(began: Bool, progress: Double)
    /// A contact as large as a palm (issue 36's gate), against the configured palm major axis and area.
    case palmSize(majorMM: Double, minorMM: Double, palmMajorMM: Double, palmAreaMM2: Double)
    /// A contact pressed as hard as a palm (a fraction of the pressure range), on a device without size axes.
    case palmPressure(pressure: Double, threshold: Double)
    /// A contact held still in the band: within `radiusMM` of its touch-down for `ms`.
    case grip(ms: Double, radiusMM: Double)
    /// The touch-down came while the pen was in proximity (nil) or `msSinceOut` ms after it left.
    case penInProximity(msSinceOut: Double?)
    /// The swipe began and was released short: at `progress` and `velocityMMs`, `alongMM`/`inwardMM` since
    /// touch-down (the cone test), against the completion thresholds.
    case releasedShort(progress: Double, velocityMMs: Double, alongMM: Double, inwardMM: Double,
                       completionProgress: Double, completionVelocityMMs: Double, coneRatio: Double)

    /// A stable camelCase code (the JSON `cause`).
    public var code: String {
        switch self {
        case .startedOutsideBand: return "startedOutsideBand"
        case .fingerOutsideBand: return "fingerOutsideBand"
        case .movedAlongEdge: return "movedAlongEdge"
        case .driftedAlongEdge: return "driftedAlongEdge"
        case .movedTowardEdge: return "movedTowardEdge"
        case .outsideAngle: return "outsideAngle"
        case .tooShort: return "tooShort"
        case .liftedWhileWaiting: return "liftedWhileWaiting"
        case .extraFingers: return "extraFingers"
        case .fingersNotTogether: return "fingersNotTogether"
        case .refused: return "refused"
        case .lostArbitration: return "lostArbitration"
        case .contactsCancelled: return "contactsCancelled"
        case .palmSize: return "palmSize"
        case .palmPressure: return "palmPressure"
        case .grip: return "grip"
        case .penInProximity: return "penInProximity"
        case .releasedShort: return "releasedShort"
        }
    }
}

extension NearMiss {
    /// The near miss a recognizer's event reports, or nil: the event decides nothing (began, changed, armed), is
    /// a completed back, or a touch-down far from every configured edge. `config` is the recognizer's, `screen`
    /// its screen in mm (the arena's `transform.screenSize`).
    public init?(event e: GestureEvent, config: EdgeSwipeConfig, screen: PhysicalSize) {
        let cause: NearMissCause
        var edge = e.edge
        switch e.phase {
        case .ended:
            guard e.outcome == .cancel else { return nil }
            cause = .releasedShort(progress: e.progress, velocityMMs: e.velocityMMs, alongMM: abs(e.alongMM),
                                   inwardMM: e.translationMM, completionProgress: config.completionProgress,
                                   completionVelocityMMs: config.completionVelocityMMs, coneRatio: config.armConeRatio)
        case .cancelled:
            cause = .contactsCancelled(began: true, progress: e.progress)
        case .failed:
            guard let reason = e.failureReason else { return nil }
            switch reason {
            case .notInEdgeZone:
                // The zone test: each configured edge's distance of the touch-down against the band.
                var nearest: (edge: Edge, distance: Double)?
                for candidate in EdgeMask.order where config.edges.contains(candidate) {
                    let d = candidate.distance(of: e.startMM, screen: screen)
                    if nearest.map({ d < $0.distance }) ?? true { nearest = (candidate, d) }
                }
                guard let nearest else { return nil }
                if nearest.distance <= config.edgeZoneMM {
                    cause = .fingerOutsideBand(bandMM: config.edgeZoneMM)
                } else {
                    guard nearest.distance <= Self.nearFactor * config.edgeZoneMM else { return nil }
                    edge = nearest.edge
                    cause = .startedOutsideBand(distanceMM: nearest.distance, bandMM: config.edgeZoneMM)
                }
            case .perpendicularDrift:
                cause = .driftedAlongEdge(alongMM: abs(e.alongMM), inwardMM: e.translationMM,
                                          limitMM: config.perpendicularDriftLimitMM)
            case .movedAlongEdge:
                cause = .movedAlongEdge(alongMM: abs(e.alongMM), inwardMM: e.translationMM, slopMM: config.alongEdgeSlopMM)
            case .wrongDirection:
                cause = .movedTowardEdge(outwardMM: -e.translationMM, activationMM: config.activationDistanceMM)
            case .activationTimeout(let ms):
                cause = Self.stalled(e, config: config, ending: .timedOut(ms: ms))
            case .liftedBeforeBegin:
                cause = Self.stalled(e, config: config, ending: .lifted)
            case .extraFinger(let count):
                cause = .extraFingers(count: count, configured: config.fingers)
            case .fingersNotTogether:
                cause = .fingersNotTogether(configured: config.fingers, windowMS: config.fingerLandingWindowMS)
            case .refused(let why):
                cause = .refused(why)
            case .lostArbitration(let winner):
                cause = .lostArbitration(to: winner)
            case .contactsCancelled:
                cause = .contactsCancelled(began: false, progress: e.progress)
            case .palmSize(let major, let minor):
                cause = .palmSize(majorMM: major, minorMM: minor, palmMajorMM: config.palmMajorMM, palmAreaMM2: config.palmAreaMM2)
            case .palmPressure(let pressure):
                cause = .palmPressure(pressure: pressure, threshold: config.palmPressure ?? 1)
            case .grip(let ms, let radius):
                cause = .grip(ms: ms, radiusMM: radius)
            case .penInProximity(let msSinceOut):
                cause = .penInProximity(msSinceOut: msSinceOut)
            case .content:
                // A content pan is no near miss of an edge swipe: its reasons are printed on its own lines.
                return nil
            }
        case .began, .changed, .armed, .disarmed:
            return nil
        }
        self.init(recognizer: e.recognizer, edge: edge, fingers: e.fingers, decidedAt: e.time, time: e.time,
                  startMM: e.startMM, cause: cause, source: e.source)
    }

    /// A stroke that neither began nor failed a motion test before it ended: what held it back, by the
    /// activation test's own terms (inward ≥ the activation distance and |along| ≤ tan(angle) × inward).
    private static func stalled(_ e: GestureEvent, config: EdgeSwipeConfig, ending: StrokeEnding) -> NearMissCause {
        let inward = e.translationMM, along = abs(e.alongMM)
        if inward < config.activationDistanceMM {
            return .tooShort(inwardMM: inward, activationMM: config.activationDistanceMM, ending: ending)
        }
        if along > tan(config.angleToleranceDegrees * .pi / 180) * inward {
            return .outsideAngle(degrees: atan2(along, inward) * 180 / .pi, limitDegrees: config.angleToleranceDegrees,
                                 inwardMM: inward, ending: ending)
        }
        return .liftedWhileWaiting(inwardMM: inward)
    }

    /// Which of a stroke's near misses says most (`NearMissCollector`): a swipe that began, then one tracked
    /// from the band, then a touch-down outside it.
    var rank: Int {
        switch cause {
        case .releasedShort, .contactsCancelled(began: true, _): return 3
        case .startedOutsideBand: return 1
        default: return 2
        }
    }
}

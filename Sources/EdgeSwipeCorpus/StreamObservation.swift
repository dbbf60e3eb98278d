import Gestures
import TouchModel

/// One change of the armed state, measured from the previous change (or the beginning): straight-line travel of
/// the finger and time.
public struct ArmGap: Hashable, Sendable {
    public var travelMM: Double
    public var intervalMS: Double
    /// Measured from the swipe's beginning (the first change), not from another change.
    public var fromBeginning: Bool
}

/// The predictive stream of a sample's first swipe, as its events report it.
public struct StreamTrace: Hashable, Sendable {
    public var recognizer: RecognizerID
    public var gaps: [ArmGap] = []
    /// The last armed state before the release, and what decided the outcome (nil: cancelled by the device).
    public var endArmed: Bool?
    public var decidedBy: ReleaseDecision?
    public var outcome: SwipeOutcome?

    public var changes: Int { gaps.count }
}

/// How long the sample's first touch was held (in a recognizer's edge zone, undecided), as a forwarder that owns
/// the device holds it (`ContactClaims`): from its touch-down frame to the frame or time-out after which no
/// recognizer holds it.
public struct HoldTime: Hashable, Sendable {
    public var ms: Double
    /// It lifted while held: the app gets it only after the finger is gone.
    public var liftedFirst: Bool
    /// A swipe began on it (a back swipe, never released to the app).
    public var claimed: Bool
}

/// Collects a sample's `StreamTrace` and `HoldTime` while `Evaluation.run` replays it.
struct StreamObserver {
    private(set) var trace: StreamTrace?
    private(set) var hold: HoldTime?
    private var lastChange: (position: Point, time: Microseconds)?
    private var heldContact: Int?
    private var heldSince: Microseconds = 0
    private var firstTouchSeen = false

    mutating func take(_ e: GestureEvent) {
        switch e.phase {
        case .began where trace == nil:
            trace = StreamTrace(recognizer: e.recognizer)
            lastChange = (e.positionMM, e.time)
        case .armed, .disarmed:
            guard var t = trace, t.recognizer == e.recognizer, t.decidedBy == nil, let last = lastChange else { return }
            let dx = e.positionMM.x - last.position.x, dy = e.positionMM.y - last.position.y
            t.gaps.append(ArmGap(travelMM: (dx * dx + dy * dy).squareRoot(),
                                 intervalMS: Double(e.time.rawValue &- last.time.rawValue) / 1000,
                                 fromBeginning: t.gaps.isEmpty))
            trace = t
            lastChange = (e.positionMM, e.time)
        case .ended where trace?.recognizer == e.recognizer && trace?.decidedBy == nil:
            trace?.endArmed = e.armed
            trace?.decidedBy = e.decidedBy
            trace?.outcome = e.outcome
        default:
            break
        }
    }

    /// After the arena took a frame: the first touch-down starts a hold if a recognizer holds it; a held contact
    /// ends its hold once none does.
    mutating func afterFrame(_ frame: TouchFrame, claims: some ContactClaims) {
        if !firstTouchSeen, let c = frame.contacts.first(where: { $0.phase == .down }) {
            firstTouchSeen = true
            if claims.claim(ofContact: c.id) == .held {
                heldContact = c.id
                heldSince = frame.time
            }
            return
        }
        guard let id = heldContact else { return }
        let lifted = frame.contacts.contains { $0.id == id && ($0.phase == .up || $0.phase == .cancelled) }
        check(id, time: frame.time, lifted: lifted, claims: claims)
    }

    /// After a time-out the arena handled.
    mutating func afterDeadline(_ time: Microseconds, claims: some ContactClaims) {
        guard let id = heldContact else { return }
        check(id, time: time, lifted: false, claims: claims)
    }

    private mutating func check(_ id: Int, time: Microseconds, lifted: Bool, claims: some ContactClaims) {
        let claim = claims.claim(ofContact: id)
        guard claim != .held else { return }
        hold = HoldTime(ms: Double(time.rawValue &- heldSince.rawValue) / 1000, liftedFirst: lifted && claim == .free,
                        claimed: claim == .claimed)
        heldContact = nil
    }
}

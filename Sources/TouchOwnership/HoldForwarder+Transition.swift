import Gestures
import TouchInput
import TouchModel

/// What becomes of one touch of the source (one tracking id in one slot) on the clone: HoldForwarder's states.
enum TouchFate: String, Equatable {
    /// No touch in the slot.
    case empty
    /// Kept back until the recognizers decide: its events wait in the slot's held frames.
    case held
    /// Forwarded as it happens.
    case live
    /// A gesture took it: nothing of it is forwarded, until its tracking id ends.
    case suppressed
}

/// Why a held touch goes on to the clone (its held frames first). A new reason is one case here.
enum ReleaseReason: String {
    /// No recognizer wants it any longer: every one that considered it failed (drift, a second finger...), or it
    /// never was anyone's.
    case free
    /// It lifted while a recognizer still considered it: it cannot wait any longer.
    case lifted
    /// A recognizer's deadline (the activation time-out) failed it, with no new event.
    case deadline
}

/// What the synced state after a SYN_DROPPED says of a slot.
enum ResyncedTouch {
    /// No touch.
    case none
    /// A touch whose state after the drop is unknown (a recording): it stays off the clone until its id ends.
    case unknown
    /// A touch down, with its contact's claim (free when the frame does not show it).
    case down(ContactClaim)
}

/// What changes a touch's fate: the cause of every transition.
enum TouchCause: CustomStringConvertible {
    /// A new tracking id in the slot, with its contact's claim (free when the frame does not show it yet).
    case started(ContactClaim)
    /// Its tracking id ended.
    case ended
    /// A recognizer tracking the held touch began: its held frames are dropped.
    case claimed
    /// Its held frames go out, then it is forwarded as it happens.
    case released(ReleaseReason)
    /// Every touch lifted on the clone (the source removed, or its contacts cancelled).
    case liftedAll(stillDown: Bool)
    /// The frame after a SYN_DROPPED.
    case resynced(ResyncedTouch)

    var description: String {
        switch self {
        case .started(let claim): return "started (\(claim))"
        case .ended: return "ended"
        case .claimed: return "claimed"
        case .released(let reason): return "released (\(reason.rawValue))"
        case .liftedAll(let down): return down ? "all lifted (still down)" : "all lifted"
        case .resynced(let touch):
            switch touch {
            case .none: return "resynced (no touch)"
            case .unknown: return "resynced (unknown after the drop)"
            case .down(let claim): return "resynced (down, \(claim))"
            }
        }
    }
}

/// How many touches a forwarder held back, released to the clone, and dropped (held frames discarded: a gesture
/// took the touch, or the clone was lifted or resynced while it was held).
public struct HoldCounts: Hashable, Sendable {
    public var holds = 0
    public var releases = 0
    public var drops = 0

    public init(holds: Int = 0, releases: Int = 0, drops: Int = 0) {
        self.holds = holds
        self.releases = releases
        self.drops = drops
    }
}

extension HoldForwarder {
    /// The fate a claim gives a touch: the one mapping from claims to fates.
    static func fate(of claim: ContactClaim) -> TouchFate {
        switch claim {
        case .held: return .held
        case .claimed: return .suppressed
        case .free: return .live
        }
    }

    /// The one place a touch's fate changes: checks that `cause` is valid for slot `s`'s fate, logs "slot: fate →
    /// cause → fate" (or a bug when it is not valid, leaving the fate as it was), counts holds, releases and
    /// drops, and sets the new fate. What the change writes to the clone or the held frames is the caller's.
    @inline(__always)
    func transition(_ s: Int, _ cause: TouchCause) {
        let from = slots[s].fate
        let to: TouchFate
        switch (from, cause) {
        case (.empty, .started(let claim)), (.live, .started(let claim)), (.suppressed, .started(let claim)):
            to = Self.fate(of: claim)
        case (.empty, .ended), (.live, .ended), (.suppressed, .ended):
            to = .empty
        case (.held, .claimed):
            to = .suppressed
        case (.held, .released):
            to = .live
        case (_, .liftedAll(let stillDown)):
            to = stillDown ? .suppressed : .empty
        case (_, .resynced(.none)):
            to = .empty
        case (_, .resynced(.unknown)):
            to = .suppressed
        case (_, .resynced(.down(let claim))):
            to = Self.fate(of: claim)
        case (.held, .started), (.held, .ended), (.empty, .claimed), (.live, .claimed), (.suppressed, .claimed),
             (.empty, .released), (.live, .released), (.suppressed, .released):
            impossible(s, from, cause)
            return
        }
        slots[s].fate = to
        if from == .held {
            if to == .live { counts.releases += 1 } else if to != .held { counts.drops += 1 }
        } else if to == .held {
            counts.holds += 1
        }
        if let logSink, from != .empty || to != .empty { logSink.debug("\(device.label) slot \(s): \(from.rawValue) → \(cause) → \(to.rawValue)") }
    }

    /// A cause that cannot happen to the fate: a bug in the forwarder. Counted even when logging is off, so it is
    /// never silent in tests.
    @inline(never)
    private func impossible(_ s: Int, _ fate: TouchFate, _ cause: TouchCause) {
        impossibleTransitions += 1
        logSink?(.error, "BUG \(device.label) slot \(s): \(fate.rawValue) → \(cause) is not a valid transition; ignored")
    }
}

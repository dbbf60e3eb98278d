import Gestures
import TouchModel

/// How a handler sees the gesture, as Android's callbacks: onBackStarted, onBackProgressed, onBackInvoked,
/// onBackCancelled; and the predictive stream's armed and disarmed changes (issue 24 item 3; Android's back
/// panel plays a haptic there, with no callback of its own).
public enum BackCallback: String, Hashable, Sendable {
    case started, progressed, armed, disarmed, invoked, cancelled
}

/// Whether a handler gets the stream as its own or watches it.
public enum BackRole: String, Hashable, Sendable {
    case target, observer
}

/// Why a gesture ended `cancelled` for a handler.
public enum BackCancelReason: String, Hashable, Sendable {
    /// The finger lifted short of completing.
    case released
    /// The device cancelled the contacts (palm, SYN_DROPPED, unplug).
    case contactsCancelled
    /// The target went away mid-gesture (observers only; the gesture is never given to anyone else).
    case targetGone
}

/// One event of a gesture for one recipient: a client's handler, or the hand-off (the configured actions).
/// Made on every frame of a routed gesture: plain values only, no allocation.
public struct BackDelivery: Hashable, Sendable {
    public enum Recipient: Hashable, Sendable {
        case handler(BackHandler, BackRole)
        /// The configured actions, which take the recognizer's report as it is (their triggers: began,
        /// complete, cancel).
        case handoff
    }

    public var recipient: Recipient
    /// Nil for a report a handler never sees (a failure before the beginning, handed off).
    public var callback: BackCallback?
    /// The decision's gesture id; nil for gestures that are not back gestures (more than one finger), which
    /// are always handed off.
    public var gestureID: UInt64?
    /// The recognizer's report (progress, position, velocity, ... as the gesture stream carries them); its
    /// time is when it happened (for a `targetGone` cancel: when the target went).
    public var event: GestureEvent
    public var cancelReason: BackCancelReason?

    public init(recipient: Recipient, callback: BackCallback?, gestureID: UInt64?, event: GestureEvent,
                cancelReason: BackCancelReason? = nil) {
        self.recipient = recipient
        self.callback = callback
        self.gestureID = gestureID
        self.event = event
        self.cancelReason = cancelReason
    }

    /// The callback a recognizer report stands for, and why a cancel was one.
    static func callback(of event: GestureEvent) -> (BackCallback, BackCancelReason?)? {
        switch event.phase {
        case .began: return (.started, nil)
        case .changed: return (.progressed, nil)
        case .armed: return (.armed, nil)
        case .disarmed: return (.disarmed, nil)
        case .ended: return event.outcome == .complete ? (.invoked, nil) : (.cancelled, .released)
        case .cancelled: return (.cancelled, .contactsCancelled)
        case .failed: return nil
        }
    }
}

import Gestures
import TouchModel

/// Where the pop gesture is, between its begin and its end: NavigationArbiter's phases.
enum PopPhase {
    /// No pop gesture in flight.
    case waiting
    /// shouldBegin allowed this request; `began` should follow.
    case approved(BeginRequest)
    /// The pop is running under this gesture; the extent is the screen's size along the swipe.
    case driving(GestureKey, extentMM: Double?)
    /// This gesture was refused; its remaining events are ignored.
    case refused

    var name: String {
        switch self {
        case .waiting: return "waiting"
        case .approved: return "approved"
        case .driving: return "driving"
        case .refused: return "refused"
        }
    }
}

/// What changes the arbiter's phase: the cause of every transition.
enum PopCause: CustomStringConvertible {
    /// The controller's chain allowed a pop gesture to begin (shouldBegin).
    case allowed(BeginRequest)
    /// The chain refused it at shouldBegin.
    case refused
    /// The chain refused it at `began`: judged again (the stack changed since shouldBegin), or judged there for the
    /// first time (a recognizer without a delegate).
    case refusedAtBegan
    /// The pop begins under this gesture.
    case began(GestureKey, extentMM: Double?)
    /// The gesture ended, was cancelled or failed (or input ended): no pop gesture is in flight.
    case ended

    var description: String {
        switch self {
        case .allowed: return "allowed"
        case .refused: return "refused"
        case .refusedAtBegan: return "refused at began"
        case .began: return "began"
        case .ended: return "ended"
        }
    }
}

extension NavigationArbiter {
    /// The one place the phase changes: checks that `cause` is valid in the phase, logs "pop: phase → cause →
    /// phase" (or a bug when it is not valid, leaving the phase as it was) and sets the new phase. Returns
    /// whether it was valid: what the change sends the controller is the caller's, and only then.
    @discardableResult
    func transition(_ cause: PopCause) -> Bool {
        let from = phase
        let to: PopPhase
        switch (from, cause) {
        case (.waiting, .allowed(let request)), (.refused, .allowed(let request)):
            to = .approved(request)
        case (.waiting, .refused), (.refused, .refused),
             (.waiting, .refusedAtBegan), (.approved, .refusedAtBegan), (.refused, .refusedAtBegan):
            to = .refused
        case (.waiting, .began(let key, let extent)), (.approved, .began(let key, let extent)),
             (.refused, .began(let key, let extent)):
            to = .driving(key, extentMM: extent)
        case (_, .ended):
            to = .waiting
        // A gesture asks once before it begins, and begins once before it ends; another gesture's requests and
        // reports are turned away before they get here while this one holds the pop (`heldByAnother`).
        case (.approved, .allowed), (.approved, .refused), (.driving, .allowed), (.driving, .refused),
             (.driving, .refusedAtBegan), (.driving, .began):
            impossible(from, cause)
            return false
        }
        phase = to
        if let logSink, from.name != "waiting" || to.name != "waiting" {
            logSink.debug("pop: \(from.name) → \(cause) → \(to.name)")
        }
        return true
    }

    /// A cause that cannot happen in the phase: a bug in the arbiter or its caller. Counted even when logging is
    /// off, so it is never silent in tests.
    @inline(never)
    private func impossible(_ phase: PopPhase, _ cause: PopCause) {
        impossibleTransitions += 1
        logSink?(.error, "BUG pop: \(phase.name) → \(cause) is not a valid transition; ignored")
    }
}

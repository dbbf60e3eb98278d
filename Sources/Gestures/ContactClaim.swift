/// What the recognizers want of one contact, for a daemon that owns the device and forwards the contacts no
/// gesture takes (TouchOwnership's HoldForwarder).
public enum ContactClaim: Hashable, Sendable {
    /// It landed in the start zone of a recognizer that has not decided yet: keep it back until it does.
    case held
    /// A recognizer that tracks it began: it belongs to the gesture until it lifts.
    case claimed
    /// No recognizer wants it, or every one that did has failed.
    case free
}

/// Answers `ContactClaim` questions about the contacts of the last frame (and after a deadline).
public protocol ContactClaims: AnyObject {
    func claim(ofContact id: Int) -> ContactClaim
}

extension GestureArena: ContactClaims {
    /// The contact as the recognizers see it now: claimed when a recognizer tracking it has begun (and not yet
    /// reset, which waits for every contact to lift), held when one tracking it is still possible, else free.
    /// A contact the delegate kept from every recognizer at touch-down is free at once. Allocates nothing.
    public func claim(ofContact id: Int) -> ContactClaim {
        var held = false
        for r in recognizers where r.trackedIndex(id) != nil {
            switch r.swipeState {
            case .began, .changed, .ended, .cancelled: return .claimed
            case .possible, .ready: held = true
            case .failed: break
            }
        }
        return held ? .held : .free
    }
}

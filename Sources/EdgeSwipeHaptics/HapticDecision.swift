import EdgeSwipeControl
import TouchModel

/// Which observed back events are felt. Pure: the caller gives each event and the time it handles it.
///
/// A cue is played when the armed state of the observed gesture changes: disarmed -> armed gives `.armed`,
/// armed -> disarmed gives `.disarmed`. A repeated `armed`, any other event, and every event of a gesture that
/// never arms (a tap at the edge, a short swipe) give nothing. A cue that would be played more than
/// `maxLateness` after its frame (the process was stalled, or read a backlog after a reconnect) is dropped: a
/// pulse long after the finger crossed the threshold tells the user something false; so is one whose frame time is
/// unknown, whose lateness cannot be bounded. The state still follows.
public struct HapticDecision: Sendable {
    /// 100 ms: beyond this a pulse is felt as unrelated to the finger (Android's input-to-haptic budget is
    /// well below it); the service and this process usually answer within a few milliseconds.
    public static let defaultMaxLateness = Microseconds(milliseconds: 100)

    enum State: Hashable, Sendable {
        /// No gesture, or the last one ended.
        case idle
        case disarmed(gesture: Int)
        case armed(gesture: Int)
    }

    public let maxLateness: Microseconds
    private(set) var state = State.idle

    public init(maxLateness: Microseconds = HapticDecision.defaultMaxLateness) {
        self.maxLateness = maxLateness
    }

    /// The cue to play for `event`, handled at `now` (same clock as `event.frameTime`), if any.
    public mutating func decide(_ event: BackObservation, now: Microseconds) -> HapticCue? {
        let cue: HapticCue?
        switch state {
        case .idle: cue = handleIdle(event)
        case .disarmed(let gesture): cue = handleDisarmed(gesture, event)
        case .armed(let gesture): cue = handleArmed(gesture, event)
        }
        guard let cue, let frameTime = event.frameTime else { return nil }
        // A frame time after `now` is not late (another clock's rounding); only lateness past the bound drops.
        let lateness = now > frameTime ? now - frameTime : .zero
        return lateness <= maxLateness ? cue : nil
    }

    /// A gesture seen from its first event on, whichever it is: an observer registered mid-gesture, or an event
    /// lost, still follows the armed state it is told.
    private mutating func handleIdle(_ event: BackObservation) -> HapticCue? {
        switch event.kind {
        case .started, .progressed, .disarmed:
            state = .disarmed(gesture: event.gestureID)
            return nil
        case .armed:
            state = .armed(gesture: event.gestureID)
            return .armed
        case .invoked, .cancelled:
            return nil
        }
    }

    private mutating func handleDisarmed(_ gesture: Int, _ event: BackObservation) -> HapticCue? {
        guard event.gestureID == gesture else { return startOver(event) }
        switch event.kind {
        case .armed:
            state = .armed(gesture: gesture)
            return .armed
        case .invoked, .cancelled:
            state = .idle
            return nil
        case .started, .progressed, .disarmed:
            return nil
        }
    }

    private mutating func handleArmed(_ gesture: Int, _ event: BackObservation) -> HapticCue? {
        guard event.gestureID == gesture else { return startOver(event) }
        switch event.kind {
        case .disarmed:
            state = .disarmed(gesture: gesture)
            return .disarmed
        case .invoked, .cancelled:
            // The release: the back happens or not, and that is seen; no pulse.
            state = .idle
            return nil
        case .started, .progressed, .armed:
            return nil
        }
    }

    /// An event of another gesture: the one followed ended without its end reaching us. Follow the new one.
    private mutating func startOver(_ event: BackObservation) -> HapticCue? {
        state = .idle
        return handleIdle(event)
    }
}

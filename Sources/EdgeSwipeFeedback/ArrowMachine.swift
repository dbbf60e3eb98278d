import EdgeSwipeControl
import TouchModel

/// The arrow's life over one back gesture: hidden until the gesture starts, following the finger while it is
/// down, then leaving (shrinking and fading over `ArrowStyle.leaveDuration`) once the back is invoked or
/// cancelled. Pure: the caller gives the time of each step (its own monotonic clock), and asks `pose(now:)`
/// what to draw and `animating` whether to ask the compositor for another frame.
public struct ArrowMachine: Sendable {
    public enum State: Sendable, Hashable {
        case hidden
        case following(ArrowPose)
        /// `pose` as it was at the end, `since` the time the end arrived.
        case leaving(ArrowPose, since: Microseconds)
    }

    public private(set) var state = State.hidden
    public let leaveDuration: Microseconds

    public init(leaveDuration: Microseconds = ArrowStyle.standard.leaveDuration) {
        self.leaveDuration = leaveDuration
    }

    /// One back event, received at `now`. A top or bottom swipe has no arrow and changes nothing.
    public mutating func observe(_ o: BackObservation, now: Microseconds) {
        guard ArrowSide(o.edge) != nil else { return }
        switch state {
        case .hidden: state = hidden(o)
        case .following(let pose): state = following(pose, o, now: now)
        case .leaving(let pose, let since): state = leaving(pose, since: since, o)
        }
    }

    /// What to draw at `now`: nil when nothing is shown (and the leaving animation is over).
    public mutating func pose(now: Microseconds) -> ArrowPose? {
        switch state {
        case .hidden:
            return nil
        case .following(let pose):
            return pose
        case .leaving(var pose, let since):
            let elapsed = now > since ? now - since : .zero
            guard elapsed < leaveDuration else {
                state = .hidden
                return nil
            }
            pose.presence = 1 - elapsed.milliseconds / leaveDuration.milliseconds
            return pose
        }
    }

    /// Whether the picture changes by itself (the leaving animation): frames are asked for only then.
    public var animating: Bool {
        if case .leaving = state { return true }
        return false
    }

    // One handler per state.

    private func hidden(_ o: BackObservation) -> State {
        // Only a start shows the arrow: the rest of a gesture begun before this observer connected is not drawn.
        o.kind == .started ? .following(ArrowPose(o)) : .hidden
    }

    private func following(_ pose: ArrowPose, _ o: BackObservation, now: Microseconds) -> State {
        if o.kind == .started { return .following(ArrowPose(o)) }
        guard o.gestureID == pose.gestureID else { return .following(pose) }
        if o.ends {
            // The release frame's report; it leaves in the armed look when the back happened, else disarmed.
            var last = ArrowPose(o)
            last.armed = o.kind == .invoked
            return .leaving(last, since: now)
        }
        return .following(ArrowPose(o))
    }

    private func leaving(_ pose: ArrowPose, since: Microseconds, _ o: BackObservation) -> State {
        // A new swipe takes the arrow over at once; stray events of the ended one change nothing.
        o.kind == .started ? .following(ArrowPose(o)) : .leaving(pose, since: since)
    }
}

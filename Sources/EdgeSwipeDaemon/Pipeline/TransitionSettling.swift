import Gestures
import Navigation
import TouchModel

/// The moment the finger lifts from an interactive pop, the navigation model decides the outcome and how
/// long the rest takes (`CompletionTiming`), but its next event (`transitionFinished`/`Cancelled`) only
/// comes when that time is over. A front end animating the pop needs the duration at release, so this
/// adds one transition-class event then (additive to issue 5's schema):
/// `{"type":"navigation","event":"transitionSettling","kind":"interactivePop","outcome":"complete"|"cancel",
///   "progress":p,"remainingMs":ms,"time":t}`. Loop thread only.
public final class TransitionSettling {
    private let session: NavigationSession
    private var progress: Double?
    private var announcedDeadline: Microseconds?

    public init(session: NavigationSession) {
        self.session = session
    }

    /// Every navigation event the session produced, in order (keeps the pop's last progress).
    public func observe(_ event: NavigationEvent) {
        switch event.kind {
        case .transitionBegan: progress = 0
        case .transitionProgress(let p): progress = p
        case .transitionFinished, .transitionCancelled: progress = nil
        default: break
        }
    }

    /// The event to publish after navigation took `gesture`, or nil when that did not release a pop.
    public func event(after gesture: GestureEvent) -> String? {
        let controller = session.controller
        guard gesture.phase == .ended || gesture.phase == .cancelled,
              session.arbiter.popRecognizer.map({ $0 == gesture.recognizer }) ?? true,
              controller.stateName == "settling", let deadline = controller.nextDeadline,
              deadline != announcedDeadline else { return nil }
        announcedDeadline = deadline
        let outcome: SwipeOutcome = gesture.phase == .ended ? (gesture.outcome ?? .cancel) : .cancel
        var o = JSONLine()
        o.add("type", "navigation")
        o.add("event", "transitionSettling")
        o.add("time", EventJSON.seconds(gesture.time), decimals: 6)
        o.add("kind", TransitionKind.interactivePop.rawValue)
        o.add("outcome", outcome.rawValue)
        if let progress { o.add("progress", progress) }
        o.add("remainingMs", (deadline - min(deadline, gesture.time)).milliseconds, decimals: 1)
        return o.string
    }
}

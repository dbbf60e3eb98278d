import Gestures
import TouchModel

/// What the CLI (or the daemon) drives: a controller built from a stack spec, its arbiter, the back dispatcher, and
/// JSON lines out.
///
/// The session is where gestures come in, as the recognizers' delegate and as the consumer of their events, and the
/// one place a back gesture's target is decided (`decideBackTarget`): when the gesture begins, at its shouldBegin
/// or, for a recognizer without a delegate, at its `began`. Then the dispatcher routes its reports to that target
/// and its observers, and the arbiter judges and follows the gestures the stack takes (and those not dispatched:
/// multi-finger swipes). Neither calls the other.
///
/// Per input frame at time `now` (µs):
/// 1. `session.advance(now:)` — ends animations whose time has come, so shouldBegin sees the present;
/// 2. `arena.process(frame, now:)` with `arena.delegate = session` (refusals happen inside);
/// 3. `session.handle(event)` for each GestureEvent the arena returned.
/// Wake at `nextDeadline` too (call `advance`). At the end of input, `finish(now:)` lets the rest run out.
/// `takeEvents()` returns what happened since the last call (the output layer formats it).
public final class NavigationSession: GestureRecognizerDelegate {
    public let controller: NavigationController
    public let arbiter: NavigationArbiter
    /// Who takes each back gesture (issue 24): client handlers, the stack, or the hand-off.
    public let dispatcher: BackDispatcher
    /// Where the arbiter's and the controller's transition lines go (debug); nil: none is formatted.
    public var logSink: LogSink? {
        didSet {
            arbiter.logSink = logSink
            controller.logSink = logSink
        }
    }

    /// Builds the stack from a spec like "home,inbox:header,message:header", without animation, at `now`;
    /// the top screen's willAppear/didAppear (and any hazard, e.g. a host alone) are the first events.
    public convenience init(stack spec: String, config: NavigationConfig = NavigationConfig(), popRecognizer: RecognizerID? = nil,
                            now: Microseconds = 0) throws(StackSpecError) {
        self.init(screens: try StackSpec.parse(spec), config: config, popRecognizer: popRecognizer, now: now)
    }

    /// The same from an already parsed spec.
    public init(screens specs: [ScreenSpec], config: NavigationConfig = NavigationConfig(), popRecognizer: RecognizerID? = nil,
                now: Microseconds = 0) {
        let screens = specs.map { $0.makeScreen() }
        controller = NavigationController(config: config)
        dispatcher = BackDispatcher(controller: controller)
        arbiter = NavigationArbiter(controller: controller, popRecognizer: popRecognizer)
        // Cannot fail: a fresh controller and distinct new screens.
        try? controller.setScreens(screens, animated: false, now: now)
    }

    public func advance(now: Microseconds) {
        controller.advance(now: now)
    }

    // MARK: Gestures in

    /// A back gesture the dispatcher gives to a client or hands off begins whatever the stack would say; the stack
    /// judges the others.
    public func shouldBegin(_ request: BeginRequest) -> BeginDecision {
        if BackDispatcher.isBackGesture(fingers: request.fingers),
           decideBackTarget(request.key, edge: request.edge, time: request.time) != .navigation {
            return .allow
        }
        return arbiter.shouldBegin(request)
    }

    public func shouldReceive(_ touch: TouchDownRequest) -> BeginDecision {
        arbiter.shouldReceive(touch)
    }

    public func handle(_ event: GestureEvent) {
        controller.advance(now: event.time)
        // A back gesture no shouldBegin preceded (a recognizer without a delegate) is decided at its began.
        if event.phase == .began, BackDispatcher.isBackGesture(fingers: event.fingers), dispatcher.target(of: event.key) == nil {
            decideBackTarget(event.key, edge: event.edge, time: event.time)
        }
        // The stack follows the gestures the dispatcher gave it, and those it does not dispatch.
        if dispatcher.route(event) {
            arbiter.handle(event)
        }
    }

    /// The one place a back gesture's target is decided: client handlers, the stack (if it can pop), or the
    /// hand-off (BackDispatcher.choose), from what the stack could do with it now.
    @discardableResult
    private func decideBackTarget(_ key: GestureKey, edge: Edge, time: Microseconds) -> BackTarget {
        dispatcher.decide(key, edge: edge, stack: arbiter.stackState(recognizer: key.recognizer, edge: edge), time: time)
    }

    public var nextDeadline: Microseconds? { controller.nextDeadline }

    /// Ends what is still running: an interactive pop whose finger never lifted is cancelled (as a
    /// recognizer cancelled by the end of input would be), then every animation and queued change runs out.
    public func finish(now: Microseconds) {
        controller.advance(now: now)
        if controller.interactiveProgress != nil {
            arbiter.cancelDrivenPop(now: now)
        }
        var t = now
        while let deadline = controller.nextDeadline {
            t = max(t, deadline)
            controller.advance(now: t)
        }
    }

    public func takeEvents() -> [NavigationEvent] { controller.takeEvents() }
    /// Each back gesture's events for its recipients since the last call (BackDispatcher).
    public func drainDeliveries(_ body: (BackDelivery) -> Void) { dispatcher.drainDeliveries(body) }
    /// `takeEvents` without the array: no allocation per frame.
    public func drainEvents(_ body: (NavigationEvent) -> Void) { controller.drainEvents(body) }
    public var stackNames: [String] { controller.screens.map(\.name) }
}

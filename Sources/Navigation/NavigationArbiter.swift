import Gestures
import TouchModel

/// Connects the edge-swipe recognizer to the navigation controller.
///
/// As the recognizer's delegate it answers `shouldReceive` at touch-down (exclusions, the top screen's
/// `interactivePopEnabled`; TouchDownGate.swift) and `shouldBegin` through the controller's guard and delegate chain
/// (a refusal makes the recognizer fail with `.refused(reason)`). As the consumer of the recognizer's `GestureEvent`s it drives the interactive pop: began starts it,
/// changed moves its progress, ended finishes or cancels it by the recognizer's outcome with the release
/// velocity, cancelled cancels it. If `began` arrives without a `shouldBegin` first (a recognizer without a
/// delegate), the arbiter asks the chain itself at that point.
///
/// The pop recognizer is the one named `popRecognizer`, or, when that is nil, any recognizer on the pop edge
/// (left; right for right-to-left). A GestureArena asks one delegate for all its recognizers: the others are
/// allowed untouched here and their events ignored.
public final class NavigationArbiter: GestureRecognizerDelegate {
    public let controller: NavigationController
    public let popRecognizer: RecognizerID?
    /// Chooses who takes each back gesture before the stack is asked (nil: the stack takes every pop gesture,
    /// as before issue 24; tests of the stack alone).
    public let dispatcher: BackDispatcher?

    private enum Phase {
        /// No pop gesture in flight.
        case waiting
        /// shouldBegin allowed this request; `began` should follow.
        case approved(BeginRequest)
        /// The pop is running under this gesture; the extent is the screen's size along the swipe.
        case driving(GestureKey, extentMM: Double?)
        /// This gesture was refused; its remaining events are ignored.
        case refused
    }

    private var phase: Phase = .waiting

    /// Whether a gesture other than `key` holds the pop (approved or driving). Recognizers of different devices
    /// share names (issue 33): while one gesture holds the pop, another's reports never change the phase.
    private func heldByAnother(_ key: GestureKey) -> Bool {
        switch phase {
        case .approved(let r): return r.key != key
        case .driving(let holder, _): return holder != key
        case .waiting, .refused: return false
        }
    }

    public init(controller: NavigationController, popRecognizer: RecognizerID? = nil, dispatcher: BackDispatcher? = nil) {
        self.controller = controller
        self.popRecognizer = popRecognizer
        self.dispatcher = dispatcher
    }

    /// What the stack could do with a gesture of this recognizer now.
    func stackState(recognizer: RecognizerID, edge: Edge) -> BackStackState {
        guard isPop(recognizer: recognizer, edge: edge) else { return .notPopGesture }
        return controller.screens.count > 1 ? .canPop : .root
    }

    private func isPop(recognizer: RecognizerID, edge: Edge) -> Bool {
        if let popRecognizer { return recognizer == popRecognizer }
        return edge == controller.config.popEdge
    }

    // MARK: GestureRecognizerDelegate

    public func shouldBegin(_ request: BeginRequest) -> BeginDecision {
        // A back gesture the dispatcher gives to a client or hands off begins whatever the stack would say.
        if let dispatcher, BackDispatcher.isBackGesture(fingers: request.fingers),
           dispatcher.decide(request, stack: stackState(recognizer: request.recognizer, edge: request.edge)) != .navigation {
            return .allow
        }
        guard isPop(recognizer: request.recognizer, edge: request.edge) else { return .allow }
        // Another device's gesture drives the pop: this one may not begin, and the other's phase stays.
        if heldByAnother(request.key) { return .refuse(.transitionInProgress, detail: "another device's back gesture holds the pop") }
        let decision = controller.decidePopBegin(request)
        switch decision {
        case .allow: phase = .approved(request)
        case .refuse: phase = .refused
        }
        return decision
    }

    /// At a touch-down in a recognizer's edge zone: exclusions refuse every recognizer; the top screen's
    /// `interactivePopEnabled` off refuses the pop recognizer (with no `popRecognizer` named: any recognizer
    /// whose zones hold the pop edge, a corner touch included).
    public func shouldReceive(_ touch: TouchDownRequest) -> BeginDecision {
        let isPop = popRecognizer.map { $0 == touch.recognizer } ?? touch.edges.contains(controller.config.popEdge)
        guard let reason = controller.touchDownRefusal(at: touch.pointMM, isPop: isPop) else { return .allow }
        return .refuse(reason)
    }

    // MARK: Gesture events

    public func handle(_ event: GestureEvent) {
        guard isPop(recognizer: event.recognizer, edge: event.edge) else { return }
        // Reports of a gesture that does not hold the pop while another does: not the pop's (issue 33).
        if heldByAnother(event.key) { return }
        let now = event.time
        switch event.phase {
        case .began:
            let request: BeginRequest
            switch phase {
            case .approved(let r) where controller.isTransitioning || controller.screens.count < 2:
                // Something changed the stack since shouldBegin allowed it: judge again, now.
                var again = r
                again.time = now
                guard controller.decidePopBegin(again) == .allow else {
                    phase = .refused
                    return
                }
                request = r
            case .approved(let r):
                request = r
            case .waiting, .driving, .refused:
                request = Self.request(from: event)
                guard controller.decidePopBegin(request) == .allow else {
                    phase = .refused
                    return
                }
            }
            let extent = Self.extent(of: request, event: event)
            phase = .driving(event.key, extentMM: extent)
            controller.send(.popBegan(extentMM: extent), now: now)
            controller.afterInput(now: now)
        case .changed:
            guard case .driving = phase else { return }
            controller.send(.popProgress(event.progress), now: now)
            controller.afterInput(now: now)
        case .ended:
            guard case .driving = phase else { return finishGesture() }
            let outcome: SwipeOutcome
            if let o = event.outcome {
                outcome = o
            } else {
                controller.diagnose(.endedWithoutOutcome, screen: controller.topScreen?.name,
                                    "recognizer \(event.recognizer) ended without an outcome; cancelling", now: now)
                outcome = .cancel
            }
            controller.send(.popProgress(event.progress), now: now)
            controller.send(.popReleased(outcome, velocityMMs: event.velocityMMs), now: now)
            controller.afterInput(now: now)
            finishGesture()
        case .cancelled:
            guard case .driving = phase else { return finishGesture() }
            controller.send(.popReleased(.cancel, velocityMMs: 0), now: now)
            controller.afterInput(now: now)
            finishGesture()
        case .failed:
            finishGesture()
        case .armed, .disarmed:
            // The predictive stream's state: the release's outcome, not this, drives the pop.
            break
        }
    }

    private func finishGesture() {
        phase = .waiting
    }

    /// The end of input with the pop still driven: its gesture is cancelled, as a recognizer cancelled by the end
    /// of input would be.
    func cancelDrivenPop(now: Microseconds) {
        // No gesture drives it: a cancel of any other gesture would only end the phase, as this does.
        guard case .driving(let key, _) = phase else { return finishGesture() }
        handle(GestureEvent(recognizer: key.recognizer, phase: .cancelled, edge: controller.config.popEdge, fingers: 1,
                            time: now, failureReason: .contactsCancelled, source: key.source))
    }

    private static func request(from event: GestureEvent) -> BeginRequest {
        let extent = event.progress > 0 ? event.translationMM / event.progress : 0
        let size = event.edge == .left || event.edge == .right
            ? PhysicalSize(widthMM: extent, heightMM: 0) : PhysicalSize(widthMM: 0, heightMM: extent)
        return BeginRequest(recognizer: event.recognizer, edge: event.edge, fingers: event.fingers,
                            time: event.time, startMM: event.startMM, screenMM: size, source: event.source)
    }

    /// The screen's size along the swipe, for the release-velocity timing.
    private static func extent(of request: BeginRequest, event: GestureEvent) -> Double? {
        let along = request.edge == .left || request.edge == .right ? request.screenMM.widthMM : request.screenMM.heightMM
        if along > 0 { return along }
        if event.progress > 0, event.translationMM > 0 { return event.translationMM / event.progress }
        return nil
    }
}

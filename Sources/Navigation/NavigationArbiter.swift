import Gestures
import TouchModel

/// Connects the pop recognizer to the navigation controller: the stack's side of a gesture.
///
/// As a recognizer's delegate it answers `shouldReceive` at touch-down (exclusions, the top screen's
/// `interactivePopEnabled`; TouchDownGate.swift) and `shouldBegin` through the controller's guard and delegate chain
/// (a refusal makes the recognizer fail with `.refused(reason)`). As the consumer of the recognizer's `GestureEvent`s it drives the interactive pop: began starts it,
/// changed moves its progress, ended finishes or cancels it by the recognizer's outcome with the release
/// velocity, cancelled cancels it. If `began` arrives without a `shouldBegin` first (a recognizer without a
/// delegate), the arbiter asks the chain itself at that point. Its phase changes in one place
/// (NavigationArbiter+Transition.swift).
///
/// The pop recognizer is the one named `popRecognizer`, or, when that is nil, any recognizer on the pop edge
/// (left; right for right-to-left). A GestureArena asks one delegate for all its recognizers: the others are
/// allowed untouched here and their events ignored. Which gestures come here at all is NavigationSession's
/// choice (the back target, decided once per gesture); alone (tests of the stack) it takes every gesture.
public final class NavigationArbiter: GestureRecognizerDelegate {
    public let controller: NavigationController
    public let popRecognizer: RecognizerID?
    /// Where the phase's "phase → cause → phase" lines go (debug); nil: none is formatted.
    public var logSink: LogSink?
    /// Causes that could not happen in the phase they came in (bugs), ignored; counted with logging off too.
    public internal(set) var impossibleTransitions = 0

    var phase: PopPhase = .waiting

    /// Whether a gesture other than `key` holds the pop (approved or driving). Recognizers of different devices
    /// share names (issue 33): while one gesture holds the pop, another's reports never change the phase.
    private func heldByAnother(_ key: GestureKey) -> Bool {
        switch phase {
        case .approved(let r): return r.key != key
        case .driving(let holder, _): return holder != key
        case .waiting, .refused: return false
        }
    }

    public init(controller: NavigationController, popRecognizer: RecognizerID? = nil) {
        self.controller = controller
        self.popRecognizer = popRecognizer
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
        guard isPop(recognizer: request.recognizer, edge: request.edge) else { return .allow }
        // Another device's gesture drives the pop: this one may not begin, and the other's phase stays.
        if heldByAnother(request.key) { return .refuse(.transitionInProgress, detail: "another device's back gesture holds the pop") }
        let decision = controller.decidePopBegin(request)
        switch decision {
        case .allow: transition(.allowed(request))
        case .refuse: transition(.refused)
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
            began(event)
        case .changed:
            guard case .driving = phase else { return }
            controller.send(.popProgress(event.progress), now: now)
            controller.afterInput(now: now)
        case .ended:
            guard case .driving = phase else { transition(.ended); return }
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
            transition(.ended)
        case .cancelled:
            guard case .driving = phase else { transition(.ended); return }
            controller.send(.popReleased(.cancel, velocityMMs: 0), now: now)
            controller.afterInput(now: now)
            transition(.ended)
        case .failed:
            transition(.ended)
        case .armed, .disarmed:
            // The predictive stream's state: the release's outcome, not this, drives the pop.
            break
        }
    }

    /// A pop gesture's `began`: the request shouldBegin allowed, judged again if the stack changed since; or, with
    /// no shouldBegin first, judged now.
    private func began(_ event: GestureEvent) {
        let now = event.time
        let request: BeginRequest
        switch phase {
        case .approved(let r) where controller.isTransitioning || controller.screens.count < 2:
            // Something changed the stack since shouldBegin allowed it: judge again, now.
            var again = r
            again.time = now
            guard controller.decidePopBegin(again) == .allow else { transition(.refusedAtBegan); return }
            request = r
        case .approved(let r):
            request = r
        case .waiting, .driving, .refused:
            request = Self.request(from: event)
            guard controller.decidePopBegin(request) == .allow else { transition(.refusedAtBegan); return }
        }
        let extent = Self.extent(of: request, event: event)
        guard transition(.began(event.key, extentMM: extent)) else { return }
        controller.send(.popBegan(extentMM: extent), now: now)
        controller.afterInput(now: now)
    }

    /// The end of input with the pop still driven: its gesture is cancelled, as a recognizer cancelled by the end
    /// of input would be.
    func cancelDrivenPop(now: Microseconds) {
        // No gesture drives it: a cancel of any other gesture would only end the phase, as this does.
        guard case .driving(let key, _) = phase else { transition(.ended); return }
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

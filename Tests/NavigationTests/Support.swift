import Gestures
import Navigation

import TouchModel

/// SplitMix64 (Steele, Lea, Flood 2014): small, seedable, reproducible on every platform.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Stands in for the edge-swipe recognizer: asks shouldBegin, then reports began/changed/ended like it would.
final class FakeRecognizer {
    let arbiter: NavigationArbiter
    let edge: Edge
    var screen = PhysicalSize(widthMM: 100, heightMM: 160)
    private(set) var active = false
    private(set) var lastProgress = 0.0
    private(set) var lastFailure: GestureFailureReason?

    init(arbiter: NavigationArbiter, edge: Edge = .left) {
        self.arbiter = arbiter
        self.edge = edge
    }

    private func event(_ phase: GesturePhase, _ t: Microseconds, progress: Double, velocity: Double = 0,
                       outcome: SwipeOutcome? = nil, failure: GestureFailureReason? = nil, y: Double = 40) -> GestureEvent {
        GestureEvent(recognizer: "pop", phase: phase, edge: edge, fingers: 1, time: t, progress: progress,
                     translationMM: progress * screen.widthMM, velocityMMs: velocity,
                     startMM: Point(x: 1, y: y), positionMM: Point(x: 1 + progress * screen.widthMM, y: y),
                     outcome: outcome, failureReason: failure)
    }

    /// Touch-down at y mm from the top; returns the arbiter's decision. A refusal makes the gesture fail.
    @discardableResult
    func begin(at t: Microseconds, y: Double = 40, progress: Double = 0.05) -> BeginDecision {
        let request = BeginRequest(recognizer: "pop", edge: edge, fingers: 1, time: t,
                                   startMM: Point(x: 1, y: y), screenMM: screen)
        let decision = arbiter.shouldBegin(request)
        switch decision {
        case .allow:
            active = true
            lastProgress = progress
            lastFailure = nil
            arbiter.handle(event(.began, t, progress: progress, y: y))
        case .refuse(let reason, _):
            lastFailure = .refused(reason)
            arbiter.handle(event(.failed, t, progress: 0, failure: .refused(reason), y: y))
        }
        return decision
    }

    func move(to progress: Double, at t: Microseconds) {
        guard active else { return }
        lastProgress = progress
        arbiter.handle(event(.changed, t, progress: progress))
    }

    func release(_ outcome: SwipeOutcome, velocity: Double, at t: Microseconds) {
        guard active else { return }
        active = false
        arbiter.handle(event(.ended, t, progress: lastProgress, velocity: velocity, outcome: outcome))
    }

    func cancel(at t: Microseconds) {
        guard active else { return }
        active = false
        arbiter.handle(event(.cancelled, t, progress: lastProgress, failure: .contactsCancelled))
    }
}

/// A controller, its arbiter and a fake recognizer, with a clock.
final class Rig {
    let nav: NavigationController
    let arbiter: NavigationArbiter
    let recognizer: FakeRecognizer
    var now: Microseconds = 1_000_000

    init(config: NavigationConfig = NavigationConfig(), stack: [Screen] = []) {
        nav = NavigationController(config: config)
        arbiter = NavigationArbiter(controller: nav)
        recognizer = FakeRecognizer(arbiter: arbiter, edge: config.popEdge)
        if !stack.isEmpty {
            try! nav.setScreens(stack, animated: false, now: now)
            _ = nav.takeEvents()
        }
    }

    /// Moves the clock on by `ms` and returns the new time.
    @discardableResult
    func tick(_ ms: UInt64 = 10) -> Microseconds {
        now += Microseconds(ms * 1000)
        return now
    }

    func kinds() -> [NavigationEvent.Kind] { nav.takeEvents().map(\.kind) }

    /// A whole swipe: begin, move to `progress`, release with `outcome`, then let the animation end.
    /// Returns the begin decision.
    @discardableResult
    func swipe(_ outcome: SwipeOutcome, progress: Double = 0.6, velocity: Double = 200, y: Double = 40) -> BeginDecision {
        let d = recognizer.begin(at: tick(), y: y)
        guard d == .allow else { return d }
        recognizer.move(to: progress, at: tick())
        recognizer.release(outcome, velocity: outcome == .complete ? velocity : -velocity, at: tick())
        nav.finishAnimation(now: tick())
        return d
    }

    var delegateIsSystem: Bool { nav.interactivePopDelegate === nav.systemPopDelegate }
    var delegateIsNil: Bool { nav.interactivePopDelegate == nil }
    var names: [String] { nav.screens.map(\.name) }
}

func appearanceOnly(_ kinds: [NavigationEvent.Kind]) -> [NavigationEvent.Kind] {
    kinds.filter {
        switch $0 {
        case .willAppear, .didAppear, .willDisappear, .didDisappear: return true
        default: return false
        }
    }
}

func diagnostics(_ kinds: [NavigationEvent.Kind]) -> [DiagnosticCode] {
    kinds.compactMap {
        if case .diagnostic(let code, _, _) = $0 { return code }
        return nil
    }
}

func refusals(_ kinds: [NavigationEvent.Kind]) -> [RefusalReason] {
    kinds.compactMap {
        if case .popRefused(let r, _) = $0 { return r }
        return nil
    }
}

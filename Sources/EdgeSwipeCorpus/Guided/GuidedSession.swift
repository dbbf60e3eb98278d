import Gestures
import TouchModel

/// Where a guided recording is: `edgeswipe record --guided`'s prompts as a pure machine. Frames in (on the
/// recording's clock: from its first event), prompts and verdicts out, the labels at the end; the command only
/// reads the device, prints what comes out and writes the files.
public enum GuidedState: Hashable, Sendable {
    /// The prompt is shown; nothing touches the screen.
    case waiting(prompt: Int)
    /// A stroke for the prompt is on the screen, since its touch-down.
    case stroke(prompt: Int, since: Microseconds)
    /// Every prompt has its stroke.
    case finished
    /// Stopped before the end (Ctrl-C): the strokes finished so far are kept, a stroke on the screen is not.
    case aborted
}

/// What moves the session on.
public enum GuidedCause: Hashable, Sendable, CustomStringConvertible {
    /// A frame with a touch-down while no stroke is on the screen.
    case touchDown(Microseconds)
    /// A frame in which the last contact lifted.
    case allLifted(Microseconds)
    case abort

    public var description: String {
        switch self {
        case .touchDown(let t): return "touch-down at \(t.seconds) s"
        case .allLifted(let t): return "all lifted at \(t.seconds) s"
        case .abort: return "abort"
        }
    }
}

/// What the session says.
public enum GuidedOutput: Hashable, Sendable {
    /// Do this next: `number` of `total`, 1-based.
    case prompt(GuidedPrompt, number: Int, total: Int)
    /// The stroke for a prompt ended.
    case verdict(GuidedVerdict)
    /// Every prompt has its stroke.
    case finished(right: Int, total: Int)
    /// Stopped early: `droppedStroke` when a stroke was on the screen (it gets no label).
    case aborted(kept: Int, droppedStroke: Bool)
}

/// The recognizers run here, on the same frames, so each stroke is judged the moment it ends: one arena with the
/// configured recognizers, and the near-miss collector `debug-events` uses, for the reason of a miss.
public final class GuidedSession {
    public let prompts: [GuidedPrompt]
    public let recognizers: [EdgeSwipeConfig]
    public private(set) var state: GuidedState
    /// The strokes finished, in order: the labels.
    public private(set) var verdicts: [GuidedVerdict] = []
    /// Transitions the machine had no rule for (a bug, reported on the log).
    public private(set) var impossibleTransitions = 0
    public var logSink: LogSink?

    private let arena: GestureArena
    private var nearMisses = NearMissCollector()
    private var observed: Observation = .noBegin
    private var begins = 0

    /// Throws the recognizer's configuration problem when one is invalid.
    public init(prompts: [GuidedPrompt], recognizers: [EdgeSwipeConfig], transform: ScreenTransform) throws {
        self.prompts = prompts
        self.recognizers = recognizers
        arena = GestureArena(transform: transform)
        for config in recognizers { _ = try arena.add(config) }
        state = prompts.isEmpty ? .finished : .waiting(prompt: 0)
    }

    /// The first prompt (nothing when there are none).
    public func start() -> [GuidedOutput] {
        guard case .waiting(let i) = state else { return [] }
        return [.prompt(prompts[i], number: i + 1, total: prompts.count)]
    }

    public var isDone: Bool { state == .finished || state == .aborted }

    /// The recognizers' next deadline (an activation time-out), on the frames' clock.
    public var nextDeadline: Microseconds? { arena.nextDeadline }

    public func deadlineReached(now: Microseconds) -> [GuidedOutput] {
        observe(arena.deadlineReached(now: now))
        return []
    }

    public func process(_ frame: TouchFrame) -> [GuidedOutput] {
        var out: [GuidedOutput] = []
        if case .waiting = state, frame.contacts.contains(where: { $0.phase == .down }) {
            out += transition(.touchDown(frame.time))
        }
        observe(arena.process(frame, now: frame.time))
        if case .stroke = state, frame.activeCount == 0 {
            out += transition(.allLifted(frame.time))
        }
        return out
    }

    /// Ctrl-C: the strokes finished so far keep their labels; one on the screen gets none.
    public func abort() -> [GuidedOutput] {
        isDone ? [] : transition(.abort)
    }

    private func observe(_ events: [GestureEvent]) {
        guard case .stroke = state else { return }
        for e in events {
            if let k = arena.index(of: e.recognizer) {
                nearMisses.observe(e, config: recognizers[k], screen: arena.transform.screenSize)
            }
            if e.phase == .began {
                begins += 1
                if begins == 1 { observed = .swipe(e.edge, nil) }
            } else if e.phase == .ended, case .swipe(let edge, nil) = observed, edge == e.edge {
                observed = .swipe(edge, e.outcome)
            }
        }
    }

    /// The one transition function: each (state, cause) pair, what it does, and the pairs that cannot happen.
    private func transition(_ cause: GuidedCause) -> [GuidedOutput] {
        let from = state
        var out: [GuidedOutput] = []
        switch (from, cause) {
        case (.waiting(let i), .touchDown(let t)):
            observed = .noBegin
            begins = 0
            state = .stroke(prompt: i, since: t)
        case (.stroke(let i, let since), .allLifted(let t)):
            let verdict = GuidedVerdict(prompt: prompts[i], number: i + 1, start: since, end: t, observed: observed,
                                        begins: begins, nearMiss: nearMisses.strokeEnded(at: t))
            verdicts.append(verdict)
            out.append(.verdict(verdict))
            if i + 1 < prompts.count {
                state = .waiting(prompt: i + 1)
                out.append(.prompt(prompts[i + 1], number: i + 2, total: prompts.count))
            } else {
                state = .finished
                out.append(.finished(right: verdicts.filter(\.isRight).count, total: prompts.count))
            }
        case (.waiting, .abort):
            state = .aborted
            out.append(.aborted(kept: verdicts.count, droppedStroke: false))
        case (.stroke, .abort):
            _ = nearMisses.strokeEnded(at: 0)
            state = .aborted
            out.append(.aborted(kept: verdicts.count, droppedStroke: true))
        case (.finished, .touchDown), (.finished, .allLifted), (.aborted, .touchDown), (.aborted, .allLifted):
            // Strokes after the last prompt or the abort are recorded, never labelled.
            return []
        case (.waiting, .allLifted), (.stroke, .touchDown), (.finished, .abort), (.aborted, .abort):
            impossibleTransitions += 1
            logSink?(.error, "BUG guided: \(from) → \(cause) is not a valid transition; ignored")
            return []
        }
        logSink?(.debug, "guided: \(from) → \(cause) → \(state)")
        return out
    }
}

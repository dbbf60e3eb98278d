import Gestures
import TouchModel

/// A stack change asked for by the app (or the CLI).
public enum StackOperation: CustomStringConvertible {
    case push(Screen, animated: Bool)
    case pop(animated: Bool)
    case popToRoot(animated: Bool)
    case setScreens([Screen], animated: Bool)

    public var description: String {
        switch self {
        case .push(let s, let a): return "push(\(s.name)\(a ? "" : ", unanimated"))"
        case .pop(let a): return "pop(\(a ? "" : "unanimated"))"
        case .popToRoot(let a): return "popToRoot(\(a ? "" : "unanimated"))"
        case .setScreens(let list, let a):
            return "setScreens([\(list.map(\.name).joined(separator: ","))]\(a ? "" : ", unanimated"))"
        }
    }
}

/// A stack change that cannot be done, named.
public enum NavigationError: Error, Equatable, CustomStringConvertible {
    case emptyStack
    case alreadyOnStack(String)
    case duplicateScreen(String)
    case onAnotherStack(String)
    case queueFull(Int)

    public var description: String {
        switch self {
        case .emptyStack: return "setScreens needs at least one screen"
        case .alreadyOnStack(let n): return "screen '\(n)' is already on the stack"
        case .duplicateScreen(let n): return "screen '\(n)' appears twice in the list"
        case .onAnotherStack(let n): return "screen '\(n)' belongs to another navigation controller"
        case .queueFull(let n): return "\(n) stack changes already wait for the running transition"
        }
    }
}

/// UIKit's UINavigationController, as far as the swipe-back cares: a stack of screens with UIKit's
/// appearance order, animated transitions that end when the caller says (finishAnimation or advance past
/// `nextDeadline`), a navigation-bar-hidden flag, and the interactive pop's weakly held delegate.
///
/// Time is `Microseconds` on the trace clock (like GestureEvent.time). Stack changes asked for while a
/// transition runs are queued (bounded; see OperationQueue.swift) and run in order when it ends. Everything that happens is recorded as
/// `NavigationEvent`s; drain them with `takeEvents()`.
public final class NavigationController {
    public let config: NavigationConfig
    public internal(set) var screens: [Screen] = []
    public var topScreen: Screen? { screens.last }
    public var isNavigationBarHidden = false

    /// The controller's own delegate (UIKit's private interactive transition); the default delegate.
    public let systemPopDelegate: SystemPopDelegate

    /// The interactive pop gesture's delegate. Weak, as UIKit's: nil once its owner releases it.
    /// nil refuses nothing.
    public weak var interactivePopDelegate: (any GestureRecognizerDelegate)? {
        didSet { popDelegateDidChange(from: oldValue) }
    }

    var state: NavigationState = .idle
    var queue: [StackOperation] = []
    /// True while the controller is inside a handler (callbacks included): requests then queue.
    var busy = false
    /// The screen whose callback (or didLoad) is running, to attribute delegate changes.
    var callbackScreen: Screen?
    var needsSettleCheck = false
    /// The latest time the controller was told about, for changes made from outside any call that carries one
    /// (e.g. the app setting the delegate).
    var clock: Microseconds = 0

    /// Clients' exclusion rectangles (TouchDownGate.swift): a touch-down inside one never begins a swipe.
    public internal(set) var exclusions = ExclusionStore()
    /// Reports for owners whose rectangles changed without their asking (TouchDownGate.swift).
    var exclusionReports: [ExclusionReport] = []

    public private(set) var events: [NavigationEvent] = []
    /// Where the state machine's "state -> input -> state" lines go (debug); nil: none is formatted.
    public var logSink: LogSink?

    public init(config: NavigationConfig = NavigationConfig()) {
        self.config = config
        self.systemPopDelegate = SystemPopDelegate(controller: nil)
        systemPopDelegate.attach(self)
        interactivePopDelegate = systemPopDelegate
    }

    // MARK: Stack changes

    public func push(_ screen: Screen, animated: Bool = true, now: Microseconds) throws(NavigationError) {
        try request(.push(screen, animated: animated), now: now)
    }

    public func pop(animated: Bool = true, now: Microseconds) {
        try? request(.pop(animated: animated), now: now)
    }

    public func popToRoot(animated: Bool = true, now: Microseconds) {
        try? request(.popToRoot(animated: animated), now: now)
    }

    public func setScreens(_ list: [Screen], animated: Bool = true, now: Microseconds) throws(NavigationError) {
        try request(.setScreens(list, animated: animated), now: now)
    }

    /// Runs `operation` now when idle, else queues it. Throws for what is wrong whatever the timing, and
    /// `queueFull` for a push or pop past the queue's bound; a queued operation that became invalid by its turn
    /// is dropped with a `droppedQueuedOperation` diagnostic.
    public func request(_ operation: StackOperation, now: Microseconds) throws(NavigationError) {
        if let error = validate(operation) { throw error }
        if busy || !state.isIdle || !queue.isEmpty {
            try enqueue(operation, now: now)
            return
        }
        send(.operation(operation), now: now)
        afterInput(now: now)
    }

    // MARK: Time

    /// Ends the running animation (programmatic transition, or the rest of a released interactive pop) now.
    /// Returns false when there is none (idle, finger still down, or frozen).
    @discardableResult
    public func finishAnimation(now: Microseconds) -> Bool {
        guard state.deadline != nil else { return false }
        send(.animationEnded, now: now)
        afterInput(now: now)
        return true
    }

    /// When the running animation ends, if one runs.
    public var nextDeadline: Microseconds? { state.deadline }

    /// Ends every animation whose deadline is at or before `now`, each at its own deadline, and starts queued
    /// changes from there.
    public func advance(now: Microseconds) {
        while let deadline = state.deadline, deadline <= now {
            send(.animationEnded, now: deadline)
            afterInput(now: deadline)
        }
    }

    // MARK: State

    public var isTransitioning: Bool { !state.isIdle }
    /// Idle with nothing queued.
    public var isSettled: Bool { state.isIdle && queue.isEmpty && !busy }
    /// Unguarded (UIKit) mode only: a pop began that can never end.
    public var isFrozen: Bool {
        if case .frozen = state { return true }
        return false
    }
    public var queuedOperations: Int { queue.count }
    public var stateName: String { state.name }
    /// Progress of the interactive pop while the finger drives it.
    public var interactiveProgress: Double? {
        if case .tracking(let pop) = state { return pop.progress }
        return nil
    }

    /// Returns and clears what happened since the last call.
    public func takeEvents() -> [NavigationEvent] {
        // Most frames change nothing: return the empty array without touching `events`, since emptying a buffer
        // the caller still shares would allocate a new one on every frame.
        guard !events.isEmpty else { return [] }
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }

    /// Hands each event since the last call to `body`, then clears them, keeping the buffer: no allocation,
    /// for callers that do not keep the array (an interactive pop adds a progress event on every frame).
    /// Events that `body` causes (say, a command it runs) are handed over too, in order, not dropped.
    public func drainEvents(_ body: (NavigationEvent) -> Void) {
        var i = 0
        while i < events.count {
            body(events[i])
            i += 1
        }
        events.removeAll(keepingCapacity: true)
    }

    // MARK: Internals shared by the other files

    func emit(_ kind: NavigationEvent.Kind, now: Microseconds) {
        events.append(NavigationEvent(time: now, kind: kind))
    }

    func diagnose(_ code: DiagnosticCode, screen: String?, _ detail: String, now: Microseconds) {
        emit(.diagnostic(code, screen: screen, detail: detail), now: now)
    }

    func debug(_ line: @autoclosure () -> String) {
        logSink?.debug(line())
    }

    /// After any outside input: run queued changes while idle, then look for hazards once settled.
    func afterInput(now: Microseconds) {
        while state.isIdle, !queue.isEmpty {
            let next = queue.removeFirst()
            send(.operation(next), now: now)
        }
        if isSettled, needsSettleCheck {
            needsSettleCheck = false
            settledHazardChecks(now: now)
        }
    }

    func validate(_ operation: StackOperation) -> NavigationError? {
        func foreign(_ s: Screen) -> Bool { s.navigationController != nil && s.navigationController !== self }
        switch operation {
        case .push(let s, _):
            if screens.contains(where: { $0 === s }) { return .alreadyOnStack(s.name) }
            if foreign(s) { return .onAnotherStack(s.name) }
        case .pop, .popToRoot:
            break
        case .setScreens(let list, _):
            guard !list.isEmpty else { return .emptyStack }
            for (i, s) in list.enumerated() {
                if list[..<i].contains(where: { $0 === s }) { return .duplicateScreen(s.name) }
                if foreign(s) { return .onAnotherStack(s.name) }
            }
        }
        return nil
    }
}

func microseconds(ms: Double) -> Microseconds {
    Microseconds(ms.isFinite && ms > 0 ? UInt64((ms * 1000).rounded()) : 0)
}

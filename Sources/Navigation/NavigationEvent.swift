import Gestures
import TouchModel

/// Kinds of stack transition.
public enum TransitionKind: String, Hashable, Sendable {
    case push, pop, popToRoot, setScreens, interactivePop
}

/// Named hazards and engine problems. Raw values are stable camelCase codes printed by the CLI.
public enum DiagnosticCode: String, Hashable, Sendable, CaseIterable {
    /// Settled with one screen and a nil delegate: in UIKit the next swipe freezes the app.
    case nilDelegateAtRoot
    /// Settled with a nil delegate on a screen that does not manage it (e.g. leaked through an
    /// incoming-first container): the system delegate's checks are gone for that screen.
    case nilDelegateLeaked
    /// A delegate owned by a screen that has left the stack (or no longer exists) was put back.
    case staleDelegateRestored
    /// A delegate a screen on the stack installed for itself was replaced by another screen's restore.
    case ownDelegateOverwritten
    /// The guard refused a pop that the delegate chain would have let begin into a freeze.
    case freezePrevented
    /// Unguarded (UIKit) mode only: a pop began with nothing to pop or inside a transition, and the
    /// transition stays engaged for good.
    case transitionFrozen
    /// A programmatic pop or popToRoot with one screen: nothing happens (UIKit returns nil).
    case popIgnoredAtRoot
    /// A queued stack change was no longer valid when its turn came.
    case droppedQueuedOperation
    /// The recognizer ended a swipe without an outcome; the pop is cancelled rather than guessed.
    case endedWithoutOutcome
    /// An impossible transition in the engine itself (a bug), e.g. an appearance callback out of order.
    case bug
}

/// Something the navigation model did or noticed, at a time on the trace clock.
public struct NavigationEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case willAppear(String)
        case didAppear(String)
        case willDisappear(String)
        case didDisappear(String)
        /// from/to are screen names; nil when there is no such screen (the first screen, a frozen pop at the root).
        case transitionBegan(TransitionKind, from: String?, to: String?)
        case transitionProgress(Double)
        /// The finger lifted from an interactive pop: the outcome is decided, and the rest animates for `remaining`
        /// (`CompletionTiming`) until `transitionFinished`/`transitionCancelled`. A front end animating the pop needs
        /// the duration at the release, not when it is over. `progress` is the pop's at the release.
        case transitionSettling(TransitionKind, outcome: SwipeOutcome, progress: Double, remaining: Microseconds)
        case transitionFinished(TransitionKind, from: String?, to: String?)
        case transitionCancelled(TransitionKind, from: String?, to: String?)
        case popRefused(RefusalReason, detail: String?)
        case diagnostic(DiagnosticCode, screen: String?, detail: String)
        /// A back gesture's target was chosen as it began (BackDispatcher).
        case backDispatched(BackDecision)
        /// The target handler of a back gesture went away mid-gesture: nobody gets the rest of it.
        case backTargetGone(gestureID: UInt64, handler: BackHandlerID, why: BackGoneReason)
    }

    public var time: Microseconds
    public var kind: Kind

    public init(time: Microseconds, kind: Kind) {
        self.time = time
        self.kind = kind
    }

    /// The JSON `type` field.
    public var typeName: String {
        switch kind {
        case .willAppear: return "willAppear"
        case .didAppear: return "didAppear"
        case .willDisappear: return "willDisappear"
        case .didDisappear: return "didDisappear"
        case .transitionBegan: return "transitionBegan"
        case .transitionProgress: return "transitionProgress"
        case .transitionSettling: return "transitionSettling"
        case .transitionFinished: return "transitionFinished"
        case .transitionCancelled: return "transitionCancelled"
        case .popRefused: return "popRefused"
        case .diagnostic: return "diagnostic"
        case .backDispatched: return "backDispatched"
        case .backTargetGone: return "backTargetGone"
        }
    }
}

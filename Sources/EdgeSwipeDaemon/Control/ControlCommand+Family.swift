import Gestures
import Navigation
import EdgeSwipeControl

/// Which part of the service answers a command: the transport (subscriptions), navigation, or the service's
/// screens. Each family's handler takes its own commands only, so none of them holds a case it cannot answer.
package enum CommandFamily: Hashable, Sendable {
    /// subscribe and unsubscribe: the transport's own (ControlProtocol.respond, the HTTP bridge's query).
    case subscription
    case navigation(NavigationCommand)
    case screens(ScreenCommand)
    /// reportFocus: the focused window a handed-off back is routed by (FocusCommandHandler).
    case focus(FocusReport)
    /// Issue 37's content regions and the answers to their queries (ContentCommandHandler).
    case content(ContentCommand)
}

/// A client's content regions and its answers to `contentQuery` (ContentCommandHandler). ControlCommand's cases.
package enum ContentCommand: Hashable, Sendable {
    case declare(ContentRegionDeclaration)
    case withdraw(ContentRegionID)
    case answer(seq: UInt64, ContentAnswer)
}

/// The commands on the navigation stack, its touch-down gate and its back handlers (NavigationCommandHandler).
/// The cases are ControlCommand's, named alike.
package enum NavigationCommand: Hashable, Sendable {
    case push(ScreenSpec)
    case pop
    case setStack([ScreenSpec])
    case popToRoot
    case state
    case setExclusions([ExclusionRect])
    case setInteractivePopEnabled(screen: String, enabled: Bool)
    case registerBackHandler(BackPriority, edges: Set<Edge>?)
    case unregisterBackHandler(BackHandlerID)
}

/// The commands on the service's screens: what the session side reports of its outputs (and, next, of the
/// focused window). ScreenCommandHandler.
package enum ScreenCommand: Hashable, Sendable {
    case reportOutput(OutputReport)
    case withdrawOutput(String)
}

extension ControlCommand {
    /// The family that answers this command: the one place a command is sorted.
    package var family: CommandFamily {
        switch self {
        case .subscribe, .unsubscribe: return .subscription
        case .push(let spec): return .navigation(.push(spec))
        case .pop: return .navigation(.pop)
        case .setStack(let specs): return .navigation(.setStack(specs))
        case .popToRoot: return .navigation(.popToRoot)
        case .state: return .navigation(.state)
        case .setExclusions(let rects): return .navigation(.setExclusions(rects))
        case .setInteractivePopEnabled(let screen, let enabled):
            return .navigation(.setInteractivePopEnabled(screen: screen, enabled: enabled))
        case .registerBackHandler(let priority, let edges): return .navigation(.registerBackHandler(priority, edges: edges))
        case .unregisterBackHandler(let id): return .navigation(.unregisterBackHandler(id))
        case .reportOutput(let report): return .screens(.reportOutput(report))
        case .withdrawOutput(let name): return .screens(.withdrawOutput(name))
        case .reportFocus(let report): return .focus(report)
        case .declareContentRegion(let d): return .content(.declare(d))
        case .withdrawContentRegion(let id): return .content(.withdraw(id))
        case .contentAnswer(let seq, let answer): return .content(.answer(seq: seq, answer))
        }
    }
}

import Gestures
import TouchModel

extension NavigationController {
    /// Asked when the pop recognizer would begin. Order: wrong edge; the top screen's flag off; a frozen transition; the engine's guard
    /// (guarded mode: the root and a running transition, whatever the delegate says); then the delegate
    /// chain — nil allows, the system delegate applies its checks, a custom delegate answers for itself.
    /// Every refusal is recorded as `popRefused`.
    public func decidePopBegin(_ request: BeginRequest) -> BeginDecision {
        clock = max(clock, request.time)
        let verdict = evaluate(request)
        if case .refuse(let reason, let detail) = verdict {
            emit(.popRefused(reason, detail: detail), now: request.time)
        }
        return verdict
    }

    private func evaluate(_ request: BeginRequest) -> BeginDecision {
        let now = request.time
        guard request.edge == config.popEdge else {
            return .refuse(.wrongEdge, detail: "\(request.edge.rawValue) edge; pops start at \(config.popEdge.rawValue)")
        }
        if let top = topScreen, !top.interactivePopEnabled {
            // Normally refused at touch-down; this catches a flag turned off (or a screen pushed) since then.
            return .refuse(.interactivePopDisabled, detail: top.name)
        }
        if isFrozen { return .refuse(.transitionInProgress, detail: "frozen") }
        let chain = askDelegateChain(request)
        if config.guardMode == .guarded {
            let guardReason: RefusalReason? =
                isTransitioning ? .transitionInProgress : (screens.count <= 1 ? .root : nil)
            if let reason = guardReason {
                if chain == .allow {
                    diagnose(.freezePrevented, screen: topScreen?.name,
                             "\(delegateLabel) would let a pop begin (\(reason.rawValue)); refused", now: now)
                }
                return .refuse(reason, detail: nil)
            }
        }
        return chain
    }

    /// The system delegate's reasons are the controller's own; any other delegate's refusal is `delegate`,
    /// with its own words (or its reason's code) as the detail.
    private func askDelegateChain(_ request: BeginRequest) -> BeginDecision {
        guard let delegate = interactivePopDelegate else { return .allow }
        let decision = delegate.shouldBegin(request)
        guard case .refuse(let reason, let detail) = decision, delegate !== systemPopDelegate else { return decision }
        return .refuse(.delegate, detail: detail ?? reason.rawValue)
    }

    /// For diagnostics: who holds the pop gesture.
    var delegateLabel: String {
        guard let d = interactivePopDelegate else { return "nil delegate" }
        if d === systemPopDelegate { return "system delegate" }
        if let owned = d as? any ScreenOwnedPopDelegate { return "\(owned.ownerName)'s delegate" }
        return "custom delegate"
    }
}

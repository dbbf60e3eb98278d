import Gestures

/// The answer to "may the pop gesture begin?", with the reason when it may not.
public enum PopVerdict: Hashable, Sendable {
    case allow
    case refuse(PopRefusalReason, detail: String?)
}

extension NavigationController {
    /// Asked when the pop recognizer would begin. Order: wrong edge; a frozen transition; the engine's guard
    /// (guarded mode: the root and a running transition, whatever the delegate says); then the delegate
    /// chain — nil allows, the system delegate applies its checks, a custom delegate answers for itself.
    /// Every refusal is recorded as `popRefused`.
    public func decidePopBegin(_ request: BeginRequest) -> PopVerdict {
        clockUs = max(clockUs, request.timeUs)
        let verdict = evaluate(request)
        if case .refuse(let reason, let detail) = verdict {
            emit(.popRefused(reason, detail: detail), now: request.timeUs)
        }
        return verdict
    }

    private func evaluate(_ request: BeginRequest) -> PopVerdict {
        let now = request.timeUs
        guard request.edge == config.popEdge else {
            return .refuse(.wrongEdge, detail: "\(request.edge.rawValue) edge; pops start at \(config.popEdge.rawValue)")
        }
        if isFrozen { return .refuse(.transitionInProgress, detail: "frozen") }
        let chain = askDelegateChain(request)
        if config.guardMode == .guarded {
            let guardReason: PopRefusalReason? =
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

    private func askDelegateChain(_ request: BeginRequest) -> PopVerdict {
        guard let delegate = interactivePopDelegate else { return .allow }
        switch delegate.shouldBegin(request) {
        case .allow:
            return .allow
        case .refuse(let text):
            if delegate === systemPopDelegate, let reason = PopRefusalReason(rawValue: text) {
                return .refuse(reason, detail: nil)
            }
            return .refuse(.delegate, detail: text)
        }
    }

    /// For diagnostics: who holds the pop gesture.
    var delegateLabel: String {
        guard let d = interactivePopDelegate else { return "nil delegate" }
        if d === systemPopDelegate { return "system delegate" }
        if let owned = d as? any ScreenOwnedPopDelegate { return "\(owned.ownerName)'s delegate" }
        return "custom delegate"
    }
}

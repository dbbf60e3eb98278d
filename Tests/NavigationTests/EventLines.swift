import Gestures
import Navigation
import TouchModel

/// A compact, exact rendering of navigation events for test expectations (the product's JSON lines are the
/// output layer's, EventJSON, tested in EdgeSwipeDaemonTests).
func eventLine(_ e: NavigationEvent) -> String {
    var fields = ["\"timeUs\":\(e.time)", "\"type\":\"\(e.typeName)\""]
    func q(_ s: String?) -> String { s.map { "\"\($0)\"" } ?? "null" }
    switch e.kind {
    case .willAppear(let s), .didAppear(let s), .willDisappear(let s), .didDisappear(let s):
        fields.append("\"screen\":\(q(s))")
    case .transitionBegan(let k, let from, let to), .transitionFinished(let k, let from, let to),
         .transitionCancelled(let k, let from, let to):
        fields += ["\"kind\":\(q(k.rawValue))", "\"from\":\(q(from))", "\"to\":\(q(to))"]
    case .transitionProgress(let p):
        let r = (p * 10_000).rounded() / 10_000
        fields.append("\"progress\":" + (r == r.rounded() ? String(Int(r)) : String(r)))
    case .transitionSettling(let k, let outcome, let p, let remaining):
        let r = (p * 10_000).rounded() / 10_000
        fields += ["\"kind\":\(q(k.rawValue))", "\"outcome\":\(q(outcome.rawValue))",
                   "\"progress\":" + (r == r.rounded() ? String(Int(r)) : String(r)), "\"remainingUs\":\(remaining.rawValue)"]
    case .popRefused(let reason, let detail):
        fields.append("\"reason\":\(q(reason.rawValue))")
        if let detail { fields.append("\"detail\":\(q(detail))") }
    case .diagnostic(let code, let screen, let detail):
        fields.append("\"code\":\(q(code.rawValue))")
        if let screen { fields.append("\"screen\":\(q(screen))") }
        fields.append("\"detail\":\(q(detail))")
    case .backDispatched(let d):
        var target = d.target.name
        if case .handler(let h) = d.target { target += " \(h.id.rawValue) \(h.priority.rawValue)" }
        fields += ["\"gesture\":\(d.gestureID)", "\"target\":\(q(target))", "\"reason\":\(q(d.reason.rawValue))",
                   "\"stack\":\(q(d.stack.rawValue))", "\"observers\":\(d.observers)"]
    case .backTargetGone(let gesture, let handler, let why):
        fields += ["\"gesture\":\(gesture)", "\"handler\":\(handler.rawValue)", "\"reason\":\(q(why.rawValue))"]
    }
    return "{" + fields.joined(separator: ",") + "}"
}

extension NavigationSession {
    func takeLines() -> [String] { takeEvents().map(eventLine) }
}

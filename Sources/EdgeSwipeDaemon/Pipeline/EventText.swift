import Gestures
import Navigation
import TouchInput
import TouchModel

/// The human-readable form of pipeline outputs, one line each, aligned on the time column, in the spirit of
/// `libinput debug-events`.
public enum EventText {
    public static func time(_ t: Microseconds) -> String {
        let ms = (t.rawValue + 500) / 1000
        let s = String(ms / 1000)
        let frac = String(ms % 1000)
        return String(repeating: " ", count: max(0, 4 - s.count)) + s + "." + String(repeating: "0", count: 3 - frac.count) + frac + "s"
    }

    public static func output(_ out: PipelineOutput, deviceName: (SourceID) -> String?) -> String {
        switch out {
        case .frame(let f, _):
            let contacts = f.contacts.map { c in
                "#\(c.id) \(c.phase.rawValue) \(mm(c.mm.x))/\(mm(c.mm.y))mm\(c.clamped ? " clamped" : "")"
            }.joined(separator: "  ")
            return "\(time(f.time))  frame      fingers \(f.fingerCount)  \(contacts)"
        case .gesture(let g, _):
            var s = "\(time(g.time))  gesture    \(g.recognizer) \(g.phase.rawValue)"
            switch g.phase {
            case .began, .changed:
                s += "  progress \(pct(g.progress))  \(mm(g.translationMM)) mm  \(mm(g.velocityMMs)) mm/s"
            case .ended:
                s += " \(g.outcome?.rawValue ?? "?")  progress \(pct(g.progress))  release \(mm(g.velocityMMs)) mm/s"
                if let d = g.decidedBy, d != .armed { s += "  decided by \(d.rawValue)" }
            case .armed, .disarmed:
                s += " (\(g.armReason?.rawValue ?? "?"))  progress \(pct(g.progress))  \(mm(g.translationMM)) mm  \(mm(g.velocityMMs)) mm/s"
            case .failed, .cancelled:
                if let r = g.failureReason { s += ": \(r)" }
            }
            return s
        case .nearMiss(let m, _):
            return "\(time(m.time))  near miss  \(m.recognizer): \(m.sentence)"
        case .navigation(let n):
            var s = "\(time(n.time))  navigation \(n.typeName)"
            switch n.kind {
            case .willAppear(let screen), .didAppear(let screen), .willDisappear(let screen), .didDisappear(let screen):
                s += " \(screen)"
            case .transitionBegan(let k, let from, let to), .transitionFinished(let k, let from, let to),
                 .transitionCancelled(let k, let from, let to):
                s += " \(k.rawValue) \(from ?? "-") -> \(to ?? "-")"
            case .transitionProgress(let p):
                s += " \(pct(p))"
            case .transitionSettling(let k, let outcome, let progress, let remaining):
                s += " \(k.rawValue) \(outcome.rawValue) from \(pct(progress)), \(mm(remaining.milliseconds)) ms left"
            case .popRefused(let reason, let detail):
                s += ": \(reason.rawValue)" + (detail.map { " (\($0))" } ?? "")
            case .diagnostic(let code, let screen, let detail):
                s += " \(code.rawValue)" + (screen.map { " [\($0)]" } ?? "") + ": \(detail)"
            case .backDispatched(let d):
                s += " #\(d.gestureID) \(d.recognizer) -> \(d.target.name)"
                if case .handler(let h) = d.target { s += " \(h.id.rawValue) (\(h.priority.rawValue))" }
                s += ": \(d.reason.rawValue), stack \(d.stack.rawValue), \(d.observers) observer\(d.observers == 1 ? "" : "s")"
                if let route = d.route { s += ", route: \(route)" }
            case .backTargetGone(let gesture, let handler, let why):
                s += " #\(gesture) \(handler): \(why.rawValue); the rest of the gesture goes to nobody"
            }
            return s
        case .deviceNote(let text, let d):
            return TerminalText.escaped("         note       \(d.flatMap(deviceName) ?? "device"): \(text)")
        case .exclusions(let report):
            return "         exclusions \(report.owner) (\(report.cause.rawValue)): "
                + "\(report.result.stored.count) in force, \(report.result.clipped.count) cut"
        }
    }

    static func mm(_ v: Double) -> String { String((v * 10).rounded() / 10) }
    static func pct(_ p: Double) -> String { String(Int((p * 100).rounded())) + "%" }
}

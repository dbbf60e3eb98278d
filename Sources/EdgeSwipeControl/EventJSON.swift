import Gestures
import Navigation
import TouchModel

/// The JSON-lines form of pipeline outputs (issue 5's schema), shared by `edgeswipe replay --json`, the
/// daemon's printed lines and its control-socket events. Times are seconds on the trace clock.
public enum EventJSON {
    public static func seconds(_ time: Microseconds) -> Double { Double(time.rawValue) / 1_000_000 }

    public static func gesture(_ g: GestureEvent, device: String? = nil) -> String {
        var o = JSONLine()
        o.add("type", "gesture")
        // Only content lines name their kind: edge lines stay as they were before issue 37.
        if g.kind == .content { o.add("kind", g.kind.rawValue) }
        o.add("phase", g.phase.rawValue)
        o.add("edge", g.edge.rawValue)
        o.add("fingers", g.fingers)
        o.add("time", seconds(g.time), decimals: 6)
        if let outcome = g.outcome { o.add("outcome", outcome.rawValue) }
        o.add("recognizer", g.recognizer.name)
        if g.phase != .failed {
            o.add("progress", g.progress)
            o.add("translationMM", g.translationMM, decimals: 2)
            o.add("velocityMMs", g.velocityMMs, decimals: 1)
            o.addRaw("positionMM", point(g.positionMM))
            o.add("armed", g.armed)
        }
        if g.phase == .began {
            // The progress curve: linear over the extent (progress = translationMM / extentMM, clamped).
            o.add("progressCurve", "linear")
            o.add("extentMM", g.extentMM, decimals: 2)
        }
        o.addRaw("startMM", point(g.startMM))
        if let reason = g.failureReason {
            o.add("reason", reasonCode(reason))
            o.add("detail", reason.description)
        }
        if let reason = g.armReason { o.add("reason", reason.rawValue) }
        if let decided = g.decidedBy { o.add("decidedBy", decided.rawValue) }
        if let device { o.add("device", device) }
        return o.string
    }

    public static func navigation(_ n: NavigationEvent) -> String {
        var o = JSONLine()
        o.add("type", "navigation")
        o.add("event", n.typeName)
        o.add("time", seconds(n.time), decimals: 6)
        switch n.kind {
        case .willAppear(let s), .didAppear(let s), .willDisappear(let s), .didDisappear(let s):
            o.add("screen", s)
        case .transitionBegan(let k, let from, let to), .transitionFinished(let k, let from, let to),
             .transitionCancelled(let k, let from, let to):
            o.add("kind", k.rawValue)
            if let from { o.add("from", from) } else { o.addRaw("from", "null") }
            if let to { o.add("to", to) } else { o.addRaw("to", "null") }
        case .transitionProgress(let p):
            o.add("progress", p)
        case .transitionSettling(let k, let outcome, let progress, let remaining):
            o.add("kind", k.rawValue)
            o.add("outcome", outcome.rawValue)
            o.add("progress", progress)
            o.add("remainingMs", remaining.milliseconds, decimals: 1)
        case .popRefused(let reason, let detail):
            o.add("reason", reason.rawValue)
            if let detail { o.add("detail", detail) }
        case .diagnostic(let code, let screen, let detail):
            o.add("code", code.rawValue)
            if let screen { o.add("screen", screen) }
            o.add("detail", detail)
        case .backDispatched(let d):
            o.add("gestureId", Int(d.gestureID))
            o.add("recognizer", d.recognizer.name)
            o.add("edge", d.edge.rawValue)
            o.add("target", d.target.name)
            if case .handler(let h) = d.target {
                o.add("handler", Int(h.id.rawValue))
                o.add("priority", h.priority.rawValue)
            }
            o.add("reason", d.reason.rawValue)
            o.add("stack", d.stack.rawValue)
            o.add("observers", d.observers)
            if let route = d.route { o.add("route", route) }
        case .backTargetGone(let gesture, let handler, let why):
            o.add("gestureId", Int(gesture))
            o.add("handler", Int(handler.rawValue))
            o.add("reason", why.rawValue)
        }
        return o.string
    }

    public static func frame(_ f: TouchFrame, device: String? = nil) -> String {
        var o = JSONLine()
        o.add("type", "frame")
        o.add("time", seconds(f.time), decimals: 6)
        o.add("fingers", f.fingerCount)
        var list = "["
        for (i, c) in f.contacts.enumerated() {
            if i > 0 { list.append(",") }
            var co = JSONLine()
            co.add("id", c.id)
            co.add("slot", c.slot)
            co.add("phase", c.phase.rawValue)
            co.add("x", Int(c.deviceX))
            co.add("y", Int(c.deviceY))
            co.addRaw("mm", point(c.mm))
            if c.clamped { co.add("clamped", true) }
            list.append(co.string)
        }
        list.append("]")
        o.addRaw("contacts", list)
        if f.resynced { o.add("resynced", true) }
        if let device { o.add("device", device) }
        return o.string
    }

    /// A stable camelCase code for each failure reason (the free text goes in "detail").
    public static func reasonCode(_ r: GestureFailureReason) -> String {
        switch r {
        case .notInEdgeZone: return "notInEdgeZone"
        case .perpendicularDrift: return "perpendicularDrift"
        case .movedAlongEdge: return "movedAlongEdge"
        case .wrongDirection: return "wrongDirection"
        case .activationTimeout: return "activationTimeout"
        case .extraFinger: return "extraFinger"
        case .fingersNotTogether: return "fingersNotTogether"
        case .liftedBeforeBegin: return "liftedBeforeBegin"
        case .refused: return "refused"
        case .lostArbitration: return "lostArbitration"
        case .contactsCancelled: return "contactsCancelled"
        case .palmSize: return "palmSize"
        case .palmPressure: return "palmPressure"
        case .grip: return "grip"
        case .penInProximity: return "penInProximity"
        case .content(let why): return why.code
        }
    }

    package static func point(_ p: Point) -> String {
        var o = JSONLine()
        o.add("x", p.x, decimals: 2)
        o.add("y", p.y, decimals: 2)
        return o.string
    }
}

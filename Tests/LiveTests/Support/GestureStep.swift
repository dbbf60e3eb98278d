import EdgeSwipeDaemon
import Foundation
import Gestures
import TouchModel
import TouchTrace
import EdgeSwipeControl

/// What must match between a live run and the offline replay of the same file: every recognizer report
/// except the `changed` stream and the `armed`/`disarmed` events of the predictive stream (both follow frame
/// timing; arming is checked offline on the whole corpus, CorpusStreamTests), with its phase, edge, fingers,
/// outcome and failure reason. Times are compared loosely and separately.
struct GestureStep: Hashable, Sendable, CustomStringConvertible {
    var phase: String
    var edge: String
    var fingers: Int
    var outcome: String?
    var reason: String?
    var timeUs: UInt64

    init?(_ g: GestureEvent) {
        guard g.phase != .changed, g.phase != .armed, g.phase != .disarmed else { return nil }
        phase = g.phase.rawValue
        edge = g.edge.rawValue
        fingers = g.fingers
        outcome = g.outcome?.rawValue
        reason = g.failureReason.map(EventJSON.reasonCode)
        timeUs = g.time.rawValue
    }

    /// From a JSON line of the control socket / print_json.
    init?(json o: [String: Any]) {
        guard o["type"] as? String == "gesture", let p = o["phase"] as? String, p != "changed", p != "armed", p != "disarmed",
              let e = o["edge"] as? String, let t = o["time"] as? Double else { return nil }
        phase = p
        edge = e
        fingers = o["fingers"] as? Int ?? 0
        outcome = o["outcome"] as? String
        reason = o["reason"] as? String
        timeUs = UInt64((t * 1_000_000).rounded())
    }

    /// The part that must be equal.
    var key: String { "\(phase) \(edge) \(fingers)" + (outcome.map { " \($0)" } ?? "") + (reason.map { " (\($0))" } ?? "") }
    var description: String { key }
}

enum Offline {
    /// The offline replay (ReplaySession) of a recording: its gesture steps, times relative to the first event.
    static func gestures(_ trace: Trace, options: PipelineOptions) throws -> [GestureStep] {
        let session = try ReplaySession(trace: trace, options: options)
        var steps: [GestureStep] = []
        session.run { out in
            if case .gesture(let g, _) = out, let s = GestureStep(g) { steps.append(s) }
        }
        return steps
    }

    static func gestures(path: String, description: String? = nil, options: PipelineOptions) throws -> [GestureStep] {
        try gestures(TraceReader.read(path: path, description: description), options: options)
    }
}

/// Live and offline agree: the same steps in the same order, and each step at about the same time after the
/// first step (the live clock has its own origin; the writer's sleeps add jitter and stretch a replay, more so
/// under TCG): within `toleranceUs` or `fraction` of the offset, whichever is more.
func agree(_ live: [GestureStep], _ offline: [GestureStep], toleranceUs: UInt64 = 250_000, fraction: Double = 0.1) -> String? {
    guard live.map(\.key) == offline.map(\.key) else {
        return "live \(live.map(\.key)) != offline \(offline.map(\.key))"
    }
    guard let l0 = live.first?.timeUs, let o0 = offline.first?.timeUs else { return nil }
    for (l, o) in zip(live, offline) {
        let dl = Int64(l.timeUs) - Int64(l0), doff = Int64(o.timeUs) - Int64(o0)
        if UInt64(abs(dl - doff)) > max(toleranceUs, UInt64(Double(abs(doff)) * fraction)) {
            return "\(l.key): live at +\(Double(dl) / 1e6) s, offline at +\(Double(doff) / 1e6) s"
        }
    }
    return nil
}

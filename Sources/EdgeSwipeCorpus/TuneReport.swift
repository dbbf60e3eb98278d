import Gestures
import TouchInput
import TouchModel

extension LabelledRecording {
    /// A corpus sample as one labelled stroke spanning it all (its kind: the corpus label).
    public init(corpusSample s: CorpusSample) {
        let span = (s.events.last?.time ?? 0) - (s.events.first?.time ?? 0) + Microseconds(seconds: 1)
        self.init(name: s.name, device: s.device, geometry: s.geometry, rotation: s.rotation, events: s.events,
                  labels: [StrokeLabel(start: 0, end: span, expected: s.expected, kind: s.label.rawValue, line: 0)])
    }
}

/// What `edgeswipe tune` prints: the thresholds now and proposed with their margins, the strokes right per kind,
/// the cross-validated figures, and the configuration snippet.
public struct TuneReport {
    public var tuner: Tuner
    public var proposed: TunedValues
    public var crossValidated: (tuned: Int, start: Int, folds: Int)

    public init(tuner: Tuner, proposed: TunedValues, crossValidated: (tuned: Int, start: Int, folds: Int)) {
        self.tuner = tuner
        self.proposed = proposed
        self.crossValidated = crossValidated
    }

    /// Strokes right and false backs, per kind in first-seen order, under `values`.
    public func perKind(_ values: TunedValues) -> [(kind: String, strokes: Int, right: Int, falseBacks: Int)] {
        let results = tuner.results(values)
        var order: [String] = []
        var rows: [String: (strokes: Int, right: Int, falseBacks: Int)] = [:]
        for (i, s) in tuner.strokes.enumerated() {
            if rows[s.label.kind] == nil { order.append(s.label.kind) }
            var row = rows[s.label.kind] ?? (0, 0, 0)
            row.strokes += 1
            if results[i].isCorrect(for: s.label.expected) { row.right += 1 }
            if s.label.expected == .noBegin && results[i].begins > 0 { row.falseBacks += 1 }
            rows[s.label.kind] = row
        }
        return order.map { ($0, rows[$0]!.strokes, rows[$0]!.right, rows[$0]!.falseBacks) }
    }

    public func text(deviceName: String?) -> String {
        let n = tuner.strokes.count
        var out = "\(n) labelled strokes in \(tuner.recordings.count) recording\(tuner.recordings.count == 1 ? "" : "s")"
        if tuner.unlabelledGestures > 0 { out += "; \(tuner.unlabelledGestures) swipes began outside every label (not counted)" }
        out += "\n\nthreshold                now   proposed  fails at (below / above, others held)\n"
        let margins = tuner.margins(proposed)
        for p in TunedParameter.allCases {
            let m = margins[p]!
            let unit = p.unit.isEmpty ? "" : " " + p.unit
            let below = m.below.map { Self.number($0) + unit } ?? "none on the grid"
            let above = m.above.map { Self.number($0) + unit } ?? "none on the grid"
            let mark = proposed[p] == tuner.start[p] ? " " : "*"
            out += p.rawValue.padding(23) + Self.number(tuner.start[p]).leftPadding(5) + "  " + (Self.number(proposed[p]) + mark).leftPadding(9)
                + "  " + below + " / " + above + "\n"
        }
        let now = perKind(tuner.start), then = perKind(proposed)
        // The kind column as wide as its longest name (guided recordings' "vertical-drag-along-edge" is 24).
        let kindWidth = max(20, (now.map(\.kind.count).max() ?? 0) + 1)
        out += "\n" + "kind".padding(kindWidth) + " strokes  right now  right proposed  false backs now  proposed\n"
        for (a, b) in zip(now, then) {
            out += a.kind.padding(kindWidth) + "\(a.strokes)".leftPadding(8) + "\(a.right)".leftPadding(11) + "\(b.right)".leftPadding(16)
                + "\(a.falseBacks)".leftPadding(17) + "\(b.falseBacks)".leftPadding(10) + "\n"
        }
        let cv = crossValidated
        let how = cv.folds == n ? "leave one stroke out" : "\(cv.folds) folds"
        out += "\ncross-validated (\(how)): proposed \(cv.tuned)/\(n) strokes right, now \(cv.start)/\(n)\n"
        let changed = TunedParameter.allCases.filter { proposed[$0] != tuner.start[$0] }
        if changed.isEmpty {
            out += "\nThe thresholds now already get every stroke the data allows: nothing to change.\n"
            return out
        }
        out += "\n# Proposed (* above), not applied: under "
        out += deviceName.map { "the device's entry (match: {name: \"\($0)\"})" } ?? "defaults:"
        out += " in /etc/edgeswipe/edgeswipe.yaml, then `edgeswipe check-config` and a reload.\nthresholds:\n"
        for p in changed { out += "  \(p.rawValue): \(Self.number(proposed[p]))\n" }
        return out
    }

    /// At most three decimals, no trailing zeros: 9.5, 0.55, 200.
    static func number(_ v: Double) -> String {
        let thousandths = Int((v * 1000).rounded())
        var s = "\(thousandths / 1000)"
        var frac = abs(thousandths % 1000)
        if frac != 0 {
            var digits = String(frac)
            digits = String(repeating: "0", count: 3 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            s += "." + digits
            frac = 0
        }
        return s
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
    fileprivate func leftPadding(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}

import TouchInput
import Gestures
import TouchModel

/// What the recognizers made of one sample.
public enum Observation: Hashable, Sendable, CustomStringConvertible {
    case noBegin
    /// Began on `edge`; `outcome` nil when the swipe was cancelled (device) or never ended.
    case swipe(Edge, SwipeOutcome?)

    public var description: String {
        switch self {
        case .noBegin: return "no begin"
        case .swipe(let e, let o): return "\(e.rawValue) \(o?.rawValue ?? "cancelled")"
        }
    }
}

public struct SampleResult: Sendable {
    public var sample: String
    public var label: CorpusLabel
    public var expected: Expectation
    public var observed: Observation
    /// Every recognizer that began (more than one is a fault even if the first was right).
    public var begins: Int
    /// The failure reasons reported, "recognizer: reason", for explaining negatives.
    public var failures: [String]
    /// The predictive stream of the first swipe that began (nil: none began).
    public var stream: StreamTrace? = nil
    /// How long the first touch was held in an edge zone (nil: never held).
    public var hold: HoldTime? = nil

    public var isCorrect: Bool {
        switch (expected, observed) {
        case (.noBegin, .noBegin): return begins == 0
        case (.swipe(let e, let o), .swipe(let oe, let oo)): return begins == 1 && e == oe && o == oo
        default: return false
        }
    }
}

/// Precision and recall for one label. For a positive label, a true positive is a swipe recognised on the
/// right edge with the right outcome; precision = true positives ÷ samples where something began; recall =
/// true positives ÷ samples. For a negative label nothing may begin: recall is the share correctly left alone
/// (specificity) and precision is undefined (nil).
public struct LabelAccuracy: Sendable {
    public var label: CorpusLabel
    public var samples: Int
    public var correct: Int
    public var begins: Int
    public var falseBegins: Int
    public var missed: Int
    public var wrongOutcome: Int

    public var precision: Double? {
        guard label.isPositive else { return nil }
        return begins == 0 ? nil : Double(correct) / Double(begins)
    }

    public var recall: Double { samples == 0 ? 0 : Double(correct) / Double(samples) }
}

public struct AccuracyReport: Sendable {
    public var results: [SampleResult]
    public var labels: [LabelAccuracy]

    /// Over all samples: true positives ÷ all begins, and ÷ all positive samples.
    public var precision: Double {
        let begins = results.filter { $0.begins > 0 }.count
        let tp = results.filter { $0.label.isPositive && $0.isCorrect }.count
        return begins == 0 ? 1 : Double(tp) / Double(begins)
    }

    public var recall: Double {
        let positives = results.filter { $0.label.isPositive }.count
        let tp = results.filter { $0.label.isPositive && $0.isCorrect }.count
        return positives == 0 ? 1 : Double(tp) / Double(positives)
    }

    public var failures: [SampleResult] { results.filter { !$0.isCorrect } }
}

public enum Evaluation {
    /// Runs every sample through the decoder and an arena of `recognizers`, driving time-outs the way the
    /// daemon does (a deadline due before an event is delivered first).
    public static func evaluate(_ samples: [CorpusSample], recognizers: [EdgeSwipeConfig] = Corpus.standardRecognizers) throws -> AccuracyReport {
        var results: [SampleResult] = []
        results.reserveCapacity(samples.count)
        for sample in samples {
            results.append(try run(sample, recognizers: recognizers))
        }
        var rows: [LabelAccuracy] = []
        for label in CorpusLabel.allCases {
            let mine = results.filter { $0.label == label }
            guard !mine.isEmpty else { continue }
            var row = LabelAccuracy(label: label, samples: mine.count, correct: 0, begins: 0, falseBegins: 0, missed: 0, wrongOutcome: 0)
            for r in mine {
                if r.isCorrect { row.correct += 1 }
                if r.begins > 0 { row.begins += 1 }
                switch (r.expected, r.observed) {
                case (.noBegin, .swipe): row.falseBegins += 1
                case (.swipe, .noBegin): row.missed += 1
                case (.swipe, .swipe): if !r.isCorrect { row.wrongOutcome += 1 }
                case (.noBegin, .noBegin): break
                }
            }
            rows.append(row)
        }
        return AccuracyReport(results: results, labels: rows)
    }

    public static func run(_ sample: CorpusSample, recognizers: [EdgeSwipeConfig]) throws -> SampleResult {
        var decoder = MultitouchDecoder(device: sample.device, geometry: sample.geometry)
        let arena = GestureArena(transform: ScreenTransform(deviceSize: sample.geometry.size, rotation: sample.rotation))
        for config in recognizers { try arena.add(config) }
        var observed = Observation.noBegin
        var begins = 0
        var failures: [String] = []
        var stream = StreamObserver()
        func take(_ events: [GestureEvent]) {
            for e in events {
                stream.take(e)
                switch e.phase {
                case .began:
                    begins += 1
                    if begins == 1 { observed = .swipe(e.edge, nil) }
                case .ended:
                    if case .swipe(let edge, nil) = observed, edge == e.edge { observed = .swipe(edge, e.outcome) }
                case .failed, .cancelled:
                    failures.append("\(e.recognizer): \(e.failureReason.map { "\($0)" } ?? "?")")
                case .changed, .armed, .disarmed:
                    break
                }
            }
        }
        ArenaRun.run(events: sample.events, decoder: &decoder, arena: arena, take: take,
                     afterFrame: { stream.afterFrame($0, claims: arena) }, afterDeadline: { stream.afterDeadline($0, claims: arena) })
        return SampleResult(sample: sample.name, label: sample.label, expected: sample.expected, observed: observed,
                            begins: begins, failures: failures, stream: stream.trace, hold: stream.hold)
    }
}

extension AccuracyReport {
    /// A plain-text table: one row per label, then the totals.
    public func table() -> String {
        func pct(_ v: Double?) -> String {
            guard let v else { return "—" }
            return String(Int((v * 1000).rounded())).leftPad(4, "0").inserting(".", at: 1)
        }
        let header = ["label", "kind", "n", "correct", "precision", "recall", "false begins", "missed", "wrong outcome"]
        var rows: [[String]] = [header]
        for l in labels {
            rows.append([l.label.rawValue, l.label.isPositive ? "positive" : "negative", "\(l.samples)", "\(l.correct)",
                         pct(l.precision), pct(l.recall), "\(l.falseBegins)", "\(l.missed)", "\(l.wrongOutcome)"])
        }
        let total = results.count, correct = results.filter(\.isCorrect).count
        rows.append(["all", "", "\(total)", "\(correct)", pct(precision), pct(recall),
                     "\(labels.reduce(0) { $0 + $1.falseBegins })", "\(labels.reduce(0) { $0 + $1.missed })",
                     "\(labels.reduce(0) { $0 + $1.wrongOutcome })"])
        let widths = header.indices.map { c in rows.map { $0[c].count }.max() ?? 0 }
        var text = ""
        for (i, row) in rows.enumerated() {
            let cells = row.enumerated().map { c, cell in c < 2 ? cell.rightPad(widths[c]) : cell.leftPad(widths[c], " ") }
            text += cells.joined(separator: "  ") + "\n"
            if i == 0 || i == rows.count - 2 {
                text += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n"
            }
        }
        text += "precision = right swipes ÷ begins; recall = right results ÷ samples (for negatives: left alone)\n"
        for f in failures {
            text += "MISS \(f.sample): expected \(f.expected), got \(f.observed) (\(f.begins) begins)\n"
        }
        return text
    }
}

extension String {
    func leftPad(_ width: Int, _ pad: Character) -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }

    func rightPad(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    func inserting(_ c: Character, at i: Int) -> String {
        var s = self
        s.insert(c, at: s.index(s.startIndex, offsetBy: i))
        return s
    }
}

import Gestures

/// The predictive stream and hold-time figures of a corpus run (`edgeswipe accuracy --stream`).
public struct StreamReport: Sendable {
    public struct ArmingRow: Sendable {
        public var label: CorpusLabel
        public var swipes = 0
        public var decidedByArmed = 0
        public var flings = 0
        /// Outcomes the last armed state did not predict and no fling explains.
        public var disagreements = 0
        public var changesMin = Int.max
        public var changesMax = 0
        public var changesTotal = 0
        /// Smallest travel (mm) and time (ms) between two consecutive changes of one swipe; nil with none.
        public var minTravelBetweenChangesMM: Double?
        public var minIntervalBetweenChangesMS: Double?
        /// The same from the beginning of the swipe to its first change.
        public var minTravelToFirstChangeMM: Double?
        public var minIntervalToFirstChangeMS: Double?
        /// Changes less than `armMinTravelMM` and `armMinIntervalMS` from the previous one (or the beginning).
        public var flickers = 0
    }

    public struct HoldRow: Sendable {
        public var group: String
        public var touches = 0
        public var heldMS: [Double] = []
        public var liftedFirst = 0

        /// Nearest-rank percentile of the hold times, ms.
        public func percentile(_ p: Double) -> Double? {
            guard !heldMS.isEmpty else { return nil }
            let sorted = heldMS.sorted()
            let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
            return sorted[min(max(rank, 1), sorted.count) - 1]
        }
    }

    public var arming: [ArmingRow]
    public var holds: [HoldRow]

    /// `results` of positives give the arming rows; edge-zone touches that are not back swipes (negatives held
    /// at touch-down) give the hold rows, grouped by label, or for recordings by the name before "/".
    public init(_ results: [SampleResult], config: EdgeSwipeConfig = EdgeSwipeConfig()) {
        var arming: [CorpusLabel: ArmingRow] = [:]
        var holds: [String: HoldRow] = [:]
        var holdOrder: [String] = []
        for r in results {
            if r.label.isPositive, let t = r.stream, let decided = t.decidedBy {
                var row = arming[r.label] ?? ArmingRow(label: r.label)
                row.swipes += 1
                switch decided {
                case .armed: row.decidedByArmed += 1
                case .fling: row.flings += 1
                case .release: row.disagreements += 1
                }
                row.changesMin = min(row.changesMin, t.changes)
                row.changesMax = max(row.changesMax, t.changes)
                row.changesTotal += t.changes
                for (i, g) in t.gaps.enumerated() {
                    if g.travelMM < config.armMinTravelMM - 1e-9 && g.intervalMS < config.armMinIntervalMS - 1e-9 {
                        row.flickers += 1
                    }
                    guard i > 0 else {
                        row.minTravelToFirstChangeMM = min(row.minTravelToFirstChangeMM ?? .infinity, g.travelMM)
                        row.minIntervalToFirstChangeMS = min(row.minIntervalToFirstChangeMS ?? .infinity, g.intervalMS)
                        continue
                    }
                    row.minTravelBetweenChangesMM = min(row.minTravelBetweenChangesMM ?? .infinity, g.travelMM)
                    row.minIntervalBetweenChangesMS = min(row.minIntervalBetweenChangesMS ?? .infinity, g.intervalMS)
                }
                arming[r.label] = row
            }
            if !r.label.isPositive, let h = r.hold, !h.claimed {
                let group = r.label == .realRecording ? String(r.sample.split(separator: "/").first ?? "") : r.label.rawValue
                if holds[group] == nil { holdOrder.append(group) }
                var row = holds[group] ?? HoldRow(group: group)
                row.touches += 1
                row.heldMS.append(h.ms)
                if h.liftedFirst { row.liftedFirst += 1 }
                holds[group] = row
            }
        }
        self.arming = CorpusLabel.allCases.compactMap { arming[$0] }
        self.holds = holdOrder.compactMap { holds[$0] }
    }

    public func table() -> String {
        func f(_ v: Double?) -> String {
            guard let v, v.isFinite else { return "—" }
            return String((v * 10).rounded() / 10)
        }
        var text = "armed state at release (back swipes that ended)\n"
        var rows = [["label", "swipes", "decided by armed", "flings", "disagree", "changes min–max (mean)",
                     "min mm / ms to 1st change", "min mm / ms between changes", "flickers"]]
        for r in arming {
            let mean = r.swipes == 0 ? 0 : Double(r.changesTotal) / Double(r.swipes)
            rows.append([r.label.rawValue, "\(r.swipes)", "\(r.decidedByArmed)", "\(r.flings)", "\(r.disagreements)",
                         "\(r.changesMin == .max ? 0 : r.changesMin)–\(r.changesMax) (\(f(mean)))",
                         "\(f(r.minTravelToFirstChangeMM)) / \(f(r.minIntervalToFirstChangeMS))",
                         "\(f(r.minTravelBetweenChangesMM)) / \(f(r.minIntervalBetweenChangesMS))", "\(r.flickers)"])
        }
        text += Self.render(rows)
        text += "\nhold time of edge-zone touches that are not back swipes (from touch-down to release)\n"
        rows = [["group", "held touches", "p50 ms", "p99 ms", "max ms", "lifted first"]]
        for h in holds {
            rows.append([h.group, "\(h.touches)", f(h.percentile(50)), f(h.percentile(99)), f(h.heldMS.max()),
                         "\(h.liftedFirst) of \(h.touches)"])
        }
        text += Self.render(rows)
        return text + "percentiles: nearest rank; flickers: changes under both the minimum travel and the minimum interval\n"
    }

    static func render(_ rows: [[String]]) -> String {
        let widths = rows[0].indices.map { c in rows.map { $0[c].count }.max() ?? 0 }
        var text = ""
        for (i, row) in rows.enumerated() {
            text += row.enumerated().map { c, cell in c == 0 ? cell.rightPad(widths[c]) : cell.leftPad(widths[c], " ") }
                .joined(separator: "  ") + "\n"
            if i == 0 { text += widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ") + "\n" }
        }
        return text
    }
}

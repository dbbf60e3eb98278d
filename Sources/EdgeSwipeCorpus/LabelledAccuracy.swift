import Gestures

/// `edgeswipe accuracy FILE...`: a user's labelled strokes scored under one set of thresholds, per kind. The
/// strokes run as `tune` runs them (`Tuner.run`), so the two commands agree on which stroke is right.
public struct LabelledAccuracy: Sendable {
    public struct Row: Hashable, Sendable {
        public var kind: String
        public var strokes: Int
        public var right: Int
        /// A back where none was asked: a negative that began a swipe, or a swipe that was to return completed.
        public var falseBacks: Int
        /// A back asked for that did not complete from its edge.
        public var missed: Int
    }

    public let recordings: [String]
    /// Every label, recording by recording, with what the recognizers made of it.
    public let strokes: [(label: StrokeLabel, result: StrokeResult)]
    /// Swipes that began outside every label.
    public let unlabelledGestures: Int

    /// Refuses a recognizer that is invalid and a label whose span holds no touch-down (its times are not the
    /// recording's), as `tune` does; any number of strokes is enough to score.
    public init(recordings: [LabelledRecording], recognizers: [EdgeSwipeConfig]) throws(Tuner.Refusal) {
        if let bad = recognizers.first(where: { !$0.problems().isEmpty }) {
            throw .invalidRecognizer("edge-swipe recognizer \"\(bad.name)\": " + bad.problems().joined(separator: "; "))
        }
        guard Set(recognizers.map(\.name)).count == recognizers.count else { throw .invalidRecognizer("two recognizers share a name") }
        var strokes: [(label: StrokeLabel, result: StrokeResult)] = []
        var stray = 0
        for r in recordings {
            let touches = Tuner.touchDowns(r)
            if let label = r.labels.first(where: { l in !touches.contains(where: l.contains) }) {
                throw .labelWithoutStroke(recording: r.name, line: label.line)
            }
            let (results, unlabelled) = Tuner.run(r, recognizers: recognizers)
            strokes += zip(r.labels, results).map { ($0, $1) }
            stray += unlabelled
        }
        self.recordings = recordings.map(\.name)
        self.strokes = strokes
        unlabelledGestures = stray
    }

    /// Per kind, in first-seen order.
    public var perKind: [Row] {
        var rows: [Row] = []
        for (label, result) in strokes {
            if !rows.contains(where: { $0.kind == label.kind }) {
                rows.append(Row(kind: label.kind, strokes: 0, right: 0, falseBacks: 0, missed: 0))
            }
            let k = rows.firstIndex { $0.kind == label.kind }!
            rows[k].strokes += 1
            let right = result.isCorrect(for: label.expected)
            if right { rows[k].right += 1 }
            switch label.expected {
            case .swipe(_, .complete):
                if !right { rows[k].missed += 1 }
            case .swipe(_, .cancel):
                if case .swipe(_, .complete) = result.observed { rows[k].falseBacks += 1 }
            case .noBegin:
                if result.begins > 0 { rows[k].falseBacks += 1 }
            }
        }
        return rows
    }

    public var wrong: Int { strokes.filter { !$0.result.isCorrect(for: $0.label.expected) }.count }

    public func table() -> String {
        var out = "\(strokes.count) labelled strokes in \(recordings.count) recording\(recordings.count == 1 ? "" : "s")"
        if unlabelledGestures > 0 { out += "; \(unlabelledGestures) swipes began outside every label (not counted)" }
        let rows = perKind
        // The kind column as wide as its longest name (as tune's table).
        let kindWidth = max(20, (rows.map(\.kind.count).max() ?? 0) + 1)
        out += "\n\n" + "kind".padded(kindWidth) + " strokes  right  false backs  missed\n"
        for r in rows {
            out += r.kind.padded(kindWidth) + "\(r.strokes)".leftPadded(8) + "\(r.right)".leftPadded(7) + "\(r.falseBacks)".leftPadded(13)
                + "\(r.missed)".leftPadded(8) + "\n"
        }
        let backs = strokes.filter { if case .swipe(_, .complete) = $0.label.expected { return true } else { return false } }
        let others = strokes.count - backs.count
        let backsRight = backs.filter { $0.result.isCorrect(for: $0.label.expected) }.count
        let othersRight = strokes.count - wrong - backsRight
        out += "\nbacks: \(backsRight) of \(backs.count) right, \(backs.count - backsRight) missed; "
        out += "other strokes: \(othersRight) of \(others) right, \(rows.reduce(0) { $0 + $1.falseBacks }) false backs\n"
        return out
    }
}

extension String {
    fileprivate func padded(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
    fileprivate func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}

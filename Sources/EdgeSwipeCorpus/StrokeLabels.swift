import Gestures
import TouchModel

/// What one stroke of a user's recording was meant to be: a span of the recording's time and the expectation.
/// `edgeswipe tune` and `accuracy --labels` read them from a labels file beside the recording (`FILE.labels`).
public struct StrokeLabel: Hashable, Sendable {
    /// From the recording's first event, as `replay` prints times.
    public var start: Microseconds
    public var end: Microseconds
    public var expected: Expectation
    /// What was asked (`back`, `tap-at-edge`, `too-far-in`...): the rows of tune's before/after table.
    public var kind: String
    /// The labels file's line, for messages.
    public var line: Int

    public init(start: Microseconds, end: Microseconds, expected: Expectation, kind: String, line: Int) {
        self.start = start
        self.end = end
        self.expected = expected
        self.kind = kind
        self.line = line
    }

    public func contains(_ t: Microseconds) -> Bool { t >= start && t <= end }
}

/// The labels file: UTF-8 text, one stroke per line, tab-separated `START END EXPECT KIND`, times in seconds
/// from the recording's first event; `#` starts a comment. EXPECT is `back:EDGE` (a completed back from that
/// edge), `cancel:EDGE` (a back that begins and is cancelled) or `none` (nothing may begin).
public enum StrokeLabels {
    public static let maxBytes = 1 << 20
    public static let maxLabels = 10_000
    public static let header = "# edgeswipe labels 1: START_S\tEND_S\tEXPECT (back:EDGE, cancel:EDGE, none)\tKIND"

    public struct Problem: Error, Hashable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var message: String

        public init(file: String, line: Int, message: String) {
            self.file = file
            self.line = line
            self.message = message
        }

        public var description: String { line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)" }
    }

    /// Every line checked; overlapping spans contradict each other (which stroke is which?) and are refused.
    public static func parse(_ bytes: [UInt8], file: String) throws(Problem) -> [StrokeLabel] {
        guard bytes.count <= maxBytes else { throw Problem(file: file, line: 0, message: "larger than \(maxBytes) bytes") }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw Problem(file: file, line: 0, message: "not UTF-8 text") }
        var labels: [StrokeLabel] = []
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = i + 1
            let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            if content.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
            let fields = content.split(separator: "\t").map { $0.trimmingSpaces() }
            guard fields.count == 4 else {
                throw Problem(file: file, line: line, message: "\(fields.count) fields; a label is START END EXPECT KIND, tab-separated")
            }
            guard let s = Double(fields[0]), let e = Double(fields[1]), s.isFinite, e.isFinite, s >= 0, e > s, e < 1e7 else {
                throw Problem(file: file, line: line, message: "'\(fields[0])' to '\(fields[1])' is no span: seconds from the recording's start, the end after the start")
            }
            guard let expected = expectation(fields[2]) else {
                throw Problem(file: file, line: line, message: "'\(fields[2])' is not back:EDGE, cancel:EDGE or none (EDGE: left, right, top, bottom)")
            }
            guard !fields[3].isEmpty, fields[3].count <= 64, fields[3].unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F }) else {
                throw Problem(file: file, line: line, message: "the kind must be one word of at most 64 characters")
            }
            guard labels.count < maxLabels else { throw Problem(file: file, line: line, message: "more than \(maxLabels) labels") }
            labels.append(StrokeLabel(start: Microseconds(seconds: s), end: Microseconds(seconds: e), expected: expected,
                                      kind: fields[3], line: line))
        }
        let ordered = labels.sorted { $0.start < $1.start }
        for (a, b) in zip(ordered, ordered.dropFirst()) where b.start <= a.end {
            throw Problem(file: file, line: b.line, message: "overlaps line \(a.line): the labels contradict each other about the stroke in both spans")
        }
        return ordered
    }

    public static func expectation(_ text: String) -> Expectation? {
        if text == "none" { return .noBegin }
        let parts = text.split(separator: ":").map(String.init)
        guard parts.count == 2, let edge = Edge(rawValue: parts[1]) else { return nil }
        switch parts[0] {
        case "back": return .swipe(edge, .complete)
        case "cancel": return .swipe(edge, .cancel)
        default: return nil
        }
    }

    public static func text(_ expected: Expectation) -> String {
        switch expected {
        case .noBegin: return "none"
        case .swipe(let e, .complete): return "back:\(e.rawValue)"
        case .swipe(let e, .cancel): return "cancel:\(e.rawValue)"
        }
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\r" }.reversed().drop { $0 == " " || $0 == "\r" }.reversed())
    }
}

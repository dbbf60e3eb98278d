import Gestures
import TouchModel

/// What one guided stroke did against what was asked: told to the user as the stroke ends, and kept as the
/// stroke's label (what was asked) with the recognizer's outcome beside it.
public struct GuidedVerdict: Hashable, Sendable {
    public var prompt: GuidedPrompt
    /// 1-based, among the prompts.
    public var number: Int
    /// Touch-down and last lift, on the recording's clock.
    public var start: Microseconds
    public var end: Microseconds
    public var observed: Observation
    /// Swipes begun during the stroke (more than one is wrong even if the first was right).
    public var begins: Int
    /// Why the stroke did not become a back, when it started near an edge and did not.
    public var nearMiss: NearMiss?

    public init(prompt: GuidedPrompt, number: Int, start: Microseconds, end: Microseconds, observed: Observation,
                begins: Int, nearMiss: NearMiss?) {
        self.prompt = prompt
        self.number = number
        self.start = start
        self.end = end
        self.observed = observed
        self.begins = begins
        self.nearMiss = nearMiss
    }

    /// Right as `accuracy` and `tune` score it.
    public var isRight: Bool { StrokeResult(observed: observed, begins: begins).isCorrect(for: prompt.expected) }

    /// What the recognizer did, in words: "a back from the left edge", "nothing began".
    public var outcome: String {
        if begins > 1 { return "\(begins) swipes began at once" }
        switch observed {
        case .noBegin: return "nothing began"
        case .swipe(let e, .complete): return "a back from the \(e.rawValue) edge"
        case .swipe(let e, .cancel): return "a swipe from the \(e.rawValue) edge, cancelled on release"
        case .swipe(let e, nil): return "a swipe from the \(e.rawValue) edge, cancelled by the device"
        }
    }

    /// The sentence after the stroke: "right: ...", or "not what was asked: ..." and why.
    public var sentence: String {
        if isRight { return "right: " + outcome }
        return "not what was asked: " + why
    }

    private var why: String {
        let asked = prompt.kind.asked
        let edge = prompt.edge.rawValue
        if begins > 1 { return "\(outcome); \(asked) was asked" }
        switch (prompt.expected, observed) {
        case (.noBegin, .swipe(_, .complete)):
            return "that was a back, \(asked) was asked"
        case (.noBegin, .swipe):
            return "a swipe began (\(outcome)), \(asked) was asked"
        case (.swipe(let e, _), .swipe(let oe, _)) where e != oe:
            return "that was \(outcome), from the \(edge) edge was asked"
        case (.swipe(_, .cancel), .swipe(_, .complete)):
            return "that was a back, \(asked) was asked: come back to the edge before lifting"
        default:
            // Expected a swipe that did not begin, or a back released short: the near miss says why.
            let noun = prompt.kind == .back ? "no back" : "no swipe began"
            return noun + ": " + (nearMiss?.sentence ?? "nothing began near the \(edge) edge")
        }
    }

    /// The stroke's line in the labels file: START END EXPECT KIND, the recognizer's outcome after `#`.
    public var labelLine: String {
        let comment = "recognizer: \(StrokeLabels.observationText(observed, begins: begins)); " + sentence
        return Self.seconds(start) + "\t" + Self.seconds(end) + "\t" + StrokeLabels.text(prompt.expected) + "\t"
            + prompt.kind.rawValue + "  # " + comment.onOneLine()
    }

    /// Seconds with every microsecond: the label spans the stroke exactly.
    static func seconds(_ t: Microseconds) -> String {
        let fraction = String(t.rawValue % 1_000_000)
        return "\(t.rawValue / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}

extension StrokeLabels {
    /// What a recognizer did, as the labels file's EXPECT spells it (`back:left`, `cancel:left`, `none`), plus
    /// `cancelled:EDGE` for a swipe the device cancelled and `N-begins` for more than one.
    public static func observationText(_ o: Observation, begins: Int) -> String {
        if begins > 1 { return "\(begins)-begins" }
        switch o {
        case .noBegin: return "none"
        case .swipe(let e, .complete): return "back:\(e.rawValue)"
        case .swipe(let e, .cancel): return "cancel:\(e.rawValue)"
        case .swipe(let e, nil): return "cancelled:\(e.rawValue)"
        }
    }
}

extension String {
    /// A comment ends at its line: a newline in it would start another label.
    fileprivate func onOneLine() -> String { String(map { $0 == "\n" || $0 == "\r" ? " " : $0 }) }
}

import Gestures
import TouchModel

/// What a corpus sample is, and so what the recognizers must make of it.
public enum CorpusLabel: String, CaseIterable, Hashable, Sendable {
    // Positives: a one-finger swipe from the edge; it must begin, and end with the right outcome.
    /// Ordinary swipe past half the screen.
    case swipeComplete = "swipe-complete"
    /// Short, fast flick: completes by release velocity.
    case fastFlick = "fast-flick"
    /// Slow swipe that comes back toward the edge before lifting: cancels.
    case slowSwipeBack = "slow-swipe-back"
    /// Swipe that stops short of half and rests before lifting: cancels.
    case swipeStopsShort = "swipe-stops-short"

    // Negatives: nothing may begin.
    case tapAtEdge = "tap-at-edge"
    case verticalDragAlongEdge = "vertical-drag-along-edge"
    /// Starts inside the screen and ends at the edge.
    case swipeEndingAtEdge = "swipe-ending-at-edge"
    /// Two fingers from the edge, against one-finger recognizers.
    case twoFingerSwipe = "two-finger-swipe"
    /// A finger rests at the edge longer than the activation time-out, then swipes.
    case restThenMove = "rest-then-move"
    /// Starts a little outside the edge zone (like a swipe on a bezel-less panel started late).
    case startOutsideZone = "start-outside-zone"
    /// A real recording from Tests/Fixtures whose geometry puts it outside every edge zone or activation rule.
    case realRecording = "real-recording"

    public var isPositive: Bool {
        switch self {
        case .swipeComplete, .fastFlick, .slowSwipeBack, .swipeStopsShort: return true
        case .tapAtEdge, .verticalDragAlongEdge, .swipeEndingAtEdge, .twoFingerSwipe, .restThenMove,
             .startOutsideZone, .realRecording: return false
        }
    }

    public static let synthesized: [CorpusLabel] = allCases.filter { $0 != .realRecording }
}

/// What should happen.
public enum Expectation: Hashable, Sendable, CustomStringConvertible {
    case noBegin
    case swipe(Edge, SwipeOutcome)

    public var description: String {
        switch self {
        case .noBegin: return "no begin"
        case .swipe(let e, let o): return "\(e.rawValue) \(o.rawValue)"
        }
    }
}

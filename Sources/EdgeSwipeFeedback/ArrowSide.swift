import Gestures

/// The screen edge a back arrow is drawn at, as the user sees the screen. Back swipes come from the left and
/// right edges (the observer registers those two, Android's back edges).
public enum ArrowSide: String, Sendable, Hashable, CaseIterable {
    case left, right

    /// The arrow's side for a swipe from `edge`; nil for the top and bottom, where no arrow is drawn.
    public init?(_ edge: Edge) {
        self.init(rawValue: edge.rawValue)
    }
}

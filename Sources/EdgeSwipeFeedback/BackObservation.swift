import TouchModel

/// The screen edge a back arrow is drawn at, as the user sees the screen. Back swipes come from the left and
/// right edges (the observer registers those two, Android's back edges).
public enum ArrowSide: String, Sendable, Hashable, CaseIterable {
    case left, right
}

/// One back event an observer receives (docs/protocol.md, "Back handlers"), as the arrow needs it.
public struct BackObservation: Sendable, Hashable {
    /// The handler callbacks of protocol 2 (`"event"` of a `"type":"back"` line).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case started, progressed, armed, disarmed, invoked, cancelled
    }

    public var kind: Kind
    public var gestureID: Int
    public var side: ArrowSide
    /// 0...1, the predictive stream's progress (linear over the screen's extent along the swipe).
    public var progress: Double
    /// The finger on the screen as the user sees it, mm (x right, y down).
    public var positionMM: Point
    /// Whether a release now would complete the back.
    public var armed: Bool
    /// The gesture's extent along the swipe (the screen's width for a left or right edge), mm; on `started`.
    public var extentMM: Double?

    public init(kind: Kind, gestureID: Int, side: ArrowSide, progress: Double, positionMM: Point, armed: Bool,
                extentMM: Double? = nil) {
        self.kind = kind
        self.gestureID = gestureID
        self.side = side
        self.progress = progress
        self.positionMM = positionMM
        self.armed = armed
        self.extentMM = extentMM
    }

    /// Whether the gesture is over with this event.
    public var ends: Bool { kind == .invoked || kind == .cancelled }
}

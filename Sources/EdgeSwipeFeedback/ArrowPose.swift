import EdgeSwipeControl
import TouchModel

/// What the arrow shows at one moment, in the screen's millimetres: which edge, the finger's height along it,
/// how far the swipe is, whether it is armed, and how much of it is left while it animates away.
public struct ArrowPose: Sendable, Hashable {
    public var side: ArrowSide
    public var gestureID: Int
    /// The finger's distance from the top of the screen as the user sees it, mm.
    public var yMM: Double
    public var progress: Double
    public var armed: Bool
    /// 1 while the finger is down; falls to 0 as the arrow leaves after the gesture's end.
    public var presence: Double

    public init(side: ArrowSide, gestureID: Int, yMM: Double, progress: Double, armed: Bool, presence: Double = 1) {
        self.side = side
        self.gestureID = gestureID
        self.yMM = yMM
        self.progress = progress
        self.armed = armed
        self.presence = presence
    }

    /// `o`'s pose; ArrowMachine takes only left and right swipes (`ArrowSide(o.edge)`).
    init(_ o: BackObservation) {
        self.init(side: ArrowSide(o.edge) ?? .left, gestureID: o.gestureID, yMM: o.positionMM.y, progress: o.progress, armed: o.armed)
    }
}

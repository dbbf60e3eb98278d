import TouchModel

// A part of the screen where a client lets a back begin from anywhere (issue 37): a rectangle in screen
// millimetres (as the user sees the screen, like every Gestures measure) and the page's reading direction.

/// The reading direction of the page under a region: a back pan moves toward the trailing side.
public enum ContentDirection: String, Hashable, Sendable, CaseIterable {
    /// Left to right: a back pan moves right, as a swipe from the left edge does.
    case ltr
    /// Right to left: a back pan moves left, as a swipe from the right edge does.
    case rtl

    /// The edge a swipe moving the same way would come from: `Edge.inward` of it is the trailing travel.
    public var leadingEdge: Edge { self == .ltr ? .left : .right }
}

/// Names a region within its owner's declarations; the owner's choice (the protocol bounds its length).
public struct ContentRegionID: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public var name: String

    public init(_ name: String) { self.name = name }
    public init(stringLiteral name: String) { self.name = name }

    public var description: String { name }
}

/// A rectangle in screen millimetres: origin at its top-left corner, x right, y down.
public struct ContentRect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var widthMM: Double
    public var heightMM: Double

    public init(x: Double, y: Double, widthMM: Double, heightMM: Double) {
        self.x = x
        self.y = y
        self.widthMM = widthMM
        self.heightMM = heightMM
    }

    /// Inclusive of the top and left sides, exclusive of the bottom and right, so abutting regions never share
    /// a point.
    @inline(__always)
    public func contains(_ p: Point) -> Bool {
        p.x >= x && p.x < x + widthMM && p.y >= y && p.y < y + heightMM
    }
}

/// One declared region: where, which way back points, and whose it is (the owner answers the handshake).
public struct ContentRegion: Hashable, Sendable {
    public var id: ContentRegionID
    public var rectMM: ContentRect
    public var direction: ContentDirection
    /// The declaring client (the control socket's client number); the handshake asks it.
    public var owner: Int

    public init(id: ContentRegionID, rectMM: ContentRect, direction: ContentDirection, owner: Int = 0) {
        self.id = id
        self.rectMM = rectMM
        self.direction = direction
        self.owner = owner
    }
}

/// Which recognizer family a gesture event comes from. Edge lines print no kind (they are as before issue 37);
/// content lines print `"kind":"content"`.
public enum GestureKind: String, Hashable, Sendable {
    case edge, content
}

/// Why a content pan failed or was cancelled: one case of `GestureFailureReason` (`.content`).
public enum ContentFailure: Hashable, Sendable, CustomStringConvertible {
    /// The touch-down was in no declared region.
    case notInRegion
    /// The touch-down was in an edge band: that pan is the edge recognizer's.
    case inEdgeBand(Edge)
    /// At the travel threshold the motion was not `ratio`:1 toward the trailing side (the axis lock: decided once).
    case offAxis(trailingMM: Double, acrossMM: Double)
    /// At the travel threshold the motion pointed to the leading side (a scroll of the page, not a back).
    case towardLeadingSide
    /// The region was withdrawn while the pan was followed.
    case regionWithdrawn
    /// The region's owner yielded the pan (or did not answer in time).
    case yielded(ContentYieldReason)

    public var code: String {
        switch self {
        case .notInRegion: return "notInContentRegion"
        case .inEdgeBand: return "inEdgeBand"
        case .offAxis: return "offAxis"
        case .towardLeadingSide: return "towardLeadingSide"
        case .regionWithdrawn: return "regionWithdrawn"
        case .yielded: return "yielded"
        }
    }

    public var description: String {
        switch self {
        case .notInRegion: return "touch-down outside every content region"
        case .inEdgeBand(let e): return "touch-down in the \(e.rawValue) edge band, the edge swipe's"
        case .offAxis(let t, let a): return "moved \(t) mm toward the trailing side and \(a) mm across, off the axis"
        case .towardLeadingSide: return "moved toward the leading side"
        case .regionWithdrawn: return "the content region was withdrawn"
        case .yielded(let why): return "the page yielded: \(why.rawValue)"
        }
    }
}

/// Why a content pan is the page's, as the owner answers (or the handshake decides for it). Raw values are the
/// protocol's codes.
public enum ContentYieldReason: String, Hashable, Sendable, CaseIterable {
    /// The element under the pan scrolls that way (a scroller away from its leading edge).
    case scroller
    /// The element under the pan handles its own swipes.
    case ownSwipes
    /// The page consumed a scroll in this touch: the rest of the touch is the page's.
    case scrolled
    /// The page's own callback said no.
    case page
    /// No answer within the wait.
    case timeout
    /// The region's owner went away before it answered.
    case ownerGone
    /// This touch already began a back, or already yielded: one decision per touch.
    case decided
}

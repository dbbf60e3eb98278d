import TouchModel

// Edge-relative measures in screen millimetres (x right, y down, as the user sees the screen).
extension Edge {
    /// Distance of `p` from this edge; negative when outside the screen (calibration can push points out).
    @inline(__always)
    public func distance(of p: Point, screen: PhysicalSize) -> Double {
        switch self {
        case .left: return p.x
        case .right: return screen.widthMM - p.x
        case .top: return p.y
        case .bottom: return screen.heightMM - p.y
        }
    }

    /// Component of a translation that points away from this edge, into the screen.
    @inline(__always)
    public func inward(_ d: Point) -> Double {
        switch self {
        case .left: return d.x
        case .right: return -d.x
        case .top: return d.y
        case .bottom: return -d.y
        }
    }

    /// Component of a translation along this edge.
    @inline(__always)
    public func perpendicular(_ d: Point) -> Double {
        switch self {
        case .left, .right: return d.y
        case .top, .bottom: return d.x
        }
    }

    /// Length of the screen along a swipe from this edge: the denominator of progress.
    @inline(__always)
    public func extent(screen: PhysicalSize) -> Double {
        switch self {
        case .left, .right: return screen.widthMM
        case .top, .bottom: return screen.heightMM
        }
    }

    @inline(__always)
    var bit: UInt8 {
        switch self {
        case .left: return 1
        case .right: return 2
        case .top: return 4
        case .bottom: return 8
        }
    }
}

/// A small set of edges without heap storage (the hot path must not allocate).
public struct EdgeMask: Hashable, Sendable {
    var bits: UInt8 = 0

    public init(_ edges: Set<Edge>) {
        for e in edges { bits |= e.bit }
    }

    public init() {}

    public var isEmpty: Bool { bits == 0 }

    @inline(__always) public func contains(_ e: Edge) -> Bool { bits & e.bit != 0 }
    @inline(__always) public mutating func insert(_ e: Edge) { bits |= e.bit }
    @inline(__always) mutating func remove(_ e: Edge) { bits &= ~e.bit }

    /// Fixed order, so results never depend on Set iteration order.
    public static let order: [Edge] = [.left, .right, .top, .bottom]
}

import Gestures
import TouchModel

/// A region where the app keeps its own touches (a slider or a map at an edge), as Android's system-gesture
/// exclusion rectangles: a touch-down inside it never begins an edge swipe. Screen millimetres, as the
/// recognizers see the screen after ScreenTransform: x to the right, y down, from the top-left corner.
public struct ExclusionRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// The screen it belongs to: it applies only while a screen of that name is on top. Nil: on every screen.
    public var screen: String?

    public init(x: Double, y: Double, width: Double, height: Double, screen: String? = nil) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.screen = screen
    }

    /// Borders included: a touch on the rim of a slider belongs to the slider.
    @inline(__always)
    public func contains(_ p: Point) -> Bool {
        p.x >= x && p.x <= x + width && p.y >= y && p.y <= y + height
    }

    /// Whether it applies while `top` is the top screen's name.
    @inline(__always)
    public func applies(onTop top: String?) -> Bool {
        guard let screen else { return true }
        return screen == top
    }

    /// Its length along an edge: the height for the left and right edges, the width for top and bottom.
    func length(along edge: Edge) -> Double {
        edge == .left || edge == .right ? height : width
    }

    /// Shortened along `edge` to `length`, keeping its start (top or left end).
    func shortened(along edge: Edge, to length: Double) -> ExclusionRect {
        var r = self
        if edge == .left || edge == .right { r.height = length } else { r.width = length }
        return r
    }

    /// The largest coordinate or size accepted: PhysicalSize's largest side, so the arithmetic stays finite.
    public static let maxMagnitudeMM = PhysicalSize.maxSideMM

    /// What is wrong with it, naming the field, or nil.
    public var problem: String? {
        for (name, v) in [("x", x), ("y", y), ("width", width), ("height", height)] {
            guard v.isFinite else { return "\(name) is not a finite number" }
            guard abs(v) <= Self.maxMagnitudeMM else { return "\(name) is \(v) mm, beyond ±\(Int(Self.maxMagnitudeMM)) mm" }
        }
        if width <= 0 { return "width is \(width) mm; it must be more than 0" }
        if height <= 0 { return "height is \(height) mm; it must be more than 0" }
        if let screen, !ScreenSpec.isAcceptedName(screen) {
            return "screen must be a non-empty name of at most \(ScreenSpec.maxNameBytes) bytes"
        }
        return nil
    }

    public var description: String {
        "\(x),\(y) \(width)x\(height) mm" + (screen.map { " on \($0)" } ?? "")
    }
}

/// Who set a group of rectangles: they go when it goes (a control connection, an HTTP page's event stream).
public struct ExclusionOwner: Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt64
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }
    public var description: String { "owner \(rawValue)" }
}

/// Where the edges are, for the per-edge cap: the screen (mm, as the user sees it) and the widest edge zone of
/// the recognizers. A rectangle counts against an edge when it reaches into that edge's zone.
public struct ExclusionGeometry: Hashable, Sendable {
    public var screen: PhysicalSize
    public var edgeZoneMM: Double

    public init(screen: PhysicalSize, edgeZoneMM: Double) {
        self.screen = screen
        self.edgeZoneMM = edgeZoneMM
    }

    /// Whether `r` reaches into the zone of `edge` (a touch there could start a swipe from that edge).
    func reaches(_ r: ExclusionRect, _ edge: Edge) -> Bool {
        switch edge {
        case .left: return r.x <= edgeZoneMM
        case .right: return r.x + r.width >= screen.widthMM - edgeZoneMM
        case .top: return r.y <= edgeZoneMM
        case .bottom: return r.y + r.height >= screen.heightMM - edgeZoneMM
        }
    }
}

/// Bounds on what clients may exclude.
public struct ExclusionLimits: Hashable, Sendable {
    /// Excluded length per edge, per owner and screen: Android's 200 dp, at its 160 dp per inch,
    /// is 200 × 25.4 / 160 = 31.75 mm, whatever the panel's density (our units are physical already).
    public var perEdgeMM: Double
    /// Rectangles one owner may set at once.
    public var perOwner: Int
    /// Rectangles all owners together may hold.
    public var total: Int

    public init(perEdgeMM: Double = 31.75, perOwner: Int = 16, total: Int = 256) {
        self.perEdgeMM = perEdgeMM
        self.perOwner = perOwner
        self.total = total
    }
}

/// Part of a rectangle the per-edge cap removed.
public struct ExclusionClip: Hashable, Sendable {
    /// Index of the rectangle in the request.
    public var index: Int
    public var edge: Edge
    /// Length removed along the edge, mm (the whole length when nothing of the rectangle is left).
    public var removedMM: Double
    /// What is kept of it, or nil when the cap left nothing.
    public var kept: ExclusionRect?

    public init(index: Int, edge: Edge, removedMM: Double, kept: ExclusionRect?) {
        self.index = index
        self.edge = edge
        self.removedMM = removedMM
        self.kept = kept
    }
}

/// What a `set` stored.
public struct ExclusionResult: Hashable, Sendable {
    /// The rectangles kept, each with its index in the request, in request order.
    public var stored: [(index: Int, rect: ExclusionRect)]
    public var clipped: [ExclusionClip]
    /// False when no touch device was known yet: every rectangle then counted against every edge.
    public var geometryKnown: Bool

    public static func == (a: Self, b: Self) -> Bool {
        a.clipped == b.clipped && a.geometryKnown == b.geometryKnown
            && a.stored.map(\.index) == b.stored.map(\.index) && a.stored.map(\.rect) == b.stored.map(\.rect)
    }

    public func hash(into h: inout Hasher) {
        h.combine(clipped)
        for s in stored { h.combine(s.index); h.combine(s.rect) }
    }
}

/// Why a set of rectangles was not stored (nothing of it is).
public enum ExclusionError: Error, Hashable, Sendable, CustomStringConvertible {
    case tooMany(given: Int, limit: Int)
    case totalFull(others: Int, given: Int, limit: Int)
    case badRect(index: Int, problem: String)
    case unknownScreen(index: Int, name: String)

    public var description: String {
        switch self {
        case .tooMany(let n, let limit): return "\(n) rectangles given; at most \(limit) per client"
        case .totalFull(let others, let n, let limit):
            return "other clients hold \(others) rectangles; \(n) more would pass the limit of \(limit) in all"
        case .badRect(let i, let problem): return "rects[\(i)]: \(problem)"
        case .unknownScreen(let i, let name): return "rects[\(i)]: no screen named '\(name)' is on the stack or queued for it"
        }
    }
}

import Gestures
import TouchModel

/// Bounds on what clients may exclude.
public struct ExclusionLimits: Hashable, Sendable {
    /// Excluded length per edge and per screen of the stack, shared by all owners: Android's 200 dp, at its
    /// 160 dp per inch, is 200 × 25.4 / 160 = 31.75 mm, whatever the panel's density (our units are physical).
    public var perEdgeMM: Double
    /// Rectangles one owner may set at once. There is no total that owners share: one owner's rectangles can
    /// never make another's set fail. Memory stays bounded because the owners are (the transports bound their
    /// connections and event streams): at most `perOwner` requested and as many kept per owner.
    public var perOwner: Int

    public init(perEdgeMM: Double = 31.75, perOwner: Int = 16) {
        self.perEdgeMM = perEdgeMM
        self.perOwner = perOwner
    }
}

/// Part of a rectangle the per-edge cap removed.
public struct ExclusionClip: Hashable, Sendable {
    /// Index of the rectangle in its owner's request.
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

/// What is in force of one owner's request: the reply to its `set`, and what a later change reports to it.
public struct ExclusionResult: Hashable, Sendable {
    /// The rectangles kept, each with its index in the request, in request order.
    public var stored: [(index: Int, rect: ExclusionRect)]
    public var clipped: [ExclusionClip]
    /// The touch devices' geometries the cap was measured on; empty when none was known (every rectangle then
    /// counted against every edge).
    public var devices: [ExclusionGeometry]
    /// The allowance per screen of the stack and edge (`ExclusionLimits.perEdgeMM`).
    public var capMM: Double

    public init(stored: [(index: Int, rect: ExclusionRect)], clipped: [ExclusionClip], devices: [ExclusionGeometry],
                capMM: Double) {
        self.stored = stored
        self.clipped = clipped
        self.devices = devices
        self.capMM = capMM
    }

    public var geometryKnown: Bool { !devices.isEmpty }

    public static func == (a: Self, b: Self) -> Bool {
        a.clipped == b.clipped && a.devices == b.devices && a.capMM == b.capMM
            && a.stored.map(\.index) == b.stored.map(\.index) && a.stored.map(\.rect) == b.stored.map(\.rect)
    }

    public func hash(into h: inout Hasher) {
        h.combine(clipped)
        h.combine(devices)
        for s in stored { h.combine(s.index); h.combine(s.rect) }
    }
}

/// What changed an owner's rectangles when it did not ask: they are cut again, or get back what was cut.
public enum ExclusionChangeCause: String, Hashable, Sendable {
    /// The devices the cap is measured on changed (rotation, calibration, edge zones, a device added or removed).
    case geometry
    /// Another owner set, cleared or lost its rectangles, so the shared allowance was divided again.
    case otherOwner
}

/// An owner's rectangles after a change it did not ask for, for it to be told.
public struct ExclusionReport: Hashable, Sendable {
    public var owner: ExclusionOwner
    public var cause: ExclusionChangeCause
    public var result: ExclusionResult

    public init(owner: ExclusionOwner, cause: ExclusionChangeCause, result: ExclusionResult) {
        self.owner = owner
        self.cause = cause
        self.result = result
    }
}

/// Why a set of rectangles was not stored (nothing of it is).
public enum ExclusionError: Error, Hashable, Sendable, CustomStringConvertible {
    case tooMany(given: Int, limit: Int)
    case badRect(index: Int, problem: String)
    case unknownScreen(index: Int, name: String)

    public var description: String {
        switch self {
        case .tooMany(let n, let limit): return "\(n) rectangles given; at most \(limit) per client"
        case .badRect(let i, let problem): return "rects[\(i)]: \(problem)"
        case .unknownScreen(let i, let name): return "rects[\(i)]: no screen named '\(name)' is on the stack or queued for it"
        }
    }
}

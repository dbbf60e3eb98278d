import TouchInput
import Gestures
import TouchModel

/// One key of a finger's velocity profile: at `ms` after touch-down the finger moves at `inward` mm/s away from
/// the stroke's edge and `along` mm/s along it. Velocity is linear between keys and constant after the last.
public struct VelocityKey: Hashable, Sendable {
    public var ms: Double
    public var inward: Double
    public var along: Double

    public init(ms: Double, inward: Double, along: Double = 0) {
        self.ms = ms
        self.inward = inward
        self.along = along
    }
}

/// The ideal (noise-free) path of one finger, in screen millimetres, described relative to an edge:
/// `depth` is the distance from the edge, `offset` the position along it.
public struct Stroke: Hashable, Sendable {
    public var edge: Edge
    public var startDepthMM: Double
    public var startOffsetMM: Double
    /// Times relative to the sample's start.
    public var downMS: Double
    public var upMS: Double
    public var keys: [VelocityKey]

    public init(edge: Edge, startDepthMM: Double, startOffsetMM: Double, downMS: Double, upMS: Double, keys: [VelocityKey]) {
        self.edge = edge
        self.startDepthMM = startDepthMM
        self.startOffsetMM = startOffsetMM
        self.downMS = downMS
        self.upMS = upMS
        self.keys = keys
    }

    /// (inward, along) velocity in mm/s at `t` ms after touch-down.
    public func velocity(atMS t: Double) -> (inward: Double, along: Double) {
        guard let first = keys.first else { return (0, 0) }
        if t <= first.ms { return (first.inward, first.along) }
        for i in 1..<keys.count where t <= keys[i].ms {
            let a = keys[i - 1], b = keys[i]
            let f = (t - a.ms) / (b.ms - a.ms)
            return (a.inward + f * (b.inward - a.inward), a.along + f * (b.along - a.along))
        }
        let last = keys[keys.count - 1]
        return (last.inward, last.along)
    }

    /// (inward, along) displacement in mm at `t` ms after touch-down: the exact integral of the profile.
    public func displacement(atMS t: Double) -> (inward: Double, along: Double) {
        var di = 0.0, da = 0.0
        var prevT = 0.0
        var prev = velocity(atMS: 0)
        // Breakpoints: every key time inside (0, t), then t.
        var points = keys.map(\.ms).filter { $0 > 0 && $0 < t }
        points.append(t)
        for p in points {
            let v = velocity(atMS: p)
            let dt = (p - prevT) / 1000
            di += (prev.inward + v.inward) / 2 * dt
            da += (prev.along + v.along) / 2 * dt
            prevT = p
            prev = v
        }
        return (di, da)
    }

    /// Position on the screen (mm) at `t` ms after touch-down, before noise.
    public func position(atMS t: Double, screen: PhysicalSize) -> Point {
        let d = displacement(atMS: t)
        let depth = startDepthMM + d.inward
        let offset = startOffsetMM + d.along
        switch edge {
        case .left: return Point(x: depth, y: offset)
        case .right: return Point(x: screen.widthMM - depth, y: offset)
        case .top: return Point(x: offset, y: depth)
        case .bottom: return Point(x: offset, y: screen.heightMM - depth)
        }
    }

    public var durationMS: Double { upMS - downMS }

    /// Inward travel at release, mm.
    public var releaseTravelMM: Double { displacement(atMS: durationMS).inward }

    /// Inward velocity at release, mm/s.
    public var releaseVelocityMMs: Double { velocity(atMS: durationMS).inward }

    /// First time (ms after touch-down, 1 ms steps, at most `withinMS`) at which inward travel reaches `mm`.
    public func timeToTravel(_ mm: Double, withinMS: Double) -> Double? {
        var t = 0.0
        while t <= min(durationMS, withinMS) {
            if displacement(atMS: t).inward >= mm { return t }
            t += 1
        }
        return nil
    }
}

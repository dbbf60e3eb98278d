import TouchModel

/// Velocity by least squares over the last ~100 ms of positions, in the manner of the velocity trackers of
/// Android and Flutter: fit position against time (a line, or a parabola when asked and there are at least
/// three samples) and take the slope at the newest sample. Fitting many samples averages jitter away, and the
/// fit uses real time stamps, so uneven frame timing does not bias it.
///
/// Samples live in a fixed-capacity ring: adding a sample never allocates.
public struct VelocityTracker: Sendable {
    public enum Fit: String, Hashable, Sendable {
        case linear, quadratic
    }

    public static let capacity = 20

    public var fit: Fit
    /// Samples older than this before the newest are not used.
    public var horizon: Microseconds
    /// A gap longer than this between samples means the finger stopped: older samples are not used, and a
    /// velocity asked for this long after the newest sample is zero.
    public var stopGap: Microseconds

    private var times = InlineArray<20, Microseconds>(repeating: 0)
    private var xs = InlineArray<20, Double>(repeating: 0)
    private var ys = InlineArray<20, Double>(repeating: 0)
    /// Index of the newest sample.
    private var newest = 0
    public private(set) var count = 0

    public init(fit: Fit = .linear, horizonMS: Double = 100, stopGapMS: Double = 40) {
        self.fit = fit
        self.horizon = Microseconds(milliseconds: horizonMS)
        self.stopGap = Microseconds(milliseconds: stopGapMS)
    }

    public mutating func reset() {
        count = 0
    }

    /// Adds a position (mm) at a time. A sample at the newest sample's time replaces it; an older one
    /// (time going backwards) is dropped.
    public mutating func add(time: Microseconds, position: Point) {
        if count > 0 {
            let last = times[newest]
            if time == last {
                xs[newest] = position.x
                ys[newest] = position.y
                return
            }
            if time < last { return }
        }
        newest = count == 0 || newest == Self.capacity - 1 ? 0 : newest + 1
        times[newest] = time
        xs[newest] = position.x
        ys[newest] = position.y
        count = min(count + 1, Self.capacity)
    }

    /// Velocity in mm/s at time `now` (normally the current frame's time). Zero with fewer than two usable
    /// samples or when the newest sample is more than `stopGap` old.
    @inline(__always)
    public func velocity(at now: Microseconds) -> Point {
        Self.fit(times.span, xs.span, ys.span, newest: newest, count: count, horizon: horizon, stopGap: stopGap,
                 kind: fit, at: now, x: true, y: true)
    }

    /// One axis only (half the work): the x component when `horizontal`, else y.
    @inline(__always)
    public func velocity(at now: Microseconds, horizontal: Bool) -> Double {
        let v = Self.fit(times.span, xs.span, ys.span, newest: newest, count: count, horizon: horizon,
                         stopGap: stopGap, kind: fit, at: now, x: horizontal, y: !horizontal)
        return horizontal ? v.x : v.y
    }

    /// The same, read where the tracker is stored. `mutating` only so that a tracker stored in a class is read
    /// in place: a non-mutating call first copies its samples (480 bytes) to the stack, once per frame.
    @inline(__always)
    mutating func velocityInPlace(at now: Microseconds, horizontal: Bool) -> Double {
        let v = Self.fit(times.span, xs.span, ys.span, newest: newest, count: count, horizon: horizon,
                         stopGap: stopGap, kind: fit, at: now, x: horizontal, y: !horizontal)
        return horizontal ? v.x : v.y
    }

    /// The fit over the samples, read through spans: indexing the arrays themselves made the optimizer copy a
    /// whole 160-byte array to the stack for each sample read (BENCHMARKS.md, the 1-contact bimodality).
    @inline(__always)
    private static func fit(_ times: Span<Microseconds>, _ xs: Span<Double>, _ ys: Span<Double>, newest: Int,
                            count: Int, horizon: Microseconds, stopGap: Microseconds, kind: Fit,
                            at now: Microseconds, x wantX: Bool, y wantY: Bool) -> Point {
        guard count >= 2 else { return Point(x: 0, y: 0) }
        let t0 = times[newest]
        if now > t0 && now - t0 > stopGap { return Point(x: 0, y: 0) }
        let x0 = xs[newest], y0 = ys[newest]

        // Time is scaled to the horizon (τ in -1...0) and positions are taken relative to the newest sample,
        // which keeps the normal equations well conditioned.
        let scale = Double(max(horizon.rawValue, 1)) / 1e6
        let tauPerUs = -1 / Double(max(horizon.rawValue, 1))
        var n = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
        var sx = 0.0, stx = 0.0, st2x = 0.0, sy = 0.0, sty = 0.0, st2y = 0.0
        var i = newest
        var previousTime = t0
        var used = 0
        while used < count {
            let t = times[i]
            if t0 - t > horizon || previousTime - t > stopGap { break }
            let tau = Double((t0 - t).rawValue) * tauPerUs
            let tau2 = tau * tau
            n += 1; s1 += tau; s2 += tau2; s3 += tau2 * tau; s4 += tau2 * tau2
            if wantX {
                let dx = xs[i] - x0
                sx += dx; stx += tau * dx; st2x += tau2 * dx
            }
            if wantY {
                let dy = ys[i] - y0
                sy += dy; sty += tau * dy; st2y += tau2 * dy
            }
            previousTime = t
            used += 1
            i = i == 0 ? Self.capacity - 1 : i - 1
        }
        guard used >= 2 else { return Point(x: 0, y: 0) }

        if kind == .quadratic && used >= 3 {
            // Normal equations for p(τ) = c0 + c1·τ + c2·τ²; the slope at τ = 0 is c1 (Cramer's rule).
            let det = n * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2)
            if abs(det) > 1e-12 * max(1, n * n * n) {
                func slope(_ b0: Double, _ b1: Double, _ b2: Double) -> Double {
                    (n * (b1 * s4 - s3 * b2) - b0 * (s1 * s4 - s3 * s2) + s2 * (s1 * b2 - b1 * s2)) / det
                }
                return Point(x: slope(sx, stx, st2x) / scale, y: slope(sy, sty, st2y) / scale)
            }
        }
        // Line: slope = Σ(τ-τ̄)(p-p̄) / Σ(τ-τ̄)².
        let varT = s2 - s1 * s1 / n
        guard varT > 1e-12 else { return Point(x: 0, y: 0) }
        return Point(x: (stx - s1 * sx / n) / varT / scale, y: (sty - s1 * sy / n) / varT / scale)
    }
}

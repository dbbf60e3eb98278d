import TouchModel

/// One device's strokes, one near miss each: from the first touch-down until every contact has lifted, the
/// recognizers' decisions (failed, cancelled, ended) are looked at, and at the lift the one that says most is
/// given (`NearMiss.rank`: a swipe that began, then one tracked from a band, then the nearest touch-down outside
/// every band), unless one of them completed a back. So a stroke is explained once, whatever the number of
/// recognizers (one per configured edge), and a back is never explained by the other edges' failures.
/// Only decisions are looked at, never a frame's motion: the per-frame path pays nothing.
public struct NearMissCollector: Sendable {
    private var best: NearMiss?
    private var completed = false

    public init() {}

    /// Whether the stroke has seen a decision since it began (its end has something to do).
    public var isPending: Bool { best != nil || completed }

    /// A recognizer's event; `config` is that recognizer's, `screen` its screen in mm.
    public mutating func observe(_ event: GestureEvent, config: EdgeSwipeConfig, screen: PhysicalSize) {
        if event.phase == .ended, event.outcome == .complete {
            completed = true
            return
        }
        guard let miss = NearMiss(event: event, config: config, screen: screen) else { return }
        guard let current = best else {
            best = miss
            return
        }
        if miss.rank > current.rank { best = miss; return }
        // Two touch-downs outside the bands (a corner): the nearer edge.
        if miss.rank == current.rank, case .startedOutsideBand(let d, _) = miss.cause,
           case .startedOutsideBand(let bestD, _) = current.cause, d < bestD {
            best = miss
        }
    }

    /// Every contact has lifted at `time`: the stroke's near miss (nil: none, or a back completed), and the next
    /// stroke starts afresh.
    public mutating func strokeEnded(at time: Microseconds) -> NearMiss? {
        defer {
            best = nil
            completed = false
        }
        guard !completed, var miss = best else { return nil }
        miss.time = time
        return miss
    }
}

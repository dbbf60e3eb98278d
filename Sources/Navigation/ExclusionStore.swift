import Gestures
import TouchModel

/// The exclusion rectangles of every owner. Each owner's `set` replaces its previous rectangles (as Android's
/// setSystemGestureExclusionRects does); an empty set or `remove` clears them. Memory is bounded by
/// `limits` (per owner and in all). Pure: no I/O, no clock.
///
/// The per-edge cap: for each owner, the rectangles for every screen (no `screen`) are taken first, in request
/// order, then each screen's own rectangles, in request order, on what the shared ones left: a rectangle that
/// reaches into an edge's zone uses up its length along that edge from the budget (`limits.perEdgeMM`), and
/// what passes the budget is cut off its far end (bottom or right), or the whole rectangle is dropped when
/// nothing is left. Android keeps the bottom-most rectangles first; keeping the client's order instead lets the
/// page say which matter most.
public struct ExclusionStore {
    public let limits: ExclusionLimits
    private var byOwner: [ExclusionOwner: [ExclusionRect]] = [:]
    public private(set) var count = 0

    public init(limits: ExclusionLimits = ExclusionLimits()) {
        self.limits = limits
    }

    public var isEmpty: Bool { count == 0 }

    public func rects(of owner: ExclusionOwner) -> [ExclusionRect] { byOwner[owner] ?? [] }

    /// Replaces `owner`'s rectangles. Nothing is stored when any rectangle is wrong. `geometry` nil (no touch
    /// device known yet): every rectangle counts against every edge. `isScreenKnown` judges `screen` names.
    public mutating func set(_ rects: [ExclusionRect], for owner: ExclusionOwner, geometry: ExclusionGeometry?,
                             isScreenKnown: (String) -> Bool) throws(ExclusionError) -> ExclusionResult {
        guard rects.count <= limits.perOwner else { throw .tooMany(given: rects.count, limit: limits.perOwner) }
        for (i, r) in rects.enumerated() {
            if let problem = r.problem { throw .badRect(index: i, problem: problem) }
            if let name = r.screen, !isScreenKnown(name) { throw .unknownScreen(index: i, name: name) }
        }
        let others = count - (byOwner[owner]?.count ?? 0)
        if others + rects.count > limits.total {
            throw .totalFull(others: others, given: rects.count, limit: limits.total)
        }
        let result = Self.cap(rects, geometry: geometry, perEdgeMM: limits.perEdgeMM)
        count = others + result.stored.count
        byOwner[owner] = result.stored.isEmpty ? nil : result.stored.map(\.rect)
        return result
    }

    /// Drops `owner`'s rectangles; returns how many there were.
    @discardableResult
    public mutating func remove(_ owner: ExclusionOwner) -> Int {
        guard let gone = byOwner.removeValue(forKey: owner) else { return 0 }
        count -= gone.count
        return gone.count
    }

    /// The first rectangle holding `p` that applies with `top` on top, or nil. Asked at touch-down only;
    /// allocates nothing.
    public func rect(containing p: Point, onTop top: String?) -> ExclusionRect? {
        guard count > 0 else { return nil }
        for rects in byOwner.values {
            for r in rects where r.applies(onTop: top) && r.contains(p) { return r }
        }
        return nil
    }

    // MARK: The cap

    static func cap(_ rects: [ExclusionRect], geometry: ExclusionGeometry?, perEdgeMM: Double) -> ExclusionResult {
        var kept: [ExclusionRect?] = rects.map { $0 }
        var clipped: [ExclusionClip] = []
        var shared = EdgeBudget(perEdgeMM)
        for i in rects.indices where rects[i].screen == nil {
            kept[i] = shared.take(rects[i], index: i, geometry: geometry, clipped: &clipped)
        }
        var perScreen: [String: EdgeBudget] = [:]
        for i in rects.indices {
            guard let name = rects[i].screen else { continue }
            var budget = perScreen[name] ?? shared
            kept[i] = budget.take(rects[i], index: i, geometry: geometry, clipped: &clipped)
            perScreen[name] = budget
        }
        clipped.sort { ($0.index, EdgeMask.order.firstIndex(of: $0.edge)!) < ($1.index, EdgeMask.order.firstIndex(of: $1.edge)!) }
        let stored = kept.enumerated().compactMap { i, r in r.map { (index: i, rect: $0) } }
        return ExclusionResult(stored: stored, clipped: clipped, geometryKnown: geometry != nil)
    }

    /// What is left of the cap on each edge.
    private struct EdgeBudget {
        var left: [Double]

        init(_ perEdgeMM: Double) { left = Array(repeating: perEdgeMM, count: EdgeMask.order.count) }

        /// Takes `r` from the budget of every edge it reaches; returns what is kept of it. A rectangle the cap
        /// drops takes nothing from any edge.
        mutating func take(_ r: ExclusionRect, index: Int, geometry: ExclusionGeometry?,
                           clipped: inout [ExclusionClip]) -> ExclusionRect? {
            var rect = r
            var cuts: [(edge: Edge, removedMM: Double)] = []
            for (k, edge) in EdgeMask.order.enumerated() where geometry?.reaches(r, edge) ?? true {
                let length = rect.length(along: edge)
                // A thousandth of a millimetre of slack: sums of decimal sizes are not exact in binary.
                if length <= left[k] + 1e-3 { continue }
                guard left[k] > 1e-3 else {
                    clipped.append(ExclusionClip(index: index, edge: edge, removedMM: r.length(along: edge), kept: nil))
                    return nil
                }
                rect = rect.shortened(along: edge, to: left[k])
                cuts.append((edge, length - left[k]))
            }
            for (k, edge) in EdgeMask.order.enumerated() where geometry?.reaches(r, edge) ?? true {
                left[k] = max(0, left[k] - rect.length(along: edge))
            }
            for cut in cuts {
                clipped.append(ExclusionClip(index: index, edge: cut.edge, removedMM: cut.removedMM, kept: rect))
            }
            return rect
        }
    }
}

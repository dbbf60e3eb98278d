import Gestures
import TouchModel

/// The exclusion rectangles of every owner. Each owner's `set` replaces its previous rectangles (as Android's
/// setSystemGestureExclusionRects does); an empty set or `remove` clears them. Pure: no I/O, no clock.
///
/// The per-edge cap is one allowance per screen of the stack and per edge (`limits.perEdgeMM`), shared by all
/// owners, as Android's is per display and edge, shared by all windows. Owners are served in the order they
/// came (an owner keeps its place while it holds a request, however often it replaces it; clearing gives the
/// place up); within an owner, its rectangles for every screen first, then its screens' own, each in request
/// order. Each rectangle gets what the earlier ones left (`ExclusionLedger`, `ExclusionFit`). So earlier
/// rectangles keep their place and a newcomer gets what is left; what was cut is in the owner's result.
///
/// The allowance is divided again whenever what it depends on changes: a set, a clear or an owner leaving
/// (owners after it may get more, or less), and the devices' geometry (`recompute`). Owners other than the one
/// asking whose result changes (rectangles in force, cuts, or the devices it is measured on) get an
/// `ExclusionReport`. The kept parts are worked out from the
/// requests each time, so a cut is undone when the allowance comes back.
///
/// Memory: at most `limits.perOwner` requested (and as many kept) per owner; there is no total for owners to
/// fill, so one owner's rectangles can never make another's set fail.
public struct ExclusionStore {
    public let limits: ExclusionLimits
    /// The touch devices' geometries the cap is measured on, distinct; empty before any device is known.
    public private(set) var devices: [ExclusionGeometry] = []
    private var holdings: [ExclusionOwner: Holding] = [:]
    /// Owners holding a request, in the order they came.
    private var order: [ExclusionOwner] = []
    /// Every owner's rectangles in force, earliest owner first: what the touch-down check walks.
    private var inForce: [ExclusionRect] = []

    private struct Holding {
        var requested: [ExclusionRect]
        var result: ExclusionResult
    }

    public init(limits: ExclusionLimits = ExclusionLimits()) {
        self.limits = limits
    }

    /// Rectangles in force (kept by the cap), all owners.
    public var count: Int { inForce.count }
    public var isEmpty: Bool { inForce.isEmpty }

    /// `owner`'s rectangles in force.
    public func rects(of owner: ExclusionOwner) -> [ExclusionRect] { holdings[owner]?.result.stored.map(\.rect) ?? [] }

    /// What is in force of `owner`'s request, or nil when it holds none.
    public func result(of owner: ExclusionOwner) -> ExclusionResult? { holdings[owner]?.result }

    /// Replaces `owner`'s rectangles. Nothing changes when any rectangle is wrong. `isScreenKnown` judges
    /// `screen` names. Returns what `owner` keeps, and reports for the other owners whose rectangles changed.
    public mutating func set(_ rects: [ExclusionRect], for owner: ExclusionOwner,
                             isScreenKnown: (String) -> Bool) throws(ExclusionError)
        -> (result: ExclusionResult, others: [ExclusionReport]) {
        guard rects.count <= limits.perOwner else { throw .tooMany(given: rects.count, limit: limits.perOwner) }
        for (i, r) in rects.enumerated() {
            if let problem = r.problem { throw .badRect(index: i, problem: problem) }
            if let name = r.screen, !isScreenKnown(name) { throw .unknownScreen(index: i, name: name) }
        }
        guard !rects.isEmpty else {
            let others = remove(owner).others
            return (ExclusionResult(stored: [], clipped: [], devices: devices, capMM: limits.perEdgeMM), others)
        }
        if holdings[owner] == nil { order.append(owner) }
        holdings[owner] = Holding(requested: rects, result: ExclusionResult(stored: [], clipped: [], devices: [], capMM: 0))
        let others = divide(cause: .otherOwner, asking: owner)
        return (holdings[owner]!.result, others)
    }

    /// Drops `owner`'s rectangles: returns how many were in force, and reports for the owners that get more.
    @discardableResult
    public mutating func remove(_ owner: ExclusionOwner) -> (removed: Int, others: [ExclusionReport]) {
        guard let gone = holdings.removeValue(forKey: owner) else { return (0, []) }
        order.removeAll { $0 == owner }
        return (gone.result.stored.count, divide(cause: .otherOwner, asking: owner))
    }

    /// The devices changed (added, removed, rotated, recalibrated, other edge zones): the cap is measured on
    /// `devices` from now on, and every owner's rectangles are cut again from their requests. Returns a report
    /// for each owner whose rectangles in force changed.
    public mutating func recompute(devices next: [ExclusionGeometry]) -> [ExclusionReport] {
        let next = ExclusionGeometry.distinct(next)
        guard next != devices else { return [] }
        devices = next
        return divide(cause: .geometry, asking: nil)
    }

    /// The first rectangle holding `p` that applies with `top` on top, or nil. Asked at touch-down only;
    /// allocates nothing.
    public func rect(containing p: Point, onTop top: String?) -> ExclusionRect? {
        for r in inForce where r.applies(onTop: top) && r.contains(p) { return r }
        return nil
    }

    // MARK: Dividing the allowance

    /// Works out every owner's rectangles in force again, in order; reports those that changed, but `asking`.
    private mutating func divide(cause: ExclusionChangeCause, asking: ExclusionOwner?) -> [ExclusionReport] {
        var ledger = ExclusionLedger(perEdgeMM: limits.perEdgeMM)
        var reports: [ExclusionReport] = []
        inForce.removeAll(keepingCapacity: true)
        for owner in order {
            guard var holding = holdings[owner] else { continue }
            let result = Self.fit(holding.requested, ledger: &ledger, devices: devices)
            if owner != asking, result != holding.result {
                reports.append(ExclusionReport(owner: owner, cause: cause, result: result))
            }
            holding.result = result
            holdings[owner] = holding
            inForce += result.stored.map(\.rect)
        }
        return reports
    }

    /// One owner's request on what the earlier ones left: its rectangles for every screen first, then its
    /// screens' own, each in request order.
    static func fit(_ rects: [ExclusionRect], ledger: inout ExclusionLedger, devices: [ExclusionGeometry]) -> ExclusionResult {
        var kept: [ExclusionRect?] = Array(repeating: nil, count: rects.count)
        var clipped: [ExclusionClip] = []
        let shared = rects.indices.filter { rects[$0].screen == nil }
        let own = rects.indices.filter { rects[$0].screen != nil }
        for i in shared + own {
            let fit = ExclusionFit(rects[i], allowance: ledger.allowance(for: rects[i].screen), on: devices)
            kept[i] = fit.kept
            if let k = fit.kept { ledger.charge(k, on: devices) }
            clipped += fit.cuts.map { ExclusionClip(index: i, edge: $0.edge, removedMM: $0.removedMM, kept: fit.kept) }
        }
        clipped.sort { ($0.index, EdgeMask.order.firstIndex(of: $0.edge)!) < ($1.index, EdgeMask.order.firstIndex(of: $1.edge)!) }
        let stored = kept.enumerated().compactMap { i, r in r.map { (index: i, rect: $0) } }
        return ExclusionResult(stored: stored, clipped: clipped, devices: devices, capMM: ledger.perEdgeMM)
    }
}

import Gestures
import Navigation
import Testing
import TouchModel

/// Issue 22, defect 4: the cap charges an edge only for what the kept part of a rectangle reaches, and the
/// part kept does not depend on the order edges are looked at in. Screen 100 × 160 mm, 5 mm edge zones; what
/// is left of each edge's 31.75 mm is set by an earlier owner's rectangles, each reaching one edge only.
@Suite struct ExclusionCutTests {
    static let screen = PhysicalSize(widthMM: 100, heightMM: 160)
    static let geometry = ExclusionGeometry(screen: screen, edgeZoneMM: 5)
    static let cap = 31.75
    let first = ExclusionOwner(1), second = ExclusionOwner(2)

    /// A store where the first owner uses `cap - left[edge]` of each edge, so `left` is what remains.
    func store(leaving left: [Edge: Double]) throws -> ExclusionStore {
        var store = ExclusionStore()
        _ = store.recompute(devices: [Self.geometry])
        var used: [ExclusionRect] = []
        for (edge, remaining) in left where Self.cap - remaining > 0 {
            let length = Self.cap - remaining
            switch edge {
            case .left: used.append(ExclusionRect(x: 0, y: 60, width: 2, height: length))
            case .right: used.append(ExclusionRect(x: 98, y: 60, width: 2, height: length))
            case .top: used.append(ExclusionRect(x: 40, y: 0, width: length, height: 2))
            case .bottom: used.append(ExclusionRect(x: 40, y: 158, width: length, height: 2))
            }
        }
        let r = try store.set(used, for: first, isScreenKnown: { _ in true }).result
        #expect(r.clipped.isEmpty, "the first owner's rectangles fit whole")
        return store
    }

    func kept(_ r: ExclusionRect, leaving left: [Edge: Double] = [:]) throws -> ExclusionRect? {
        var store = try store(leaving: left)
        return try store.set([r], for: second, isScreenKnown: { _ in true }).result.stored.first?.rect
    }

    /// The case, before the fix: the bar cut to 31.75 mm kept 10 mm of the right edge's allowance, so a
    /// right-edge slider of 31.75 mm was cut to 21.75.
    @Test func aCutTopBarNoLongerChargesTheRightEdge() throws {
        var store = ExclusionStore()
        _ = store.recompute(devices: [Self.geometry])
        let r = try store.set([ExclusionRect(x: 0, y: 0, width: 100, height: 10), ExclusionRect(x: 95, y: 40, width: 5, height: 31.75)],
                              for: first, isScreenKnown: { _ in true }).result
        #expect(r.stored.map(\.rect) == [ExclusionRect(x: 0, y: 0, width: 31.75, height: 10),
                                         ExclusionRect(x: 95, y: 40, width: 5, height: 31.75)])
        #expect(r.clipped == [ExclusionClip(index: 0, edge: .top, removedMM: 68.25, kept: ExclusionRect(x: 0, y: 0, width: 31.75, height: 10))])
    }

    /// The class: a bar along any edge, cut to the cap, that the cut takes out of the far perpendicular edge's
    /// zone (only the right and bottom zones can be left: cuts shorten the far end), owes that edge nothing; a
    /// rectangle using that edge's whole allowance is kept whole after it. And the first owner's bar is still
    /// charged for the edges its kept part reaches: the near perpendicular edge keeps the bar's thickness.
    @Test(arguments: Edge.allCases)
    func aBarCutOutOfTheFarEdgesZoneOwesItNothing(_ along: Edge) throws {
        let (bar, far, cutBar, full): (ExclusionRect, Edge, ExclusionRect, ExclusionRect) = switch along {
        case .top: (ExclusionRect(x: 0, y: 0, width: 100, height: 4), .right, ExclusionRect(x: 0, y: 0, width: 31.75, height: 4),
                    ExclusionRect(x: 96, y: 60, width: 4, height: 31.75))
        case .bottom: (ExclusionRect(x: 0, y: 156, width: 100, height: 4), .right, ExclusionRect(x: 0, y: 156, width: 31.75, height: 4),
                       ExclusionRect(x: 96, y: 60, width: 4, height: 31.75))
        case .left: (ExclusionRect(x: 0, y: 0, width: 4, height: 160), .bottom, ExclusionRect(x: 0, y: 0, width: 4, height: 31.75),
                     ExclusionRect(x: 40, y: 156, width: 31.75, height: 4))
        case .right: (ExclusionRect(x: 96, y: 0, width: 4, height: 160), .bottom, ExclusionRect(x: 96, y: 0, width: 4, height: 31.75),
                      ExclusionRect(x: 40, y: 156, width: 31.75, height: 4))
        }
        var store = ExclusionStore()
        _ = store.recompute(devices: [Self.geometry])
        let r = try store.set([bar, full], for: first, isScreenKnown: { _ in true }).result
        #expect(r.stored.map(\.rect) == [cutBar, full], "\(along) bar, \(far) edge")
        #expect(r.clipped.map(\.edge) == [along])
        // The near perpendicular edge (left for top/bottom bars, top for left/right bars) is charged 4 mm: a
        // rectangle of 31.75 - 4 there fits, one of 28 does not.
        let near: Edge = along == .top || along == .bottom ? .left : .top
        let probe = near == .left ? ExclusionRect(x: 0, y: 60, width: 3, height: 28) : ExclusionRect(x: 40, y: 0, width: 28, height: 3)
        let second = try store.set([probe], for: second, isScreenKnown: { _ in true }).result
        #expect(second.stored.first.map { Self.length($0.rect, near) } == 27.75, "\(along) bar charges \(near) its thickness")
    }

    // MARK: Fixed point, independent of edge order

    /// The reference: cut edge by edge in a given order, each edge that the current part reaches shortening it
    /// along itself to its allowance, until no edge changes it (a fixed point for that order).
    static func sequential(_ r: ExclusionRect, allowance: [Edge: Double], order: [Edge]) -> ExclusionRect? {
        var k = r
        var changed = true
        while changed {
            changed = false
            for edge in order where reaches(k, edge) && length(k, edge) > allowance[edge]! + 1e-3 {
                if edge == .left || edge == .right { k.height = allowance[edge]! } else { k.width = allowance[edge]! }
                changed = true
            }
        }
        return k.width > 1e-3 && k.height > 1e-3 ? k : nil
    }

    static func reaches(_ r: ExclusionRect, _ edge: Edge) -> Bool {
        switch edge {
        case .left: r.x <= 5
        case .right: r.x + r.width >= screen.widthMM - 5
        case .top: r.y <= 5
        case .bottom: r.y + r.height >= screen.heightMM - 5
        }
    }

    static func length(_ r: ExclusionRect, _ edge: Edge) -> Double { edge == .left || edge == .right ? r.height : r.width }

    static func permutations(_ edges: [Edge]) -> [[Edge]] {
        guard edges.count > 1 else { return [edges] }
        return edges.indices.flatMap { i in
            var rest = edges
            let e = rest.remove(at: i)
            return permutations(rest).map { [e] + $0 }
        }
    }

    /// Rectangles near every edge and corner, with every edge's allowance partly or wholly used. The part kept
    /// (1) fits: along every edge it reaches, within that edge's allowance; (2) is a fixed point: set again on
    /// the same allowance, it is kept whole; (3) is what the best of the 24 edge orders gives (the largest),
    /// so no order of looking at edges could have kept more, and the rule names no order.
    @Test func thePartKeptIsAFixedPointAndTheBestOfEveryEdgeOrder() throws {
        var seed: UInt64 = 0x2222_0004
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        let orders = Self.permutations(Edge.allCases)
        #expect(orders.count == 24)
        var corners = 0, chosen = 0
        for _ in 0..<400 {
            let allowance: [Edge: Double] = Dictionary(uniqueKeysWithValues: Edge.allCases.map { ($0, [0, 5, 12.5, 20, 31.75][next(5)]) })
            let w = Double(1 + next(100)), h = Double(1 + next(160))
            let x = [0, 3, 100 - w, 97 - w, 30][next(5)], y = [0, 3, 160 - h, 157 - h, 50][next(5)]
            let r = ExclusionRect(x: max(0, x), y: max(0, y), width: w, height: h)
            let k = try kept(r, leaving: allowance)
            let candidates = orders.compactMap { Self.sequential(r, allowance: allowance, order: $0) }
            let best = candidates.map { $0.width * $0.height }.max()
            #expect(k.map { $0.width * $0.height } == best, "\(r) with \(allowance)")
            if Set(candidates).count > 1 { corners += 1 }
            guard let k else { continue }
            chosen += 1
            for edge in Edge.allCases where Self.reaches(k, edge) {
                #expect(Self.length(k, edge) <= allowance[edge]! + 1e-3, "\(k) passes \(edge)'s allowance")
            }
            #expect(try kept(k, leaving: allowance) == k, "\(k) is a fixed point")
        }
        // The sample holds cases where the edge order matters to a sequential cut, and kept rectangles.
        #expect(corners > 20 && chosen > 100)
    }

    /// Where the edge order matters: a 36 × 36 mm rectangle in the bottom-right corner (x 64, y 124), with 20 mm
    /// left on the right edge and 27 at the bottom. Cutting the height first (right) gives 36 × 20 (y to 144, out
    /// of the bottom zone): 720 mm². Cutting the width first (bottom) gives 27 × 36 (x to 91, out of the right
    /// zone): 972 mm². The rule keeps the larger, whichever edge is looked at first; with the allowances
    /// swapped, the other.
    @Test func inTheBottomRightCornerTheLargerOfTheTwoCutsIsKept() throws {
        let r = ExclusionRect(x: 64, y: 124, width: 36, height: 36)
        #expect(try kept(r, leaving: [.right: 20, .bottom: 27]) == ExclusionRect(x: 64, y: 124, width: 27, height: 36))
        #expect(try kept(r, leaving: [.right: 27, .bottom: 20]) == ExclusionRect(x: 64, y: 124, width: 36, height: 27))
        // Both short and neither cut alone leaves the other's zone (a 4 mm wide strip low at the right edge,
        // 28 mm left on the right and 2 at the bottom: 130 + 28 still reaches 155, 96 + 2 still reaches 95):
        // both cuts.
        let strip = ExclusionRect(x: 96, y: 130, width: 4, height: 30)
        #expect(try kept(strip, leaving: [.right: 28, .bottom: 2]) == ExclusionRect(x: 96, y: 130, width: 2, height: 28))
    }
}

import Gestures

/// How much of one rectangle the per-edge cap keeps, given what is left of the allowance on each edge.
///
/// An edge cuts a rectangle only along itself (the height for left and right, the width for top and bottom),
/// down to what it has left, and a cut keeps the top-left corner, shortening the far end (bottom or right).
/// So a cut never makes a rectangle reach a new edge zone; whether it reaches the left or top zone depends on
/// x and y alone, and only the right and bottom zones can be left by cutting. Hence:
/// - reaching the left zone, its height is cut to the left edge's allowance, and reaching the top zone, its
///   width to the top's: cuts nothing else can avoid (`hL`, `wT`);
/// - the right edge may cut the height (`hR`) and the bottom edge the width (`wB`); a cut may take the part out
///   of another edge's zone: a full-width top bar cut to the top's allowance no longer reaches the right zone,
///   and then owes the right edge nothing.
///
/// Cutting edge by edge (each edge the part reaches shortening it along itself to that edge's allowance, until
/// none does) ends at a part that fits, but which part depends on the order: a rectangle in the bottom-right
/// corner may leave the bottom zone when the right edge cuts its height, or the right zone when the bottom
/// edge cuts its width. The part kept is the largest (in area; on a tie the earlier of (hL, wT), (hR, wT),
/// (hL, wB), (hR, wB)) of the parts some order ends at: left and top cut in every order; the right edge cuts
/// in some order if the rectangle reaches the right zone, the bottom edge likewise, and both if one's cut
/// leaves the part in the other's zone. So the result is a fixed point (no edge it reaches would cut it
/// further), is the best any order of looking at edges gives, and names no order; only the edges the kept
/// part reaches are charged for it.
struct ExclusionFit {
    /// What is kept, or nil when no part fits (an edge it cannot leave has nothing left).
    let kept: ExclusionRect?
    /// Each edge that cut it, with the length removed along that edge, in EdgeMask.order.
    let cuts: [(edge: Edge, removedMM: Double)]

    /// Lengths within a thousandth of a millimetre of the allowance fit: sums of decimal sizes are not exact
    /// in binary.
    static let slackMM = 1e-3

    init(_ r: ExclusionRect, allowance: EdgeLengths, on devices: [ExclusionGeometry]) {
        func reaches(_ k: ExclusionRect, _ edge: Edge) -> Bool { ExclusionGeometry.reaches(k, edge, on: devices) }
        func cut(_ length: Double, to edge: Edge) -> Double {
            length <= allowance[edge] + Self.slackMM ? length : allowance[edge]
        }
        func fits(_ k: ExclusionRect) -> Bool {
            guard k.width > Self.slackMM, k.height > Self.slackMM else { return false }
            return EdgeMask.order.allSatisfy { !reaches(k, $0) || k.length(along: $0) <= allowance[$0] + Self.slackMM }
        }
        func sized(_ h: Double, _ w: Double) -> ExclusionRect {
            var k = r
            k.height = h
            k.width = w
            return k
        }
        let hL = reaches(r, .left) ? cut(r.height, to: .left) : r.height
        let wT = reaches(r, .top) ? cut(r.width, to: .top) : r.width
        let hR = cut(hL, to: .right), wB = cut(wT, to: .bottom)
        // Which cuts some order of cutting edge by edge makes: the right edge's if the rectangle reaches its
        // zone (looked at first), the bottom's likewise, both if one's cut leaves the part in the other's zone.
        let forced = sized(hL, wT), byRight = sized(hR, wT), byBottom = sized(hL, wB)
        let rightCuts = reaches(r, .right), bottomCuts = reaches(r, .bottom)
        var candidates = [forced]
        if rightCuts { candidates.append(byRight) }
        if bottomCuts { candidates.append(byBottom) }
        if (rightCuts && reaches(sized(cut(r.height, to: .right), r.width), .bottom))
            || (bottomCuts && reaches(sized(r.height, cut(r.width, to: .bottom)), .right)) {
            candidates.append(sized(hR, wB))
        }
        var best: ExclusionRect?
        for k in candidates where fits(k) {
            if best.map({ k.width * k.height > $0.width * $0.height }) ?? true { best = k }
        }
        kept = best
        guard let best else {
            // Dropped: charged to the first edge it reaches that has nothing left.
            let edge = EdgeMask.order.first { reaches(r, $0) && allowance[$0] <= Self.slackMM } ?? .left
            cuts = [(edge, r.length(along: edge))]
            return
        }
        var cuts: [(edge: Edge, removedMM: Double)] = []
        if best.height < r.height { cuts.append((hL < r.height && best.height == hL ? .left : .right, r.height - best.height)) }
        if best.width < r.width { cuts.append((wT < r.width && best.width == wT ? .top : .bottom, r.width - best.width)) }
        self.cuts = cuts
    }
}

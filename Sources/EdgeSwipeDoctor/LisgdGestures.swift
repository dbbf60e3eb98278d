import Gestures

/// The gestures a lisgd command line binds with `-g "FINGERS,SWIPE,EDGE,DISTANCE,MODE,COMMAND"` and the edges
/// they start at, as lisgd's `main` reads them (lisgd.c): EDGE is one of L, R, T, B, the corners TL, TR, BL, BR
/// (a corner gesture starts at both of its sides' ends), N (not at an edge) or * (anywhere); the older
/// three-field form `FINGERS,SWIPE,COMMAND` has no edge, so it matches a swipe from anywhere. `-o N` turns every
/// gesture's edge by N quarter turns (L to T, T to R, R to B, B to L per turn), as lisgd's `edgereorient`.
public struct LisgdGesture: Sendable, Equatable {
    /// The `-g` argument as written.
    public var argument: String
    /// The edges a swipe must start at to match it; all four for `*` or no edge field.
    public var edges: Set<Edge>

    /// The `-g` gestures of a lisgd process's arguments; empty when it has none (then lisgd's built-in gestures
    /// apply, which this cannot see).
    public static func gestures(arguments: [String]) -> [LisgdGesture] {
        var quarterTurns = 0
        var written: [String] = []
        var i = 1
        while i < arguments.count {
            let a = arguments[i]
            if (a == "-g" || a == "-o"), i + 1 < arguments.count {
                if a == "-g" { written.append(arguments[i + 1]) } else { quarterTurns = Int(arguments[i + 1]).map { (($0 % 4) + 4) % 4 } ?? 0 }
                i += 2
            } else {
                i += 1
            }
        }
        return written.map { g in
            let fields = g.split(separator: ",", maxSplits: 5, omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
            let sides: Set<Edge>
            switch fields.count > 3 ? String(fields[2]) : "*" {
            case "L": sides = [.left]
            case "R": sides = [.right]
            case "T": sides = [.top]
            case "B": sides = [.bottom]
            case "TL": sides = [.top, .left]
            case "TR": sides = [.top, .right]
            case "BL": sides = [.bottom, .left]
            case "BR": sides = [.bottom, .right]
            case "N": sides = []
            default: sides = [.left, .right, .top, .bottom]
            }
            return LisgdGesture(argument: String(g.prefix(200)), edges: Set(sides.map { turned($0, quarterTurns) }))
        }
    }

    static func turned(_ edge: Edge, _ quarterTurns: Int) -> Edge {
        var e = edge
        for _ in 0..<quarterTurns {
            switch e {
            case .left: e = .top
            case .top: e = .right
            case .right: e = .bottom
            case .bottom: e = .left
            }
        }
        return e
    }
}

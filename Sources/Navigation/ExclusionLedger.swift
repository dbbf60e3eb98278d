import Gestures

/// A length for each edge, mm.
struct EdgeLengths: Hashable, Sendable {
    var left = 0.0, right = 0.0, top = 0.0, bottom = 0.0

    init() {}

    init(all value: Double) {
        left = value; right = value; top = value; bottom = value
    }

    subscript(edge: Edge) -> Double {
        get {
            switch edge {
            case .left: return left
            case .right: return right
            case .top: return top
            case .bottom: return bottom
            }
        }
        set {
            switch edge {
            case .left: left = newValue
            case .right: right = newValue
            case .top: top = newValue
            case .bottom: bottom = newValue
            }
        }
    }
}

/// What the rectangles taken so far use of the allowance, per screen of the stack and edge, all owners
/// together. A rectangle for every screen (no `screen`) uses its length on every screen; a screen's own
/// rectangle only on that screen. So a rectangle for one screen may use what the shared ones and that
/// screen's own left, and a shared one what the shared ones and the busiest screen left.
struct ExclusionLedger {
    let perEdgeMM: Double
    private var shared = EdgeLengths()
    private var byScreen: [String: EdgeLengths] = [:]
    /// Per edge, the most any one screen's own rectangles use.
    private var busiest = EdgeLengths()

    init(perEdgeMM: Double) {
        self.perEdgeMM = perEdgeMM
    }

    /// What is left on each edge for a rectangle of `screen` (nil: for every screen).
    func allowance(for screen: String?) -> EdgeLengths {
        let own = screen.map { byScreen[$0] ?? EdgeLengths() } ?? busiest
        var left = EdgeLengths()
        for edge in EdgeMask.order { left[edge] = max(0, perEdgeMM - shared[edge] - own[edge]) }
        return left
    }

    /// Charges `kept` to every edge it reaches, its length along that edge, on its screen (or all of them).
    mutating func charge(_ kept: ExclusionRect, on devices: [ExclusionGeometry]) {
        for edge in EdgeMask.order where ExclusionGeometry.reaches(kept, edge, on: devices) {
            let length = kept.length(along: edge)
            if let screen = kept.screen {
                var own = byScreen[screen] ?? EdgeLengths()
                own[edge] += length
                byScreen[screen] = own
                busiest[edge] = max(busiest[edge], own[edge])
            } else {
                shared[edge] += length
            }
        }
    }
}

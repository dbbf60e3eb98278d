import Gestures
import TouchModel

/// Where the edges are on one touch device, for the per-edge cap: its screen (mm, as the user sees it, after
/// rotation) and the widest edge zone of its recognizers. A rectangle counts against an edge when it reaches
/// into that edge's zone.
public struct ExclusionGeometry: Hashable, Sendable, CustomStringConvertible {
    public var screen: PhysicalSize
    public var edgeZoneMM: Double

    public init(screen: PhysicalSize, edgeZoneMM: Double) {
        self.screen = screen
        self.edgeZoneMM = edgeZoneMM
    }

    /// Whether `r` reaches into the zone of `edge` (a touch there could start a swipe from that edge).
    func reaches(_ r: ExclusionRect, _ edge: Edge) -> Bool {
        switch edge {
        case .left: return r.x <= edgeZoneMM
        case .right: return r.x + r.width >= screen.widthMM - edgeZoneMM
        case .top: return r.y <= edgeZoneMM
        case .bottom: return r.y + r.height >= screen.heightMM - edgeZoneMM
        }
    }

    /// Whether `r` reaches the zone of `edge` on any of `devices` (each device's touches are checked against
    /// every rectangle); with no device known, every rectangle counts against every edge.
    static func reaches(_ r: ExclusionRect, _ edge: Edge, on devices: [ExclusionGeometry]) -> Bool {
        devices.isEmpty || devices.contains { $0.reaches(r, edge) }
    }

    /// The devices' geometries without repeats, in the order given (a kiosk has one).
    public static func distinct(_ devices: [ExclusionGeometry]) -> [ExclusionGeometry] {
        var seen = Set<ExclusionGeometry>()
        return devices.filter { seen.insert($0).inserted }
    }

    public var description: String { "\(screen), \(edgeZoneMM) mm edge zone" }
}

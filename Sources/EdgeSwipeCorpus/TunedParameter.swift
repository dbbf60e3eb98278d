import Gestures

/// The thresholds `edgeswipe tune` searches, each over a grid that holds its default, named as the configuration
/// names it (`thresholds:` of docs/daemon.md).
public enum TunedParameter: String, CaseIterable, Hashable, Sendable {
    case edgeZoneMM = "edge_zone_mm"
    case activationDistanceMM = "activation_distance_mm"
    case angleToleranceDegrees = "angle_tolerance_deg"
    case alongEdgeSlopMM = "along_edge_slop_mm"
    case completionProgress = "complete_progress"
    case completionVelocityMMs = "complete_velocity_mm_s"

    public var unit: String {
        switch self {
        case .edgeZoneMM, .activationDistanceMM, .alongEdgeSlopMM: return "mm"
        case .angleToleranceDegrees: return "°"
        case .completionProgress: return ""
        case .completionVelocityMMs: return "mm/s"
        }
    }

    /// Low end, step, high end: wide enough for a 27-inch panel's band and a phone's, fine enough to matter.
    var range: (low: Double, step: Double, high: Double) {
        switch self {
        case .edgeZoneMM: return (2, 0.5, 20)
        case .activationDistanceMM: return (2, 0.5, 20)
        case .angleToleranceDegrees: return (10, 2.5, 60)
        case .alongEdgeSlopMM: return (1, 0.2, 10)
        case .completionProgress: return (0.2, 0.05, 0.9)
        case .completionVelocityMMs: return (50, 25, 800)
        }
    }

    /// The values tried, rounded to thousandths so the defaults (5, 6, 30, 2.8, 0.5, 200) are on it exactly.
    public var grid: [Double] {
        let (low, step, high) = range
        let n = Int(((high - low) / step).rounded())
        return (0...n).map { ((low + Double($0) * step) * 1000).rounded() / 1000 }
    }

    public func value(in c: EdgeSwipeConfig) -> Double {
        switch self {
        case .edgeZoneMM: return c.edgeZoneMM
        case .activationDistanceMM: return c.activationDistanceMM
        case .angleToleranceDegrees: return c.angleToleranceDegrees
        case .alongEdgeSlopMM: return c.alongEdgeSlopMM
        case .completionProgress: return c.completionProgress
        case .completionVelocityMMs: return c.completionVelocityMMs
        }
    }

    public func set(_ v: Double, in c: inout EdgeSwipeConfig) {
        switch self {
        case .edgeZoneMM: c.edgeZoneMM = v
        case .activationDistanceMM: c.activationDistanceMM = v
        case .angleToleranceDegrees: c.angleToleranceDegrees = v
        case .alongEdgeSlopMM: c.alongEdgeSlopMM = v
        case .completionProgress: c.completionProgress = v
        case .completionVelocityMMs: c.completionVelocityMMs = v
        }
    }
}

/// One value per `TunedParameter`, in `allCases` order.
public struct TunedValues: Hashable, Sendable {
    public var values: [Double]

    public init(_ config: EdgeSwipeConfig) { values = TunedParameter.allCases.map { $0.value(in: config) } }

    public subscript(_ p: TunedParameter) -> Double {
        get { values[TunedParameter.allCases.firstIndex(of: p)!] }
        set { values[TunedParameter.allCases.firstIndex(of: p)!] = newValue }
    }

    public func applied(to config: EdgeSwipeConfig) -> EdgeSwipeConfig {
        var c = config
        for p in TunedParameter.allCases { p.set(self[p], in: &c) }
        return c
    }
}

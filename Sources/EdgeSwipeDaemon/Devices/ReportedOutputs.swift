import EdgeSwipeControl
import Gestures

/// The outputs the session side has reported (`reportOutput`), by name, the latest report of each: which one a
/// touchscreen is on decides its rotation when its `rotation` is `auto`. Bounded: a machine has a few outputs, and
/// a client naming ever new ones is refused past `limit`. Beside them, the accelerometer's turn, which
/// `rotation: accelerometer` takes (iio-sensor-proxy, `SensorProxyClient`).
package struct ReportedOutputs: Hashable, Sendable {
    package static let limit = 16
    package private(set) var byName: [String: OutputReport] = [:]
    /// The panel's clockwise turn as the accelerometer last gave it; 0 until it gives one.
    package var accelerometer: ScreenRotation = .r0

    package init(_ reports: [OutputReport] = []) {
        for r in reports.prefix(Self.limit) { byName[r.output] = r }
    }

    /// Keeps `report` as its output's latest. False when it names a new output and `limit` are known already.
    package mutating func record(_ report: OutputReport) -> Bool {
        guard byName[report.output] != nil || byName.count < Self.limit else { return false }
        byName[report.output] = report
        return true
    }

    /// Which output a touchscreen is on.
    package enum Mapping: Hashable, Sendable {
        /// The output named in its settings, or the only one reported.
        case output(OutputReport)
        /// Nothing reported yet for it (`named`: the name it waits for; nil: no output reported at all).
        case unreported(named: String?)
        /// Several outputs reported and none named in its settings: which is the touchscreen's is not guessed.
        case ambiguous([String])
    }

    /// The output of a touchscreen whose settings name `output` (nil: none named).
    package func mapping(named output: String?) -> Mapping {
        if let output { return byName[output].map { .output($0) } ?? .unreported(named: output) }
        switch byName.count {
        case 0: return .unreported(named: nil)
        case 1: return .output(byName.values.first!)
        default: return .ambiguous(byName.keys.sorted())
        }
    }
}

import EdgeSwipeControl
import TouchModel

/// The outputs the session side has reported (`reportOutput`), by name, the latest held report of each: which one
/// a touchscreen is on decides its rotation when its `rotation` is `auto`. A report belongs to its holder: the
/// connection that sent it (forgotten when it closes) or, `persistent`, no one (kept until withdrawn). Bounded per
/// holder: a connection naming ever new ones is refused past `limit`, and fills only its own room. Beside them, the
/// accelerometer's turn, which `rotation: accelerometer` takes (iio-sensor-proxy, `SensorProxyClient`).
package struct ReportedOutputs: Hashable, Sendable {
    package static let limit = 16

    /// Who holds a report.
    package enum Holder: Hashable, Sendable {
        case connection(ControlClientID)
        case persistent
    }

    private struct Held: Hashable, Sendable {
        var holder: Holder
        var report: OutputReport
    }

    /// In recording order: the last of a name is its latest.
    private var held: [Held] = []
    /// Every name held, with its latest report.
    package private(set) var byName: [String: OutputReport] = [:]
    /// The panel's clockwise turn as the accelerometer last gave it; 0 until it gives one.
    package var accelerometer: ScreenRotation = .r0

    /// Persistent reports.
    package init(_ reports: [OutputReport] = []) {
        for r in reports { _ = record(r) }
    }

    /// Keeps `report` as `holder`'s of its output, and the output's latest. False when it names an output new to
    /// that holder, which holds `limit` already.
    package mutating func record(_ report: OutputReport, by holder: Holder = .persistent) -> Bool {
        if let i = held.firstIndex(where: { $0.holder == holder && $0.report.output == report.output }) {
            held.remove(at: i)
        } else if held.lazy.filter({ $0.holder == holder }).count >= Self.limit {
            return false
        }
        held.append(Held(holder: holder, report: report))
        byName[report.output] = report
        return true
    }

    /// Withdraws a report of `output`: `client`'s own, else the persistent one. False when there is neither.
    package mutating func withdraw(_ output: String, by client: ControlClientID) -> Bool {
        guard let i = held.firstIndex(where: { $0.holder == .connection(client) && $0.report.output == output })
                ?? held.firstIndex(where: { $0.holder == .persistent && $0.report.output == output }) else { return false }
        held.remove(at: i)
        recompute(output)
        return true
    }

    /// Forgets every report of a connection that closed; the names it held.
    package mutating func forget(_ client: ControlClientID) -> [String] {
        let names = held.filter { $0.holder == .connection(client) }.map(\.report.output)
        guard !names.isEmpty else { return [] }
        held.removeAll { $0.holder == .connection(client) }
        for name in names { recompute(name) }
        return names
    }

    /// The name's latest held report again, or none.
    private mutating func recompute(_ output: String) {
        byName[output] = held.last { $0.report.output == output }?.report
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

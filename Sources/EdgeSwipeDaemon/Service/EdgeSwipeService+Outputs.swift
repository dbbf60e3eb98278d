import EdgeSwipeControl
import Gestures
import TouchModel

/// The outputs the session side reports (`reportOutput`): kept by name, and every device set up again on them,
/// so a touchscreen with `rotation: auto` turns with its output: at once with no finger down, at the next lift
/// otherwise (SessionCore's pending options), never in the middle of a swipe.
extension EdgeSwipeService {
    /// `{"output":..,"devices":[{"device":..,"rotation":..,"flipped":..,"pending":bool}]}`: the devices on that
    /// output that follow it, with what they turn to and whether a finger down holds the change until it lifts.
    func outputReported(_ report: OutputReport) -> Result<JSONValue, ControlError> {
        guard outputs.record(report) else {
            return .failure(ControlError(.refused, "reportOutput: \(ReportedOutputs.limit) outputs are known already; "
                                         + "\"\(report.output)\" is not kept"))
        }
        let changed = Set(setUpAgain(config: store.current))
        // A panel without axis resolution on this output may be usable now.
        if report.widthMM != nil, report.heightMM != nil { offerUnsizedAgain() }
        var following: [JSONValue] = []
        for id in devices.keys.sorted() {
            guard let record = devices[id], record.setup.followsOutput, case .output(let on) = record.setup.output,
                  on.output == report.output else { continue }
            let pending = changed.contains(id) && session.pipeline(id)?.fingerDown == true
            following.append(.object([
                "device": record.node.map { .string($0) } ?? .null,
                "rotation": .integer(Int64(record.setup.options.rotation.rawValue)),
                "flipped": .bool(record.setup.options.flipped),
                "pending": .bool(pending),
            ]))
        }
        for record in devices.values where record.setup.followsOutput {
            if case .ambiguous(let names) = record.setup.output {
                log.warning("\(record.node ?? "a device") follows its output's rotation, but \(names.count) outputs are "
                            + "reported (\(names.joined(separator: ", "))) and its settings name none: set output: NAME")
            }
        }
        if !changed.isEmpty {
            log.info("output \(report.output): transform \(report.orientation.name); \(changed.count) device(s) follow it")
        }
        return .success(.object(["output": .string(report.output), "devices": .array(following)]))
    }

    /// The hello's and state's `screens`: every device's screen as the user sees it now (what its arena turns
    /// touches with: a change held until a lift is not in it yet), and the output it is on when the reports say.
    func screens() -> JSONValue {
        ScreenJSON.screens(devices.keys.sorted().compactMap { id in
            guard let pipeline = session.pipeline(id), let record = devices[id] else { return nil }
            var output: String?
            if case .output(let report) = record.setup.output { output = report.output }
            return (pipeline.arena.transform, output)
        })
    }
}

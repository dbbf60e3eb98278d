import EdgeSwipeControl
import Gestures
import TouchModel

/// The outputs the session side reports (`reportOutput`): kept by name, and every device set up again on them,
/// so a touchscreen with `rotation: auto` turns with its output: at once with no finger down, at the next lift
/// otherwise (SessionCore's pending options), never in the middle of a swipe. A report goes with the connection
/// that sent it, unless persistent (then `withdrawOutput` ends it): every change sets the devices up again.
extension EdgeSwipeService: ServiceScreens {
    /// `{"output":..,"devices":[{"device":..,"rotation":..,"flipped":..,"pending":bool}]}`: the devices on that
    /// output that follow it, with what they turn to and whether a finger down holds the change until it lifts.
    package func outputReported(_ report: OutputReport, from client: ControlClientID) -> Result<JSONValue, ControlError> {
        guard outputs.record(report, by: report.persistent ? .persistent : .connection(client)) else {
            let room = report.persistent
                ? "\(ReportedOutputs.limit) persistent outputs are kept already (the limit; withdrawOutput frees one)"
                : "this client reported \(ReportedOutputs.limit) outputs already (the limit)"
            return .failure(ControlError(.refused, "reportOutput: \(room); \"\(report.output)\" is not kept"))
        }
        let changed = outputsChanged(report.output, because: "transform \(report.orientation.name)", done: "follow it")
        // A panel without axis resolution on this output may be usable now.
        if report.widthMM != nil, report.heightMM != nil { offerUnsizedAgain() }
        return .success(following(report.output, changed: changed))
    }

    /// `withdrawOutput`: the client's own report of `name`, else the persistent one; the reply as reportOutput's.
    package func outputWithdrawn(_ name: String, by client: ControlClientID) -> Result<JSONValue, ControlError> {
        guard outputs.withdraw(name, by: client) else {
            return .failure(ControlError(.badArguments, "withdrawOutput: no report of output \"\(name)\" to withdraw"))
        }
        return .success(following(name, changed: outputsChanged(name, because: "withdrawn")))
    }

    /// A connection closed: the reports it held go.
    package func outputsForgotten(of client: ControlClientID) {
        let names = outputs.forget(client)
        guard !names.isEmpty else { return }
        _ = outputsChanged(names.joined(separator: ", "), because: "its reporter's connection closed")
    }

    /// Sets every device up again on the outputs as they are now; the devices changed.
    /// `done`: what the log line says of them (a report's line, "follow it", is read by Tests/VM/compositor).
    private func outputsChanged(_ output: String, because why: String, done: String = "set up again") -> Set<SourceID> {
        let changed = Set(setUpAgain(config: store.current))
        for record in devices.values where record.setup.followsOutput {
            if case .ambiguous(let names) = record.setup.output {
                log.warning("\(record.node ?? "a device") follows its output's rotation, but \(names.count) outputs are "
                            + "reported (\(names.joined(separator: ", "))) and its settings name none: set output: NAME")
            }
        }
        if !changed.isEmpty {
            log.info("output \(output): \(why); \(changed.count) device(s) \(done)")
        }
        return changed
    }

    /// The reply's result: the output and the devices on it that follow it.
    private func following(_ output: String, changed: Set<SourceID>) -> JSONValue {
        var following: [JSONValue] = []
        for id in devices.keys.sorted() {
            guard let record = devices[id], record.setup.followsOutput, case .output(let on) = record.setup.output,
                  on.output == output else { continue }
            let pending = changed.contains(id) && session.pipeline(id)?.fingerDown == true
            following.append(.object([
                "device": record.node.map { .string($0) } ?? .null,
                "rotation": .integer(Int64(record.setup.options.rotation.rawValue)),
                "flipped": .bool(record.setup.options.flipped),
                "pending": .bool(pending),
            ]))
        }
        return .object(["output": .string(output), "devices": .array(following)])
    }
}

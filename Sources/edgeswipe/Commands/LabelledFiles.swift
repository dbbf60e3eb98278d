import EdgeSwipeCorpus
import EdgeSwipeDaemon
import Gestures
import TouchInput
import TouchModel
import TouchTrace

/// A user's labelled recordings (FILE with FILE.labels), as `tune` and `accuracy` read them.
enum LabelledFiles {
    static func read(_ path: String, command: String, description: String?, pipeline: PipelineOptionGroup,
                     strict: Bool) throws -> LabelledRecording {
        let labelsPath = path + ".labels"
        let bytes: [UInt8]
        do {
            bytes = try TextFile.bytes(path: labelsPath, maxBytes: StrokeLabels.maxBytes)
        } catch {
            throw CommandError.at(path, UsageError("no labels: \(labelsPath) cannot be read (\(error)); a labelled recording has its strokes in FILE.labels"))
        }
        let labels = try CommandError.naming(labelsPath) { try StrokeLabels.parse(bytes, file: labelsPath) }
        let trace = try TraceLoading.read(path: path, description: description, strict: strict)
        if trace.devices.count > 1 {
            Output.stderr("edgeswipe \(command): \(path) has \(trace.devices.count) devices; using the first, \(trace.devices[0].description.label)")
        }
        let device = trace.devices[0]
        let geometry = try CommandError.naming(path) { try SurfaceGeometry(device: device.description, configuredSize: pipeline.size) }
        return LabelledRecording(name: path, device: device.description, geometry: geometry, rotation: pipeline.rotation ?? .r0,
                                 events: device.events, labels: labels)
    }

    /// The first recording from another device than the others, if any: one device's strokes at a time.
    static func otherDevice(_ recordings: [LabelledRecording]) -> LabelledRecording? {
        guard let first = recordings.first else { return nil }
        return recordings.dropFirst().first { $0.device.name != first.device.name || $0.device.id != first.device.id }
    }

    /// --edges, plus a recognizer for every edge a label expects a swipe from; the left edge when neither says.
    static func recognizers(_ edges: [EdgeSwipeConfig]?, for recordings: [LabelledRecording]) -> [EdgeSwipeConfig] {
        var base = edges ?? []
        let labelled = Set(recordings.flatMap(\.labels).compactMap { l -> Edge? in if case .swipe(let e, _) = l.expected { return e }; return nil })
        for edge in Edge.allCases where labelled.contains(edge) && !base.contains(where: { $0.edges.contains(edge) }) {
            base.append(EdgeSwipeConfig(edges: [edge]))
        }
        return base.isEmpty ? [EdgeSwipeConfig()] : base
    }
}

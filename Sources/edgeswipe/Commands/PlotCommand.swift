#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeDaemon
import EdgeSwipeSystem
import Gestures
import TouchInput
import TouchTrace
import TouchModel

/// `edgeswipe plot FILE -o OUT.svg`: contact paths, edge zones, and where recognizers began, failed or ended.
enum PlotCommand: Subcommand {
    static let name = "plot"
    static let summary = "Draw a recording as SVG: contact paths, edge zones, and where each recognizer began, failed or ended, and why."
    static let positionalUsage = "FILE"
    static let positionalRange = 1...1
    static let discussion = """
        The drawing is in screen millimetres (after --rotation and --calibration), one file per device. With \
        --explain, each stroke that started near an edge and did not become a back is marked at its touch-down \
        with the sentence `replay --explain` prints for it.
        """

    struct Options: CommandOptions {
        static let outputFile = OptionSpec(name: "output-file", short: "o", valueName: "OUT.svg", help: "Where to write the SVG (required).")
        static let device = OptionSpec(name: "device", short: "d", valueName: "DESC", help: "evemu description for events-only files.")
        static let explain = OptionSpec(name: "explain", short: nil, valueName: nil,
                                        help: "Mark each near miss (a stroke near an edge that did not become a back) with why, in numbers.")
        static let options = [outputFile, device, explain] + PipelineOptionGroup.options

        var outputPath: String
        var deviceDescription: String?
        var pipeline: PipelineOptionGroup
        var path: String
        var explain: Bool

        init(_ a: ParsedArguments) throws(UsageError) {
            guard let output = a.string(Self.outputFile) else { throw UsageError("missing -o OUT.svg") }
            outputPath = output
            deviceDescription = a.string(Self.device)
            pipeline = try PipelineOptionGroup(a)
            path = a.positionals[0]
            explain = a.flag(Self.explain)
        }
    }

    static func run(_ o: Options) throws -> ExitStatus {
        let outPath = o.outputPath
        var options = o.pipeline.pipelineOptions
        options.emitFrames = true
        options.explainNearMisses = o.explain
        let path = o.path
        let trace = try TraceLoading.read(path: path, description: o.deviceDescription, strict: false)
        let session = try CommandError.naming(path) { try ReplaySession(trace: trace, options: options) }
        var plot = SVGPlot(transform: session.devices[0].arena.transform, recognizers: options.recognizers,
                           title: "\(trace.devices[0].description.name) — \(basename(path))")
        session.run(sink: { output in
            switch output {
            case .frame(let f, SourceID(0)): plot.add(frame: f)
            case .gesture(let g, SourceID(0)): plot.add(gesture: g)
            case .nearMiss(let m, SourceID(0)): plot.add(nearMiss: m)
            default: break
            }
        })
        let file = try Output.create(path: outPath)
        file.write(plot.render())
        try Output.close(file)
        if trace.devices.count > 1 {
            Output.stderr("edgeswipe plot: \(path) has \(trace.devices.count) devices; drew the first")
        }
        return .success
    }

    static func basename(_ p: String) -> String { String(p[(p.lastIndex(of: "/").map { p.index(after: $0) } ?? p.startIndex)...]) }
}

import EdgeSwipeDaemon
import EdgeSwipeSystem
import Navigation
import TouchInput
import TouchModel
import EdgeSwipeControl

/// `edgeswipe debug-events [DEVICE...]`: live frames, gestures and navigation, readable.
enum DebugEventsCommand: Subcommand {
    static let name = "debug-events"
    static let summary = "Show live touch frames, gestures and navigation events as they happen."
    static let positionalUsage = "[DEVICE...]"
    static let positionalRange = 0...Int.max
    static let discussion = "Without DEVICE, every touch device udev knows. Ctrl-C stops."

    struct Options: CommandOptions {
        static let json = OptionSpec(name: "json", short: nil, valueName: nil, help: "Print JSON lines.")
        static let noFrames = OptionSpec(name: "no-frames", short: nil, valueName: nil, help: "Do not print touch frames, only gestures and navigation.")
        static let verbose = OptionSpec(name: "verbose", short: "v", valueName: nil,
                                        help: "Print the state machines' transitions on stderr (\"state -> event -> state\": decoder, recognizers, navigation).")
        static let options = [json, noFrames, verbose] + PipelineOptionGroup.options

        var json: Bool
        var frames: Bool
        var verbose: Bool
        var pipeline: PipelineOptionGroup
        var devices: [String]

        init(_ a: ParsedArguments) throws(UsageError) {
            json = a.flag(Self.json)
            frames = !a.flag(Self.noFrames)
            verbose = a.flag(Self.verbose)
            pipeline = try PipelineOptionGroup(a)
            devices = a.positionals
        }
    }

    static func run(_ o: Options) throws -> ExitStatus {
        var options = o.pipeline.pipelineOptions
        options.emitFrames = o.frames
        // One line per stroke that started near an edge and did not become a back: why, with the numbers.
        options.explainNearMisses = true
        let loop = try EventLoop()
        let signals = try LiveDevices.stopOnSignals(loop)
        let devices = try LiveDevices.open(o.devices)
        let json = o.json
        let navigation = options.stack.map {
            NavigationSession(screens: $0, config: options.navigation, popRecognizer: options.popRecognizer, now: loop.now)
        }
        // Sources are numbered in the order added: the devices' order.
        let name = { (id: SourceID) in devices.indices.contains(id.rawValue) ? devices[id.rawValue].path : nil }
        let session = try LiveSession(loop: loop, options: options, navigation: navigation) { output in
            Output.stdout(json ? EventJSON.output(output, deviceName: name) : EventText.output(output, deviceName: name))
            // Nobody can see the events any more (a full disk, a reader gone): stop; main.swift reports why.
            if Output.standardOutput.failure != nil { loop.stop() }
        }
        if o.verbose { session.logSink = Output.transitionSink }
        for d in devices {
            try CommandError.naming(d.path) { try session.add(d) }
            Output.stderr("edgeswipe debug-events: reading \(d.path) \"\(d.description.name)\"")
        }
        session.onUnplug = { _, _ in if session.sourceCount == 0 { loop.stop() } }
        try loop.run()
        withExtendedLifetime(signals) {}
        return .success
    }
}

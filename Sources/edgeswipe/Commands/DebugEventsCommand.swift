import EdgeSwipeDaemon
import EdgeSwipeSystem
import Navigation
import TouchInput
import TouchModel

/// `edgeswipe debug-events [DEVICE...]`: live frames, gestures and navigation, readable.
enum DebugEventsCommand: Subcommand {
    static let name = "debug-events"
    static let summary = "Show live touch frames, gestures and navigation events as they happen."
    static let positionalUsage = "[DEVICE...]"
    static let positionalRange = 0...Int.max
    static let discussion = "Without DEVICE, every touch device udev knows. Ctrl-C stops."
    static let options: [OptionSpec] = [
        OptionSpec(name: "json", short: nil, valueName: nil, help: "Print JSON lines."),
        OptionSpec(name: "no-frames", short: nil, valueName: nil, help: "Do not print touch frames, only gestures and navigation."),
    ] + PipelineArguments.options

    static func run(_ a: ParsedArguments) throws -> ExitStatus {
        var options = try PipelineArguments.pipelineOptions(a)
        options.emitFrames = !a.flag("no-frames")
        let loop = try EventLoop()
        let signals = try LiveDevices.stopOnSignals(loop)
        let devices = try LiveDevices.open(a.positionals)
        let json = a.flag("json")
        let navigation = options.stack.map {
            NavigationSession(screens: $0, config: options.navigation, popRecognizer: options.popRecognizer, now: Microseconds(Monotonic.nowUs()))
        }
        // Sources are numbered in the order added: the devices' order.
        let name = { (id: SourceID) in devices.indices.contains(id.rawValue) ? devices[id.rawValue].path : nil }
        let session = try LiveSession(loop: loop, options: options, navigation: navigation) { output in
            Output.stdout(json ? EventJSON.output(output, deviceName: name) : EventText.output(output, deviceName: name))
        }
        for d in devices {
            do { try session.add(d) } catch { throw RuntimeError("\(d.path): \(error)") }
            Output.stderr("edgeswipe debug-events: reading \(d.path) \"\(d.description.name)\"")
        }
        session.onUnplug = { _, _ in if session.sourceCount == 0 { loop.stop() } }
        try loop.run()
        withExtendedLifetime(signals) {}
        return .success
    }
}

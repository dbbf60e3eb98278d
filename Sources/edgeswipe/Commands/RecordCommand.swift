#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeDaemon
import EdgeSwipeSystem
import TouchInput
import TouchTrace
import TouchModel

/// `edgeswipe record [DEVICE] -o FILE`: a live device to a `libinput record` file `libinput replay` accepts.
enum RecordCommand: Subcommand {
    static let name = "record"
    static let summary = "Record a live touch device in libinput record format."
    static let positionalUsage = "[DEVICE]"
    static let positionalRange = 0...1
    static let discussion = """
        Without DEVICE, the only touch device udev knows (with several, name one). Recording stops on
        Ctrl-C / SIGTERM, after --duration, or when the device goes away; then the file is written.
        With --guided, it asks on the terminal for one stroke at a time (--count back swipes per configured \
        edge, then as many taps at the edge, drags along it, swipes from too far in, swipes that return and \
        grips), says after each whether it did what was asked and why not, and writes FILE.labels beside the \
        recording for `edgeswipe tune` and `edgeswipe accuracy`. Ctrl-C keeps the strokes finished so far.
        """

    struct Options: CommandOptions {
        static let outputFile = OptionSpec(name: "output-file", short: "o", valueName: "FILE", help: "Where to write the recording (required).")
        static let duration = OptionSpec(name: "duration", short: nil, valueName: "SECONDS", help: "Stop after this many seconds.")
        static let grab = OptionSpec(name: "grab", short: nil, valueName: nil, help: "Grab the device (EVIOCGRAB) while recording.")
        static let guided = OptionSpec(name: "guided", short: nil, valueName: nil,
                                       help: "Prompt for back swipes and near misses one at a time, judge each, and write FILE.labels.")
        static let count = OptionSpec(name: "count", short: nil, valueName: "N",
                                      help: "With --guided: strokes of each kind (per edge for backs), 1 to \(maxCount); default 5.")
        static let config = OptionSpec(name: "config", short: "c", valueName: "FILE",
                                       help: "With --guided: the configuration whose device entry (size, edges, thresholds) judges the strokes.")
        static let options = [outputFile, duration, grab, guided, count, config, PipelineOptionGroup.size,
                              PipelineOptionGroup.rotation, PipelineOptionGroup.edges]
        static let maxCount = 50

        var outputPath: String
        var durationSeconds: Double?
        var grab: Bool
        var node: String?
        var guided: Bool
        var count: Int
        var configPath: String?
        var pipeline: PipelineOptionGroup

        init(_ a: ParsedArguments) throws(UsageError) {
            guard let output = a.string(Self.outputFile) else { throw UsageError("missing -o FILE") }
            outputPath = output
            durationSeconds = try a.value(Self.duration, rule: "is not a positive number of seconds") { text in
                Double(text).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
            }
            grab = a.flag(Self.grab)
            node = a.positionals.first
            guided = a.flag(Self.guided)
            count = try a.value(Self.count, rule: "is not a whole number from 1 to \(Self.maxCount)") { text in
                Int(text).flatMap { (1...Self.maxCount).contains($0) ? $0 : nil }
            } ?? 5
            configPath = a.string(Self.config)
            pipeline = try PipelineOptionGroup(a)
            if !guided, a.string(Self.count) != nil || configPath != nil || pipeline.size != nil || pipeline.rotation != nil
                || pipeline.edges != nil {
                throw UsageError("--count, --config, --size, --rotation and --edges go with --guided")
            }
        }
    }

    static func run(_ o: Options) throws -> ExitStatus {
        if o.guided { return try GuidedRecording.run(o) }
        let outputPath = o.outputPath
        let duration = o.durationSeconds
        let loop = try EventLoop()
        let signals = try LiveDevices.stopOnSignals(loop)
        let device = try openDevice(o)
        // Check the output can be written before recording anything.
        let file = try Output.create(path: outputPath)
        var events: [InputEvent] = []
        // Borrowed: the device closes its own descriptor (device.close() below).
        let registration = LoopRegistration(loop: loop, descriptor: device.fileDescriptor, name: device.path,
                                            ownership: .borrowed)
        try registration.register(events: .readable) { _ in
            do {
                var outcome: ReadOutcome
                repeat {
                    outcome = try device.read(limit: 4096, { events.append($0) })
                } while outcome == .limitReached
                if outcome == .unplugged {
                    Output.stderr("edgeswipe record: \(device.path) went away; writing what was recorded")
                    loop.stop()
                }
            } catch {
                Output.stderr("edgeswipe record: \(error)")
                loop.stop()
            }
        }
        var timer: DeadlineTimer?
        if let duration {
            timer = try DeadlineTimer(loop: loop) { _ in loop.stop() }
            try timer?.arm(at: Monotonic.now() + Microseconds(seconds: duration))
        }
        Output.stderr("edgeswipe record: recording \(device.path) \"\(device.description.name)\" to \(outputPath)")
        try loop.run()
        registration.close()
        device.close()
        file.write(recordingText(device, events: events))
        try Output.close(file)
        Output.stderr("edgeswipe record: \(events.count) events written to \(outputPath)")
        withExtendedLifetime((signals, timer)) {}
        return .success
    }

    /// DEVICE, or the only touch device udev knows.
    static func openDevice(_ o: Options) throws -> LiveDevice {
        if let node = o.node { return try LiveDevice(path: node, grab: o.grab) }
        let devices = try LiveDevices.open([])
        guard devices.count == 1 else {
            throw UsageError("several touch devices: name one of " + devices.map(\.path).joined(separator: ", "))
        }
        return devices[0]
    }

    /// The recording's text: times from its first event, as libinput record writes single-device files.
    static func recordingText(_ device: LiveDevice, events: [InputEvent]) -> String {
        var events = events
        let start = events.first?.time ?? 0
        for i in events.indices { events[i].time = events[i].time - start }
        return LibinputRecordWriter.write(Trace(devices: [TraceDevice(description: device.description, events: events)],
                                                format: .libinputRecord, source: device.path))
    }
}

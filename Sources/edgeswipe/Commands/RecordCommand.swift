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
        """

    struct Options: CommandOptions {
        static let outputFile = OptionSpec(name: "output-file", short: "o", valueName: "FILE", help: "Where to write the recording (required).")
        static let duration = OptionSpec(name: "duration", short: nil, valueName: "SECONDS", help: "Stop after this many seconds.")
        static let grab = OptionSpec(name: "grab", short: nil, valueName: nil, help: "Grab the device (EVIOCGRAB) while recording.")
        static let options = [outputFile, duration, grab]

        var outputPath: String
        var durationSeconds: Double?
        var grab: Bool
        var node: String?

        init(_ a: ParsedArguments) throws(UsageError) {
            guard let output = a.string(Self.outputFile) else { throw UsageError("missing -o FILE") }
            outputPath = output
            durationSeconds = try a.value(Self.duration, rule: "is not a positive number of seconds") { text in
                Double(text).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
            }
            grab = a.flag(Self.grab)
            node = a.positionals.first
        }
    }

    static func run(_ o: Options) throws -> ExitStatus {
        let outputPath = o.outputPath
        let duration = o.durationSeconds
        let loop = try EventLoop()
        let signals = try LiveDevices.stopOnSignals(loop)
        let device: LiveDevice
        if let node = o.node {
            device = try LiveDevice(path: node, grab: o.grab)
        } else {
            let devices = try LiveDevices.open([])
            guard devices.count == 1 else {
                throw UsageError("several touch devices: name one of " + devices.map(\.path).joined(separator: ", "))
            }
            device = devices[0]
        }
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
        // Times relative to the first event, as libinput record writes single-device files.
        let start = events.first?.time ?? 0
        for i in events.indices { events[i].time = events[i].time - start }
        let text = LibinputRecordWriter.write(Trace(devices: [TraceDevice(description: device.description, events: events)],
                                                    format: .libinputRecord, source: device.path))
        file.write(text)
        try Output.close(file)
        Output.stderr("edgeswipe record: \(events.count) events written to \(outputPath)")
        withExtendedLifetime((signals, timer)) {}
        return .success
    }
}

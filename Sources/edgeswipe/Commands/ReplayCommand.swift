#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeDaemon
import EdgeSwipeSystem
import Gestures
import Navigation
import TouchInput
import TouchTrace
import TouchModel
import EdgeSwipeControl

/// `edgeswipe replay FILE...`: recordings through decoder -> recognizers -> navigation.
enum ReplayCommand: Subcommand {
    static let name = "replay"
    static let summary = "Replay recordings (libinput record or evemu) through the recognizers and navigation."
    static let positionalUsage = "FILE..."
    static let positionalRange = 1...Int.max
    static let discussion = """
        The format is detected. Events-only evemu files need --device with the matching description.
        Output: one line per gesture and navigation event; --json gives JSON lines (one object per line).
        Without --stack only gestures are reported.
        """

    struct Options: CommandOptions {
        static let device = OptionSpec(name: "device", short: "d", valueName: "DESC",
                                       help: "evemu description for events-only files.")
        static let json = OptionSpec(name: "json", short: nil, valueName: nil, help: "Print JSON lines.")
        static let frames = OptionSpec(name: "frames", short: nil, valueName: nil, help: "Also print every decoded touch frame.")
        static let verbose = OptionSpec(name: "verbose", short: "v", valueName: nil,
                                        help: "Print the state machines' transitions on stderr (\"state -> event -> state\": decoder, recognizers, navigation); text output: also every changed/progress line (default: one per 10% of progress).")
        static let realtime = OptionSpec(name: "realtime", short: nil, valueName: nil, help: "Replay in recorded time instead of as fast as possible.")
        static let config = OptionSpec(name: "config", short: "c", valueName: "FILE",
                                       help: "Daemon configuration whose per-device settings (size, rotation, edges...) apply.")
        static let explain = OptionSpec(name: "explain", short: nil, valueName: nil,
                                        help: "After each stroke that started near an edge and did not become a back, print why, with the numbers the recognizer used (\"near miss\" lines; with --json, \"nearMiss\" objects).")
        static let options = [device, json, frames, verbose, realtime, explain, config, TraceLoading.strict] + PipelineOptionGroup.options

        var deviceDescription: String?
        var json: Bool
        var frames: Bool
        var verbose: Bool
        var realtime: Bool
        var explain: Bool
        var configPath: String?
        var strict: Bool
        var pipeline: PipelineOptionGroup
        var files: [String]

        init(_ a: ParsedArguments) throws(UsageError) {
            deviceDescription = a.string(Self.device)
            json = a.flag(Self.json)
            frames = a.flag(Self.frames)
            verbose = a.flag(Self.verbose)
            realtime = a.flag(Self.realtime)
            explain = a.flag(Self.explain)
            configPath = a.string(Self.config)
            strict = a.flag(TraceLoading.strict)
            pipeline = try PipelineOptionGroup(a)
            files = a.positionals
        }
    }

    static func run(_ o: Options) throws -> ExitStatus {
        var options = o.pipeline.pipelineOptions
        options.emitFrames = o.frames
        options.explainNearMisses = o.explain
        var perDevice: ((DeviceDescription) throws -> PipelineOptions)?
        if let path = o.configPath {
            let config = try DaemonConfig.load(path: path)
            let base = options
            let explicit = o.pipeline
            // The device entry that matches (as the service would pick it), then the command line's own values.
            perDevice = { device in
                var deviceOptions = try DeviceSetup(device: device, node: device.origin, kind: classify(device).kind,
                                                    reader: .recording, config: config, base: base).options
                explicit.applyExplicit(to: &deviceOptions)
                return deviceOptions
            }
        }
        let out = Output.standardOutput
        for (index, path) in o.files.enumerated() {
            let trace: TraceStream
            do {
                trace = try TraceLoading.open(path: path, description: o.deviceDescription, strict: o.strict)
            } catch {
                out.flush()
                throw error
            }
            if o.files.count > 1, !o.json {
                if index > 0 { out.line("") }
                out.line("== " + TerminalText.escaped(path))
            }
            try replay(trace, options: options, perDevice: perDevice, json: o.json, realtime: o.realtime,
                       verbose: o.verbose, out: out)
        }
        out.flush()
        return .success
    }

    static func replay(_ trace: TraceStream, options: PipelineOptions,
                       perDevice: ((DeviceDescription) throws -> PipelineOptions)? = nil, json: Bool, realtime: Bool,
                       verbose: Bool = false, out: CheckedOutput) throws {
        let session = try CommandError.naming(trace.source) {
            try ReplaySession(stream: trace, options: options, optionsForDevice: perDevice)
        }
        if verbose { session.logSink = Output.transitionSink }
        let names = trace.devices.map(\.name)
        let deviceName: (SourceID) -> String? = { names.count > 1 ? names[$0.rawValue] : nil }
        let clock = realtime ? RealtimeClock() : nil
        let showProgress = Output.stderrIsTerminal && trace.eventCount > 200_000
        var throttle = ProgressThrottle()
        session.run(sink: { output in
            if let clock, let t = output.time {
                out.flush()
                clock.wait(untilTraceTime: t)
            }
            if json {
                out.line(EventJSON.output(output, deviceName: deviceName))
            } else if verbose || throttle.shouldPrint(output) {
                out.line(EventText.output(output, deviceName: deviceName))
            }
        }, progress: showProgress ? { done, total in
            Output.stderrRaw("\r\(trace.source): \(done * 100 / max(total, 1))% of \(total) events" + (done == total ? "\n" : ""))
        } : nil)
        if let failure = session.failure {
            out.flush()
            throw failure
        }
    }
}

/// Keeps text output readable: a swipe's changed and progress lines only when progress enters a new tenth.
struct ProgressThrottle {
    private var lastGestureTenth = -1
    private var lastNavigationTenth = -1

    mutating func shouldPrint(_ output: PipelineOutput) -> Bool {
        switch output {
        case .gesture(let g, _):
            if g.phase == .changed { return Self.step(g.progress, &lastGestureTenth) }
            if g.phase == .armed || g.phase == .disarmed { return true }
            lastGestureTenth = g.phase == .began ? Int(g.progress * 10) : -1
            return true
        case .navigation(let n):
            if case .transitionProgress(let p) = n.kind { return Self.step(p, &lastNavigationTenth) }
            if case .transitionBegan = n.kind { lastNavigationTenth = 0 }
            return true
        case .frame, .nearMiss, .deviceNote, .exclusions:
            return true
        }
    }

    private static func step(_ progress: Double, _ last: inout Int) -> Bool {
        let tenth = Int((progress * 10).rounded(.down))
        guard tenth != last else { return false }
        last = tenth
        return true
    }
}

/// Sleeps so that outputs appear at their recorded time.
final class RealtimeClock {
    private let start = Monotonic.now()

    /// Sleeps until the trace time `t` has passed since the clock was made.
    func wait(untilTraceTime t: Microseconds) {
        let target = start &+ t
        let now = Monotonic.now()
        guard target > now else { return }
        let d = (target - now).rawValue
        var request = timespec(tv_sec: Int(d / 1_000_000), tv_nsec: Int(d % 1_000_000) * 1000)
        // The remainder is written back into `request`, so a retry after EINTR sleeps only what is left.
        _ = withUnsafeMutablePointer(to: &request) { p in try? SystemCall.run("nanosleep") { nanosleep(p, p) } }
    }
}

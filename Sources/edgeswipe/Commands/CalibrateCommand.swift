#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeDaemon
import EdgeSwipeSystem
import TouchInput
import TouchModel
import TouchTrace

/// `edgeswipe calibrate [DEVICE] --size WxH` or `--replay FILE`: a panel without axis resolution gets its udev hwdb
/// lines and `size` setting from a finger traced along its four edges (`EdgeTraceCalibration` says the rule).
enum CalibrateCommand: Subcommand {
    static let name = "calibrate"
    static let summary = "From a finger traced along the four edges, print the udev hwdb lines and the size setting for a panel without axis resolution."
    static let positionalUsage = "[DEVICE]"
    static let positionalRange = 0...1
    static let discussion = """
        Live: slide one finger along each edge of the screen (top, right, bottom, left); it stops when all four \
        are traced and the finger lifts, on Ctrl-C, or after --duration. --replay reads a recording of such a trace \
        instead (libinput record or evemu). --size is the panel's size in mm in its native orientation (width along \
        the panel's x axis): the output's physical size as `wayland-info` or `swaymsg -t get_outputs` print it, or \
        a ruler's. Prints the hwdb entry and the service's size setting; applies nothing. The same trace gives the \
        same text on every run. Exits 1 naming what the trace misses (an edge, too few points).
        """

    struct Options: CommandOptions {
        static let size = OptionSpec(name: "size", short: nil, valueName: "WxH", help: "The panel's size in mm, native orientation (e.g. 293x165), each side 10 to 5000 (required).")
        static let replay = OptionSpec(name: "replay", short: nil, valueName: "FILE", help: "Read the trace from a recording instead of a live device.")
        static let device = OptionSpec(name: "device", short: "d", valueName: "DESC", help: "evemu description for an events-only --replay file.")
        static let duration = OptionSpec(name: "duration", short: nil, valueName: "SECONDS", help: "Live: stop after this many seconds.")
        static let options = [size, replay, device, duration, TraceLoading.strict]

        var size: PhysicalSize
        var replayPath: String?
        var description: String?
        var durationSeconds: Double?
        var strict: Bool
        var node: String?

        init(_ a: ParsedArguments) throws(UsageError) {
            let sizeRule = "must be WxH in millimetres, each side from \(Int(PhysicalSize.minSideMM)) to \(Int(PhysicalSize.maxSideMM)), e.g. 293x165"
            guard let size = try a.value(Self.size, rule: sizeRule, { text in PhysicalSize(parsing: text).flatMap { $0.isScreenSized ? $0 : nil } }) else {
                throw UsageError("--size WxH is required: the panel's size in mm (the output's physical size, or measured)")
            }
            self.size = size
            replayPath = a.string(Self.replay)
            description = a.string(Self.device)
            durationSeconds = try a.value(Self.duration, rule: "is not a positive number of seconds") { text in
                Double(text).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
            }
            strict = a.flag(TraceLoading.strict)
            node = a.positionals.first
            if replayPath != nil && node != nil { throw UsageError("give a DEVICE or --replay FILE, not both") }
            if replayPath == nil && description != nil { throw UsageError("--device describes a --replay file") }
        }
    }

    static func run(_ o: Options) throws -> ExitStatus {
        let traced: EdgeTrace
        if let path = o.replayPath {
            let trace = try TraceLoading.read(path: path, description: o.description, strict: o.strict)
            if trace.devices.count > 1 {
                Output.stderr("edgeswipe calibrate: \(path) has \(trace.devices.count) devices; using the first, \(trace.devices[0].description.label)")
            }
            traced = try CommandError.naming(path) { try EdgeTrace(trace.devices[0], size: o.size) }
        } else {
            traced = try liveTrace(o)
        }
        let fit: EdgeTraceCalibration
        do {
            fit = try EdgeTraceCalibration.fit(device: traced.description, positions: traced.positions, size: o.size)
        } catch {
            Output.stderr("edgeswipe calibrate: " + TerminalText.escaped(error.description))
            return .failure
        }
        for note in fit.notes { Output.stderr("edgeswipe calibrate: note: " + TerminalText.escaped(note)) }
        Output.stdout("""
            # udev hwdb: put this in /etc/udev/hwdb.d/61-evdev-local.hwdb, then run
            #   systemd-hwdb update && udevadm trigger /dev/input/eventN
            \(fit.hwdbText)
            # Or, exact and without udev, in the service's configuration (/etc/edgeswipe/edgeswipe.yaml):
            \(fit.sizeSetting)
            """)
        return .success
    }

    /// A live device's contacts until all four edges are traced and the finger lifts.
    static func liveTrace(_ o: Options) throws -> EdgeTrace {
        let loop = try EventLoop()
        let signals = try LiveDevices.stopOnSignals(loop)
        let device: LiveDevice
        if let node = o.node {
            device = try LiveDevice(path: node, grab: false)
        } else {
            let devices = try LiveDevices.open([])
            guard devices.count == 1 else {
                throw UsageError("several touch devices: name one of " + devices.map(\.path).joined(separator: ", "))
            }
            device = devices[0]
        }
        var traced = try CommandError.naming(device.path) {
            try EdgeTrace(TraceDevice(description: device.description), size: o.size)
        }
        Output.stderr("edgeswipe calibrate: slide one finger along each edge of the screen of \(device.path) \"\(device.description.name)\": top, right, bottom and left")
        var said: Set<EdgeTraceCalibration.Edge> = []
        let registration = LoopRegistration(loop: loop, descriptor: device.fileDescriptor, name: device.path, ownership: .borrowed)
        try registration.register(events: .readable) { _ in
            do {
                var outcome: ReadOutcome
                repeat {
                    outcome = try device.read(limit: 4096) { event in
                        // Checked at each lift only: the coverage reads every position so far.
                        guard traced.feed(event), traced.fingerUp else { return }
                        let done = traced.tracedEdges
                        for edge in EdgeTraceCalibration.Edge.allCases where done.contains(edge) && !said.contains(edge) {
                            said.insert(edge)
                            Output.stderr("edgeswipe calibrate: the \(edge.rawValue) edge is traced (\(said.count) of 4)")
                        }
                        if said.count == 4 { loop.stop() }
                    }
                } while outcome == .limitReached
                if outcome == .unplugged {
                    Output.stderr("edgeswipe calibrate: \(device.path) went away")
                    loop.stop()
                }
            } catch {
                Output.stderr("edgeswipe calibrate: \(error)")
                loop.stop()
            }
        }
        var timer: DeadlineTimer?
        if let duration = o.durationSeconds {
            timer = try DeadlineTimer(loop: loop) { _ in loop.stop() }
            try timer?.arm(at: Monotonic.now() + Microseconds(seconds: duration))
        }
        try loop.run()
        registration.close()
        device.close()
        withExtendedLifetime((signals, timer)) {}
        return traced
    }
}

/// The touch positions of a trace in device units, from the decoder's frames (either protocol, single touch).
struct EdgeTrace {
    let description: DeviceDescription
    private var decoder: MultitouchDecoder
    private(set) var positions: [(x: Int32, y: Int32)] = []
    private(set) var fingerUp = true
    /// Bounded: a trace of the four edges at 240 Hz for ten minutes.
    static let maxPositions = 240 * 600

    init(_ device: TraceDevice, size: PhysicalSize) throws {
        description = device.description
        // The size only names millimetres the fit does not use: the fit reads device units.
        decoder = MultitouchDecoder(device: device.description, geometry: try SurfaceGeometry(device: device.description, configuredSize: size))
        for event in device.events { _ = feed(event) }
    }

    /// Feeds one event; true when it ended a frame.
    mutating func feed(_ event: InputEvent) -> Bool {
        guard let frame = decoder.feed(event) else { return false }
        for c in frame.contacts where c.isActive && positions.count < Self.maxPositions {
            positions.append((c.deviceX, c.deviceY))
        }
        fingerUp = frame.activeCount == 0
        return true
    }

    var tracedEdges: Set<EdgeTraceCalibration.Edge> {
        Set(EdgeTraceCalibration.coverage(positions).filter { $0.value >= EdgeTraceCalibration.coveredBins }.keys)
    }
}

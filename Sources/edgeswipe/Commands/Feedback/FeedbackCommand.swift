#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeControl
import EdgeSwipeFeedback
import EdgeSwipeHaptics
import EdgeSwipeSystem
import EdgeSwipeWayland
import Gestures
import TouchModel

/// `edgeswipe feedback`: the per-user process of the graphical session that shows the back swipe (issue 25).
/// It observes the service's back gestures as a back handler with priority `observer` and draws the back arrow
/// over whatever is on the screen (a wlr-layer-shell overlay that takes no input). No privilege: it needs the
/// control socket (group `edgeswipe`) and the user's Wayland display; it ends when the display goes away.
enum FeedbackCommand: Subcommand {
    static let name = "feedback"
    static let summary = "Show the back swipe in the graphical session: the back arrow at the edge, following the finger."
    static let positionalUsage = ""
    static let positionalRange = 0...0
    static let discussion = """
        Runs as the user inside the Wayland session (the systemd user unit edgeswipe-feedback.service starts it
        with the session). It registers with the service as a back observer, so it sees every back swipe without
        taking one, and reconnects whenever the service restarts. On a compositor without wlr-layer-shell
        (GNOME) it says so once and draws nothing. It exits 0 when the Wayland display goes away (the session
        ended). It also reports every output's transform and size to the service (reportOutput) when it connects
        and whenever an output changes, so `rotation: auto` follows the screen without a compositor hook;
        --no-report-outputs leaves that to a hook that runs `edgeswipe report-output`. See docs/feedback.md.
        """

    struct Options: CommandOptions {
        static let socket = OptionSpec(name: "socket", short: nil, valueName: "PATH",
                                       help: "The service's control socket (default \(defaultSocket)).")
        static let display = OptionSpec(name: "display", short: nil, valueName: "NAME",
                                        help: "Wayland display to draw on (default: $WAYLAND_DISPLAY).")
        static let output = OptionSpec(name: "output", short: "o", valueName: "NAME",
                                       help: "The output the touchscreen maps to, e.g. DSI-1 (default: the only or first output).")
        static let verbose = OptionSpec(name: "verbose", short: "v", valueName: nil,
                                        help: "Print each arrow picture committed, as a JSON line (time, frame latency, place).")
        static let haptics = OptionSpec(name: "haptics", short: nil, valueName: "feedbackd|evdev:PATH|off",
                                        help: "Where the arm and disarm are felt: feedbackd on the session bus (default), force feedback on an evdev vibrator, or off.")
        static let hapticPulse = OptionSpec(name: "haptic-pulse-ms", short: nil, valueName: "MS",
                                            help: "The evdev pulse (default \(HapticsChoice.defaultPulseMs) ms, 15-1000) for --haptics evdev:PATH.")
        static let noReportOutputs = OptionSpec(name: "no-report-outputs", short: nil, valueName: nil,
                                                help: "Do not report the outputs' transforms and sizes to the service (a compositor hook reports them).")
        static let options = [socket, display, output, haptics, hapticPulse, noReportOutputs, verbose]

        var socketPath: String
        var displayName: String?
        var outputName: String?
        var verbose: Bool
        var reportOutputs: Bool
        var haptics: HapticsChoice

        init(_ a: ParsedArguments) throws(UsageError) {
            socketPath = a.string(Self.socket) ?? defaultSocket
            displayName = a.string(Self.display)
            outputName = a.string(Self.output)
            verbose = a.flag(Self.verbose)
            reportOutputs = !a.flag(Self.noReportOutputs)
            do {
                haptics = try HapticsChoice.parse(a.string(Self.haptics) ?? "feedbackd", pulseMs: a.string(Self.hapticPulse))
            } catch {
                throw UsageError(error.description)
            }
            if socketPath.isEmpty { throw UsageError("--socket must not be empty") }
            if outputName?.isEmpty == true { throw UsageError("--output must not be empty") }
        }
    }

    static let defaultSocket = "/run/edgeswipe/control.sock"

    static func run(_ o: Options) throws -> ExitStatus {
        try SignalMask.block([SIGTERM, SIGINT])
        let loop = try EventLoop()
        let signals = try SignalSource(loop: loop, signals: [SIGTERM, SIGINT]) { _ in loop.stop() }
        let display = try WaylandDisplay(name: o.displayName)
        if !display.hasLayerShell {
            say("the compositor has no wlr-layer-shell (GNOME has none): no arrow is drawn; the back is still observed")
        }
        let overlay = ArrowOverlay(display: display, outputName: o.outputName)
        let haptics = makeHaptics(o.haptics, loop: loop)
        overlay.onProblem = say
        if o.verbose { overlay.onCommit = { Output.stdout(FeedbackJSON.commit($0)) } }
        var sessionEnded = false
        try display.attach(to: loop) { why in
            say("the Wayland display went away (\(why)): the session is over")
            sessionEnded = true
            loop.stop()
        }
        var reporter = OutputReporter()
        var screen = ScreenFacts(output: o.outputName)
        let connection = try ObserverConnection(loop: loop, path: o.socketPath, say: say) { line -> DroppedLines.Reason? in
            if o.reportOutputs, let problem = reporter.answer(line) { say(problem) }
            defer { display.flush() }
            switch screen.take(line) {
            case .changed:
                overlay.screenSize = screen.screenSize ?? overlay.screenSize
                return nil
            case .outOfRange(let what): return .outOfRange(detail: what)
            case .unchanged: break
            }
            switch FeedbackLines.read(line) {
            case .observation(let observation):
                // Felt first: the haptic call is the more urgent, and it never blocks (an asynchronous bus call).
                haptics?.observe(observation, now: loop.now)
                overlay.observe(observation)
            case .outOfRange(let what): return .outOfRange(detail: what)
            case .other: break
            }
            return nil
        }
        if o.reportOutputs {
            var namelessSaid = false
            func outputs() -> [OutputReport] {
                let infos = display.outputInfos
                if !namelessSaid, infos.contains(where: { $0.name == nil && $0.modeWidth > 0 }) {
                    say("the compositor names no outputs (wl_output before version 4): they are not reported; "
                        + "use edgeswipe report-output from a compositor hook")
                    namelessSaid = true
                }
                return infos.compactMap(FeedbackOutputs.report)
            }
            func send(_ reports: [OutputReport]) {
                for report in reports {
                    do {
                        try connection.send(OutputReporter.request(report))
                        say("reported output \(FeedbackOutputs.describe(report))")
                    } catch {
                        connection.disconnect(because: "\(error)")
                        return
                    }
                }
            }
            connection.onConnected = { send(reporter.connected(outputs())) }
            connection.onDisconnected = { reporter.disconnected() }
            display.observeOutputs { send(reporter.outputsChanged(outputs())) }
        }
        connection.start()
        try loop.run()
        withExtendedLifetime((signals, connection, overlay, haptics)) {}
        if !sessionEnded { say("stopped") }
        return .success
    }

    /// The haptics as chosen; nil when off, or when the output cannot be had (said once: the arrow goes on).
    static func makeHaptics(_ choice: HapticsChoice, loop: EventLoop) -> Haptics? {
        do throws(HapticsError) {
            switch choice {
            case .off: return nil
            case .feedbackd: return Haptics(output: try FeedbackdHaptics(loop: loop, report: say))
            case .evdev(let path, let pulse): return Haptics(output: try EvdevRumble(path: path, pulse: pulse, report: say))
            }
        } catch {
            say("no haptics: \(error)")
            return nil
        }
    }

    static func say(_ message: String) {
        Output.stderr("edgeswipe feedback: " + message)
    }
}

/// The outputs as `edgeswipe feedback` reports them.
enum FeedbackOutputs {
    static func report(_ info: OutputInfo) -> OutputReport? {
        OutputReporter.report(name: info.name, transform: info.transform, physicalWidthMM: info.physicalWidthMM,
                              physicalHeightMM: info.physicalHeightMM, modeWidth: info.modeWidth,
                              modeHeight: info.modeHeight, scale: info.scale)
    }

    /// For the log: `HEADLESS-1: transform 90, 344x194 mm, 1280x720 px, scale 1`.
    static func describe(_ r: OutputReport) -> String {
        var text = "\(r.output): transform \(r.orientation.name)"
        if let w = r.widthMM, let h = r.heightMM { text += ", \(Int(w))x\(Int(h)) mm" }
        if let w = r.widthPixels, let h = r.heightPixels { text += ", \(w)x\(h) px" }
        if let s = r.scale { text += ", scale \(Int(s))" }
        return text
    }
}

/// `--verbose`'s lines.
enum FeedbackJSON {
    static func commit(_ c: ArrowCommit) -> String {
        var o: [String: JSONValue] = ["type": .string("arrowCommitted"), "committed": .number(c.committed.seconds)]
        if let frame = c.frameTime {
            o["frameTime"] = .number(frame.seconds)
            o["latencyMS"] = .number(c.committed > frame ? (c.committed - frame).milliseconds : 0)
        }
        if let pose = c.pose {
            o["gestureId"] = .integer(Int64(pose.gestureID))
            o["side"] = .string(pose.side.rawValue)
            o["armed"] = .bool(pose.armed)
            o["progress"] = .number(pose.progress)
            o["presence"] = .number(pose.presence)
            o["centreY"] = .number(c.centreY)
            o["reach"] = .number(c.reach)
        } else {
            o["hidden"] = .bool(true)
        }
        return String(decoding: JSONValue.object(o).encodedLine(), as: UTF8.self)
    }
}

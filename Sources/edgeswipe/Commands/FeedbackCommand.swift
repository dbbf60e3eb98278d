import EdgeSwipeControl
import EdgeSwipeHaptics
import EdgeSwipeSession

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
        --no-report-outputs leaves that to a hook that runs `edgeswipe report-output`. And it reports the focused
        window (app_id, title, pid and the toolkit read from the app's /proc/PID/maps) whenever it changes
        (reportFocus, at most one a frame), so a back no client takes reaches the app with the key its toolkit
        understands; --focus chooses where the focus is read from, and says once which. See docs/feedback.md.
        """

    struct Options: CommandOptions {
        static let socket = OptionSpec(name: "socket", short: nil, valueName: "PATH",
                                       help: "The service's control socket (default \(ControlProtocol.defaultSocketPath)).")
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
        static let focus = OptionSpec(name: "focus", short: nil, valueName: FocusChoice.valueNames,
                                      help: "Where the focused window is read from, for the service's back routing (reportFocus): auto (default: sway IPC when $SWAYSOCK is set, else wlr-foreign-toplevel, else Hyprland's socket, else the GNOME Shell extension or the KWin script), one of them, or none.")
        static let showBands = OptionSpec(name: "show-bands", short: nil, valueName: nil,
                                          help: "Draw the edge bands swipes start in, at their width in mm, over the output (touches pass through); redrawn when the service's configuration changes them. Needs wlr-layer-shell.")
        static let options = [socket, display, output, haptics, hapticPulse, noReportOutputs, focus, showBands, verbose]

        var session: SessionOptions

        init(_ a: ParsedArguments) throws(UsageError) {
            let haptics: HapticsChoice
            do {
                haptics = try HapticsChoice.parse(a.string(Self.haptics) ?? "feedbackd", pulseMs: a.string(Self.hapticPulse))
            } catch {
                throw UsageError(error.description)
            }
            let focusName = a.string(Self.focus) ?? "auto"
            guard let focus = FocusChoice(rawValue: focusName) else {
                throw UsageError("--focus must be one of \(FocusChoice.valueNames), got '\(focusName)'")
            }
            session = SessionOptions(socketPath: a.string(Self.socket) ?? ControlProtocol.defaultSocketPath,
                                     displayName: a.string(Self.display), outputName: a.string(Self.output),
                                     verbose: a.flag(Self.verbose), reportOutputs: !a.flag(Self.noReportOutputs), haptics: haptics,
                                     focus: focus, showBands: a.flag(Self.showBands))
            if session.socketPath.isEmpty { throw UsageError("--socket must not be empty") }
            if session.outputName?.isEmpty == true { throw UsageError("--output must not be empty") }
        }
    }

    static func run(_ o: Options) throws -> ExitStatus {
        try SessionProgram(options: o.session, say: { Output.stderr("edgeswipe feedback: " + $0) }, print: Output.stdout).run()
        return .success
    }
}

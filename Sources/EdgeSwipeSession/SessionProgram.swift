#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeBus
import EdgeSwipeControl
import EdgeSwipeFeedback
import EdgeSwipeHaptics
import EdgeSwipeSystem
import Gestures
import EdgeSwipeWayland
import TouchModel

/// `edgeswipe feedback`'s program: the per-user process of the graphical session that shows and plays the back
/// swipe (issue 25). One event loop carries the Wayland display (the arrow overlay), the haptics, the signals and the
/// reconnecting connection to the service (`ServiceConnection`, a back observer subscribed to the screens); each
/// line from the service goes to the screen facts, the output reporter, the haptics and the arrow, in that order.
/// It ends when the Wayland display goes away (the session is over) or on SIGTERM/SIGINT.
public final class SessionProgram {
    let options: SessionOptions
    let say: (String) -> Void
    /// A line of `--verbose` (standard output).
    let printLine: (String) -> Void
    let loop: EventLoop
    let display: WaylandDisplay
    /// The layer-shell overlay where the compositor has wlr-layer-shell, else (GNOME) the Shell extension's arrow.
    var arrow: BackArrowSurface?
    /// The band preview (--show-bands), where the compositor has wlr-layer-shell.
    var bandOverlay: BandOverlay?
    /// The user's session bus, made on first use (the GNOME Shell extension), kept for the program's life.
    private var sessionBusConnection: BusConnection?
    private var sessionBusFailed = false
    var haptics: Haptics?
    var connection: ServiceConnection?
    /// The focused window's reports (issue 35); nil with --focus none or no source.
    var focus: SessionFocus?
    var reporter = OutputReporter()
    var screen: ScreenFacts
    var notices = SayOnce()
    var sessionEnded = false

    /// What each connection sends after its registration: the screens as they change (a turn, a panel plugged in:
    /// the arrow's scale), and, with `state`, as they are now.
    public static let greeting = [
        ControlRequest(id: .integer(2), command: .subscribe([.screens])),
        ControlRequest(id: .integer(3), command: .state),
    ]

    /// `say`: a line for the journal (standard error); `print`: a line of `--verbose` (standard output).
    public init(options: SessionOptions, say: @escaping (String) -> Void, print: @escaping (String) -> Void) throws {
        self.options = options
        self.say = say
        printLine = print
        try SignalMask.block([SIGTERM, SIGINT])
        loop = try EventLoop()
        display = try WaylandDisplay(name: options.displayName)
        screen = ScreenFacts(output: options.outputName)
        let onCommit: ((ArrowCommit) -> Void)? = options.verbose ? { print(ArrowCommitJSON.line($0)) } : nil
        if display.hasLayerShell {
            let overlay = ArrowOverlay(display: display, outputName: options.outputName)
            overlay.onProblem = say
            overlay.onCommit = onCommit
            arrow = overlay
            say("arrow: wlr-layer-shell overlay")
        } else if ShellExtension.isGNOME(currentDesktop: getenv("XDG_CURRENT_DESKTOP").map { String(cString: $0) }),
                  let bus = sessionBus() {
            let shellArrow = try ShellArrow(bus: bus, loop: loop, outputs: { [display] in display.outputInfos },
                                            outputName: options.outputName, say: say)
            shellArrow.onProblem = say
            shellArrow.onCommit = onCommit
            arrow = shellArrow
        } else {
            say("the compositor has no wlr-layer-shell and the session is not GNOME's: no arrow is drawn; the back is still observed")
        }
        haptics = SessionHaptics.make(options.haptics, loop: loop, say: say)
        if options.showBands {
            if display.hasLayerShell {
                let bands = BandOverlay(display: display, outputName: options.outputName)
                bands.onChange = { strips in
                    say(strips.isEmpty ? "bands: none shown" : "bands: " + strips.map { "\($0.edge.rawValue) \($0.widthMM) mm = \($0.thickness) px" }.joined(separator: ", "))
                }
                bandOverlay = bands
            } else {
                say("--show-bands needs wlr-layer-shell, which this compositor does not have: no bands are drawn")
            }
        }
    }

    /// The session bus (nil, said once, when it cannot be had).
    func sessionBus() -> BusConnection? {
        if let sessionBusConnection { return sessionBusConnection }
        guard !sessionBusFailed else { return nil }
        do {
            let bus = try BusConnection(loop: loop, bus: .user)
            bus.onProblem = { [unowned self] problem in
                if case .closed(let errno) = problem { say("the session bus went away (\(errno)): no arrow and no focus from the GNOME Shell extension") }
            }
            sessionBusConnection = bus
            return bus
        } catch {
            sessionBusFailed = true
            say("no session bus (\(error)): the GNOME Shell extension cannot be reached")
            return nil
        }
    }

    /// Runs until the display goes away or a signal stops it.
    public func run() throws {
        let loop = self.loop
        let signals = try SignalSource(loop: loop, signals: [SIGTERM, SIGINT]) { _ in loop.stop() }
        try display.attach(to: loop) { [unowned self] why in
            say("the Wayland display went away (\(why)): the session is over")
            sessionEnded = true
            loop.stop()
        }
        let connection = try ServiceConnection(loop: loop, path: options.socketPath, greeting: Self.greeting, say: say) {
            [unowned self] line in take(line)
        }
        self.connection = connection
        if options.verbose { connection.onTransition = { [unowned self] in printLine(ConnectionTransitionJSON.line($0)) } }
        focus = SessionFocus.start(options.focus, loop: loop, display: display, sessionBus: { [unowned self] in sessionBus() },
                                   say: say, print: options.verbose ? printLine : nil) {
            [unowned connection] in connection.send($0)
        }
        connection.onConnected = { [unowned self] in
            if options.reportOutputs { send(reporter.connected(outputs())) }
            focus?.reporter.connected()
        }
        connection.onDisconnected = { [unowned self] in
            if options.reportOutputs { reporter.disconnected() }
            focus?.reporter.disconnected()
        }
        if options.reportOutputs {
            display.observeOutputs { [unowned self] in send(reporter.outputsChanged(outputs())) }
        }
        connection.start()
        try loop.run()
        withExtendedLifetime((signals, connection)) {}
        if !sessionEnded { say("stopped") }
    }

    /// One line from the service; what it returns (a line out of range) is dropped as the connection's DroppedLines says.
    func take(_ line: ServiceLine) -> DroppedLines.Reason? {
        if options.reportOutputs, let problem = reporter.answer(line) { say(problem) }
        focus?.reporter.answer(line)
        defer { display.flush() }
        switch screen.take(line) {
        case .changed:
            if let arrow { arrow.screenSize = screen.screenSize ?? arrow.screenSize }
            bandOverlay?.show(screen.bands, screen: screen.screenSize)
            return nil
        case .outOfRange(let what): return .outOfRange(detail: what)
        case .unchanged: break
        }
        switch FeedbackLines.read(line) {
        case .observation(let observation):
            // Felt first: the haptic call is the more urgent, and it never blocks (an asynchronous bus call).
            haptics?.observe(observation, now: loop.now)
            arrow?.observe(observation)
        case .outOfRange(let what): return .outOfRange(detail: what)
        case .other: break
        }
        return nil
    }

    /// The compositor's outputs as reports; a compositor that names none is said once.
    func outputs() -> [OutputReport] {
        let infos = display.outputInfos
        if infos.contains(where: { $0.name == nil && $0.modeWidth > 0 }) {
            notices.say("nameless outputs", "the compositor names no outputs (wl_output before version 4): they are not reported; "
                        + "use edgeswipe report-output from a compositor hook", to: say)
        }
        return infos.compactMap(SessionOutputs.report)
    }

    /// The reports, each said; a failed send loses the connection (it is tried again), and the rest wait for it.
    func send(_ reports: [OutputReport]) {
        for report in reports {
            guard connection?.send(OutputReporter.request(report)) == true else { return }
            say("reported output \(SessionOutputs.describe(report))")
        }
    }
}

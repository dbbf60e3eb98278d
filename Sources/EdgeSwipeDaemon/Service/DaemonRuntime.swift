#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeSystem
import Gestures
import TouchInput
import TouchModel
import EdgeSwipeControl

/// The service's building blocks on one event loop: signals, the deadline timer, the configuration and its
/// reload, the control socket, actions, JSON output and sd_notify. Devices and the recognizer/navigation
/// pipeline are registered on `loop` by whoever wires `edgeswipe run` (see docs/daemon.md, "Wiring").
///
/// Call `ServiceSignals.blockSignals()` in a synchronous main before creating it.
package final class DaemonRuntime {
    package let loop: EventLoop
    package let log: DaemonLog
    package let config: ConfigStore
    package let notifier: SystemdNotifier
    package let deadlineTimer: DeadlineTimer
    package let commands: CommandRunner
    package let actions: ActionRunner
    package private(set) var control: ControlServer?
    package private(set) var printer: JSONLinePrinter?
    private var signals: SignalSource?
    private let stdoutFD: Int32

    /// A SIGHUP reload put a new configuration in force: rebuild per-device settings and recognizers.
    /// Not called when the new file was invalid (the old configuration stays).
    package var onConfigApplied: ((DaemonConfig) -> Void)?
    /// SIGTERM or SIGINT: the loop stops after this returns.
    package var onStop: (() -> Void)?

    /// Loads nothing itself: pass a `ConfigStore` (its first load must already have succeeded).
    /// `handler` receives control commands (the navigation controller); nil answers them `unavailable`.
    package init(config: ConfigStore, handler: (any ControlCommandHandler)?, log: DaemonLog,
                notifier: SystemdNotifier = .fromEnvironment(), stdoutFD: Int32 = 1,
                passedControl: FileDescriptor? = nil) throws {
        self.loop = try EventLoop()
        self.log = log
        self.config = config
        self.notifier = notifier
        self.stdoutFD = stdoutFD
        commands = CommandRunner(log: log)
        actions = ActionRunner(log: log, commands: commands)
        deadlineTimer = try DeadlineTimer(loop: loop)
        let current = config.current
        // A socket passed by systemd (edgeswipe.socket) is served even when the configuration names none.
        if let path = current.socket.path ?? passedControl.map({ _ in "the socket passed by systemd" }) {
            control = try ControlServer(loop: loop, options: try ControlServer.Options(current.socket, path: path),
                                        handler: handler, log: log, passed: passedControl)
        }
        if current.printJSON { printer = try JSONLinePrinter(loop: loop, fd: stdoutFD, log: log) }
        signals = try SignalSource(loop: loop, signals: ServiceSignals.all) { [unowned self] signo in self.handleSignal(signo) }
    }

    /// Every rule that applies to a device: its settings' actions (defaults overlaid with its entry).
    package func rules(forEntry index: Int?) -> [ActionRule] { config.current.settings(forEntry: index).actions ?? [] }

    /// More receivers of every published event (e.g. the HTTP bridge's `HTTPEndpoint.publish`).
    private var extraSinks: [(ControlEvent) -> Void] = []

    package func addEventSink(_ sink: @escaping (ControlEvent) -> Void) { extraSinks.append(sink) }

    /// Sends an event to subscribed control clients, extra sinks and, with print_json, stdout (not an event
    /// for one client: that is the client's own business).
    package func publish(_ event: ControlEvent) {
        control?.publish(event)
        for sink in extraSinks { sink(event) }
        if event.recipient == nil { printer?.print(event.line) }
    }

    /// Whether an event of this class would reach anyone: printed lines, extra sinks, or a subscribed client.
    /// Events come every frame while a finger moves; with nobody listening they are not encoded at all.
    package func wantsEvents(of eventClass: EventClass) -> Bool {
        printer != nil || !extraSinks.isEmpty || control?.hasSubscribers(to: eventClass) == true
    }

    /// A recognizer report: published (when anyone listens). Actions run on the hand-off (`handOff`) only.
    package func handleGesture(_ event: GestureEvent, device: String?) {
        if wantsEvents(of: .gesture) { publish(ControlEvent.gesture(event, device: device)) }
    }

    /// A stroke's near miss: to subscribers of `nearMiss` (and extra sinks that take their classes), not printed
    /// with print_json, whose lines stay the gesture and navigation lines `replay --json` prints.
    package func handleNearMiss(_ miss: NearMiss, device: String?) {
        guard !extraSinks.isEmpty || control?.hasSubscribers(to: .nearMiss) == true else { return }
        let event = NearMissJSON.event(miss, device: device)
        control?.publish(event)
        for sink in extraSinks { sink(event) }
    }

    /// A report of a gesture nobody on the screen took (BackDispatcher's hand-off): the device's actions run.
    package func handOff(_ event: GestureEvent, rules: [ActionRule]) {
        actions.perform(event, rules: rules)
    }

    /// A handed-off back gesture's report with the route chosen for it: the route's action on completion, else
    /// the rules (ActionRunner.perform(_:rules:route:)).
    package func handOff(_ event: GestureEvent, rules: [ActionRule], route: RouteDecision) {
        actions.perform(event, rules: rules, route: route)
    }

    /// Tells systemd the service is ready, then runs the loop until SIGTERM/SIGINT.
    package func run(status: String? = nil) throws {
        do { try notifier.ready(status: status) } catch { log.warning("sd_notify READY=1: \(error)") }
        try loop.run()
    }

    /// What SIGHUP does, callable directly (tests, a future `reload` command).
    @discardableResult
    package func reloadConfiguration() -> ConfigStore.ReloadOutcome {
        do { try notifier.reloading(now: loop.now) } catch { log.warning("sd_notify RELOADING=1: \(error)") }
        let outcome = config.reload()
        switch outcome {
        case .applied:
            log.info("\(outcome)")
            applyOutputSetting()
            onConfigApplied?(config.current)
        case .unchanged:
            log.info("\(outcome)")
        case .kept:
            log.error("\(outcome)")
        }
        publish(ControlEvent.diagnostic(code: outcome.code, message: outcome.description, time: loop.now))
        do { try notifier.ready(status: outcome.code) } catch { log.warning("sd_notify READY=1: \(error)") }
        return outcome
    }

    /// print_json can change on reload: start or stop printing to stdout.
    private func applyOutputSetting() {
        if config.current.printJSON, printer == nil {
            do { printer = try JSONLinePrinter(loop: loop, fd: stdoutFD, log: log) } catch { log.error("print_json: \(error)") }
        } else if !config.current.printJSON {
            printer = nil
        }
    }

    private func handleSignal(_ signo: Int32) {
        switch signo {
        case SIGTERM, SIGINT:
            log.info("signal \(signo): stopping")
            do { try notifier.stopping() } catch { log.warning("sd_notify STOPPING=1: \(error)") }
            onStop?()
            control?.shutdown()
            loop.stop()
        case SIGHUP:
            reloadConfiguration()
        case SIGCHLD:
            commands.reap()
        default:
            log.warning("unexpected signal \(signo)")
        }
    }
}

extension ConfigStore.ReloadOutcome {
    /// The diagnostic code clients see.
    package var code: String {
        switch self {
        case .applied: return "configReloaded"
        case .unchanged: return "configUnchanged"
        case .kept: return "configRejected"
        }
    }
}

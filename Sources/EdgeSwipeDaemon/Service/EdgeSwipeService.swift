#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeSystem
import Gestures
import Navigation
import TouchInput
import TouchModel
import TouchTrace
import EdgeSwipeControl

/// `edgeswipe run`: the runtime (signals, configuration and reload, control socket, actions, sd_notify), one
/// `LiveSession` for every source of touches, and the sources: devices udev tags (with hotplug) or those
/// named, libinput touchscreens, and a recording played in recorded time. One table of device records says
/// what each session source is. Loop thread only.
public final class EdgeSwipeService {
    /// What the service knows about one source of its session.
    struct DeviceRecord {
        /// The device node, or nil for a recording's device (its gestures name no device, as in a replay).
        var node: String?
        /// The classification its configuration entry is matched with.
        var kind: DeviceKind
        /// What it is set up with: who reads it (libevdev, libinput, a recording), its entry (whose actions it has),
        /// pipeline options and ownership. Replaced by a reload.
        var setup: DeviceSetup
        /// An owned device's clone (ownership mode): the device is grabbed, and the session forwards to it.
        var clone: UInputClone?
        /// Why ownership was asked for but could not be had (the device is read without it), or nil.
        var ownershipRefusal: String?

        init(node: String?, kind: DeviceKind, setup: DeviceSetup, clone: UInputClone? = nil, ownershipRefusal: String? = nil) {
            self.node = node
            self.kind = kind
            self.setup = setup
            self.clone = clone
            self.ownershipRefusal = ownershipRefusal
        }
    }

    let runtime: DaemonRuntime
    let session: LiveSession
    /// The answer to control commands, by family: navigation's, and the screens' (this service). The control
    /// server and the HTTP bridge hold it weakly.
    let commands: ControlRouter
    /// Back routing: the focus the session reports and each hand-off's route (EdgeSwipeService+Routes).
    let focus: FocusRouting
    let log: DaemonLog
    let store: ConfigStore
    let options: ServiceOptions
    /// The pipeline options every device starts from: the stack and navigation's settings.
    let base: PipelineOptions
    /// Every source of the session the service knows: the one table of device records.
    var devices: [SourceID: DeviceRecord] = [:]
    /// The outputs the session side reported (`reportOutput`): what `rotation: auto` follows; and the
    /// accelerometer's turn, what `rotation: accelerometer` follows.
    var outputs = ReportedOutputs()
    /// iio-sensor-proxy on the system bus, while the configuration has `rotation: accelerometer`.
    var accelerometer: SensorProxyClient?
    /// Nodes not used for want of a size (axes without resolution, no `size` setting), with their udev properties:
    /// opened again when an output's size is reported (`offerUnsizedAgain`). Emptied at each such report.
    var awaitingSize: [String: [String: String]] = [:]
    /// Pen nodes seen (named, or tagged by udev as tablets) with their udev properties: each is opened when it pairs
    /// with a used touch device (EdgeSwipeService+Pens), and offered again when touch devices come and go.
    var knownPens: [String: [String: String]] = [:]
    /// What was last said of each unpaired pen node, so a hotplug that changes nothing says nothing again.
    var penNotes: [String: String] = [:]
    /// The udev properties of the touchscreens handed to libinput, by node: libinput keeps them to itself, and the
    /// pen pairing rule reads LIBINPUT_DEVICE_GROUP from them first (EdgeSwipeService+Pens).
    var libinputUdevProperties: [String: [String: String]] = [:]
    var libinput: LibinputTouchSource?
    var watcher: UdevTagWatcher?
    private(set) var http: HTTPEndpoint?
    private(set) var replay: ReplayFeeder?
    /// The screens last sent to subscribers of `screens`, and the waker that looks again (EdgeSwipeService+Screens).
    var publishedScreens: JSONValue = .null
    /// The content back's queries out (EdgeSwipeService+Content).
    var contentQueries = ContentQueryTable()
    var screensKick: LoopWaker?

    /// Builds and opens everything: after it returns, devices are read and the socket is listening, and
    /// `run()` serves. Call `ServiceSignals.blockSignals()` first, before any thread exists.
    public init(options: ServiceOptions) throws(ServiceStartError) {
        self.options = options
        log = DaemonLog(minimum: options.verbose ? .debug : .info)
        focus = FocusRouting(log: log)
        if let path = options.socketPath, let problem = SocketConfig.problem(withPath: path) {
            throw .usage("--socket \"\(path)\": \(problem)")
        }
        // Sockets from systemd (edgeswipe.socket, edgeswipe-http.socket), taken before any thread starts.
        let passed: PassedSockets
        do { passed = try SocketActivation.takeFromEnvironment() } catch { throw .failed("\(error)") }
        do {
            let socketPath = options.socketPath
            store = try ConfigStore(path: options.configPath) { config in
                if let socketPath { config.socket.path = socketPath }
            }
        } catch {
            throw .failed("\(error)")
        }
        var base = PipelineOptions()
        base.stack = options.stack
        // Near misses are found at the recognizers' decisions only (no per-frame cost) and sent to `nearMiss`
        // subscribers (DaemonRuntime.handleNearMiss).
        base.explainNearMisses = true
        self.base = base
        let httpOptions = try Self.httpOptions(options, config: store.current.http)  // a bad token file stops here
        // The start order: the runtime and the session are made (the session sends nothing yet); then the session's
        // outputs go to this service, navigation's first events (the initial stack) first; then the HTTP bridge, the
        // replay and the devices, whose events follow.
        do {
            let navigation = NavigationSession(screens: options.stack, config: base.navigation,
                                               popRecognizer: base.popRecognizer, now: Monotonic.now())
            let handler = NavigationCommandHandler(session: navigation)
            commands = ControlRouter(navigation: handler)
            runtime = try DaemonRuntime(config: store, handler: commands, log: log, passedControl: passed.control)
            session = try LiveSession(loop: runtime.loop, timer: runtime.deadlineTimer, options: base, navigation: navigation)
            handler.afterChange = { [unowned session] in session.navigationChanged() }
        } catch {
            throw .failed("\(error)")
        }
        // --verbose: the state machines' transitions, as debug lines (nil otherwise: none is formatted).
        session.logSink = log.transitionSink
        session.onBackDelivery = { [unowned self] d, source in self.backDelivered(d, from: source) }
        session.start(output: { [unowned self] output in self.output(output) })
        session.onUnplug = { [unowned self] id, path in self.unplugged(id, path: path) }
        runtime.onConfigApplied = { [unowned self] config in self.configApplied(config) }
        commands.screens.target = self  // weak: also while the service goes
        if let navigation = session.navigation { startBackRouting(navigation) }
        startContent()
        commands.navigation?.screens = { [unowned self] in self.screens() }
        if let httpOptions {
            try startHTTP(httpOptions, passed: passed.http)
        } else if !passed.http.isEmpty {
            log.warning("systemd passed \(passed.http.count) HTTP socket(s) but HTTP is not configured (--http or an http section); closing them")
            for fd in passed.http { try? fd.close() }
        }
        try startReplay()
        try openDevices()
        followAccelerometer(store.current)
        do { try startScreensEvent() } catch { throw .failed("\(error)") }
    }

    /// Prepares key injection, tells systemd it is ready, and serves until SIGTERM or SIGINT.
    public func run() throws {
        prepareActionDevices(store.current)
        log.info("ready: \(devices.count) device(s) (libinput touchscreens are added as they appear), stack \(options.stack.map(\.name).joined(separator: ","))")
        runtime.onStop = { [weak http, weak self] in
            http?.shutdown()
            self?.accelerometer?.stop()
        }
        try runtime.run(status: "\(devices.count) devices")
    }

    // MARK: Outputs

    /// Everything the session reports: gestures to subscribers and actions, navigation to subscribers.
    private func output(_ output: PipelineOutput) {
        switch output {
        case .gesture(let g, let d):
            runtime.handleGesture(g, device: devices[d]?.node)
        case .nearMiss(let m, let d):
            runtime.handleNearMiss(m, device: devices[d]?.node)
        case .navigation(let n):
            // Progress comes every frame of a pop: encoded only when someone listens.
            let eventClass = ControlEvent.eventClass(ofNavigationEvent: n.typeName)
            if runtime.wantsEvents(of: eventClass) {
                runtime.publish(ControlEvent(eventClass: eventClass, encodedJSON: EventJSON.navigation(n)))
            }
        case .deviceNote(let text, let d):
            let message = "\(d.flatMap { devices[$0]?.node } ?? "device"): \(text)"
            log.warning(message)
            runtime.publish(ControlEvent.diagnostic(code: "device", message: message, time: runtime.loop.now))
        case .exclusions(let report):
            runtime.publish(ControlEvent.exclusions(report, to: ControlClientID(rawValue: report.owner.rawValue),
                                                    time: runtime.loop.now))
        case .frame:
            break
        }
    }

    /// A back gesture's event for its recipient: the hand-off runs the device's actions; a handler's client gets
    /// the event line, on its socket connection or its HTTP event stream.
    private func backDelivered(_ d: BackDelivery, from source: SourceID?) {
        switch d.recipient {
        case .handoff:
            let rules = runtime.rules(forEntry: source.flatMap { devices[$0] }?.setup.entry)
            if d.gestureID == nil {
                // A report no decision covers (a multi-finger swipe): the configured actions, unrouted.
                runtime.handOff(d.event, rules: rules)
            } else {
                runtime.handOff(d.event, rules: rules, route: focus.decision(forGesture: d.gestureID))
                if d.event.phase == .ended || d.event.phase == .cancelled || d.event.phase == .failed { focus.gestureEnded(d.gestureID) }
            }
        case .handler(let handler, _):
            guard let text = EventJSON.back(d, device: source.flatMap { devices[$0] }?.node) else { return }
            runtime.publish(ControlEvent.back(encodedJSON: text, to: ControlClientID(rawValue: handler.client.rawValue)))
        }
    }

    // MARK: HTTP and replay

    /// `--http PORT` and its options, or the configuration's `http` section, checked (the token file's mode
    /// too); nil when neither asks for the bridge.
    private static func httpOptions(_ options: ServiceOptions, config: HTTPConfig?) throws(ServiceStartError) -> HTTPOptions? {
        let http = options.http
        guard let port = http.port else {
            if let config {
                do { return try config.options() } catch { throw .failed("http (configuration): \(error)") }
            }
            let given = [("http-token", http.tokenPath != nil), ("http-origin", !http.origins.isEmpty),
                         ("web-root", http.webRoot != nil), ("http-allow-non-loopback", http.allowNonLoopback),
                         ("replay-on-stream", options.replay?.startsOnStream == true)]
            if let (name, _) = given.first(where: { $0.1 }) {
                throw .usage("--\(name) needs --http PORT (or an http section in the configuration)")
            }
            return nil
        }
        guard let tokenPath = http.tokenPath else {
            throw .usage("--http needs --http-token FILE (a file only the kiosk user can read; see docs/kiosk.md)")
        }
        do {
            var options = HTTPOptions(port: port, token: try BearerToken.load(path: tokenPath),
                                      origins: try OriginPolicy(http.origins),
                                      site: try http.webRoot.map { try StaticSite.load(directory: $0) })
            options.allowNonLoopback = http.allowNonLoopback
            return options
        } catch {
            throw .failed("--http: \(error)")
        }
    }

    /// The HTTP bridge on the runtime's loop, receiving every published event. Passed sockets
    /// (edgeswipe-http.socket) replace binding `options.port`.
    private func startHTTP(_ options: HTTPOptions, passed: [FileDescriptor]) throws(ServiceStartError) {
        let endpoint: HTTPEndpoint
        do {
            endpoint = try HTTPEndpoint(loop: runtime.loop, options: options, handler: commands, log: log, passed: passed)
        } catch {
            throw .failed("--http: \(error)")
        }
        runtime.addEventSink { [unowned endpoint] event in endpoint.publish(event) }
        http = endpoint
    }

    /// `--replay FILE`: the recording's devices as sources of the session, started after a delay (from now,
    /// or from the first HTTP event stream with `startsOnStream`).
    private func startReplay() throws(ServiceStartError) {
        guard let plan = options.replay else { return }
        let feeder: ReplayFeeder
        let setup: DeviceSetup
        do {
            // Checked whole, then played from the file as it goes: a recording of any length.
            let stream = try TraceReader.open(path: plan.path)
            if let cut = stream.cut { log.warning("\(cut)") }
            if let note = Self.ownershipNote(replay: plan.path, own: options.own, config: store.current, namedDevices: !options.devices.isEmpty) {
                log.warning(note)
            }
            // The recording's devices start with the defaults (a reload matches them to entries, as any device).
            setup = try DeviceSetup(entry: nil, reader: .recording, config: store.current, base: base)
            feeder = try ReplayFeeder(loop: runtime.loop, session: session, stream: stream, options: setup.options)
        } catch {
            throw .failed("--replay \(plan.path): \(error)")
        }
        for (id, device) in feeder.touchSources {
            devices[id] = DeviceRecord(node: nil, kind: classify(device).kind, setup: setup)
        }
        // The feeder owns this closure, so it takes the ids, not the feeder: capturing the feeder was a cycle
        // that kept the feeder, the session and all they hold alive after the service was dropped.
        let recordingIDs = feeder.sourceIDs
        feeder.onFailure = { [unowned self] error in log.error("replay of \(plan.path) stopped: \(error)") }
        feeder.onFinished = { [unowned self] in
            log.info("replay of \(plan.path) finished")
            for id in recordingIDs { devices[id] = nil }
        }
        let start = { [unowned self, unowned feeder] in
            log.info("replay of \(plan.path) starts in \(plan.delaySeconds) s")
            do { try feeder.start(at: runtime.loop.now + Microseconds(seconds: plan.delaySeconds)) } catch {
                log.error("replay: \(error)")
            }
        }
        if plan.startsOnStream {
            guard let http else { throw .usage("--replay-on-stream needs --http PORT") }
            http.onStreamOpened = { [unowned feeder] _ in if feeder.state == .waiting { start() } }
        } else {
            start()
        }
        replay = feeder
    }
}

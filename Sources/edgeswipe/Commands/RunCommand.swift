#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeDaemon
import EdgeSwipeSystem
import Gestures
import Navigation
import TouchInput
import TouchModel
import TouchTrace

/// `edgeswipe run`: the service. Touch devices (tagged by udev/70-edgeswipe.rules, or named), recognizers,
/// the navigation stack, the control socket, actions, sd_notify; SIGHUP reloads the configuration.
enum RunCommand: Subcommand {
    static let name = "run"
    static let summary = "Run the service: live edge swipes drive the navigation stack and the control socket."
    static let positionalUsage = "[DEVICE...]"
    static let positionalRange = 0...Int.max
    static let discussion = """
        Without DEVICE, every touch device udev tags 'edgeswipe' (udev/70-edgeswipe.rules), with hotplug.
        Keyboards and mice are never opened. SIGHUP reloads the configuration (a bad file keeps the old one);
        SIGTERM/SIGINT stop. See docs/daemon.md and docs/protocol.md.
        """
    static let options: [OptionSpec] = [
        OptionSpec(name: "config", short: "c", valueName: "FILE", help: "Configuration file (YAML); default: built-in defaults."),
        OptionSpec(name: "stack", short: nil, valueName: "SPEC", help: "Initial navigation stack (default 'home'); the front end may replace it."),
        OptionSpec(name: "socket", short: nil, valueName: "PATH", help: "Control socket path, overriding the configuration."),
        OptionSpec(name: "backend", short: nil, valueName: "auto|evdev",
                   help: "auto (default): touchscreens through libinput (calibration, quirks), touchpads raw through libevdev; evdev: everything through libevdev."),
        OptionSpec(name: "verbose", short: "v", valueName: nil, help: "Log debug messages."),
        OptionSpec(name: "http", short: nil, valueName: "PORT",
                   help: "Also serve the protocol over HTTP on 127.0.0.1 and ::1 (docs/kiosk.md; \(HTTPOptions.defaultPort) is usual, 0 picks one)."),
        OptionSpec(name: "http-token", short: nil, valueName: "FILE", help: "Bearer token file for --http (mode 0600 or stricter)."),
        OptionSpec(name: "http-origin", short: nil, valueName: "ORIGIN",
                   help: "Browser origin allowed besides the endpoint's own, e.g. http://localhost:3000.", repeatable: true),
        OptionSpec(name: "web-root", short: nil, valueName: "DIR", help: "Serve the kiosk page from DIR (e.g. web/) at / with --http."),
        OptionSpec(name: "replay", short: nil, valueName: "FILE",
                   help: "Play a recording into the service in recorded time, as a device (instead of live devices unless DEVICEs are named)."),
        OptionSpec(name: "replay-delay", short: nil, valueName: "SECONDS", help: "Wait before the recording plays (default 0.5)."),
        OptionSpec(name: "replay-on-stream", short: nil, valueName: nil,
                   help: "Start the recording (after --replay-delay) when the first HTTP event stream opens."),
    ]

    static func run(_ a: ParsedArguments) throws -> ExitStatus {
        // First, before any thread exists: the signals must reach the signalfd, not kill the process.
        try ServiceSignals.blockSignals()
        let log = DaemonLog(minimum: a.flag("verbose") ? .debug : .info)
        let store: ConfigStore
        do { store = try ConfigStore(path: a.value("config")) } catch { throw RuntimeError("\(error)") }
        if let socket = a.value("socket") {
            var c = store.current
            c.socket.path = socket
            _ = store.apply(c)
        }
        let useLibinput: Bool
        switch a.value("backend") ?? "auto" {
        case "auto": useLibinput = true
        case "evdev": useLibinput = false
        case let other: throw UsageError("--backend '\(other)' must be auto or evdev")
        }
        let stack: [ScreenSpec]
        do { stack = try StackSpec.parse(a.value("stack") ?? "home") } catch { throw UsageError("--stack: \(error)") }

        var base = PipelineOptions()
        base.stack = stack
        let navigation = NavigationSession(screens: stack, config: base.navigation, popRecognizer: base.popRecognizer,
                                           now: Microseconds(Monotonic.nowUs()))
        let handler = NavigationCommandHandler(session: navigation)
        let httpOptions = try httpOptions(a, config: store.current.http)   // a bad token file stops the start here
        let runtime: DaemonRuntime
        do { runtime = try DaemonRuntime(config: store, handler: handler, log: log) } catch { throw RuntimeError("\(error)") }

        var deviceNames: [SourceID: String] = [:]
        var deviceEntries: [SourceID: Int?] = [:]
        let settling = TransitionSettling(session: navigation)
        let session = try LiveSession(loop: runtime.loop, timer: runtime.deadlineTimer, options: base, navigation: navigation) { output in
            switch output {
            case .gesture(let g, let d):
                runtime.handleGesture(g, device: deviceNames[d], rules: runtime.rules(forEntry: deviceEntries[d] ?? nil))
            case .navigation(let n):
                settling.observe(n)
                // Progress comes every frame of a pop: encoded only when someone listens.
                let eventClass = ControlEvent.eventClass(ofNavigationEvent: n.typeName)
                if runtime.wantsEvents(of: eventClass) {
                    runtime.publish(ControlEvent(eventClass: eventClass, encodedJSON: EventJSON.navigation(n)))
                }
            case .deviceNote(let text, let d):
                let name = d.flatMap { deviceNames[$0] } ?? "device"
                log.warning("\(name): \(text)")
                runtime.publish(ControlEvent.diagnostic(code: "device", message: "\(name): \(text)", timeUs: runtime.loop.now))
            case .frame:
                break
            }
        }
        handler.afterChange = { session.navigationChanged() }
        session.onGestureHandled = { g in
            if let line = settling.event(after: g) { runtime.publish(ControlEvent(eventClass: .transition, encodedJSON: line)) }
        }
        let http = try httpOptions.map { try startHTTP($0, runtime: runtime, handler: handler, log: log) }
        let replay = try startReplay(a, runtime: runtime, session: session, base: base, http: http, log: log)

        /// Opens one node if the policy allows it, with its configured settings.
        func open(_ node: String, udev: [String: String]) {
            let config = store.current
            let found = DeviceDiscovery.open(node, udevProperties: udev, selectors: config.selectors, mode: config.selection,
                                             keepOpen: true)
            guard let device = found.device else {
                log.info("\(node): not used: \(found.decision.reason)")
                return
            }
            do {
                let options = try PipelineOptions(settings: config.settings(forEntry: found.decision.selectorIndex), base: base)
                let id = try session.add(device, options: options)
                deviceNames[id] = node
                deviceEntries[id] = found.decision.selectorIndex
                log.info("\(node) \"\(device.description.name)\": \(found.decision.reason)")
            } catch {
                device.close()
                log.error("\(node) \"\(device.description.name)\": not used: \(error)")
            }
        }

        var libinput: LibinputTouchSource?
        var libinputIDs: Set<SourceID> = []
        if a.positionals.isEmpty && replay == nil && useLibinput {
            do {
                libinput = try LibinputTouchSource(loop: runtime.loop, log: log)
            } catch {
                log.warning("libinput unavailable (\(error)); touchscreens are read through libevdev")
            }
            libinput?.onDeviceAdded = { d in
                let config = store.current
                do {
                    // Selectors match on name and node; libinput applied the calibration itself.
                    let probe = DeviceDescription(name: d.name, id: InputID(bustype: 0, vendor: 0, product: 0, version: 0),
                                                  origin: d.node)
                    let decision = DeviceSelection.select(probe, node: d.node,
                                                          classification: Classification(kind: .touchscreen, reason: "libinput"),
                                                          selectors: config.selectors, mode: config.selection)
                    guard decision.use else { log.info("\(d.node): not used: \(decision.reason)"); return nil }
                    let entry = decision.selectorIndex
                    var options = try PipelineOptions(settings: config.settings(forEntry: entry), base: base)
                    options.calibration = .identity
                    let id = try session.addFrameSource(name: d.name, node: d.node, size: d.size, options: options)
                    deviceNames[id] = d.node
                    deviceEntries[id] = entry
                    libinputIDs.insert(id)
                    log.info("\(d.node) \"\(d.name)\": touchscreen through libinput, \(d.size)")
                    return id
                } catch {
                    log.error("\(d.node) \"\(d.name)\": not used: \(error)")
                    return nil
                }
            }
            libinput?.onFrame = { id, frame in session.process(frame, from: id) }
            libinput?.onDeviceRemoved = { id, now in
                log.info("\(deviceNames[id] ?? "libinput device") removed")
                session.remove(id, now: now)
                deviceNames[id] = nil
                deviceEntries[id] = nil
                libinputIDs.remove(id)
            }
        }

        var watcher: UdevTagWatcher?
        if a.positionals.isEmpty && replay == nil {
            watcher = try UdevTagWatcher(loop: runtime.loop, databaseDirectory: "/run/udev/data", log: log)
            func added(_ number: CharDeviceNumber) {
                guard let node = UdevInputNodes.node(major: number.major, minor: number.minor) else {
                    log.debug("\(number): not an evdev node")
                    return
                }
                if let why = node.udevRefusal {
                    log.info("\(node.devnode): not opened: \(why)")
                    return
                }
                if let libinput, node.properties["ID_INPUT_TOUCHSCREEN"] == "1" {
                    if !deviceNames.values.contains(node.devnode),
                       !libinput.add(node: node.devnode) {
                        log.warning("\(node.devnode): libinput refused it")
                    }
                    return
                }
                if deviceNames.values.contains(node.devnode) { return }
                open(node.devnode, udev: node.properties)
            }
            for number in watcher!.present.sorted() { added(number) }
            watcher!.onChange = { change in
                // Removal arrives as ENODEV on the device's own fd (LiveSession cancels its contacts).
                if case .added(let number) = change { added(number) }
            }
        } else if !a.positionals.isEmpty {
            for node in a.positionals { open(node, udev: [:]) }
            if session.sourceCount == 0 { throw RuntimeError("none of the named devices can be used") }
        }
        session.onUnplug = { id, path in
            log.info("\(path) unplugged")
            deviceNames[id] = nil
            deviceEntries[id] = nil
        }
        runtime.onConfigApplied = { config in
            // Every open device gets the settings of its entry in the new file, between touches. A changed size
            // needs the device reopened (the decoder's geometry stays), and says so.
            let devices = session.core.sources.values.sorted { $0.id < $1.id }
            for source in devices {
                let (id, pipeline) = (source.id, source.pipeline)
                let d = pipeline.description
                let entry = config.entry(for: d, node: d.origin, kind: classify(d).kind)
                do {
                    var options = try PipelineOptions(settings: config.settings(forEntry: entry), base: base)
                    if libinputIDs.contains(id) { options.calibration = .identity }   // libinput calibrates
                    if let size = options.configuredSize, size != pipeline.geometry.size, pipeline.geometry.sizeIsConfigured {
                        log.warning("\(d.origin): new size \(size) applies when the device is plugged in again")
                    }
                    try session.reconfigure(id, options: options)
                    deviceEntries[id] = entry
                } catch {
                    log.error("\(d.origin): new settings not applied: \(error)")
                }
            }
            log.info("configuration reloaded: \(devices.count) open device(s) take the new settings between touches")
        }
        do {
            try runtime.actions.prepareKeyboard(for: store.current.defaults.actions ?? [])
        } catch {
            log.warning("key injection unavailable: \(error)")
        }
        log.info("ready: \(session.sourceCount) device(s) (libinput touchscreens are added as they appear), stack \(stack.map(\.name).joined(separator: ","))")
        runtime.onStop = { http?.shutdown() }
        try runtime.run(status: "\(session.sourceCount) devices")
        withExtendedLifetime((watcher, libinput, session, http, replay)) {}
        return .success
    }

    /// `--http PORT` and its options, or the configuration's `http` section, checked (the token file's mode
    /// too); nil when neither asks for the bridge.
    private static func httpOptions(_ a: ParsedArguments, config: HTTPConfig?) throws -> HTTPOptions? {
        guard let portText = a.value("http") else {
            if let config {
                do { return try config.options() } catch { throw RuntimeError("http (configuration): \(error)") }
            }
            for o in ["http-token", "http-origin", "web-root", "replay-on-stream"] where a.value(o) != nil || a.flag(o) {
                throw UsageError("--\(o) needs --http PORT (or an http section in the configuration)")
            }
            return nil
        }
        guard let port = UInt16(portText) else { throw UsageError("--http: expected a port number 0-65535, got '\(portText)'") }
        guard let tokenPath = a.value("http-token") else {
            throw UsageError("--http needs --http-token FILE (a file only the kiosk user can read; see docs/kiosk.md)")
        }
        do {
            return HTTPOptions(port: port, token: try BearerToken.load(path: tokenPath),
                               origins: try OriginPolicy(a.all("http-origin")),
                               site: try a.value("web-root").map { try StaticSite.load(directory: $0) })
        } catch {
            throw RuntimeError("--http: \(error)")
        }
    }

    /// The HTTP bridge on the runtime's loop, receiving every published event.
    private static func startHTTP(_ options: HTTPOptions, runtime: DaemonRuntime, handler: NavigationCommandHandler,
                                  log: DaemonLog) throws -> HTTPEndpoint {
        let endpoint: HTTPEndpoint
        do {
            endpoint = try HTTPEndpoint(loop: runtime.loop, options: options, handler: handler, log: log)
        } catch {
            throw RuntimeError("--http: \(error)")
        }
        runtime.addEventSink { [unowned endpoint] event in endpoint.publish(event) }
        return endpoint
    }

    /// `--replay FILE`: the recording as a device of the session, started after a delay (from now, or from
    /// the first HTTP event stream with --replay-on-stream).
    private static func startReplay(_ a: ParsedArguments, runtime: DaemonRuntime, session: LiveSession,
                                    base: PipelineOptions, http: HTTPEndpoint?, log: DaemonLog) throws -> ReplayFeeder? {
        guard let path = a.value("replay") else {
            if a.value("replay-delay") != nil || a.flag("replay-on-stream") { throw UsageError("--replay-delay and --replay-on-stream need --replay FILE") }
            return nil
        }
        let delayText = a.value("replay-delay") ?? "0.5"
        guard let delay = Double(delayText), delay >= 0, delay <= 3600 else {
            throw UsageError("--replay-delay: expected seconds between 0 and 3600, got '\(delayText)'")
        }
        let feeder: ReplayFeeder
        do {
            let trace = try TraceReader.read(path: path)
            if let cut = trace.cut { log.warning("\(cut)") }
            let options = try PipelineOptions(settings: runtime.config.current.settings(forEntry: nil), base: base)
            feeder = try ReplayFeeder(loop: runtime.loop, session: session, trace: trace, options: options)
        } catch {
            throw RuntimeError("--replay \(path): \(error)")
        }
        feeder.onFinished = { log.info("replay of \(path) finished") }
        func start() {
            log.info("replay of \(path) starts in \(delay) s")
            do { try feeder.start(atUs: Monotonic.nowUs() + UInt64(delay * 1_000_000)) } catch { log.error("replay: \(error)") }
        }
        if a.flag("replay-on-stream") {
            guard let http else { throw UsageError("--replay-on-stream needs --http PORT") }
            http.onStreamOpened = { _ in if feeder.state == .waiting { start() } }
        } else {
            start()
        }
        return feeder
    }
}

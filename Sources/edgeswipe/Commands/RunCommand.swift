#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeDaemon
import Gestures
import Navigation
import TouchInput

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
        OptionSpec(name: "verbose", short: "v", valueName: nil, help: "Log debug messages."),
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
        let stack: [ScreenSpec]
        do { stack = try StackSpec.parse(a.value("stack") ?? "home") } catch { throw UsageError("--stack: \(error)") }

        var base = PipelineOptions()
        base.stack = stack
        let navigation = NavigationSession(screens: stack, config: base.navigation, popRecognizer: base.popRecognizer,
                                           now: Monotonic.nowUs())
        let handler = NavigationCommandHandler(session: navigation)
        let runtime: DaemonRuntime
        do { runtime = try DaemonRuntime(config: store, handler: handler, log: log) } catch { throw RuntimeError("\(error)") }

        var deviceNames: [Int: String] = [:]
        var deviceEntries: [Int: Int?] = [:]
        let session = try LiveSession(loop: runtime.loop, timer: runtime.deadlineTimer, options: base, navigation: navigation) { output in
            switch output {
            case .gesture(let g, let d):
                runtime.handleGesture(g, device: deviceNames[d], rules: runtime.rules(forEntry: deviceEntries[d] ?? nil))
            case .navigation(let n):
                runtime.publish(ControlEvent(eventClass: ControlEvent.eventClass(ofNavigationEvent: n.typeName),
                                             encodedJSON: EventJSON.navigation(n)))
            case .deviceNote(let text, let d):
                log.warning("\(deviceNames[d] ?? "device"): \(text)")
                runtime.publish(ControlEvent.diagnostic(code: "device", message: "\(deviceNames[d] ?? "device"): \(text)",
                                                        timeUs: Monotonic.nowUs()))
            case .frame:
                break
            }
        }
        handler.afterChange = { session.navigationChanged() }

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

        var watcher: UdevTagWatcher?
        if a.positionals.isEmpty {
            watcher = try UdevTagWatcher(loop: runtime.loop, log: log)
            func added(_ number: CharDeviceNumber) {
                guard let node = UdevInputNodes.node(major: number.major, minor: number.minor) else {
                    log.debug("\(number): not an evdev node")
                    return
                }
                if let why = node.udevRefusal {
                    log.info("\(node.devnode): not opened: \(why)")
                    return
                }
                if session.members.values.contains(where: { $0.device.path == node.devnode }) { return }
                open(node.devnode, udev: node.properties)
            }
            for number in watcher!.present.sorted() { added(number) }
            watcher!.onChange = { change in
                // Removal arrives as ENODEV on the device's own fd (LiveSession cancels its contacts).
                if case .added(let number) = change { added(number) }
            }
        } else {
            for node in a.positionals { open(node, udev: [:]) }
            if session.members.isEmpty { throw RuntimeError("none of the named devices can be used") }
        }
        session.onUnplug = { id, path in
            log.info("\(path) unplugged")
            deviceNames[id] = nil
            deviceEntries[id] = nil
        }
        runtime.onConfigApplied = { _ in
            log.info("configuration reloaded: new settings apply to devices opened from now on")
        }
        do {
            try runtime.actions.prepareKeyboard(for: store.current.defaults.actions ?? [])
        } catch {
            log.warning("key injection unavailable: \(error)")
        }
        log.info("ready: \(session.members.count) device(s), stack \(stack.map(\.name).joined(separator: ","))")
        try runtime.run(status: "\(session.members.count) devices")
        withExtendedLifetime((watcher, session)) {}
        return .success
    }
}

#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeDaemon
import EdgeSwipeDoctor
import EdgeSwipeSystem
import Gestures
import TouchInput
import EdgeSwipeControl

/// `edgeswipe doctor`: checks what stands between the user and a working back swipe and names each finding
/// with what to do. Exit 0 when nothing is wrong, 1 when something is.
enum DoctorCommand: Subcommand {
    static let name = "doctor"
    static let summary = "Check the whole chain (devices, other gesture tools, grabs, compositor bindings, the desktop's own edges under KDE, GNOME and Phosh, kiosk browser, service) and say what to do."
    static let positionalUsage = ""
    static let positionalRange = 0...0
    static let discussion = """
        Each finding names what it is about and what to do; exit status 0 when no finding is a problem, 1 otherwise.
        Run it as root to see every process's open devices (another user's are hidden otherwise). To tell
        whether another program holds a touchscreen for itself, the doctor grabs each used touchscreen for an
        instant and lets it go (--no-grab-check skips that). Information (severity info) does not change the
        exit status. docs/doctor.md lists the findings.
        """

    struct Options: CommandOptions {
        static let config = OptionSpec(name: "config", short: "c", valueName: "FILE",
                                       help: "The service's configuration (edges, socket); default: \(defaultConfig) when it exists, else built-in defaults.")
        static let socket = OptionSpec(name: "socket", short: nil, valueName: "PATH",
                                       help: "Control socket to ask; default: the configuration's.")
        static let json = OptionSpec(name: "json", short: nil, valueName: nil, help: "One JSON object: findings and notes.")
        static let noGrabCheck = OptionSpec(name: "no-grab-check", short: nil, valueName: nil,
                                            help: "Do not grab touchscreens for an instant to see whether another program holds them.")
        static let options = [config, socket, json, noGrabCheck]

        var configPath: String?
        var socketPath: String?
        var json: Bool
        var grabCheck: Bool

        init(_ a: ParsedArguments) {
            configPath = a.string(Self.config)
            socketPath = a.string(Self.socket)
            json = a.flag(Self.json)
            grabCheck = !a.flag(Self.noGrabCheck)
        }
    }

    static let defaultConfig = "/etc/edgeswipe/edgeswipe.yaml"

    static func run(_ o: Options) throws -> ExitStatus {
        // Not through SystemCall: access(2) is asked yes or no; any failure means the packaged file is not there.
        let configPath = o.configPath ?? (access(defaultConfig, F_OK) == 0 ? defaultConfig : nil)
        let config = try configPath.map { path throws in try DaemonConfig.load(path: path) } ?? DaemonConfig()
        let processes = (try? ProcessTable.read()) ?? []
        let found = (try? DeviceDiscovery.scan(selectors: config.selectors, mode: config.selection)) ?? []
        var facts = DoctorFacts(touchDevices: touchDevices(config: config, grabCheck: o.grabCheck, found: found), processes: processes,
                                edgeSwipeEdges: try edges(config), selfPID: getpid())
        facts.pens = pens(found, config: config)
        if let path = o.socketPath ?? config.socket.path { (facts.service, facts.screens, facts.backRoute) = service(path) }
        let user = InvokingUser.current()
        let query = DoctorCompositorQuery.outputs(processes.filter { $0.uid == user.uid })
        facts.compositorOutputs = query.outputs
        let home = getenv("HOME").map { String(cString: $0) }
        let xdg = getenv("XDG_CONFIG_HOME").map { String(cString: $0) }
        (facts.compositorConfigs, facts.compositorConfigNotes) = CompositorConfigReading.read(
            processes: processes, home: home, xdgConfigHome: xdg, user: user)
        if let note = query.note { facts.compositorConfigNotes.append(note) }
        facts.configuredOutputs = configuredOutputs(config, path: configPath)
        facts.edgeSwipeFingers = try fingers(config)
        facts.invokingUID = user.uid
        facts.desktop = DesktopReading.read(processes: processes, home: home, xdgConfigHome: xdg, user: user,
                                            environment: { getenv($0).map { String(cString: $0) } })
        if facts.desktop.gnome != nil {
            switch DoctorCompositorQuery.run("gnome-shell", ["--version"]) {
            case .success(let line): facts.desktop.gnome?.version = GnomeFact.version(fromVersionLine: line)
            case .failure(let why): facts.desktop.notes.append("did not learn GNOME Shell's version: 'gnome-shell --version' \(why)")
            }
        }
        let report = DoctorChecks.run(facts)
        Output.stdout(o.json ? DoctorOutput.json(report) : DoctorOutput.text(report))
        return report.ok ? .success : .failure
    }

    /// The edges the service swipes from: every device entry's and the defaults', through the service's DeviceSetup.
    static func edges(_ config: DaemonConfig) throws -> Set<Edge> {
        let entries: [Int?] = [nil] + config.devices.indices.map { $0 }
        return Set(try entries.flatMap { entry in
            try DeviceSetup(entry: entry, reader: .evdev, config: config).options.recognizers.flatMap(\.edges)
        })
    }

    /// The finger counts of the service's swipes, as `edges` reads them.
    static func fingers(_ config: DaemonConfig) throws -> Set<Int> {
        let entries: [Int?] = [nil] + config.devices.indices.map { $0 }
        return Set(try entries.flatMap { entry in
            try DeviceSetup(entry: entry, reader: .evdev, config: config).options.recognizers.map(\.fingers)
        })
    }

    /// The pen nodes found and whether each pairs, by the rule and the configuration's `pen:` (PenPlan).
    static func pens(_ found: [DiscoveredDevice], config: DaemonConfig) -> [PenFact] {
        let described = found.compactMap { d in d.description.map { (d.node, $0) } }
        let requests = described.map { (_, description) in
            let entry = config.entry(for: description, node: nil, kind: classify(description).kind)
            return config.settings(forEntry: entry).pen ?? .automatic
        }
        let plan = PenPlan(described.map(\.1), requests: requests)
        return described.indices.filter { PenPairing.isPen(described[$0].1) }.map { k in
            PenFact(node: described[k].0, name: described[k].1.name, unpaired: plan.touchOfPen[k] == nil ? plan.unpaired[k] ?? "no touch device" : nil)
        }
    }

    static func touchDevices(config: DaemonConfig, grabCheck: Bool, found: [DiscoveredDevice]) -> [TouchDeviceFact] {
        found.compactMap { d -> TouchDeviceFact? in
            guard let kind = d.classification?.kind, kind == .touchscreen || kind == .touchpad || d.decision.use else { return nil }
            let name = d.description?.name ?? d.node
            let owned = d.decision.use && (try? DeviceSetup(entry: d.decision.selectorIndex, reader: .evdev, config: config).own) == true
            let id = d.description.map { SwayInputRule.identifier(vendor: $0.id.vendor, product: $0.id.product, name: $0.name) }
            return TouchDeviceFact(node: d.node, name: name, used: d.decision.use, reason: d.decision.reason,
                                   grabbedByOther: grabCheck && d.decision.use ? grabbedByOther(d.node) : nil, owned: owned,
                                   swayIdentifier: id)
        }
    }

    /// Whether EVIOCGRAB answers EBUSY: another descriptor holds the grab. A successful grab is let go at once.
    static func grabbedByOther(_ node: String) -> Bool? {
        guard let device = try? LiveDevice(path: node) else { return nil }
        defer { device.close() }
        do {
            try device.grab()
            try device.ungrab()
            return false
        } catch LiveDeviceError.grabFailed(_, let errno) {
            return errno == Errno(rawValue: EBUSY) ? true : nil
        } catch {
            return nil
        }
    }

    /// The hello: reachable or not, the screens it publishes, and the route a back would take now.
    static func service(_ path: String) -> (ServiceFact, [ScreenFact]?, ServiceBackRoute?) {
        do {
            let line = try ControlClient.hello(path: path)
            let fact = ServiceFact(socket: path, hello: line)
            guard case .reachable = fact, case .hello(let hello) = line else { return (fact, nil, nil) }
            return (fact, ScreenFact.screens(fromHello: hello), hello.backRoute)
        } catch {
            return (.unreachable(socket: path, error: "\(error)"), nil, nil)
        }
    }

    /// Every `output:` the configuration sets, and where.
    static func configuredOutputs(_ config: DaemonConfig, path: String?) -> [ConfiguredOutputFact] {
        let file = path ?? "the built-in defaults"
        var found: [ConfiguredOutputFact] = []
        if let name = config.defaults.output { found.append(ConfiguredOutputFact(name: name, place: "\(file) (defaults)")) }
        for (k, entry) in config.devices.enumerated() {
            if let name = entry.settings.output { found.append(ConfiguredOutputFact(name: name, place: "\(file):\(entry.line) (devices[\(k)])")) }
        }
        return found
    }
}

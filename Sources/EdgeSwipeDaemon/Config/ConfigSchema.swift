import Gestures
import TouchInput
import TouchModel
import YAMLDocument

/// The configuration file's keys and how each is read (docs/daemon.md is the reference).
extension DaemonConfig {
    /// Reads a parsed document. Throws every problem found, each naming its key and line.
    package static func from(document root: YAMLNode?, source: String) throws(ConfigError) -> DaemonConfig {
        let r = ConfigReader(file: source)
        let config = read(document: root, with: r)
        if !r.issues.isEmpty { throw ConfigError(issues: r.issues) }
        return config
    }

    /// The configuration `root` describes, every problem left in `r` (which also records what it read).
    static func read(document root: YAMLNode?, with r: ConfigReader) -> DaemonConfig {
        var config = DaemonConfig(source: r.file)
        // An empty file is a valid configuration: all defaults.
        if let root, !root.isNull,
           let top = r.mapping(root, "", known: ["version", "print_json", "select", "socket", "defaults", "devices", "http"]) {
            if let e = top["version"], let v = r.int(e.value, "version", range: 1...Int.max), v != 1 {
                r.issue("version", e.value.mark, "this edgeswipe reads configuration version 1, the file says \(v)")
            }
            if let e = top["print_json"], let b = r.bool(e.value, "print_json") { config.printJSON = b }
            if let e = top["select"], let m = r.enumValue(e.value, "select", SelectionMode.self) { config.selection = m }
            if let e = top["socket"] { config.socket = readSocket(r, e.value) }
            if let e = top["http"] { config.http = readHTTP(r, e) }
            if let e = top["defaults"] { config.defaults = readSettings(r, e.value, "defaults", extraKeys: []) ?? DeviceSettings() }
            if let e = top["devices"], let items = r.list(e.value, "devices") {
                for (i, item) in items.enumerated() {
                    if let entry = readDevice(r, item, "devices[\(i)]") { config.devices.append(entry) }
                }
            }
        }
        return config
    }

    private static func readSocket(_ r: ConfigReader, _ node: YAMLNode) -> SocketConfig {
        var s = SocketConfig()
        guard let m = r.mapping(node, "socket", known: ["path", "group", "allow_users", "max_clients", "queue_limit_kib"])
        else { return s }
        if let e = m["path"] {
            if e.value.isNull {
                s.path = nil
            } else if let p = r.string(e.value, "socket.path") {
                if let problem = SocketConfig.problem(withPath: p) {
                    r.issue("socket.path", e.value.mark, problem + (p.hasPrefix("/") ? "" : " (or null to disable the socket)"))
                } else {
                    s.path = p
                }
            }
        }
        if let e = m["group"], let g = r.string(e.value, "socket.group") {
            if g.isEmpty { r.issue("socket.group", e.value.mark, "must not be empty") } else { s.group = g }
        }
        if let e = m["allow_users"], let items = r.list(e.value, "socket.allow_users") {
            s.allowUsers = items.compactMap { r.string($0, "socket.allow_users") }
        }
        if let e = m["max_clients"], let n = r.int(e.value, "socket.max_clients", range: 1...1000) { s.maxClients = n }
        if let e = m["queue_limit_kib"], let n = r.int(e.value, "socket.queue_limit_kib", range: 4...65536) {
            s.queueLimitBytes = n * 1024
        }
        return s
    }

    private static func readDevice(_ r: ConfigReader, _ node: YAMLNode, _ key: String) -> DeviceEntry? {
        guard let m = r.mapping(node, key, known: ["match", "ignore"] + settingsKeys) else { return nil }
        var selector = DeviceSelector()
        if let e = m["match"],
           let mm = r.mapping(e.value, "\(key).match", known: ["name", "node", "udev", "kind"]) {
            if mm.isEmpty { r.issue("\(key).match", e.value.mark, "matches every device; name at least one of name, node, udev, kind") }
            if let v = mm["name"] { selector.name = r.string(v.value, "\(key).match.name") }
            if let v = mm["node"] { selector.node = r.string(v.value, "\(key).match.node") }
            if let v = mm["kind"] {
                if let k = r.enumValue(v.value, "\(key).match.kind", DeviceKind.self) {
                    if k == .touchscreen || k == .touchpad {
                        selector.kind = k
                    } else {
                        r.issue("\(key).match.kind", v.value.mark, "only touchscreen and touchpad devices are ever opened")
                    }
                }
            }
            if let v = mm["udev"], let props = r.mapping(v.value, "\(key).match.udev", known: udevKeys(v.value)) {
                for (k, e) in props {
                    if let s = r.string(e.value, "\(key).match.udev.\(k)") { selector.udevProperties[k] = s }
                }
            }
        } else if m["match"] == nil {
            r.issue(key, node.mark, "missing key \"match\" (which device these settings are for)")
        }
        if let e = m["ignore"], let b = r.bool(e.value, "\(key).ignore") { selector.ignore = b }
        let settings = readSettings(r, node, key, extraKeys: ["match", "ignore"]) ?? DeviceSettings()
        return DeviceEntry(selector: selector, settings: settings, line: node.mark.line)
    }

    /// Any key is allowed in a udev property mapping.
    private static func udevKeys(_ node: YAMLNode) -> [String] {
        if case .mapping(let entries, _) = node { return entries.map(\.key) }
        return []
    }

    static let settingsKeys = ["size", "rotation", "output", "calibration", "edges", "thresholds", "actions", "own", "content_swipe", "routes",
                               "toolkit_routing", "handedness", "pen"]
    /// What `rotation` accepts, for messages.
    static let rotationRule = "\(ScreenRotation.rule), auto (the output's) or accelerometer (iio-sensor-proxy's)"

    private static func readSettings(_ r: ConfigReader, _ node: YAMLNode, _ key: String, extraKeys: [String]) -> DeviceSettings? {
        // Unknown keys were reported by the caller when extraKeys is non-empty (a device entry).
        let m: [String: YAMLEntry]?
        if extraKeys.isEmpty {
            m = r.mapping(node, key, known: settingsKeys)
        } else if case .mapping(let entries, _) = node {
            m = Dictionary(entries.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        } else {
            m = nil
        }
        guard let m else { return nil }
        var s = DeviceSettings()
        if let e = m["size"], let text = r.string(e.value, "\(key).size") {
            if let size = PhysicalSize(parsing: text) { s.size = size } else {
                r.issue("\(key).size", e.value.mark, "expected \(PhysicalSize.parsingRule), e.g. 218x136; got \"\(text)\"")
            }
        }
        if let e = m["rotation"] {
            if case .scalar(let text, let plain, _) = e.value, !plain || Int(text) == nil {
                // A word: `auto` or `accelerometer`, read as every string is (a NUL refused).
                if let word = r.string(e.value, "\(key).rotation") {
                    if word == "auto" { s.rotation = .auto } else if word == "accelerometer" { s.rotation = .accelerometer } else {
                        r.issue("\(key).rotation", e.value.mark, "\(Self.rotationRule), got \(word)")
                    }
                }
            } else if let deg = r.int(e.value, "\(key).rotation", range: Int.min...Int.max) {
                // The rule of --rotation, so the command line and the file accept the same angles.
                if let rot = ScreenRotation(degrees: deg).flatMap({ Rotation(rawValue: $0.rawValue) }) { s.rotation = .fixed(rot) } else {
                    r.issue("\(key).rotation", e.value.mark, "\(Self.rotationRule), got \(deg)")
                }
            }
        }
        if let e = m["output"], let name = r.string(e.value, "\(key).output") {
            if let problem = OutputName.problem(name) { r.issue("\(key).output", e.value.mark, problem) } else { s.output = name }
        }
        if let e = m["calibration"], let items = r.list(e.value, "\(key).calibration") {
            if items.count != 6 {
                r.issue("\(key).calibration", e.value.mark, "expected 6 numbers (a 2x3 matrix, as libinput's), got \(items.count)")
            } else {
                let bound = CalibrationMatrix.maxMagnitude
                let values = items.enumerated().compactMap { r.number($1, "\(key).calibration[\($0)]", above: -bound, atMost: bound) }
                if values.count == 6 { s.calibration = values }
            }
        }
        if let e = m["edges"], let items = r.list(e.value, "\(key).edges") {
            var edges: [Edge] = []
            for item in items {
                guard let edge = r.enumValue(item, "\(key).edges", Edge.self) else { continue }
                if edges.contains(edge) { r.issue("\(key).edges", item.mark, "\(edge.rawValue) is listed twice") } else { edges.append(edge) }
            }
            if items.isEmpty { r.issue("\(key).edges", e.value.mark, "must name at least one edge") }
            s.edges = edges
        }
        if let e = m["thresholds"] { s.thresholds = readThresholds(r, e.value, "\(key).thresholds") }
        if let e = m["own"], let b = r.bool(e.value, "\(key).own") { s.own = b }
        if let e = m["content_swipe"], let b = r.bool(e.value, "\(key).content_swipe") { s.contentSwipe = b }
        if let e = m["actions"], let items = r.list(e.value, "\(key).actions") {
            s.actions = items.enumerated().compactMap { readAction(r, $1, "\(key).actions[\($0)]") }
        }
        if let e = m["routes"] { s.routes = readRoutes(r, e.value, "\(key).routes") }
        if let e = m["toolkit_routing"], let b = r.bool(e.value, "\(key).toolkit_routing") { s.toolkitRouting = b }
        if let e = m["handedness"] { s.handedness = r.enumValue(e.value, "\(key).handedness", PenHandedness.self) }
        if let e = m["pen"], let name = r.string(e.value, "\(key).pen") {
            switch name {
            case "": r.issue("\(key).pen", e.value.mark, "must name a pen node, or be none or auto")
            case "none": s.pen = PenRequest.none
            case "auto": s.pen = .automatic
            default: s.pen = .named(name)
            }
        }
        return s
    }

    private static func readThresholds(_ r: ConfigReader, _ node: YAMLNode, _ key: String) -> Thresholds {
        var t = Thresholds()
        let known = ["fingers", "edge_zone_mm", "activation_distance_mm", "angle_tolerance_deg", "max_drift_mm",
                     "activation_timeout_ms", "complete_progress", "complete_velocity_mm_s", "along_edge_slop_mm", "arm_min_travel_mm",
                     "arm_min_interval_ms", "arm_cone_ratio", "palm_major_mm", "palm_area_mm2", "palm_pressure",
                     "grip_radius_mm", "grip_ms", "pen_linger_ms", "pen_hand_margin_mm", "pen_stuck_ms",
                     "content_answer_wait_ms", "content_travel_mm"]
        guard let m = r.mapping(node, key, known: known) else { return t }
        if let e = m["fingers"] { t.fingers = r.int(e.value, "\(key).fingers", range: 1...5) }
        if let e = m["edge_zone_mm"] { t.edgeZoneMM = r.number(e.value, "\(key).edge_zone_mm", above: 0, atMost: 100, unit: "mm") }
        if let e = m["activation_distance_mm"] {
            t.activationDistanceMM = r.number(e.value, "\(key).activation_distance_mm", above: 0, atMost: 200, unit: "mm")
        }
        if let e = m["angle_tolerance_deg"] {
            t.angleToleranceDegrees = r.number(e.value, "\(key).angle_tolerance_deg", above: 0, atMost: 89, unit: "degrees")
        }
        if let e = m["max_drift_mm"] { t.maxDriftMM = r.number(e.value, "\(key).max_drift_mm", above: 0, atMost: 200, unit: "mm") }
        if let e = m["activation_timeout_ms"] {
            t.activationTimeoutMS = r.number(e.value, "\(key).activation_timeout_ms", above: 0, atMost: 10_000, unit: "ms")
        }
        if let e = m["complete_progress"] { t.completeProgress = r.number(e.value, "\(key).complete_progress", above: 0, atMost: 1) }
        if let e = m["complete_velocity_mm_s"] {
            t.completeVelocityMMs = r.number(e.value, "\(key).complete_velocity_mm_s", above: 0, atMost: 100_000, unit: "mm/s")
        }
        if let e = m["along_edge_slop_mm"] {
            t.alongEdgeSlopMM = r.number(e.value, "\(key).along_edge_slop_mm", above: 0, atMost: 200, unit: "mm")
        }
        if let e = m["arm_min_travel_mm"] {
            t.armMinTravelMM = r.number(e.value, "\(key).arm_min_travel_mm", above: 0, atMost: 200, unit: "mm")
        }
        if let e = m["arm_min_interval_ms"] {
            t.armMinIntervalMS = r.number(e.value, "\(key).arm_min_interval_ms", above: 0, atMost: 10_000, unit: "ms")
        }
        if let e = m["arm_cone_ratio"] { t.armConeRatio = r.number(e.value, "\(key).arm_cone_ratio", above: 0, atMost: 100) }
        // Palm and grip (issue 36): a hand is at most about 200 mm across, a grip decided within 10 s.
        if let e = m["palm_major_mm"] { t.palmMajorMM = r.number(e.value, "\(key).palm_major_mm", above: 0, atMost: 200, unit: "mm") }
        if let e = m["palm_area_mm2"] {
            t.palmAreaMM2 = r.number(e.value, "\(key).palm_area_mm2", above: 0, atMost: 40_000, unit: "mm²")
        }
        if let e = m["palm_pressure"] { t.palmPressure = r.number(e.value, "\(key).palm_pressure", above: 0, atMost: 1) }
        if let e = m["grip_radius_mm"] { t.gripRadiusMM = r.number(e.value, "\(key).grip_radius_mm", above: 0, atMost: 50, unit: "mm") }
        if let e = m["grip_ms"] { t.gripTimeMS = r.number(e.value, "\(key).grip_ms", above: 0, atMost: 10_000, unit: "ms") }
        // The pen gate (issue 36), the ranges of PenGateConfig.problems(): 0 lingers not at all.
        if let e = m["pen_linger_ms"] { t.penLingerMS = atLeastZero(r, e.value, "\(key).pen_linger_ms", atMost: 10_000, unit: "ms") }
        if let e = m["pen_hand_margin_mm"] {
            t.penHandMarginMM = atLeastZero(r, e.value, "\(key).pen_hand_margin_mm", atMost: 1_000, unit: "mm")
        }
        if let e = m["pen_stuck_ms"] {
            t.penStuckMS = r.number(e.value, "\(key).pen_stuck_ms", above: 0, atMost: 3_600_000, unit: "ms")
        }
        // The content back (issue 37): the wait's bounds are ContentHandshakeConfig.answerWaitRangeMS (below 4 ms no
        // page answers across a process; above 50 ms, three frames, the back lags the finger).
        if let e = m["content_answer_wait_ms"], let v = r.number(e.value, "\(key).content_answer_wait_ms", atMost: 50, unit: "ms") {
            if v < ContentHandshakeConfig.answerWaitRangeMS.lowerBound {
                r.issue("\(key).content_answer_wait_ms", e.value.mark, "\(v == v.rounded() ? String(Int64(v)) : String(v)) must be at least 4 ms")
            } else {
                t.contentAnswerWaitMS = v
            }
        }
        if let e = m["content_travel_mm"] {
            t.contentTravelMM = r.number(e.value, "\(key).content_travel_mm", above: 0, atMost: 100, unit: "mm")
        }
        return t
    }

    /// A number from 0 (allowed) to `atMost`.
    private static func atLeastZero(_ r: ConfigReader, _ node: YAMLNode, _ key: String, atMost: Double, unit: String) -> Double? {
        guard let v = r.number(node, key, atMost: atMost, unit: unit) else { return nil }
        guard v >= 0 else {
            let shown = v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)
            r.issue(key, node.mark, "\(shown) must be at least 0 \(unit)")
            return nil
        }
        return v
    }

    private static func readAction(_ r: ConfigReader, _ node: YAMLNode, _ key: String) -> ActionRule? {
        guard let m = r.mapping(node, key, known: ["on", "edge", "fingers", "key", "run"]) else { return nil }
        var trigger = ActionTrigger.complete
        if let e = m["on"], let t = r.enumValue(e.value, "\(key).on", ActionTrigger.self) { trigger = t }
        var edge: Edge?
        if let e = m["edge"] { edge = r.enumValue(e.value, "\(key).edge", Edge.self) }
        var fingers: Int?
        if let e = m["fingers"] { fingers = r.int(e.value, "\(key).fingers", range: 1...5) }
        switch (m["key"], m["run"]) {
        case (nil, nil):
            r.issue(key, node.mark, "an action needs \"key\" (a key to inject) or \"run\" (a command)")
            return nil
        case (.some(let k), .some):
            r.issue(key, k.keyMark, "give either \"key\" or \"run\", not both")
            return nil
        case (.some(let k), nil):
            guard let name = r.string(k.value, "\(key).key") else { return nil }
            let keyName = name.isEmpty || name == "default" ? "KEY_BACK" : name
            guard keyName.hasPrefix("KEY_"), let code = EventCodeNames.code(type: EventType.key, named: keyName) else {
                r.issue("\(key).key", k.value.mark, "\"\(name)\" is not a key name libevdev knows (for example KEY_BACK)")
                return nil
            }
            return ActionRule(trigger: trigger, edge: edge, fingers: fingers, action: .key(code: code, name: keyName),
                              line: node.mark.line)
        case (nil, .some(let run)):
            guard let argv = readArgv(r, run.value, "\(key).run") else { return nil }
            return ActionRule(trigger: trigger, edge: edge, fingers: fingers, action: .run(argv), line: node.mark.line)
        }
    }

    /// A `run` list: the program's absolute path first (no shell, no PATH search), each argument a template.
    static func readArgv(_ r: ConfigReader, _ node: YAMLNode, _ key: String) -> [ArgumentTemplate]? {
        guard let items = r.list(node, key) else { return nil }
        guard !items.isEmpty else {
            r.issue(key, node.mark, "needs at least the program's absolute path")
            return nil
        }
        var argv: [ArgumentTemplate] = []
        for (i, item) in items.enumerated() {
            guard let text = r.string(item, "\(key)[\(i)]") else { return nil }
            do {
                argv.append(try ArgumentTemplate.parse(text))
            } catch {
                r.issue("\(key)[\(i)]", item.mark, error.description)
                return nil
            }
        }
        guard case .literal(let program) = argv[0], program.hasPrefix("/") else {
            r.issue("\(key)[0]", items[0].mark, "the program must be an absolute path (there is no shell and no PATH search)")
            return nil
        }
        return argv
    }
}

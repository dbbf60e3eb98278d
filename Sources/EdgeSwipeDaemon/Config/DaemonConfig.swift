import EdgeSwipeControl
import Gestures
import TouchInput
import TouchModel

/// The service configuration (docs/daemon.md describes the file; config/edgeswipe.example.yaml shows it).
package struct DaemonConfig: Hashable, Sendable {
    /// Where it was read from, for messages.
    package var source: String
    package var socket: SocketConfig
    package var selection: SelectionMode
    /// Settings for every device, before a device entry's own settings are laid over them.
    package var defaults: DeviceSettings
    /// In file order; the first entry that matches a device gives its settings.
    package var devices: [DeviceEntry]
    /// Print gesture and navigation events as JSON lines on stdout.
    package var printJSON: Bool
    /// The HTTP bridge for browser kiosks (docs/kiosk.md); nil: not served.
    package var http: HTTPConfig?

    package init(source: String = "built-in defaults", socket: SocketConfig = SocketConfig(), selection: SelectionMode = .all,
                defaults: DeviceSettings = DeviceSettings(), devices: [DeviceEntry] = [], printJSON: Bool = false) {
        self.source = source
        self.socket = socket
        self.selection = selection
        self.defaults = defaults
        self.devices = devices
        self.printJSON = printJSON
    }

    package var selectors: [DeviceSelector] { devices.map(\.selector) }

    /// The entry a device takes its settings from: the first that matches (`DeviceSelection.entry`).
    package func entry(for device: DeviceDescription, node: String?, kind: DeviceKind) -> Int? {
        DeviceSelection.entry(for: device, node: node, kind: kind, selectors: selectors)
    }

    /// The settings for a device: defaults, overlaid with the matching entry's (nil when none matched).
    package func settings(forEntry index: Int?) -> DeviceSettings {
        guard let index, devices.indices.contains(index) else { return defaults }
        return defaults.overlaid(with: devices[index].settings)
    }

    /// Whether any device could be owned: `own: true` in the defaults or in an entry.
    package var mayOwnDevices: Bool { defaults.own == true || devices.contains { $0.settings.own == true } }
    /// Some device may follow the accelerometer (`rotation: accelerometer` in the defaults or an entry): the service
    /// then follows iio-sensor-proxy, and only then.
    package var usesAccelerometer: Bool {
        defaults.rotation == .accelerometer || devices.contains { $0.settings.rotation == .accelerometer }
    }
}

package struct SocketConfig: Hashable, Sendable {
    package static let defaultPath = ControlProtocol.defaultSocketPath

    /// Why `path` cannot be the control socket's (`socket.path` and `run --socket`), nil when it can: it must be
    /// absolute, as the service runs from / under systemd and a relative path would name another file, and
    /// short enough for sockaddr_un.
    package static func problem(withPath path: String) -> String? {
        if !path.hasPrefix("/") { return "must be an absolute path" }
        if path.utf8.count >= 108 { return "is \(path.utf8.count) bytes; a Unix socket path must be under 108" }
        return nil
    }
    /// Nil disables the control socket.
    package var path: String?
    /// Group owning the socket (its members may connect). Nil keeps the service's own group.
    package var group: String?
    /// Users allowed besides root, the service user and members of the socket's group (as their primary group).
    package var allowUsers: [String]
    package var maxClients: Int
    /// Bytes queued for one client before it is disconnected as too slow.
    package var queueLimitBytes: Int

    package init(path: String? = SocketConfig.defaultPath, group: String? = nil, allowUsers: [String] = [],
                maxClients: Int = 64, queueLimitBytes: Int = 1 << 20) {
        self.path = path
        self.group = group
        self.allowUsers = allowUsers
        self.maxClients = maxClients
        self.queueLimitBytes = queueLimitBytes
    }
}

package struct DeviceEntry: Hashable, Sendable {
    package var selector: DeviceSelector
    package var settings: DeviceSettings
    /// Line of the entry in the file.
    package var line: Int

    package init(selector: DeviceSelector, settings: DeviceSettings = DeviceSettings(), line: Int = 0) {
        self.selector = selector
        self.settings = settings
        self.line = line
    }
}

/// Screen rotation in degrees clockwise.
package enum Rotation: Int, Hashable, Sendable, CaseIterable {
    case r0 = 0, r90 = 90, r180 = 180, r270 = 270
}

/// The `rotation` setting: a fixed angle; `auto`, the transform of the output the touchscreen is on as the
/// session side reports it (`reportOutput`, docs/protocol.md), 0 until one is reported; or `accelerometer`, the
/// orientation iio-sensor-proxy reads from the accelerometer (system bus), 0 until it gives one.
package enum RotationSetting: Hashable, Sendable {
    case fixed(Rotation)
    case auto
    case accelerometer
}

/// Recognizer thresholds in physical units. Nil means the recognizer's default (issue 3's contract).
package struct Thresholds: Hashable, Sendable {
    package var fingers: Int?
    package var edgeZoneMM: Double?
    package var activationDistanceMM: Double?
    package var angleToleranceDegrees: Double?
    package var maxDriftMM: Double?
    package var activationTimeoutMS: Double?
    package var completeProgress: Double?
    package var completeVelocityMMs: Double?
    package var alongEdgeSlopMM: Double?
    package var armMinTravelMM: Double?
    package var armMinIntervalMS: Double?
    package var armConeRatio: Double?
    package var palmMajorMM: Double?
    package var palmAreaMM2: Double?
    package var palmPressure: Double?
    package var gripRadiusMM: Double?
    package var gripTimeMS: Double?
    package var penLingerMS: Double?
    package var penHandMarginMM: Double?
    package var penStuckMS: Double?
    /// The content back's (issue 37): how long the region's owner may take to answer, and the travel at which a
    /// pan's axis is decided.
    package var contentAnswerWaitMS: Double?
    package var contentTravelMM: Double?

    package init() {}

    func overlaid(with o: Thresholds) -> Thresholds {
        var t = self
        t.fingers = o.fingers ?? fingers
        t.edgeZoneMM = o.edgeZoneMM ?? edgeZoneMM
        t.activationDistanceMM = o.activationDistanceMM ?? activationDistanceMM
        t.angleToleranceDegrees = o.angleToleranceDegrees ?? angleToleranceDegrees
        t.maxDriftMM = o.maxDriftMM ?? maxDriftMM
        t.activationTimeoutMS = o.activationTimeoutMS ?? activationTimeoutMS
        t.completeProgress = o.completeProgress ?? completeProgress
        t.completeVelocityMMs = o.completeVelocityMMs ?? completeVelocityMMs
        t.alongEdgeSlopMM = o.alongEdgeSlopMM ?? alongEdgeSlopMM
        t.armMinTravelMM = o.armMinTravelMM ?? armMinTravelMM
        t.armMinIntervalMS = o.armMinIntervalMS ?? armMinIntervalMS
        t.armConeRatio = o.armConeRatio ?? armConeRatio
        t.palmMajorMM = o.palmMajorMM ?? palmMajorMM
        t.palmAreaMM2 = o.palmAreaMM2 ?? palmAreaMM2
        t.palmPressure = o.palmPressure ?? palmPressure
        t.gripRadiusMM = o.gripRadiusMM ?? gripRadiusMM
        t.gripTimeMS = o.gripTimeMS ?? gripTimeMS
        t.penLingerMS = o.penLingerMS ?? penLingerMS
        t.penHandMarginMM = o.penHandMarginMM ?? penHandMarginMM
        t.penStuckMS = o.penStuckMS ?? penStuckMS
        t.contentAnswerWaitMS = o.contentAnswerWaitMS ?? contentAnswerWaitMS
        t.contentTravelMM = o.contentTravelMM ?? contentTravelMM
        return t
    }
}

/// Per-device settings. Every field is optional so entries can override only what they name.
package struct DeviceSettings: Hashable, Sendable {
    package var size: PhysicalSize?
    package var rotation: RotationSetting?
    /// The name of the output the touchscreen is on (`output: HDMI-A-1`), as the compositor names it: reports
    /// for other outputs do not turn it. Nil: the only output reported.
    package var output: String?
    /// libinput-style 2x3 matrix, row-major: [a, b, c, d, e, f].
    package var calibration: [Double]?
    package var edges: [Edge]?
    package var thresholds: Thresholds
    package var actions: [ActionRule]?
    /// Ownership mode (docs/kiosk.md): the service grabs the device and forwards what is not an edge gesture
    /// through a uinput clone. Nil: off.
    package var own: Bool?
    /// Where a handed-off back goes for the focused app (docs/daemon.md, "Back routing"): tried in order before
    /// the toolkit's back. Nil: none (an entry's list replaces the defaults', as `actions` does).
    package var routes: [BackRoute]?
    /// Whether the toolkit of the focused app (and the shipped app_id rules) decide a back no route takes.
    /// Nil: on (`DeviceSettings.toolkitRoutingDefault`).
    package var toolkitRouting: Bool?
    /// Which hand holds the paired pen (`handedness: auto|left|right`); nil: from the pen's tilt.
    package var handedness: PenHandedness?
    /// Which pen node pairs with the device (`pen: NAME`, `pen: none`, `pen: auto`); nil: the group rule.
    package var pen: PenRequest?
    /// Issue 37's back from anywhere in a client's declared content regions (`content_swipe: true`); nil: off.
    package var contentSwipe: Bool?

    /// Toolkit routing is on unless a configuration turns it off (issue 35: common apps need no configuration).
    package static let toolkitRoutingDefault = true

    package init(size: PhysicalSize? = nil, rotation: RotationSetting? = nil, output: String? = nil,
                calibration: [Double]? = nil, edges: [Edge]? = nil, thresholds: Thresholds = Thresholds(),
                actions: [ActionRule]? = nil, own: Bool? = nil, routes: [BackRoute]? = nil, toolkitRouting: Bool? = nil,
                handedness: PenHandedness? = nil, pen: PenRequest? = nil, contentSwipe: Bool? = nil) {
        self.contentSwipe = contentSwipe
        self.handedness = handedness
        self.pen = pen
        self.routes = routes
        self.toolkitRouting = toolkitRouting
        self.size = size
        self.rotation = rotation
        self.output = output
        self.calibration = calibration
        self.edges = edges
        self.thresholds = thresholds
        self.actions = actions
        self.own = own
    }

    package func overlaid(with o: DeviceSettings) -> DeviceSettings {
        DeviceSettings(size: o.size ?? size, rotation: o.rotation ?? rotation, output: o.output ?? output,
                       calibration: o.calibration ?? calibration,
                       edges: o.edges ?? edges, thresholds: thresholds.overlaid(with: o.thresholds),
                       actions: o.actions ?? actions, own: o.own ?? own, routes: o.routes ?? routes,
                       toolkitRouting: o.toolkitRouting ?? toolkitRouting, handedness: o.handedness ?? handedness,
                       pen: o.pen ?? pen, contentSwipe: o.contentSwipe ?? contentSwipe)
    }
}

/// When an action runs.
package enum ActionTrigger: String, Hashable, Sendable, CaseIterable {
    case began, complete, cancel
}

/// One configured reaction to a gesture.
package struct ActionRule: Hashable, Sendable {
    package enum Action: Hashable, Sendable {
        /// Press and release a key on the uinput virtual keyboard.
        case key(code: UInt16, name: String)
        /// Spawn a program (no shell) with this argv template.
        case run([ArgumentTemplate])
    }

    package var trigger: ActionTrigger
    /// Nil: any edge.
    package var edge: Edge?
    /// Nil: any finger count.
    package var fingers: Int?
    package var action: Action
    package var line: Int

    package init(trigger: ActionTrigger = .complete, edge: Edge? = nil, fingers: Int? = nil, action: Action, line: Int = 0) {
        self.trigger = trigger
        self.edge = edge
        self.fingers = fingers
        self.action = action
        self.line = line
    }

    package func matches(_ trigger: ActionTrigger, edge: Edge, fingers: Int) -> Bool {
        self.trigger == trigger && (self.edge.map { $0 == edge } ?? true) && (self.fingers.map { $0 == fingers } ?? true)
    }
}

import Gestures
import TouchInput
import TouchModel

/// The service configuration (docs/daemon.md describes the file; config/edgeswipe.example.yaml shows it).
public struct DaemonConfig: Hashable, Sendable {
    /// Where it was read from, for messages.
    public var source: String
    public var socket: SocketConfig
    public var selection: SelectionMode
    /// Settings for every device, before a device entry's own settings are laid over them.
    public var defaults: DeviceSettings
    /// In file order; the first entry that matches a device gives its settings.
    public var devices: [DeviceEntry]
    /// Print gesture and navigation events as JSON lines on stdout.
    public var printJSON: Bool
    /// The HTTP bridge for browser kiosks (docs/kiosk.md); nil: not served.
    public var http: HTTPConfig?

    public init(source: String = "built-in defaults", socket: SocketConfig = SocketConfig(), selection: SelectionMode = .all,
                defaults: DeviceSettings = DeviceSettings(), devices: [DeviceEntry] = [], printJSON: Bool = false) {
        self.source = source
        self.socket = socket
        self.selection = selection
        self.defaults = defaults
        self.devices = devices
        self.printJSON = printJSON
    }

    public var selectors: [DeviceSelector] { devices.map(\.selector) }

    /// The entry a device takes its settings from: the first that matches (`DeviceSelection.entry`).
    public func entry(for device: DeviceDescription, node: String?, kind: DeviceKind) -> Int? {
        DeviceSelection.entry(for: device, node: node, kind: kind, selectors: selectors)
    }

    /// The settings for a device: defaults, overlaid with the matching entry's (nil when none matched).
    public func settings(forEntry index: Int?) -> DeviceSettings {
        guard let index, devices.indices.contains(index) else { return defaults }
        return defaults.overlaid(with: devices[index].settings)
    }

    /// Whether any device could be owned: `own: true` in the defaults or in an entry.
    public var mayOwnDevices: Bool { defaults.own == true || devices.contains { $0.settings.own == true } }
}

public struct SocketConfig: Hashable, Sendable {
    public static let defaultPath = "/run/edgeswipe/control.sock"
    /// Nil disables the control socket.
    public var path: String?
    /// Group owning the socket (its members may connect). Nil keeps the service's own group.
    public var group: String?
    /// Users allowed besides root, the service user and members of the socket's group (as their primary group).
    public var allowUsers: [String]
    public var maxClients: Int
    /// Bytes queued for one client before it is disconnected as too slow.
    public var queueLimitBytes: Int

    public init(path: String? = SocketConfig.defaultPath, group: String? = nil, allowUsers: [String] = [],
                maxClients: Int = 64, queueLimitBytes: Int = 1 << 20) {
        self.path = path
        self.group = group
        self.allowUsers = allowUsers
        self.maxClients = maxClients
        self.queueLimitBytes = queueLimitBytes
    }
}

public struct DeviceEntry: Hashable, Sendable {
    public var selector: DeviceSelector
    public var settings: DeviceSettings
    /// Line of the entry in the file.
    public var line: Int

    public init(selector: DeviceSelector, settings: DeviceSettings = DeviceSettings(), line: Int = 0) {
        self.selector = selector
        self.settings = settings
        self.line = line
    }
}

/// Screen rotation in degrees clockwise.
public enum Rotation: Int, Hashable, Sendable, CaseIterable {
    case r0 = 0, r90 = 90, r180 = 180, r270 = 270
}

/// Recognizer thresholds in physical units. Nil means the recognizer's default (issue 3's contract).
public struct Thresholds: Hashable, Sendable {
    public var fingers: Int?
    public var edgeZoneMM: Double?
    public var activationDistanceMM: Double?
    public var angleToleranceDegrees: Double?
    public var maxDriftMM: Double?
    public var activationTimeoutMS: Double?
    public var completeProgress: Double?
    public var completeVelocityMMs: Double?
    public var alongEdgeSlopMM: Double?
    public var armMinTravelMM: Double?
    public var armMinIntervalMS: Double?
    public var armConeRatio: Double?

    public init() {}

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
        return t
    }
}

/// Per-device settings. Every field is optional so entries can override only what they name.
public struct DeviceSettings: Hashable, Sendable {
    public var size: PhysicalSize?
    public var rotation: Rotation?
    /// libinput-style 2x3 matrix, row-major: [a, b, c, d, e, f].
    public var calibration: [Double]?
    public var edges: [Edge]?
    public var thresholds: Thresholds
    public var actions: [ActionRule]?
    /// Ownership mode (docs/kiosk.md): the service grabs the device and forwards what is not an edge gesture
    /// through a uinput clone. Nil: off.
    public var own: Bool?

    public init(size: PhysicalSize? = nil, rotation: Rotation? = nil, calibration: [Double]? = nil, edges: [Edge]? = nil,
                thresholds: Thresholds = Thresholds(), actions: [ActionRule]? = nil, own: Bool? = nil) {
        self.size = size
        self.rotation = rotation
        self.calibration = calibration
        self.edges = edges
        self.thresholds = thresholds
        self.actions = actions
        self.own = own
    }

    public func overlaid(with o: DeviceSettings) -> DeviceSettings {
        DeviceSettings(size: o.size ?? size, rotation: o.rotation ?? rotation, calibration: o.calibration ?? calibration,
                       edges: o.edges ?? edges, thresholds: thresholds.overlaid(with: o.thresholds),
                       actions: o.actions ?? actions, own: o.own ?? own)
    }
}

/// When an action runs.
public enum ActionTrigger: String, Hashable, Sendable, CaseIterable {
    case began, complete, cancel
}

/// One configured reaction to a gesture.
public struct ActionRule: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        /// Press and release a key on the uinput virtual keyboard.
        case key(code: UInt16, name: String)
        /// Spawn a program (no shell) with this argv template.
        case run([ArgumentTemplate])
    }

    public var trigger: ActionTrigger
    /// Nil: any edge.
    public var edge: Edge?
    /// Nil: any finger count.
    public var fingers: Int?
    public var action: Action
    public var line: Int

    public init(trigger: ActionTrigger = .complete, edge: Edge? = nil, fingers: Int? = nil, action: Action, line: Int = 0) {
        self.trigger = trigger
        self.edge = edge
        self.fingers = fingers
        self.action = action
        self.line = line
    }

    public func matches(_ trigger: ActionTrigger, edge: Edge, fingers: Int) -> Bool {
        self.trigger == trigger && (self.edge.map { $0 == edge } ?? true) && (self.fingers.map { $0 == fingers } ?? true)
    }
}

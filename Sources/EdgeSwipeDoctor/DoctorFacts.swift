import EdgeSwipeControl
import Gestures

/// What `edgeswipe doctor` looked at, gathered once (`ProcessTable`, the command's device scan, the service's
/// hello, the compositor's configuration files). The checks are pure functions of these facts, so each finding
/// is tested from facts written down, not from the machine the tests run on.
public struct DoctorFacts: Sendable, Equatable {
    public var touchDevices: [TouchDeviceFact]
    public var processes: [ProcessFact]
    /// The edges EdgeSwipe's configuration swipes from (every device entry's, or the defaults').
    public var edgeSwipeEdges: Set<Edge>
    public var service: ServiceFact
    /// Compositor configuration files read, with their text (those of the running compositor, or the usual
    /// places when none is found running).
    public var compositorConfigs: [ConfigFileFact]
    /// The doctor's own process, never counted as another reader.
    public var selfPID: Int32
    /// The service's touchscreens as its hello publishes them; nil when not asked or not published.
    public var screens: [ScreenFact]?
    /// The running compositor's outputs (`swaymsg -t get_outputs`, `hyprctl monitors -j`); nil when none was read.
    public var compositorOutputs: [CompositorOutputFact]?
    /// What reading the compositor's files left unread, and why (`CompositorConfigReading`).
    public var compositorConfigNotes: [String] = []
    /// The outputs the service's configuration names (`output:` in a device entry or the defaults).
    public var configuredOutputs: [ConfiguredOutputFact] = []
    /// The route a handed-off back would take now, as the service's hello says (protocol 5); nil when not said.
    public var backRoute: ServiceBackRoute?
    /// The finger counts of EdgeSwipe's swipes (every recognizer's `fingers`).
    public var edgeSwipeFingers: Set<Int> = [1]
    /// The user the doctor works for (`InvokingUser`): whose desktop session counts; nil when not known (then
    /// every process counts).
    public var invokingUID: UInt32?
    /// GNOME, KDE Plasma, Plasma Mobile and Phosh (issue 39).
    public var desktop = DesktopFacts()
    /// Pen nodes found and whether each pairs with a touch device (issue 36), in the words of `list-devices`.
    public var pens: [PenFact] = []

    public init(touchDevices: [TouchDeviceFact] = [], processes: [ProcessFact] = [], edgeSwipeEdges: Set<Edge> = [.left],
                service: ServiceFact = .notChecked, compositorConfigs: [ConfigFileFact] = [], selfPID: Int32 = 0) {
        self.touchDevices = touchDevices
        self.processes = processes
        self.edgeSwipeEdges = edgeSwipeEdges
        self.service = service
        self.compositorConfigs = compositorConfigs
        self.selfPID = selfPID
    }
}

/// A pen node (BTN_TOOL_PEN with ABS_X/Y) and the touch device it pairs with; `unpaired` says why it pairs with none.
public struct PenFact: Sendable, Equatable {
    public var node: String
    public var name: String
    /// Nil when it pairs with a touch device.
    public var unpaired: String?

    public init(node: String, name: String, unpaired: String? = nil) {
        self.node = node
        self.name = name
        self.unpaired = unpaired
    }
}

/// One evdev node that udev or its description calls a touch device, and the service's decision about it.
public struct TouchDeviceFact: Sendable, Equatable {
    public var node: String
    public var name: String
    public var used: Bool
    /// Why it is used or not, in the words of `edgeswipe list-devices`.
    public var reason: String
    /// Whether another process holds an exclusive grab (EVIOCGRAB answered EBUSY); nil when not tried.
    public var grabbedByOther: Bool?
    /// The service's configuration owns it (`own: true`): the compositor reads its clone.
    public var owned: Bool
    /// Sway's identifier of it (`SwayInputRule.identifier`); nil when its ids are not known.
    public var swayIdentifier: String?

    public init(node: String, name: String, used: Bool, reason: String, grabbedByOther: Bool? = nil, owned: Bool = false,
                swayIdentifier: String? = nil) {
        self.node = node
        self.name = name
        self.used = used
        self.reason = reason
        self.grabbedByOther = grabbedByOther
        self.owned = owned
        self.swayIdentifier = swayIdentifier
    }
}

/// A process as /proc shows it.
public struct ProcessFact: Sendable, Equatable {
    public var pid: Int32
    /// The kernel's short name (/proc/PID/comm).
    public var name: String
    /// /proc/PID/cmdline split at its NULs.
    public var arguments: [String]
    /// The /dev/input/event* nodes it holds open (/proc/PID/fd links); empty when they cannot be read (another
    /// user's process, without privilege).
    public var inputNodes: [String]
    /// Its owner (the owner of /proc/PID); nil when not known.
    public var uid: UInt32?

    public init(pid: Int32, name: String, arguments: [String], inputNodes: [String] = [], uid: UInt32? = nil) {
        self.pid = pid
        self.name = name
        self.arguments = arguments
        self.inputNodes = inputNodes
        self.uid = uid
    }

    /// The program's file name: the first argument's last path component, or the kernel's name.
    public var program: String {
        guard let first = arguments.first, !first.isEmpty else { return name }
        return String(first.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(first))
    }
}

/// What the control socket answered.
public enum ServiceFact: Sendable, Equatable {
    case notChecked
    /// The hello arrived; `protocolVersion` is its `protocol`.
    case reachable(socket: String, protocolVersion: Int, server: String)
    case unreachable(socket: String, error: String)
}

/// A configuration file of a compositor, read as text.
public struct ConfigFileFact: Sendable, Equatable {
    public enum Compositor: String, Sendable, CaseIterable {
        case sway, hyprland, wayfire
    }
    public var compositor: Compositor
    public var path: String
    public var text: String

    public init(compositor: Compositor, path: String, text: String) {
        self.compositor = compositor
        self.path = path
        self.text = text
    }
}

/// An `output:` setting of the service's configuration: the output name and where it is written.
public struct ConfiguredOutputFact: Sendable, Equatable {
    public var name: String
    /// "FILE:LINE (devices[2])" or "FILE (defaults)".
    public var place: String

    public init(name: String, place: String) {
        self.name = name
        self.place = place
    }
}

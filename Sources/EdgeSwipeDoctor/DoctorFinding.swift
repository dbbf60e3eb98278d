/// One thing that stands between the user and a working back swipe, with what to do about it.
public struct DoctorFinding: Sendable, Equatable {
    /// Stable names for scripts (`edgeswipe doctor --json`); docs/doctor.md lists them.
    public enum Code: String, Sendable, CaseIterable {
        /// No touch device is used by EdgeSwipe.
        case noTouchDeviceUsed
        /// A gesture tool reads touch input beside EdgeSwipe (lisgd, touchegg, libinput-gestures, fusuma...).
        case otherGestureTool
        /// More than one `edgeswipe run` is running.
        case secondEdgeSwipe
        /// A touchscreen EdgeSwipe uses is grabbed by another process, so EdgeSwipe sees none of its events.
        case touchscreenGrabbed
        /// The compositor binds a touch edge swipe on an edge EdgeSwipe swipes from.
        case compositorEdgeBinding
        /// A kiosk browser runs with its own swipe-to-go-back still on.
        case browserOwnSwipe
        /// The service's control socket does not answer.
        case serviceUnreachable
        /// The service speaks another protocol version than this client.
        case protocolMismatch
        /// A touchscreen's touches are turned otherwise than the compositor turns its output.
        case rotationMismatch
        /// The service maps a touchscreen to an output the compositor does not have.
        case outputMismatch
        /// The compositor has several outputs and the service does not know which one a touchscreen is on.
        case outputAmbiguous
        /// A sway rule names an owned panel by its identifier, and no device the compositor reads (its clone) has it.
        case cloneMissesInputRule
        /// KWin's `[TouchEdges]` gives an edge EdgeSwipe swipes from to an action (`Left=ShowDesktop`).
        case kwinTouchEdge
        /// An effect's, a script's or the window switcher's touch border (`TouchBorderActivate=6`) is on such an edge.
        case kwinTouchBorder
        /// Plasma Mobile's task switcher takes the bottom edge, and EdgeSwipe swipes from it.
        case plasmaMobileTaskSwitcher
        /// An InputActions configuration has touchscreen gestures (informational: their edges are not read).
        case inputActionsTouchscreen
        /// An enabled GNOME Shell extension takes edge or touchscreen gestures.
        case gnomeGestureExtension
        /// EdgeSwipe's own GNOME Shell extension is not enabled: no arrow and no focus reports on GNOME (informational).
        case gnomeExtensionOff
        /// GNOME Shell's own edge drag (top: unfullscreen; bottom: the on-screen keyboard) is on such an edge.
        case gnomeEdgeDrag
        /// GNOME Shell's three-finger touchscreen pans and an EdgeSwipe swipe of three or more fingers (informational).
        case gnomeThreeFingerPan
        /// Phosh's top panel or home bar takes an edge EdgeSwipe swipes from.
        case phoshEdge
        /// A lisgd gesture (`-g`) starts at an edge EdgeSwipe swipes from.
        case lisgdEdgeGesture
        /// A pen node pairs with no touch device, so writing with the hand on the screen is not told from a swipe
        /// (informational).
        case unpairedPen
    }

    /// A problem stands between the user and a working back swipe (exit status 1); information is worth knowing
    /// and changes nothing by itself (exit status stays 0).
    public enum Severity: String, Sendable {
        case problem, info
    }

    public var code: Code
    /// What it is about: a device node, a process, a file and line.
    public var subject: String
    public var message: String
    public var remedy: String
    public var severity: Severity

    public init(code: Code, subject: String, message: String, remedy: String, severity: Severity = .problem) {
        self.code = code
        self.subject = subject
        self.message = message
        self.remedy = remedy
        self.severity = severity
    }
}

/// The doctor's answer: findings (each a problem), and notes that say what was looked at.
public struct DoctorReport: Sendable, Equatable {
    public var findings: [DoctorFinding]
    public var notes: [String]

    public init(findings: [DoctorFinding], notes: [String]) {
        self.findings = findings
        self.notes = notes
    }

    /// Whether nothing stands in the way: no finding, or only informational ones.
    public var ok: Bool { !findings.contains { $0.severity == .problem } }
}

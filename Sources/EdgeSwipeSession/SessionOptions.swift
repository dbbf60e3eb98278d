import EdgeSwipeControl
import EdgeSwipeHaptics

/// What `edgeswipe feedback` runs with (its options, parsed by the command).
public struct SessionOptions: Sendable, Hashable {
    /// The service's control socket.
    public var socketPath: String
    /// The Wayland display; nil: $WAYLAND_DISPLAY.
    public var displayName: String?
    /// The output the touchscreen maps to; nil: the only or first.
    public var outputName: String?
    /// Each arrow picture committed printed as a JSON line.
    public var verbose: Bool
    /// The outputs' transforms and sizes reported to the service (`reportOutput`).
    public var reportOutputs: Bool
    public var haptics: HapticsChoice
    /// Where the focused window is read from for `reportFocus` (issue 35), or none.
    public var focus: FocusChoice
    /// The band preview (issue 38 item 4): the edge bands drawn over the output.
    public var showBands: Bool

    public init(socketPath: String = ControlProtocol.defaultSocketPath, displayName: String? = nil, outputName: String? = nil,
                verbose: Bool = false, reportOutputs: Bool = true, haptics: HapticsChoice = .feedbackd,
                focus: FocusChoice = .auto, showBands: Bool = false) {
        self.socketPath = socketPath
        self.displayName = displayName
        self.outputName = outputName
        self.verbose = verbose
        self.reportOutputs = reportOutputs
        self.haptics = haptics
        self.focus = focus
        self.showBands = showBands
    }
}

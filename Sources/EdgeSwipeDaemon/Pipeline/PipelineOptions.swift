import Gestures
import Navigation
import TouchInput
import TouchModel

/// How a recording or a device is run: surface size, orientation, recognizers, and the navigation stack.
public struct PipelineOptions: Hashable, Sendable {
    /// A size for devices whose axes have no resolution (`--size WxH`).
    public var configuredSize: PhysicalSize?
    /// The size of the output the device is on, as the session side reported it (`reportOutput`'s widthMM and
    /// heightMM): the size of a device whose axes have no resolution and that has no configured size, as a
    /// touchscreen mapped to an output spans it (docs/daemon.md).
    public var outputSize: PhysicalSize?
    public var rotation: ScreenRotation = .r0
    public var calibration: CalibrationMatrix = .identity
    /// Mirrored left to right after the rotation (a flipped output the screen follows, `rotation: auto`).
    public var flipped = false
    /// Recognizers on every device, in claim order. The default is the one-finger left-edge back swipe.
    public var recognizers: [EdgeSwipeConfig] = [EdgeSwipeConfig()]
    /// The stack installed with setScreens before the first event; nil runs gestures only.
    public var stack: [ScreenSpec]?
    public var navigation = NavigationConfig()

    /// The recognizer that drives the interactive pop: the first one-finger recognizer on the pop edge.
    public var popRecognizer: RecognizerID? {
        recognizers.first { $0.fingers == 1 && $0.edges.contains(navigation.popEdge) }?.name
    }
    /// Emit one output per decoded frame too (debug-events, plot).
    public var emitFrames = false
    /// Report each stroke that started near an edge and did not become a back (`PipelineOutput.nearMiss`:
    /// debug-events, `replay --explain`, the service's `nearMiss` class). Off: the outputs are as before.
    public var explainNearMisses = false
    /// The pen gate's settings, used when a pen node pairs with the device (issue 36).
    public var penGate = PenGateConfig()
    /// Which pen node pairs with the device (`pen:` in its entry): by the group rule, a named one, or none.
    public var penRequest = PenRequest.automatic
    /// Issue 37's content back (`content_swipe: true`): nil, the default, runs none, and the outputs are as before.
    public var content: ContentOptions?

    public init() {}

    /// The transform of a surface of `deviceSize`: rotation and mirroring, and the calibration when the pipeline
    /// decodes the device itself (`calibrates`; libinput has applied LIBINPUT_CALIBRATION_MATRIX already).
    public func screenTransform(deviceSize: PhysicalSize, calibrates: Bool) -> ScreenTransform {
        ScreenTransform(deviceSize: deviceSize, rotation: rotation, calibration: calibrates ? calibration : .identity,
                        flipped: flipped)
    }
}

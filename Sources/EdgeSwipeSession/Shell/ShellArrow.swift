import EdgeSwipeBus
import EdgeSwipeControl
import EdgeSwipeFeedback
import EdgeSwipeSystem
import EdgeSwipeWayland
import TouchModel

/// The back arrow on GNOME, drawn by EdgeSwipe's Shell extension (`ShellExtension`): the same `ArrowMachine` and
/// `ArrowGeometry` as the layer-shell `ArrowOverlay`, at scale 1 (the monitor's logical pixels), each picture one
/// ShowArrow call; the leaving animation is ticked here at 60 Hz, and a HideArrow ends it. The extension takes a
/// picture away by itself when none came for a second, so a killed feedback never leaves an arrow on screen.
///
/// The extension is asked for its version once at the start; if it does not answer, the Shell is asked to enable
/// it (org.gnome.Shell.Extensions.EnableExtension) and the way out is said. Pictures are sent whatever the answer:
/// an extension enabled later draws from the next one.
final class ShellArrow: BackArrowSurface {
    private let bus: BusConnection
    /// The compositor's outputs as they are now (the Wayland display's; a test's list).
    private let outputs: () -> [OutputInfo]
    private let outputName: String?
    private let style: ArrowStyle
    private let clock: () -> Microseconds
    private var machine: ArrowMachine
    private let timer: DeadlineTimer
    private let loop: EventLoop
    /// The last picture sent, nil when none is shown: an unchanged picture is not sent again.
    private var shown: ShellArrowPicture?
    private var pendingFrameTime: Microseconds?
    private var saidProblems = SayOnce()
    var screenSize: PhysicalSize?
    var onCommit: ((ArrowCommit) -> Void)?
    var onProblem: ((String) -> Void)?
    /// The leaving animation's step: one picture per 60 Hz frame.
    static let frameInterval = Microseconds(16_667)

    init(bus: BusConnection, loop: EventLoop, outputs: @escaping () -> [OutputInfo], outputName: String?, style: ArrowStyle = .standard,
         clock: @escaping () -> Microseconds = Monotonic.now, say: @escaping (String) -> Void) throws {
        self.bus = bus
        self.outputs = outputs
        self.outputName = outputName
        self.style = style
        self.clock = clock
        self.loop = loop
        machine = ArrowMachine(leaveDuration: style.leaveDuration)
        timer = try DeadlineTimer(loop: loop)
        timer.onExpiry = { [unowned self] _ in update() }
        try? bus.call(ShellExtension.getVersion, timeout: ShellExtension.callTimeout) { [weak self] reply in
            guard let self else { return }
            if reply.error == nil, let version = reply.readUInt32() {
                say("arrow: GNOME Shell extension \(ShellExtension.uuid), interface version \(version)")
                return
            }
            say(ShellExtension.notEnabled + "; asking the Shell to enable it")
            try? self.bus.call(ShellExtension.enable, timeout: ShellExtension.callTimeout) { reply in
                if let error = reply.error {
                    say("the Shell did not enable \(ShellExtension.uuid): \(error.name): \(error.message)")
                } else {
                    say("the Shell enabled \(ShellExtension.uuid): " + (reply.readBool() == true ? "it draws from the next swipe" : "it answered false (not installed for this Shell?)"))
                }
            }
        }
    }

    /// The output the arrow goes on, if it is there.
    private var output: OutputInfo? { outputs().first { outputName == nil || $0.name == outputName } }

    func observe(_ o: BackObservation) {
        screenSize = ArrowPlacement.screenSize(screenSize, after: o, on: output)
        machine.observe(o, now: clock())
        pendingFrameTime = o.frameTime
        update()
    }

    private func say(_ problem: String) {
        if let text = saidProblems.message(problem, problem) { onProblem?(text) }
    }

    private func update() {
        guard let pose = machine.pose(now: clock()) else {
            try? timer.arm(at: nil)
            guard shown != nil else { return }
            shown = nil
            send(ShellExtension.call("HideArrow", [.uint32(0)]))
            onCommit?(ArrowCommit(frameTime: pendingFrameTime.take(), committed: clock(), pose: nil, centreY: 0, reach: 0))
            return
        }
        let info = output
        guard let geometry = ArrowPlacement.geometry(style: style, output: info, outputName: outputName, screen: screenSize,
                                                     scale: 1, say: say), let info else { return }
        let picture = geometry.picture(pose)
        let call = ShellArrowPicture(picture, side: pose.side, connector: info.name ?? "")
        // The ticks follow the loop's clock (CLOCK_MONOTONIC); the picture, `clock`.
        try? timer.arm(at: machine.animating ? loop.now + Self.frameInterval : nil)
        guard call != shown else { return }
        send(call.call)
        shown = call
        onCommit?(ArrowCommit(frameTime: pendingFrameTime.take(), committed: clock(), pose: pose,
                              centreY: picture.centreY, reach: picture.reach))
    }

    /// A call whose error reply is said once per error name (an extension that is off, a monitor it does not know).
    private func send(_ call: BusMethodCall) {
        do {
            try bus.call(call, timeout: ShellExtension.callTimeout) { [weak self] reply in
                guard let self, let error = reply.error else { return }
                say("the GNOME Shell extension refused \(call.member): \(error.name): \(error.message)")
            }
        } catch {
            say("the session bus refused \(call.member): \(error)")
        }
    }
}

/// What the session program draws the arrow with: the layer-shell overlay, or the GNOME Shell extension.
protocol BackArrowSurface: AnyObject {
    var screenSize: PhysicalSize? { get set }
    func observe(_ o: BackObservation)
}

extension ArrowOverlay: BackArrowSurface {}

extension Optional {
    /// The value, leaving nil behind.
    fileprivate mutating func take() -> Wrapped? {
        defer { self = nil }
        return self
    }
}

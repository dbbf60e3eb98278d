#if canImport(Glibc)
import Glibc
#endif
import CWaylandClient
import CWaylandProtocols
import EdgeSwipeControl
import EdgeSwipeFeedback
import EdgeSwipeSystem
import TouchModel

/// What was committed, for the figures and the VM check (`edgeswipe feedback --verbose` prints it).
public struct ArrowCommit: Sendable {
    /// The back gesture's frame this picture shows (the service's kernel time, CLOCK_MONOTONIC), if it is the
    /// first picture since that frame arrived; nil for pictures of the leaving animation.
    public var frameTime: Microseconds?
    /// CLOCK_MONOTONIC right after wl_surface.commit.
    public var committed: Microseconds
    /// What it shows; nil when the arrow went away (its surface destroyed).
    public var pose: ArrowPose?
    /// Where, in the output's logical pixels: the bulge's centre line and its reach.
    public var centreY: Double
    public var reach: Double

    public init(frameTime: Microseconds?, committed: Microseconds, pose: ArrowPose?, centreY: Double, reach: Double) {
        self.frameTime = frameTime
        self.committed = committed
        self.pose = pose
        self.centreY = centreY
        self.reach = reach
    }
}

/// Where an arrow goes, for every surface that draws it (the layer-shell `ArrowOverlay`, and the GNOME Shell
/// extension's `ShellArrow` at scale 1): the screen size a swipe's extent gives when none was published, and the
/// geometry for the output as it is, or why none (said through `say`).
public enum ArrowPlacement {
    /// `known`, else on a gesture's start the size its extent gives on `output`.
    public static func screenSize(_ known: PhysicalSize?, after o: BackObservation, on output: OutputInfo?) -> PhysicalSize? {
        guard known == nil, o.kind == .started, let output, let extent = o.extentMM else { return known }
        return ScreenMapping.sizeFromExtent(extent, outputWidth: output.logicalWidth, outputHeight: output.logicalHeight)
    }

    /// The geometry on `output` (the one `outputName` names, nil when it is not there) for `screen`; nil, and why,
    /// when nothing can be drawn (an output of no size yet says nothing).
    public static func geometry(style: ArrowStyle, output info: OutputInfo?, outputName: String?, screen: PhysicalSize?,
                                scale: Int, say: (String) -> Void) -> ArrowGeometry? {
        guard let info else {
            say(outputName.map { "no output named \($0) (yet): no arrow until it appears" } ?? "no output: no arrow")
            return nil
        }
        guard let screen else {
            say("the service published no screen size and the swipe no extent: no arrow")
            return nil
        }
        guard info.logicalWidth > 0, info.logicalHeight > 0 else { return nil }
        return ArrowGeometry(style: style, mapping: ScreenMapping(screen: screen, outputWidth: info.logicalWidth,
                                                                  outputHeight: info.logicalHeight), scale: scale)
    }
}

/// The back arrow on one output: an overlay-layer surface along the swipe's edge, as wide as the largest arrow and
/// as high as the output, that takes no input (empty input region), drawn with pixman into shm buffers.
///
/// It exists only while there is something to show: created when a gesture starts, destroyed once the arrow has
/// left, so an idle session has no surface of ours to composite. Pictures follow the compositor's frame callbacks:
/// at most one commit per frame, and frames are asked for only while a picture changes.
public final class ArrowOverlay {
    private enum Surface {
        case none
        /// Created and committed without a buffer; the compositor's configure is awaited.
        case awaitingConfigure(SurfaceObjects)
        case configured(SurfaceObjects)
    }

    private final class SurfaceObjects {
        let surface: OpaquePointer
        let layer: OpaquePointer
        let side: ArrowSide
        var frame: OpaquePointer?
        init(surface: OpaquePointer, layer: OpaquePointer, side: ArrowSide) {
            self.surface = surface
            self.layer = layer
            self.side = side
        }
    }

    private let display: WaylandDisplay
    private let outputName: String?
    private let style: ArrowStyle
    private let clock: () -> Microseconds
    private var machine: ArrowMachine
    private var surface = Surface.none
    private var buffers: [ShmBuffer] = []
    /// A picture changed while a frame was pending: draw at the frame.
    private var dirty = false
    private var pendingFrameTime: Microseconds?
    private let layerListener = UnsafeMutablePointer<zwlr_layer_surface_v1_listener>.allocate(capacity: 1)
    private let frameListener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
    /// The screen as the user sees it, mm: from the service (hello/state `screens`), else from a swipe's extent.
    public var screenSize: PhysicalSize?
    public var onCommit: ((ArrowCommit) -> Void)?
    /// Said once each: why nothing can be drawn now.
    public var onProblem: ((String) -> Void)?
    private var saidProblems = SayOnce()

    /// `outputName`: the output the touchscreen maps to; nil: the only (or first) output.
    public init(display: WaylandDisplay, outputName: String?, style: ArrowStyle = .standard,
                clock: @escaping () -> Microseconds = Monotonic.now) {
        self.display = display
        self.outputName = outputName
        self.style = style
        self.clock = clock
        machine = ArrowMachine(leaveDuration: style.leaveDuration)
        layerListener.initialize(to: zwlr_layer_surface_v1_listener(
            configure: { data, layer, serial, _, _ in
                zwlr_layer_surface_v1_ack_configure(layer, serial)
                ArrowOverlay.from(data).configured()
            },
            closed: { data, _ in ArrowOverlay.from(data).destroySurface() }))
        frameListener.initialize(to: wl_callback_listener(done: { data, _, _ in ArrowOverlay.from(data).frameDone() }))
        display.observeOutputs { [unowned self] in
            // A new size or scale: the strip is rebuilt at the next picture.
            self.destroySurface()
            self.update()
        }
    }

    deinit {
        destroySurface()
        buffers.removeAll()
        layerListener.deinitialize(count: 1)
        layerListener.deallocate()
        frameListener.deinitialize(count: 1)
        frameListener.deallocate()
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> ArrowOverlay {
        Unmanaged<ArrowOverlay>.fromOpaque(data!).takeUnretainedValue()
    }

    /// The output the arrow goes on, if it is there.
    var output: WaylandOutput? { display.output(named: outputName) }

    /// One back event; its `frameTime` is its gesture frame's kernel time (for the latency figure).
    public func observe(_ o: BackObservation) {
        screenSize = ArrowPlacement.screenSize(screenSize, after: o, on: output?.info)
        machine.observe(o, now: clock())
        pendingFrameTime = o.frameTime
        update()
    }

    private func say(_ problem: String) {
        if let text = saidProblems.message(problem, problem) { onProblem?(text) }
    }

    /// The geometry for the output as it is now, or nil (and why, once) when nothing can be drawn.
    private func geometry() -> ArrowGeometry? {
        guard display.hasLayerShell else { return nil }
        let info = output?.info
        return ArrowPlacement.geometry(style: style, output: info, outputName: outputName, screen: screenSize,
                                       scale: info?.scale ?? 1, say: say)
    }

    /// Brings the screen up to the machine's picture now: creates, draws or destroys the surface.
    private func update() {
        let pose = machine.pose(now: clock())
        switch surface {
        case .none:
            if let pose, let g = geometry() { createSurface(pose.side, g) }
        case .awaitingConfigure:
            break  // drawn when the configure arrives
        case .configured(let objects):
            guard let pose else {
                destroySurface()
                onCommit?(ArrowCommit(frameTime: pendingFrameTime.take(), committed: clock(), pose: nil, centreY: 0, reach: 0))
                return
            }
            guard let g = geometry() else { return }
            if objects.side != pose.side {
                destroySurface()
                createSurface(pose.side, g)
                return
            }
            if objects.frame != nil {
                dirty = true
                return
            }
            draw(pose, g, objects)
        }
    }

    private func createSurface(_ side: ArrowSide, _ g: ArrowGeometry) {
        guard let layerShell = display.layerShell, let compositor = display.compositor, let output = output,
              let wlSurface = wl_compositor_create_surface(compositor) else { return }
        // Empty input region: every touch and click goes through to what is under the arrow.
        let region = wl_compositor_create_region(compositor)
        wl_surface_set_input_region(wlSurface, region)
        wl_region_destroy(region)
        guard let layer = zwlr_layer_shell_v1_get_layer_surface(layerShell, wlSurface, output.proxy,
                                                                ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY.rawValue, "edgeswipe-back-arrow") else {
            wl_surface_destroy(wlSurface)
            return
        }
        zwlr_layer_surface_v1_add_listener(layer, layerListener, Unmanaged.passUnretained(self).toOpaque())
        let edge = side == .left ? ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT : ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT
        zwlr_layer_surface_v1_set_anchor(layer, edge.rawValue | ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP.rawValue
                                         | ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM.rawValue)
        // Height 0: the compositor gives the output's height (anchored top and bottom); -1: over any panel.
        zwlr_layer_surface_v1_set_size(layer, UInt32(g.surfaceWidth), 0)
        zwlr_layer_surface_v1_set_exclusive_zone(layer, -1)
        wl_surface_commit(wlSurface)
        surface = .awaitingConfigure(SurfaceObjects(surface: wlSurface, layer: layer, side: side))
        display.flush()
    }

    private func configured() {
        switch surface {
        case .awaitingConfigure(let objects):
            surface = .configured(objects)
            update()
        case .configured, .none:
            break  // a later configure (the output changed): acknowledged, the strip's width is ours
        }
    }

    private func destroySurface() {
        switch surface {
        case .none:
            return
        case .awaitingConfigure(let objects), .configured(let objects):
            if let frame = objects.frame { wl_callback_destroy(frame) }
            zwlr_layer_surface_v1_destroy(objects.layer)
            wl_surface_destroy(objects.surface)
        }
        surface = .none
        dirty = false
        display.flush()
    }

    /// A free buffer of the geometry's size: the compositor holds at most one while another is drawn.
    private func freeBuffer(_ g: ArrowGeometry) -> ShmBuffer? {
        if buffers.first?.width != g.bufferWidth || buffers.first?.height != g.bufferHeight {
            buffers.removeAll()
        }
        if let free = buffers.first(where: { !$0.busy }) { return free }
        guard buffers.count < 3, let shm = display.shm else { return nil }
        do {
            let b = try ShmBuffer(shm: shm, width: g.bufferWidth, height: g.bufferHeight)
            buffers.append(b)
            return b
        } catch {
            say("cannot allocate the arrow's buffer: \(error)")
            return nil
        }
    }

    private func draw(_ pose: ArrowPose, _ g: ArrowGeometry, _ objects: SurfaceObjects) {
        guard let buffer = freeBuffer(g) else {
            dirty = true  // all held by the compositor: the next frame callback draws
            return
        }
        let picture = g.picture(pose)
        buffer.clearForDrawing()
        ArrowPainter.paint(picture, into: buffer.image)
        wl_surface_set_buffer_scale(objects.surface, Int32(g.scale))
        wl_surface_attach(objects.surface, buffer.buffer, 0, 0)
        buffer.markAttached()
        wl_surface_damage_buffer(objects.surface, 0, 0, Int32(g.bufferWidth), Int32(g.bufferHeight))
        objects.frame = wl_surface_frame(objects.surface)
        wl_callback_add_listener(objects.frame, frameListener, Unmanaged.passUnretained(self).toOpaque())
        wl_surface_commit(objects.surface)
        display.flush()
        let s = Double(g.scale)
        onCommit?(ArrowCommit(frameTime: pendingFrameTime.take(), committed: clock(), pose: pose,
                              centreY: picture.centreY / s, reach: picture.reach / s))
    }

    private func frameDone() {
        guard case .configured(let objects) = surface, let frame = objects.frame else { return }
        wl_callback_destroy(frame)
        objects.frame = nil
        if dirty || machine.animating {
            dirty = false
            update()
        }
    }
}

extension Optional {
    /// The value, leaving nil behind.
    fileprivate mutating func take() -> Wrapped? {
        defer { self = nil }
        return self
    }
}

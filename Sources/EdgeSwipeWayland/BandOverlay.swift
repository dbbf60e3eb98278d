#if canImport(Glibc)
import Glibc
#endif
import CPixman
import CWaylandClient
import CWaylandProtocols
import EdgeSwipeControl
import EdgeSwipeFeedback
import Gestures
import TouchModel

/// The band preview (`edgeswipe feedback --show-bands`, issue 38 item 4): one overlay-layer surface per edge band,
/// anchored to its edge, as thick as the band in mm (`BandStrip`), with an empty input region (touches go through)
/// and exclusive zone −1 (over any panel). Drawn once per configure; rebuilt when the bands, the screen or the
/// output change (a reload of the service's configuration publishes new `screens`).
public final class BandOverlay {
    private final class Strip {
        let strip: BandStrip
        let surface: OpaquePointer
        let layer: OpaquePointer
        var buffer: ShmBuffer?
        init(strip: BandStrip, surface: OpaquePointer, layer: OpaquePointer) {
            self.strip = strip
            self.surface = surface
            self.layer = layer
        }
    }

    private let display: WaylandDisplay
    private let outputName: String?
    private var strips: [Strip] = []
    private var shown: [BandStrip] = []
    private var screen: PhysicalSize?
    private var bands: [ServiceBand] = []
    private let listener = UnsafeMutablePointer<zwlr_layer_surface_v1_listener>.allocate(capacity: 1)
    /// Each change of what is drawn: the strips (empty: none), for --verbose and the VM check.
    public var onChange: (([BandStrip]) -> Void)?

    public init(display: WaylandDisplay, outputName: String?) {
        self.display = display
        self.outputName = outputName
        listener.initialize(to: zwlr_layer_surface_v1_listener(
            configure: { data, layer, serial, width, height in
                zwlr_layer_surface_v1_ack_configure(layer, serial)
                Unmanaged<BandOverlay>.fromOpaque(data!).takeUnretainedValue().configured(layer, width: width, height: height)
            },
            closed: { data, _ in Unmanaged<BandOverlay>.fromOpaque(data!).takeUnretainedValue().destroyAll() }))
        display.observeOutputs { [unowned self] in update(force: true) }
    }

    deinit {
        destroyAll()
        listener.deinitialize(count: 1)
        listener.deallocate()
    }

    /// The service's screen and its bands, as published now.
    public func show(_ bands: [ServiceBand], screen: PhysicalSize?) {
        self.bands = bands
        self.screen = screen
        update(force: false)
    }

    private var output: WaylandOutput? { display.output(named: outputName) }

    private func update(force: Bool) {
        var wanted: [BandStrip] = []
        if let screen, let info = output?.info, info.logicalWidth > 0, info.logicalHeight > 0 {
            wanted = BandStrip.strips(bands, mapping: ScreenMapping(screen: screen, outputWidth: info.logicalWidth, outputHeight: info.logicalHeight))
        }
        guard force || wanted != shown else { return }
        destroyAll()
        shown = wanted
        if let output { for strip in wanted { create(strip, on: output) } }
        display.flush()
        onChange?(wanted)
    }

    private func create(_ strip: BandStrip, on output: WaylandOutput) {
        guard let layerShell = display.layerShell, let compositor = display.compositor,
              let surface = wl_compositor_create_surface(compositor) else { return }
        let region = wl_compositor_create_region(compositor)
        wl_surface_set_input_region(surface, region)
        wl_region_destroy(region)
        guard let layer = zwlr_layer_shell_v1_get_layer_surface(layerShell, surface, output.proxy, ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY.rawValue,
                                                                "edgeswipe-band-preview") else {
            wl_surface_destroy(surface)
            return
        }
        zwlr_layer_surface_v1_add_listener(layer, listener, Unmanaged.passUnretained(self).toOpaque())
        let left = ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT.rawValue, right = ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT.rawValue
        let top = ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP.rawValue, bottom = ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM.rawValue
        // Size 0 along the edge: the compositor gives the output's length (anchored at both ends).
        switch strip.edge {
        case .left: zwlr_layer_surface_v1_set_anchor(layer, left | top | bottom); zwlr_layer_surface_v1_set_size(layer, UInt32(strip.thickness), 0)
        case .right: zwlr_layer_surface_v1_set_anchor(layer, right | top | bottom); zwlr_layer_surface_v1_set_size(layer, UInt32(strip.thickness), 0)
        case .top: zwlr_layer_surface_v1_set_anchor(layer, top | left | right); zwlr_layer_surface_v1_set_size(layer, 0, UInt32(strip.thickness))
        case .bottom: zwlr_layer_surface_v1_set_anchor(layer, bottom | left | right); zwlr_layer_surface_v1_set_size(layer, 0, UInt32(strip.thickness))
        }
        zwlr_layer_surface_v1_set_exclusive_zone(layer, -1)
        wl_surface_commit(surface)
        strips.append(Strip(strip: strip, surface: surface, layer: layer))
    }

    /// The compositor's size for a strip: drawn at it (the output's scale honoured).
    private func configured(_ layer: OpaquePointer?, width: UInt32, height: UInt32) {
        guard let s = strips.first(where: { $0.layer == layer }), width > 0, height > 0, let shm = display.shm else { return }
        let scale = max(output?.info.scale ?? 1, 1)
        let w = Int(width) * scale, h = Int(height) * scale
        guard w <= ArrowGeometry.maxBufferSide, h <= ArrowGeometry.maxBufferSide else { return }
        guard let buffer = try? ShmBuffer(shm: shm, width: w, height: h) else { return }
        buffer.clearForDrawing()
        let lineWidth = Double(scale)
        let (fillRect, lineRect): ((Double, Double, Double, Double), (Double, Double, Double, Double)) = {
            let W = Double(w), H = Double(h)
            switch s.strip.edge {
            case .left: return ((0, 0, W - lineWidth, H), (W - lineWidth, 0, W, H))
            case .right: return ((lineWidth, 0, W, H), (0, 0, lineWidth, H))
            case .top: return ((0, 0, W, H - lineWidth), (0, H - lineWidth, W, H))
            case .bottom: return ((0, lineWidth, W, H), (0, 0, W, lineWidth))
            }
        }()
        ArrowPainter.fillRectangle(fillRect, BandStrip.fill, into: buffer.image)
        ArrowPainter.fillRectangle(lineRect, BandStrip.line, into: buffer.image)
        wl_surface_set_buffer_scale(s.surface, Int32(scale))
        wl_surface_attach(s.surface, buffer.buffer, 0, 0)
        buffer.markAttached()
        wl_surface_damage_buffer(s.surface, 0, 0, Int32(w), Int32(h))
        wl_surface_commit(s.surface)
        s.buffer = buffer
        display.flush()
    }

    private func destroyAll() {
        for s in strips {
            zwlr_layer_surface_v1_destroy(s.layer)
            wl_surface_destroy(s.surface)
        }
        strips.removeAll()
        display.flush()
    }
}

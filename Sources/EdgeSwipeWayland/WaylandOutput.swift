import CWaylandClient

/// What a wl_output tells about itself (geometry, mode, scale, name), kept as its events arrive and complete
/// at each `done`. The arrow's strip is sized from it; the screen report (issue 27) is built from it.
public struct OutputInfo: Sendable, Hashable {
    /// wl_output.name (version 4), e.g. "HEADLESS-1", "DSI-1"; nil from older compositors.
    public var name: String?
    /// The current mode's size in the output's own pixels (before its transform).
    public var modeWidth = 0
    public var modeHeight = 0
    /// The panel's physical size in mm as the compositor knows it (0 when it does not).
    public var physicalWidthMM = 0
    public var physicalHeightMM = 0
    /// wl_output.transform: 0-3 quarter turns anticlockwise, 4-7 the same flipped.
    public var transform = 0
    public var scale = 1

    public init() {}

    /// Degrees of the transform's rotation: 0, 90, 180, 270.
    public var rotationDegrees: Int { (transform & 3) * 90 }
    public var flipped: Bool { transform & 4 != 0 }

    /// The output's size in logical pixels: the mode turned by the transform, divided by the scale.
    public var logicalWidth: Double { Double(transform & 1 == 0 ? modeWidth : modeHeight) / Double(max(scale, 1)) }
    public var logicalHeight: Double { Double(transform & 1 == 0 ? modeHeight : modeWidth) / Double(max(scale, 1)) }
}

/// One bound wl_output and its listener. `info` is the state as of the last `done`; `onChange` runs then.
final class WaylandOutput {
    let proxy: OpaquePointer
    /// The registry's name for the global, to notice its removal.
    let globalName: UInt32
    private(set) var info = OutputInfo()
    private var pending = OutputInfo()
    var onChange: ((WaylandOutput) -> Void)?
    private let listener = UnsafeMutablePointer<wl_output_listener>.allocate(capacity: 1)

    init(proxy: OpaquePointer, globalName: UInt32) {
        self.proxy = proxy
        self.globalName = globalName
        listener.initialize(to: wl_output_listener(
            geometry: { data, _, _, _, widthMM, heightMM, _, _, _, transform in
                WaylandOutput.from(data).pending.physicalWidthMM = Int(widthMM)
                WaylandOutput.from(data).pending.physicalHeightMM = Int(heightMM)
                WaylandOutput.from(data).pending.transform = Int(transform)
            },
            mode: { data, _, flags, width, height, _ in
                guard flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0 else { return }
                WaylandOutput.from(data).pending.modeWidth = Int(width)
                WaylandOutput.from(data).pending.modeHeight = Int(height)
            },
            done: { data, _ in WaylandOutput.from(data).done() },
            scale: { data, _, factor in WaylandOutput.from(data).pending.scale = Int(max(factor, 1)) },
            name: { data, _, name in WaylandOutput.from(data).pending.name = name.map { String(cString: $0) } },
            description: { _, _, _ in }))
        wl_output_add_listener(proxy, listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        wl_proxy_destroy(proxy)
        listener.deinitialize(count: 1)
        listener.deallocate()
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> WaylandOutput {
        Unmanaged<WaylandOutput>.fromOpaque(data!).takeUnretainedValue()
    }

    private func done() {
        let changed = pending != info
        info = pending
        if changed { onChange?(self) }
    }
}

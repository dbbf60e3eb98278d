import Gestures
import TouchInput
import TouchModel

/// One device's path from events to gestures: decoder, then the recognizer arena.
public final class DevicePipeline {
    public let description: DeviceDescription
    /// Its size changes only when it is the output's (`reconfigure`).
    public private(set) var geometry: SurfaceGeometry
    /// Replaced only by `reconfigure`, between touches. Unchecked exclusivity, as for the decoder below.
    @exclusivity(unchecked) public private(set) var arena: GestureArena
    /// Unchecked exclusivity: private, touched only by this class on one thread, and the decoder never calls
    /// back into it, so the per-access dynamic check would guard nothing (its cost: BENCHMARKS.md).
    /// Frame sources have one too, never fed: a flag, not an optional, says so, because reading the optional's
    /// case was an out-of-line call on every event.
    @exclusivity(unchecked) private var decoder: MultitouchDecoder
    /// False for frame sources (libinput touchscreens), whose frames arrive already decoded.
    private let decodes: Bool
    /// The content back (issue 37), when the options ask for it; nil: none.
    private(set) var content: ContentSurface?
    /// Whether `content` is set: the per-frame path tests this flag, out of line only when it is set (reading the
    /// optional class on every frame retained and released it, and spread the hot path: hot-path-span.py).
    @exclusivity(unchecked) private(set) var runsContent = false
    /// Where the content back's queries and timed-out seqs go (the session core's); carried to a new surface.
    var onContentQuery: ((ContentQuery) -> Void)? {
        didSet { content?.onQuery = onContentQuery }
    }
    var onContentTimedOut: ((UInt64) -> Void)? {
        didSet { content?.onTimedOut = onContentTimedOut }
    }
    /// Where the decoder's and the recognizers' transition lines go (debug; `--verbose`); nil: none is formatted.
    public var logSink: LogSink? {
        didSet {
            decoder.logSink = logSink
            arena.logSink = logSink
            content?.logSink = logSink
        }
    }

    /// Throws when the device has no physical size (resolution 0 and no configured size) or a recognizer
    /// configuration is invalid.
    public init(device: DeviceDescription, options: PipelineOptions, mode: MultitouchDecoder.Mode = .recording) throws {
        description = device
        geometry = try SurfaceGeometry(device: device, configuredSize: options.configuredSize, outputSize: options.outputSize)
        decoder = MultitouchDecoder(device: device, geometry: geometry, mode: mode)
        decodes = true
        arena = GestureArena(transform: options.screenTransform(deviceSize: geometry.size, calibrates: true))
        for config in options.recognizers { try arena.add(config) }
        content = try Self.contentSurface(options, arena: arena)
        runsContent = content != nil
    }

    /// A pipeline for a source that delivers frames in mm (libinput). Its transform applies rotation only:
    /// libinput has applied the device's calibration matrix already. `sizeIsFromOutput`: `size` is its output's.
    public init(frameSourceNamed name: String, node: String, size: PhysicalSize, options: PipelineOptions,
                sizeIsFromOutput: Bool = false) throws {
        // Axes in hundredths of a millimetre, so the description states the size it was given.
        let x = AbsInfo(minimum: 0, maximum: Int32((size.widthMM * 100).rounded()), resolution: 100)
        let y = AbsInfo(minimum: 0, maximum: Int32((size.heightMM * 100).rounded()), resolution: 100)
        description = DeviceDescription(name: name, id: InputID(bustype: 0, vendor: 0, product: 0, version: 0),
                                        absInfo: [AbsCode.mtPositionX: x, AbsCode.mtPositionY: y], origin: node)
        geometry = SurfaceGeometry(xAxis: x, yAxis: y, size: size, fromOutput: sizeIsFromOutput)
        decoder = MultitouchDecoder(device: description, geometry: geometry)
        decodes = false
        arena = GestureArena(transform: options.screenTransform(deviceSize: size, calibrates: false))
        for config in options.recognizers { try arena.add(config) }
        content = try Self.contentSurface(options, arena: arena)
        runsContent = content != nil
    }

    /// The content surface of `arena`'s screen, its edge bands the arena's (the edge swipe keeps priority there).
    private static func contentSurface(_ options: PipelineOptions, arena: GestureArena) throws -> ContentSurface? {
        guard let content = options.content else { return nil }
        let edges = Set(arena.recognizers.flatMap(\.config.edges))
        let width = arena.recognizers.map(\.config.edgeZoneMM).max() ?? 0
        return try ContentSurface(options: content, transform: arena.transform, edgeBands: EdgeBands(edges: edges, widthMM: width))
    }

    /// New recognizers and orientation (a reloaded configuration, a reported output). The caller applies it
    /// between touches, so no gesture is cut in half. A configured or resolution size, and so the decoder's, stays
    /// (a new one needs the device reopened); a size that is the output's follows the output's new size.
    public func reconfigure(_ options: PipelineOptions) throws {
        var size = geometry.size
        if geometry.sizeIsFromOutput, let outputSize = options.outputSize { size = outputSize }
        let next = GestureArena(transform: options.screenTransform(deviceSize: size, calibrates: decodes))
        for config in options.recognizers { try next.add(config) }
        next.delegate = arena.delegate
        next.source = arena.source
        next.logSink = arena.logSink
        next.penGate = carriedPenGate(options.penGate)
        let nextContent = try Self.contentSurface(options, arena: next)
        // The regions stay: they are the clients', not the configuration's.
        if let nextContent, let content { _ = nextContent.setRegions(content.recognizer.regions, now: 0) }
        nextContent?.logSink = logSink
        nextContent?.onQuery = onContentQuery
        nextContent?.onTimedOut = onContentTimedOut
        arena = next
        content = nextContent
        runsContent = nextContent != nil
        if size != geometry.size {
            geometry.size = size
            decoder.resize(to: size)
        }
    }

    /// Whether the last frame had a finger down (settings from a reload wait until it has none).
    /// Written every frame: unchecked exclusivity as for the decoder.
    @exclusivity(unchecked) public private(set) var fingerDown = false

    /// A frame source's contacts as of its last frame: what `cancelAll` ends when the source goes away
    /// without lifting them (its decoder knows them for a decoding pipeline).
    @exclusivity(unchecked) private var frameSourceContacts: [Contact] = []

    /// A frame from a frame source (libinput).
    public func process(_ frame: TouchFrame) -> [GestureEvent] {
        frameSourceContacts = frame.contacts
        return step(frame)
    }

    /// Inlined: it is a few loads and a call, once a frame.
    @inline(__always)
    private func step(_ frame: TouchFrame) -> [GestureEvent] {
        fingerDown = frame.activeCount > 0
        return arena.process(frame, now: frame.time)
    }

    /// The content back's step of a frame the arena has taken (SessionCore's frame observer calls it, so a device
    /// without one runs the step it ran before). Its events are read before the next call.
    func contentStep(_ frame: TouchFrame) -> [GestureEvent] {
        content?.process(frame, now: frame.time) ?? []
    }

    /// The arena's events then the content recognizer's (a copy only when both have some).
    @inline(never)
    private static func joined(_ edge: [GestureEvent], _ content: [GestureEvent]) -> [GestureEvent] {
        if content.isEmpty { return edge }
        if edge.isEmpty { return content }
        return edge + content
    }

    /// A frame from this pipeline's decoder.
    @inline(__always)
    private func decoded(_ frame: TouchFrame?) -> (frame: TouchFrame, gestures: [GestureEvent])? {
        guard let frame else { return nil }
        return (frame, step(frame))
    }

    /// Feeds one event. At a SYN_REPORT returns the frame and the gesture events it caused (the events array is
    /// the arena's reused buffer: read it before the next call).
    @inline(__always)
    public func feed(_ event: InputEvent) -> (frame: TouchFrame, gestures: [GestureEvent])? {
        decodes ? decoded(decoder.feed(event)) : nil
    }

    /// Ends every contact in flight (unplug, end of a recording), for a frame source too: a source removed
    /// while a finger is down would otherwise leave its gesture, and a pop it drives, running for good.
    public func cancelAll(time: Microseconds) -> (frame: TouchFrame, gestures: [GestureEvent])? {
        if decodes { return decoded(decoder.cancelAll(time: time)) }
        var ended = frameSourceContacts.filter(\.isActive)
        frameSourceContacts = []
        guard !ended.isEmpty else { return nil }
        for k in ended.indices { ended[k].phase = .cancelled }
        return decoded(TouchFrame(time: time, contacts: ended, fingerCount: 0))
    }

    /// Out of line: inlined into every caller's per-event deadline check it made the wake-up's code longer.
    public var nextDeadline: Microseconds? {
        @inline(never) get { runsContent ? deadlineWithContent : arena.nextDeadline }
    }

    @inline(never)
    private var deadlineWithContent: Microseconds? {
        guard let c = content?.nextDeadline else { return arena.nextDeadline }
        guard let a = arena.nextDeadline else { return c }
        return min(a, c)
    }

    public func deadlineReached(now: Microseconds) -> [GestureEvent] {
        let edge = arena.deadlineReached(now: now)
        guard let content, let c = content.nextDeadline, c <= now else { return edge }
        return Self.joined(edge, content.deadlineReached(now: now))
    }

    public var diagnostics: [DecoderDiagnostic] { decodes ? decoder.diagnostics : [] }

    // MARK: Paired pens (issue 36)

    /// The paired pens as one, for the arena's gate.
    private var pens = PenMerge()
    /// What the gate last saw, to start a new gate (reloaded pen settings) where the old one was.
    private var lastPenSample: PenSample?

    /// A pen node pairs with this device: its touch-downs are asked of the pen gate from now on.
    public func attachPen(config: PenGateConfig) {
        if arena.penGate == nil { arena.penGate = PenGate(config: config) }
    }

    /// Pen `pen`'s state at one of its frames, its tip mapped onto this surface (the pen's axes span the same
    /// glass) and then onto the screen as touches are, so the gate compares like with like.
    public func penChanged(pen: Int, _ r: PenReading) {
        guard arena.penGate != nil else { return }
        let sample = PenSample(time: r.time, inProximity: r.inProximity,
                               positionMM: arena.transform.screenMM(normalized: r.normalized),
                               tiltXDegrees: r.tiltXDegrees, tiltYDegrees: r.tiltYDegrees)
        let seen = pens.update(pen: pen, sample)
        lastPenSample = seen
        arena.penChanged(seen)
    }

    /// Pen `pen`'s node went away at `time`. Returns true when no pen is left: the gate is gone and opens at once
    /// (a hand already rejected stays so until it lifts).
    @discardableResult
    public func detachPen(pen: Int, time: Microseconds) -> Bool {
        if let seen = pens.remove(pen: pen, time: time) {
            lastPenSample = seen
            arena.penChanged(seen)
            return false
        }
        guard pens.isEmpty else { return false }
        arena.penGate = nil
        lastPenSample = nil
        return true
    }

    /// The gate for a new arena: the old one if its settings stay, else a new one that has seen the last sample.
    private func carriedPenGate(_ config: PenGateConfig) -> PenGate? {
        guard let old = arena.penGate else { return nil }
        if old.config == config { return old }
        var gate = PenGate(config: config)
        if let lastPenSample { gate.update(lastPenSample) }
        return gate
    }
}

import Gestures
import Navigation
import TouchInput
import TouchModel
import TouchOwnership

/// Names one source of touches in a session: a device read live, a libinput touchscreen, or a device of a
/// recording. The session hands them out in order from 0; at equal deadlines the lower id fires first.
public struct SourceID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int

    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public static func < (a: SourceID, b: SourceID) -> Bool { a.rawValue < b.rawValue }

    public var description: String { "source \(rawValue)" }
}

/// One source of a session: its pipeline and the session's bookkeeping for it.
final class SessionSource {
    let id: SourceID
    let pipeline: DevicePipeline
    /// The deadline the session's queue holds for this source: the pipeline's as of its last step.
    /// This and `removed` are read for every event that finds a deadline queued: unchecked exclusivity, as for
    /// the core's own per-event properties (one thread, no overlapping access; the dynamic check is a runtime
    /// call into thread-local state).
    @exclusivity(unchecked) fileprivate var queuedDeadline: Microseconds?
    /// Settings waiting for the last finger to lift.
    fileprivate var pendingOptions: PipelineOptions?
    @exclusivity(unchecked) fileprivate var removed = false
    /// Where the source's events go on to when the device is owned (nil: not owned). A `let` of a non-copyable
    /// value: the per-event path borrows it, and its forwarder and target, from the source, without the retain and
    /// release a class reference's read costs for each event and frame. It lives as long as the source;
    /// `forwards` says whether it is used.
    fileprivate let forwarding: SourceForwarding?
    /// False once forwarding ended: a write to the clone failed, or the source was removed.
    @exclusivity(unchecked) fileprivate var forwards: Bool
    /// The stroke in progress's decisions, when the session explains near misses.
    fileprivate var nearMisses = NearMissCollector()

    fileprivate init(id: SourceID, pipeline: DevicePipeline, forwarding: consuming SourceForwarding?) {
        self.id = id
        self.pipeline = pipeline
        switch forwarding {
        case .some: forwards = true
        case .none: forwards = false
        }
        self.forwarding = forwarding
    }

    /// Hands the forwarding to `body` while it goes on, borrowed (inlined: no closure is made).
    @inline(__always)
    fileprivate func withForwarding(_ body: (borrowing SourceForwarding) -> Void) {
        guard forwards else { return }
        switch forwarding {
        case .some(let forwarding): body(forwarding)
        case .none: break
        }
    }
}

/// What live and replay share: sources' pipelines, navigation, and their deadlines, driven by one clock.
///
/// Every step at time `t` first fires what is due up to `t`, earliest first (the lower source id first at
/// the same time, sources before navigation), each at its own deadline. A live session drives the same
/// steps from its devices and its timerfd (armed at `nextDeadline`), a replay from the recording's clock,
/// so both give the same outputs in the same order.
///
/// The deadlines are kept in a heap: the cost of a step does not grow with the number of sources.
/// One thread; the sink must not call back into the core.
final class SessionCore {
    let navigation: NavigationSession?
    private let emitFrames: Bool
    /// Each stroke's near miss is reported at its end (`PipelineOutput.nearMiss`).
    private let explainNearMisses: Bool
    /// Where every output goes, in time order.
    @exclusivity(unchecked) var sink: (PipelineOutput) -> Void
    /// Each back gesture's events for their recipients (client handlers, the hand-off), with the source the
    /// gesture came from (nil for what no gesture event caused: a target gone at a disconnect). Unset (replay),
    /// they are dropped.
    @exclusivity(unchecked) var onBackDelivery: ((BackDelivery, SourceID?) -> Void)?
    /// A content back's question for its region's owner (issue 37; SessionCore+Content), with its source. Unset
    /// (replay), nothing is asked and every ready content pan times out.
    var onContentQuery: ((ContentQuery, SourceID) -> Void)?
    /// A query of the source's handshake that its deadline decided (its seq): a later answer is the owner's too late.
    var onContentQueryTimedOut: ((UInt64, SourceID) -> Void)?
    /// The clients' content regions now (SessionCore+Content): a source added or set up again takes them.
    var contentRegions: [ContentRegion] = []
    /// A source's screen may have changed: one added or removed, or its options (rotation) applied. Not on the
    /// per-frame path: only where the sources or their options change.
    var onGeometryChanged: (() -> Void)?
    /// Where the state machines' "state → cause → state" lines go (`--verbose`): every source's decoder,
    /// recognizers and hold forwarder, and navigation's arbiter and controller. nil: none is formatted.
    var logSink: LogSink? {
        didSet {
            navigation?.logSink = logSink
            for source in sources.values { log(source) }
        }
    }

    private(set) var sources: [SourceID: SessionSource] = [:]
    private var nextID = 0
    /// Sources' deadlines; an entry whose time is no longer its source's `queuedDeadline` is stale and skipped.
    @exclusivity(unchecked) private var deadlines = TimeHeap<SessionSource>()
    /// Navigation's deadline as of its last change (it changes only through this core or `navigationChanged`).
    @exclusivity(unchecked) private var navigationDeadline: Microseconds?
    @exclusivity(unchecked) private var pendingOptionsCount = 0
    /// `emitFrames`, or a source runs a content back: the frame goes to `observe`.
    @exclusivity(unchecked) private var observesFrames = false
    /// How many times a pipeline was stepped or asked for its deadline: what a test counts to show that a
    /// step does not visit every source.
    @exclusivity(unchecked) private(set) var pipelineVisits = 0

    init(navigation: NavigationSession?, emitFrames: Bool, explainNearMisses: Bool = false,
         sink: @escaping (PipelineOutput) -> Void = { _ in }) {
        self.navigation = navigation
        self.emitFrames = emitFrames
        self.explainNearMisses = explainNearMisses
        self.sink = sink
        observesFrames = emitFrames
        navigationDeadline = navigation?.nextDeadline
    }

    /// Adds a pipeline as the next source; its recognizers ask navigation at touch-down and before they claim
    /// a pop. With `forwarding`, each event goes on to the device's clone once the pipeline has taken it
    /// (HoldForwarder).
    func add(_ pipeline: DevicePipeline, forwarding: consuming SourceForwarding? = nil) -> SessionSource {
        if let navigation { pipeline.arena.delegate = navigation }
        // Navigation knows a gesture by its source and recognizer (every device's recognizers are named alike).
        pipeline.arena.source = GestureSource(nextID)
        let source = SessionSource(id: SourceID(nextID), pipeline: pipeline, forwarding: forwarding)
        nextID += 1
        sources[source.id] = source
        if logSink != nil { log(source) }
        attachContent(source)
        refresh(source)
        geometryChanged()
        return source
    }

    /// The next source id, for a source that is not a pipeline (a paired pen, `SessionCore+Pens`): ids stay
    /// the devices' order.
    func reserveSourceID() -> SourceID {
        defer { nextID += 1 }
        return SourceID(nextID)
    }

    /// The source's state machines log to `logSink`.
    private func log(_ source: SessionSource) {
        source.pipeline.logSink = logSink
        forwarder(of: source.id)?.logSink = logSink
    }

    /// The forwarder of an owned source (nil: not owned, or forwarding ended).
    func forwarder(of id: SourceID) -> HoldForwarder? {
        guard let source = sources[id], source.forwards else { return nil }
        switch source.forwarding {
        case .some(let forwarding): return forwarding.forwarder
        case .none: return nil
        }
    }

    /// The earliest pending deadline of any source or navigation.
    var nextDeadline: Microseconds? {
        let source = earliestSourceDeadline()
        guard let n = navigationDeadline else { return source }
        guard let s = source else { return n }
        return min(s, n)
    }

    /// Fires every deadline at or before `limit`, earliest first, each at its own time.
    func fire(upTo limit: Microseconds) {
        while true {
            if let time = earliestSourceDeadline(), time <= limit, navigationDeadline.map({ time <= $0 }) ?? true,
               let source = deadlines.first?.payload {
                pipelineVisits += 1
                deliver(source.pipeline.deadlineReached(now: time), from: source)
                source.withForwarding { forwarding in
                    forwarding.forwarder.claimsChanged(claims: source.pipeline.arena, time: time)
                    forward(forwarding, from: source)
                }
                refresh(source)
            } else if let n = navigationDeadline, n <= limit, let navigation {
                navigation.advance(now: n)
                flushNavigation()
            } else {
                return
            }
        }
    }

    /// One raw event of a source, at its own time.
    @inline(__always)
    func feed(_ event: InputEvent, to source: SessionSource) {
        if mayBeDue(by: event.time) { fire(upTo: event.time) }
        pipelineVisits += 1
        // Only a frame steps the arena, so only a frame can move the pipeline's deadline.
        guard let (frame, gestures) = source.pipeline.feed(event) else {
            source.withForwarding { $0.forwarder.take(event) }
            return
        }
        deliver(frame, gestures, from: source)
        // Borrowed from the source (non-copyable, a `let`): no retain.
        source.withForwarding { forwarding in
            forwarding.forwarder.report(event, frame: frame, claims: source.pipeline.arena)
            forward(forwarding, from: source)
        }
        refresh(source)
    }

    /// False when nothing can be due by `time`, so `fire(upTo:)` would do nothing: most events. The queue holds
    /// every live source deadline (and stale entries), so its first time is at most the earliest of them.
    @inline(__always)
    private func mayBeDue(by time: Microseconds) -> Bool {
        if let first = deadlines.firstTime, first <= time { return true }
        if let n = navigationDeadline, n <= time { return true }
        return false
    }

    /// One whole frame of a frame source (libinput).
    func process(_ frame: TouchFrame, from source: SessionSource) {
        fire(upTo: frame.time)
        pipelineVisits += 1
        deliver(frame, source.pipeline.process(frame), from: source)
        refresh(source)
    }

    /// Cancels what the source has in flight (end of a recording, unplug) at `now`; it stays a source.
    /// Returns whether a contact was down and so was cancelled.
    @discardableResult
    func cancel(_ source: SessionSource, now: Microseconds) -> Bool {
        fire(upTo: now)
        pipelineVisits += 1
        let cancelled = source.pipeline.cancelAll(time: now)
        if let (frame, gestures) = cancelled { deliver(frame, gestures, from: source) }
        source.withForwarding { forwarding in
            forwarding.forwarder.liftAll(time: now)
            forward(forwarding, from: source)
        }
        refresh(source)
        return cancelled != nil
    }

    /// Cancels what the source has in flight and drops it. Returns whether a contact was cancelled.
    @discardableResult
    func remove(_ source: SessionSource, now: Microseconds) -> Bool {
        guard sources[source.id] === source else { return false }
        let cancelled = cancel(source, now: now)
        sources[source.id] = nil
        updateFrameObservers()
        geometryChanged()
        source.removed = true
        source.forwards = false
        if source.pendingOptions != nil {
            source.pendingOptions = nil
            pendingOptionsCount -= 1
        }
        // The queue's stale entries would keep the source, and with it its clone, alive: rebuilt without it.
        rebuildDeadlines()
        return cancelled
    }

    /// New settings for a source (a reloaded configuration), applied at once if no finger is down on it, else
    /// as soon as the last finger lifts: a swipe in progress finishes under the settings it began with.
    func reconfigure(_ source: SessionSource, options: PipelineOptions) throws {
        if source.pipeline.fingerDown {
            if source.pendingOptions == nil { pendingOptionsCount += 1 }
            source.pendingOptions = options
        } else {
            try source.pipeline.reconfigure(options)
            applyContentRegions(source)
            updateFrameObservers()
            refresh(source)
            geometryChanged()
        }
    }

    /// A source was added, removed or reconfigured (rotation, calibration, edge zones): the exclusion cap is
    /// measured on every source's screen and widest edge zone, so clients' rectangles are cut again now, and
    /// those whose rectangles change are told (`.exclusions`).
    private func geometryChanged() {
        onGeometryChanged?()
        guard let navigation else { return }
        let devices = sources.values.sorted { $0.id < $1.id }.compactMap { source -> ExclusionGeometry? in
            let arena = source.pipeline.arena
            guard let zone = arena.recognizers.map(\.config.edgeZoneMM).max() else { return nil }
            return ExclusionGeometry(screen: arena.transform.screenSize, edgeZoneMM: zone)
        }
        navigation.controller.recomputeExclusions(devices: devices)
        flushExclusionReports()
    }

    /// After a change from outside the input path (a control command): publish what navigation did and
    /// take its new deadline.
    func navigationChanged() {
        flushNavigation()
    }

    // MARK: Delivery

    /// Writes what the forwarder let through to the source's clone. A failed write is reported once, with the
    /// device named, and ends the forwarding; the device's grab is released so its touches reach other readers
    /// again instead of being lost until a restart; recognition goes on.
    @inline(never)
    private func forward(_ forwarding: borrowing SourceForwarding, from source: SessionSource) {
        do {
            try forwarding.writeOutput()
        } catch {
            forwardingFailed(source, error)
        }
    }

    /// The write failed: forwarding ends (see `forward`).
    @inline(never)
    private func forwardingFailed(_ source: SessionSource, _ error: any Error) {
        guard source.forwards else { return }
        source.forwards = false
        var releaseGrab: (() throws -> Void)?
        switch source.forwarding {
        case .some(let forwarding): releaseGrab = forwarding.releaseGrab
        case .none: return
        }
        var note = "forwarding to the clone of \(source.pipeline.description.label) stopped: \(error)"
        if let releaseGrab {
            do {
                try releaseGrab()
                note += "; grab released, other readers get its touches again"
            } catch {
                note += "; releasing its grab failed: \(error)"
            }
        }
        sink(.deviceNote(note, device: source.id))
    }

    /// Inlined into each frame's step: the rare paths it leads to are out of line.
    @inline(__always)
    private func deliver(_ frame: TouchFrame, _ gestures: [GestureEvent], from source: SessionSource) {
        // Frames are observed only when printed or a source runs a content back (issue 37): one flag either way.
        if observesFrames { observe(frame, from: source) }
        // Most frames bring no gesture event: then the gesture path (and its stack) is not entered at all.
        if !gestures.isEmpty { deliver(gestures, from: source) }
        // The last finger lifted: the stroke's near miss, if it had one.
        if explainNearMisses, frame.activeCount == 0, source.nearMisses.isPending { endStroke(source, time: frame.time) }
        // The last finger lifted: settings that waited for it apply now.
        if pendingOptionsCount > 0, frame.activeCount == 0 { applyPendingOptions(source) }
    }

    /// Out of line, as the two below: rare (or asked for), and kept out of the per-frame step. The frame out, and
    /// the content back's step of it, whose events go the arena's way.
    @inline(never)
    private func observe(_ frame: TouchFrame, from source: SessionSource) {
        if emitFrames { sink(.frame(frame, device: source.id)) }
        if source.pipeline.runsContent {
            let content = source.pipeline.contentStep(frame)
            if !content.isEmpty { deliver(content, from: source) }
        }
    }

    /// Whether `observe` has anything to do: frames printed, or a source with a content back.
    func updateFrameObservers() {
        observesFrames = emitFrames || sources.values.contains { $0.pipeline.runsContent }
    }

    @inline(never)
    private func applyPendingOptions(_ source: SessionSource) {
        guard let next = source.pendingOptions else { return }
        source.pendingOptions = nil
        pendingOptionsCount -= 1
        do { try source.pipeline.reconfigure(next) } catch {
            sink(.deviceNote("new settings not applied: \(error)", device: source.id))
            return
        }
        applyContentRegions(source)
        updateFrameObservers()
        geometryChanged()
    }

    @inline(never)
    private func endStroke(_ source: SessionSource, time: Microseconds) {
        if let miss = source.nearMisses.strokeEnded(at: time) { sink(.nearMiss(miss, device: source.id)) }
    }

    /// A recognizer's decision for the stroke's near miss (only failed, cancelled and ended events are looked at).
    @inline(never)
    private func observeNearMiss(_ g: GestureEvent, from source: SessionSource) {
        let arena = source.pipeline.arena
        guard let recognizer = arena.recognizers.first(where: { $0.name == g.recognizer }) else { return }
        source.nearMisses.observe(g, config: recognizer.config, screen: arena.transform.screenSize)
    }

    /// Gesture events, from a frame or a deadline: out, into navigation, and navigation's events out.
    @inline(never)
    func deliver(_ gestures: [GestureEvent], from source: SessionSource) {
        for g in gestures {
            sink(.gesture(g, device: source.id))
            if explainNearMisses, g.phase == .failed || g.phase == .cancelled || g.phase == .ended {
                observeNearMiss(g, from: source)
            }
            navigation?.handle(g)
            flushNavigation(from: source.id)
        }
    }

    /// Sends navigation's pending events and back deliveries, and takes its deadline.
    func flushNavigation(from source: SourceID? = nil) {
        guard let navigation else { return }
        navigation.drainEvents { sink(.navigation($0)) }
        if let onBackDelivery {
            navigation.drainDeliveries { onBackDelivery($0, source) }
        } else {
            navigation.drainDeliveries { _ in }
        }
        navigationDeadline = navigation.nextDeadline
        flushExclusionReports()
    }

    /// Sends the reports for clients whose exclusion rectangles changed without their asking.
    private func flushExclusionReports() {
        navigation?.controller.drainExclusionReports { sink(.exclusions($0)) }
    }

    // MARK: Deadline queue

    /// Takes the source's deadline into the queue after its pipeline moved.
    @inline(__always)
    func refresh(_ source: SessionSource) {
        let d = source.pipeline.nextDeadline
        guard d != source.queuedDeadline else { return }
        source.queuedDeadline = d
        if let d { queue(source, at: d) }
    }

    /// Out of line: a moved deadline is rare per event, and inlined into `refresh` it doubled the per-event step.
    @inline(never)
    private func queue(_ source: SessionSource, at time: Microseconds) {
        // Stale entries leave when they reach the top; past twice the sources, the heap is rebuilt from the
        // live ones, so it stays bounded whatever the order deadlines move in.
        if deadlines.count >= 2 * sources.count + 16 { rebuildDeadlines(except: source) }
        deadlines.push(time: time, rank: source.id.rawValue, payload: source)
    }

    /// The queue from the sources' deadlines alone: no stale entry, and none for a removed source.
    private func rebuildDeadlines(except excluded: SessionSource? = nil) {
        deadlines.removeAll()
        for s in sources.values where s !== excluded {
            if let t = s.queuedDeadline { deadlines.push(time: t, rank: s.id.rawValue, payload: s) }
        }
    }

    /// The earliest live source deadline, which is then the queue's first entry: stale entries on top (a
    /// deadline since moved, a removed source) leave the queue. Read in place: `rearm` asks after every
    /// wake-up, and copying the entry out would retain and release its source.
    private func earliestSourceDeadline() -> Microseconds? {
        deadlines.firstTime(where: { time, source in !source.removed && source.queuedDeadline == time })
    }
}

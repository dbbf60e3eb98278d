import Gestures
import Navigation
import TouchInput
import TouchTrace
import TouchModel

/// Runs a recording through decoder -> recognizers -> navigation as fast as it can, in trace time: the
/// recording's clock drives the `SessionCore` a live session drives from its devices and timerfd, so a
/// replay gives what a live run with the same timing gives. Source ids are the devices' indices. The events
/// come from a `TraceStream`: read from the file as they play, so a recording of any length plays in bounded
/// memory.
public final class ReplaySession {
    public let stream: TraceStream
    public let devices: [DevicePipeline]
    /// Set when the file could not be read again while playing (it changed or went away since it was
    /// checked): the replay stopped there.
    public private(set) var failure: TraceError?
    let core: SessionCore
    public var navigation: NavigationSession? { core.navigation }
    /// Where the state machines' "state → cause → state" lines go (`replay --verbose`): the decoders', the
    /// recognizers', navigation's. nil (the default): none is formatted.
    public var logSink: LogSink? {
        get { core.logSink }
        set { core.logSink = newValue }
    }

    /// `optionsForDevice` gives a device its own settings (a configuration's device entries); the
    /// stack and navigation settings always come from `options`.
    public convenience init(trace: Trace, options: PipelineOptions,
                            optionsForDevice: ((DeviceDescription) throws -> PipelineOptions)? = nil) throws {
        try self.init(stream: TraceStream(trace), options: options, optionsForDevice: optionsForDevice)
    }

    public init(stream: TraceStream, options: PipelineOptions,
                optionsForDevice: ((DeviceDescription) throws -> PipelineOptions)? = nil) throws {
        self.stream = stream
        let descriptions = stream.devices
        let deviceOptions = try descriptions.map { try optionsForDevice?($0) ?? options }
        // A pen node pairs with a touch device of the same file by the live rule (issue 36): it then gates that
        // device's touches and has no recognizers of its own. A pen that pairs with nothing plays as before.
        let plan = PenPlan(descriptions, requests: deviceOptions.map(\.penRequest))
        var pipelines: [DevicePipeline] = []
        var made: [DevicePipeline?] = []
        for (d, device) in descriptions.enumerated() {
            if plan.touchOfPen[d] != nil { made.append(nil); continue }
            let pipeline = try DevicePipeline(device: device, options: deviceOptions[d])
            pipelines.append(pipeline)
            made.append(pipeline)
        }
        devices = pipelines
        let navigation = options.stack.map {
            NavigationSession(screens: $0, config: options.navigation, popRecognizer: options.popRecognizer, now: 0)
        }
        let core = SessionCore(navigation: navigation, emitFrames: options.emitFrames,
                           explainNearMisses: options.explainNearMisses)
        self.core = core
        // Source ids are the devices' indices, a paired pen's too.
        var slots: [Slot] = []
        var penIDs: [Int: SourceID] = [:]
        for (d, pipeline) in made.enumerated() {
            if let pipeline {
                slots.append(.touch(core.add(pipeline)))
            } else {
                penIDs[d] = core.reserveSourceID()
                slots.append(.reserved)
            }
        }
        for (pen, id) in penIDs.sorted(by: { $0.key < $1.key }) {
            guard let t = plan.touchOfPen[pen], let reason = plan.reasons[pen], case .touch(let touch) = slots[t] else { continue }
            slots[pen] = .pen(core.addPen(descriptions[pen], id: id, pairedWith: touch, reason: reason, config: deviceOptions[t].penGate))
        }
        self.slots = slots
        unpairedPenNotes = plan.unpairedNotes
    }

    /// What each device of the recording plays into.
    private enum Slot {
        case touch(SessionSource)
        case pen(PenSource)
        /// A paired pen's place until its source is made (every one is, before playing).
        case reserved
    }

    private let slots: [Slot]
    /// Pens of a recording that holds touch devices too, pairing with none: said once at the start.
    private let unpairedPenNotes: [(device: Int, note: String)]

    /// Replays everything, calling `sink` for each output in time order. `progress` gets (done, total) events
    /// now and then, for a terminal progress indicator.
    public func run(sink: (PipelineOutput) -> Void, progress: ((Int, Int) -> Void)? = nil) {
        withoutActuallyEscaping(sink) { sink in
            core.sink = sink
            defer { core.sink = { _ in } }
            play(progress: progress)
        }
    }

    private func play(progress: ((Int, Int) -> Void)?) {
        core.flushNavigation()
        for (d, note) in unpairedPenNotes { core.sink(.deviceNote(note, device: SourceID(d))) }
        var merge = TraceMerge(stream)
        let total = stream.eventCount
        var done = 0
        while let (d, event) = merge.next() {
            switch slots[d] {
            case .touch(let source): core.feed(event, to: source)
            case .pen(let pen): core.feedPen(event, to: pen)
            case .reserved: break
            }
            done += 1
            if let progress, done & 0xFFFF == 0 { progress(done, total) }
        }
        failure = merge.failure
        // End of the recording: whatever is still touching is cancelled, then pending timers run out.
        for (d, slot) in slots.enumerated() {
            if case .touch(let source) = slot { core.cancel(source, now: stream.lastEventTimes[d]) }
        }
        core.fire(upTo: .max)
        for slot in slots {
            guard case .touch(let source) = slot else { continue }
            for diagnostic in source.pipeline.diagnostics { core.sink(.deviceNote("\(diagnostic)", device: source.id)) }
        }
        progress?(total, total)
    }
}

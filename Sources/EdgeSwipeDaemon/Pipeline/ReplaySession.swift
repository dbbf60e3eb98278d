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
    private let sources: [SessionSource]

    /// `optionsForDevice` gives a device its own settings (a configuration's device entries); the
    /// stack and navigation settings always come from `options`.
    public convenience init(trace: Trace, options: PipelineOptions,
                            optionsForDevice: ((DeviceDescription) throws -> PipelineOptions)? = nil) throws {
        try self.init(stream: TraceStream(trace), options: options, optionsForDevice: optionsForDevice)
    }

    public init(stream: TraceStream, options: PipelineOptions,
                optionsForDevice: ((DeviceDescription) throws -> PipelineOptions)? = nil) throws {
        self.stream = stream
        var pipelines: [DevicePipeline] = []
        for device in stream.devices {
            let deviceOptions = try optionsForDevice?(device) ?? options
            pipelines.append(try DevicePipeline(device: device, options: deviceOptions))
        }
        devices = pipelines
        let navigation = options.stack.map {
            NavigationSession(screens: $0, config: options.navigation, popRecognizer: options.popRecognizer, now: 0)
        }
        let core = SessionCore(navigation: navigation, emitFrames: options.emitFrames,
                           explainNearMisses: options.explainNearMisses)
        self.core = core
        sources = pipelines.map { core.add($0) }
    }

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
        var merge = TraceMerge(stream)
        let total = stream.eventCount
        var done = 0
        while let (d, event) = merge.next() {
            core.feed(event, to: sources[d])
            done += 1
            if let progress, done & 0xFFFF == 0 { progress(done, total) }
        }
        failure = merge.failure
        // End of the recording: whatever is still touching is cancelled, then pending timers run out.
        for (d, source) in sources.enumerated() {
            core.cancel(source, now: stream.lastEventTimes[d])
        }
        core.fire(upTo: .max)
        for (d, pipeline) in devices.enumerated() {
            for diagnostic in pipeline.diagnostics { core.sink(.deviceNote("\(diagnostic)", device: SourceID(d))) }
        }
        progress?(total, total)
    }
}

import Gestures
import Navigation
import TouchInput
import TouchTrace

/// Runs a recording through decoder -> recognizers -> navigation as fast as it can, in trace time.
/// Events of several devices are merged by time; recognizer and animation deadlines fire at their own time
/// between events, so a replay gives what a live run with the same timing gives.
public final class ReplaySession {
    public let trace: Trace
    public let devices: [DevicePipeline]
    public let navigation: NavigationSession?
    private let emitFrames: Bool

    /// `optionsForDevice` gives a device its own settings (a configuration's device entries); the
    /// stack and navigation settings always come from `options`.
    public init(trace: Trace, options: PipelineOptions,
                optionsForDevice: ((DeviceDescription) throws -> PipelineOptions)? = nil) throws {
        self.trace = trace
        var pipelines: [DevicePipeline] = []
        for device in trace.devices {
            let deviceOptions = try optionsForDevice?(device.description) ?? options
            pipelines.append(try DevicePipeline(device: device.description, options: deviceOptions))
        }
        devices = pipelines
        emitFrames = options.emitFrames
        if let stack = options.stack {
            let session = NavigationSession(screens: stack, config: options.navigation,
                                            popRecognizer: options.popRecognizer, now: 0)
            for p in pipelines { p.arena.delegate = session.arbiter }
            navigation = session
        } else {
            navigation = nil
        }
    }

    /// Replays everything, calling `sink` for each output in time order. `progress` gets (done, total) events
    /// now and then, for a terminal progress indicator.
    public func run(sink: (PipelineOutput) -> Void, progress: ((Int, Int) -> Void)? = nil) {
        flushNavigation(sink)
        var cursors = [Int](repeating: 0, count: devices.count)
        let total = trace.eventCount
        var done = 0
        while let d = nextDevice(cursors) {
            let event = trace.devices[d].events[cursors[d]]
            cursors[d] += 1
            fireDeadlines(upTo: event.timeUs, sink: sink)
            if let (frame, gestures) = devices[d].feed(event) {
                emit(frame: frame, gestures: gestures, device: d, sink: sink)
            }
            done += 1
            if let progress, done & 0xFFFF == 0 { progress(done, total) }
        }
        // End of the recording: whatever is still touching is cancelled, then pending timers run out.
        for d in devices.indices {
            let end = trace.devices[d].events.last?.timeUs ?? 0
            if let (frame, gestures) = devices[d].cancelAll(timeUs: end) {
                emit(frame: frame, gestures: gestures, device: d, sink: sink)
            }
        }
        fireDeadlines(upTo: .max, sink: sink)
        for d in devices.indices {
            for diagnostic in devices[d].diagnostics { sink(.deviceNote("\(diagnostic)", device: d)) }
        }
        progress?(total, total)
    }

    private func nextDevice(_ cursors: [Int]) -> Int? {
        var best: Int?
        var bestTime = UInt64.max
        for d in devices.indices where cursors[d] < trace.devices[d].events.count {
            let t = trace.devices[d].events[cursors[d]].timeUs
            if best == nil || t < bestTime {
                best = d
                bestTime = t
            }
        }
        return best
    }

    private func emit(frame: TouchFrame, gestures: [GestureEvent], device: Int, sink: (PipelineOutput) -> Void) {
        if emitFrames { sink(.frame(frame, device: device)) }
        emit(gestures: gestures, device: device, sink: sink)
    }

    /// Gesture events, from a frame or a deadline: out, into navigation, and navigation's events out.
    private func emit(gestures: [GestureEvent], device: Int, sink: (PipelineOutput) -> Void) {
        for g in gestures {
            sink(.gesture(g, device: device))
            navigation?.handle(g)
            flushNavigation(sink)
        }
    }

    /// Fires every recognizer and navigation deadline at or before `limit`, earliest first.
    private func fireDeadlines(upTo limit: UInt64, sink: (PipelineOutput) -> Void) {
        while true {
            var earliest = UInt64.max
            var owner = -1  // device index, or -1 for navigation
            for d in devices.indices {
                if let t = devices[d].nextDeadline, t < earliest { earliest = t; owner = d }
            }
            if let t = navigation?.nextDeadlineUs, t < earliest { earliest = t; owner = -1 }
            guard earliest != .max, earliest <= limit else { return }
            if owner >= 0 {
                emit(gestures: devices[owner].deadlineReached(now: earliest), device: owner, sink: sink)
            } else {
                navigation?.advance(now: earliest)
                flushNavigation(sink)
            }
        }
    }

    private func flushNavigation(_ sink: (PipelineOutput) -> Void) {
        guard let navigation else { return }
        navigation.drainEvents { sink(.navigation($0)) }
    }
}

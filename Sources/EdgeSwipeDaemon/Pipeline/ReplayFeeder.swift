import EdgeSwipeSystem
import Gestures
import TouchInput
import TouchTrace
import TouchModel

/// Plays a recording into a running `LiveSession` in recorded time, as if its devices were plugged in
/// (`edgeswipe run --replay FILE`): demos and browser tests without hardware. Each device of the recording is
/// a fed source of the session (`LiveSession.addFed`/`feed`), its events' times moved onto CLOCK_MONOTONIC so
/// recognizer and animation deadlines share the session's timer. One timerfd of its own, armed at the next
/// event: no wake-ups between events, none after the end. The events are read from the file as they play
/// (`TraceStream`), so a recording of any length plays in bounded memory.
package final class ReplayFeeder {
    package enum State: String, Sendable {
        case waiting, playing, finished
    }

    package let stream: TraceStream
    package private(set) var state = State.waiting
    /// Events fed so far.
    package private(set) var fedEvents = 0
    /// After the last event (contacts still down were cancelled).
    package var onFinished: (() -> Void)?
    /// When the file cannot be read again while playing (it changed or went away since it was checked),
    /// just before the replay finishes there.
    package var onFailure: ((TraceError) -> Void)?

    private let loop: EventLoop
    private let session: LiveSession
    private let timer: DeadlineTimer
    /// The session sources of the recording's touch devices, in the recording's order (a paired pen's is not one).
    package private(set) var sourceIDs: [SourceID] = []
    /// The touch devices' sources with their descriptions (paired pens are not among them: they gate these).
    package private(set) var touchSources: [(id: SourceID, device: DeviceDescription)] = []
    /// Each device's source, in the recording's order (a paired pen's among them).
    private var deviceSources: [SourceID] = []
    /// The sources that are paired pens.
    private var penIDs: Set<SourceID> = []
    private var merge: TraceMerge
    /// The CLOCK_MONOTONIC time at which the recording's first event plays.
    private var origin = Microseconds.zero
    private let firstEvent: Microseconds

    /// Adds one fed source per device of the recording. Throws when a device cannot be used (no size...).
    package convenience init(loop: EventLoop, session: LiveSession, trace: Trace, options: PipelineOptions? = nil) throws {
        try self.init(loop: loop, session: session, stream: TraceStream(trace), options: options)
    }

    package init(loop: EventLoop, session: LiveSession, stream: TraceStream, options: PipelineOptions? = nil) throws {
        self.stream = stream
        self.loop = loop
        self.session = session
        merge = TraceMerge(stream)
        firstEvent = merge.nextTime ?? .zero
        timer = try DeadlineTimer(loop: loop)
        // Pens pair with the recording's touch devices as `replay` pairs them (PenPlan), so both gate alike.
        let requests = stream.devices.map { _ in options?.penRequest ?? .automatic }
        let plan = PenPlan(stream.devices, requests: requests)
        var ids: [SourceID?] = []
        for (d, device) in stream.devices.enumerated() {
            ids.append(plan.touchOfPen[d] == nil ? try session.addFed(device, options: options) : nil)
        }
        for (d, device) in stream.devices.enumerated() {
            guard let t = plan.touchOfPen[d], let touch = ids[t], let reason = plan.reasons[d] else { continue }
            let id = try session.addFedPen(device, pairedWith: touch, reason: reason, config: options?.penGate ?? PenGateConfig())
            ids[d] = id
            penIDs.insert(id)
        }
        deviceSources = ids.compactMap { $0 }
        for (d, id) in deviceSources.enumerated() where !penIDs.contains(id) {
            sourceIDs.append(id)
            touchSources.append((id, stream.devices[d]))
        }
        timer.onExpiry = { [unowned self] now in self.play(upTo: now) }
    }

    /// Starts playing: the recording's first event plays at `start` (CLOCK_MONOTONIC).
    package func start(at start: Microseconds) throws {
        guard state == .waiting else { return }
        state = .playing
        origin = start
        try armForNext()
    }

    /// The monotonic time an event of the recording plays at.
    func playTime(_ recorded: Microseconds) -> Microseconds { origin + Microseconds(recorded.rawValue &- firstEvent.rawValue) }

    private func play(upTo now: Microseconds) {
        // Every event due, merged across devices by time, with its time moved onto the live clock.
        while let t = merge.nextTime, playTime(t) <= now, let (d, e) = merge.next() {
            fedEvents += 1
            let event = InputEvent(time: playTime(e.time), type: e.type, code: e.code, value: e.value)
            let id = deviceSources[d]
            if penIDs.contains(id) { session.feed(event, toPen: id) } else { session.feed(event, to: id) }
        }
        do {
            try armForNext()
        } catch {
            finish(now: now)
        }
    }

    private func armForNext() throws {
        guard let t = merge.nextTime else {
            finish(now: loop.now)
            return
        }
        try timer.arm(at: playTime(t))
    }

    private func finish(now: Microseconds) {
        guard state == .playing else { return }
        state = .finished
        try? timer.arm(at: nil)
        for id in sourceIDs { session.remove(id, now: now) }
        if let failure = merge.failure { onFailure?(failure) }
        onFinished?()
    }
}

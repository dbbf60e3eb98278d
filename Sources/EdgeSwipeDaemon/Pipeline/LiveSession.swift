import EdgeSwipeSystem
import Gestures
import Navigation
import TouchInput
import TouchModel

/// Live sources on the event loop, stepping a `SessionCore`: each readable device is drained through its
/// pipeline, recognizer and animation deadlines share one timerfd armed at the core's next deadline, and an
/// unplugged device cancels its contacts and is dropped while everything else keeps running. Recordings
/// (`ReplayFeeder`) and libinput touchscreens are sources too, fed by their owners. Times are
/// CLOCK_MONOTONIC microseconds (the clock LiveDevice sets).
package final class LiveSession {
    /// A device read from its own descriptor, and its registration on the loop (borrowed: the device closes
    /// its descriptor itself, in `remove`).
    private struct Reading {
        let device: LiveDevice
        let registration: LoopRegistration
    }

    let loop: EventLoop  // strong: the loop must outlive the registrations this session removes
    private let options: PipelineOptions
    let core: SessionCore
    private let timer: DeadlineTimer
    private var readings: [SourceID: Reading] = [:]
    /// Pen nodes paired with touch sources (`LiveSession+Pens`), and those read from their own descriptor.
    var pens: [SourceID: PenSource] = [:]
    var penReadings: [SourceID: LiveDevice] = [:]
    var penRegistrations: [SourceID: LoopRegistration] = [:]
    /// Every raw event as read, before decoding (for `record`).
    /// This and the other properties read on every wake-up have unchecked exclusivity: one thread, and no
    /// access overlaps another. The dynamic check is a runtime call into thread-local state on each access,
    /// which a wake-up otherwise never touches (under the VM rig's emulation every such page costs).
    @exclusivity(unchecked) package var onEvent: ((SourceID, InputEvent) -> Void)? {
        didSet { reportsRawEvents = onEvent != nil }
    }
    /// Whether `onEvent` is set: a wake-up tests this flag instead of copying the optional closure (an
    /// outlined copy on a page of its own, on every wake-up, even when it is nil).
    @exclusivity(unchecked) private var reportsRawEvents = false
    /// Called after a device was unplugged and dropped.
    package var onUnplug: ((SourceID, String) -> Void)?

    package var navigation: NavigationSession? { core.navigation }
    /// Each back gesture's events for client handlers and the hand-off (SessionCore.onBackDelivery).
    package var onBackDelivery: ((BackDelivery, SourceID?) -> Void)? {
        get { core.onBackDelivery }
        set { core.onBackDelivery = newValue }
    }
    /// Where the state machines' lines go (SessionCore.logSink).
    package var logSink: LogSink? {
        get { core.logSink }
        set { core.logSink = newValue }
    }
    /// A source's screen may have changed (SessionCore.onGeometryChanged).
    package var onGeometryChanged: (() -> Void)? {
        get { core.onGeometryChanged }
        set { core.onGeometryChanged = newValue }
    }
    /// Every source: devices read here, fed recordings and frame sources.
    package var sourceCount: Int { core.sources.count }
    /// The pipeline of a source, nil once it is gone.
    package func pipeline(_ id: SourceID) -> DevicePipeline? { core.sources[id]?.pipeline }

    /// A session whose outputs go to `sink` from the start: navigation's first events (the initial stack) at once.
    /// `timer` is the service's one deadline timerfd (a new one when nil); the session takes its expiry.
    package convenience init(loop: EventLoop, timer: DeadlineTimer? = nil, options: PipelineOptions,
                            navigation: NavigationSession?, sink: @escaping (PipelineOutput) -> Void) throws {
        try self.init(loop: loop, timer: timer, options: options, navigation: navigation)
        start(output: sink)
    }

    /// A session that sends nothing until `start(output:)`: for an owner that makes the session before it can take
    /// its outputs (the service, whose output handler is itself).
    package init(loop: EventLoop, timer: DeadlineTimer? = nil, options: PipelineOptions, navigation: NavigationSession?) throws {
        self.loop = loop
        self.options = options
        core = SessionCore(navigation: navigation, emitFrames: options.emitFrames,
                           explainNearMisses: options.explainNearMisses)
        self.timer = try timer ?? DeadlineTimer(loop: loop)
        self.timer.onExpiry = { [unowned self] now in self.deadlinesReached(now: now) }
    }

    /// Sends navigation's first events (the initial stack) to `output`, then every output after. Once, before any
    /// source is added.
    package func start(output: @escaping (PipelineOutput) -> Void) {
        core.sink = output
        core.flushNavigation()
    }

    /// The device handlers capture the session unowned(unsafe) (see `add`): none may stay registered after it.
    deinit {
        for reading in readings.values { reading.registration.close() }
        for registration in penRegistrations.values { registration.close() }
    }

    /// After a change from outside the input path (a control command): publish what navigation did and
    /// re-arm the timer for its animation.
    package func navigationChanged() {
        core.navigationChanged()
        rearm()
    }

    /// Starts reading `device`. Throws when it has no physical size or cannot be registered, or (OwnershipError)
    /// when it is to be forwarded and has no slots. `options` overrides the session's (per-device settings from
    /// the configuration). With `forwardTo` (ownership), the touches no gesture takes go on to that clone.
    @discardableResult
    package func add(_ device: LiveDevice, options deviceOptions: PipelineOptions? = nil,
                    forwardTo clone: UInputClone? = nil) throws -> SourceID {
        var forwarding: SourceForwarding? = nil
        if let clone {
            forwarding = try SourceForwarding(device: device.description, mode: .live, target: .clone(clone),
                                              releaseGrab: { try device.ungrab() })
        }
        let source = core.add(try DevicePipeline(device: device.description, options: deviceOptions ?? options, mode: .live),
                              forwarding: forwarding)
        // The handler holds the device and source itself: no lookup by id on each wake-up. It is unregistered
        // before they are dropped (`remove`) and before the session goes (`deinit`), so it never outlives `self`:
        // unowned(unsafe) spares the reference-count check a plain unowned capture makes on every wake-up.
        let registration = LoopRegistration(loop: loop, descriptor: device.fileDescriptor, name: device.path, ownership: .borrowed)
        do {
            try registration.register(events: .readable) { [unowned(unsafe) self] _ in self.readable(source, device: device) }
            readings[source.id] = Reading(device: device, registration: registration)
        } catch {
            core.remove(source, now: 0)
            throw error
        }
        rearm()
        return source.id
    }

    /// Adds a pipeline that is fed events by the caller, as if they came from a device (a recording: after a
    /// SYN_DROPPED the state is unknown). With `forwardTo`, as `add`; `releaseGrab` stands for the device's grab
    /// release, called once if a write to the target fails.
    package func addFed(_ description: DeviceDescription, options deviceOptions: PipelineOptions? = nil,
                       forwardTo target: ForwardTarget? = nil,
                       releaseGrab: (() throws -> Void)? = nil) throws -> SourceID {
        var forwarding: SourceForwarding? = nil
        if let target { forwarding = try SourceForwarding(device: description, mode: .recording, target: target, releaseGrab: releaseGrab) }
        return core.add(try DevicePipeline(device: description, options: deviceOptions ?? options, mode: .recording),
                        forwarding: forwarding).id
    }

    /// One event of a fed pipeline (times on the same clock as live devices: CLOCK_MONOTONIC µs).
    package func feed(_ event: InputEvent, to id: SourceID) {
        guard let source = core.sources[id] else { return }
        core.feed(event, to: source)
        rearm()
    }

    /// Adds a source that delivers whole frames in mm (libinput touchscreens).
    package func addFrameSource(name: String, node: String, size: PhysicalSize,
                               options deviceOptions: PipelineOptions? = nil, sizeIsFromOutput: Bool = false) throws -> SourceID {
        core.add(try DevicePipeline(frameSourceNamed: name, node: node, size: size, options: deviceOptions ?? options,
                                    sizeIsFromOutput: sizeIsFromOutput)).id
    }

    /// One frame of a frame source.
    package func process(_ frame: TouchFrame, from id: SourceID) {
        guard let source = core.sources[id] else { return }
        core.process(frame, from: source)
        rearm()
    }

    /// Stops a source (unplugged, removed by its owner, or on request) and cancels what it had in flight.
    /// Returns whether a contact was down and so was cancelled.
    @discardableResult
    package func remove(_ id: SourceID, now: Microseconds) -> Bool {
        if pens[id] != nil { return removePen(id, now: now) }
        guard let source = core.sources[id] else { return false }
        dropPens(of: id)
        let reading = readings.removeValue(forKey: id)
        reading?.registration.close()
        let cancelled = core.remove(source, now: now)
        reading?.device.close()
        rearm()
        return cancelled
    }

    /// New settings for a source (a reloaded configuration), applied between touches (`SessionCore.reconfigure`).
    package func reconfigure(_ id: SourceID, options: PipelineOptions) throws {
        guard let source = core.sources[id] else { return }
        try core.reconfigure(source, options: options)
        rearm()
    }

    private func readable(_ source: SessionSource, device: LiveDevice) {
        var outcome: ReadOutcome
        let reportsRawEvents = reportsRawEvents
        let core = core
        let id = source.id
        do {
            // A read that stopped at its limit may leave events in libevdev's queue, which epoll does not signal:
            // read on. `.drained` means both the queue and the fd are empty (no extra poll for pending events).
            repeat {
                outcome = try device.read { event in
                    if reportsRawEvents { onEvent?(id, event) }
                    core.feed(event, to: source)
                }
            } while outcome == .limitReached
        } catch {
            core.sink(.deviceNote("read failed: \(error); device dropped", device: id))
            remove(id, now: loop.now)
            onUnplug?(id, device.path)
            return
        }
        if outcome == .unplugged {
            if remove(id, now: loop.now) {
                core.sink(.deviceNote("\(device.path) unplugged; its contacts were cancelled", device: id))
            }
            onUnplug?(id, device.path)
            return
        }
        rearm()
    }

    private func deadlinesReached(now: Microseconds) {
        core.fire(upTo: now)
        rearm()
    }

    /// Arms the timer at the earliest pending deadline, or disarms it: no wake-ups while nothing is pending.
    @inline(__always)
    func rearm() {
        let earliest = core.nextDeadline
        guard earliest != timer.deadline else { return }
        do {
            try timer.arm(at: earliest)
        } catch {
            core.sink(.deviceNote("cannot arm the deadline timer: \(error)", device: nil))
        }
    }
}

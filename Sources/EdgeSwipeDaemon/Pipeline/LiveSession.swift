import Gestures
import Navigation
import TouchInput

/// Live devices on the event loop: each readable device is drained through its pipeline, recognizer and
/// animation deadlines share one timerfd, and an unplugged device cancels its contacts and is dropped
/// while everything else keeps running. Times are CLOCK_MONOTONIC microseconds (the clock LiveDevice sets).
public final class LiveSession {
    public struct Member {
        public let device: LiveDevice
        public let pipeline: DevicePipeline
        fileprivate var token: EventToken?
    }

    private let loop: EventLoop  // strong: the loop must outlive the registrations this session removes
    private let options: PipelineOptions
    public let navigation: NavigationSession?
    private let timer: DeadlineTimer
    private let sink: (PipelineOutput) -> Void
    public private(set) var members: [Int: Member] = [:]
    private var nextID = 0
    /// Every raw event as read, before decoding (for `record`).
    /// This and the other properties read on every wake-up have unchecked exclusivity: one thread, and no
    /// access overlaps another. The dynamic check is a runtime call into thread-local state on each access,
    /// which a wake-up otherwise never touches (under the VM rig's emulation every such page costs).
    @exclusivity(unchecked) public var onEvent: ((Int, InputEvent) -> Void)?
    /// Called after a device was unplugged and dropped.
    public var onUnplug: ((Int, String) -> Void)?
    /// Called after navigation has taken a gesture event and its navigation events were sent (e.g. to
    /// announce how long a released pop takes to settle).
    @exclusivity(unchecked) public var onGestureHandled: ((GestureEvent) -> Void)?
    /// Pipelines fed through `feed(_:to:)` instead of read from a LiveDevice (a recording replayed in
    /// real time by `ReplayFeeder`). Their ids share the members' numbering.
    public private(set) var fed: [Int: DevicePipeline] = [:]

    /// `timer` is the service's one deadline timerfd (a new one when nil); the session takes its expiry.
    public init(loop: EventLoop, timer: DeadlineTimer? = nil, options: PipelineOptions, navigation: NavigationSession?,
                sink: @escaping (PipelineOutput) -> Void) throws {
        self.loop = loop
        self.options = options
        self.navigation = navigation
        self.sink = sink
        self.timer = try timer ?? DeadlineTimer(loop: loop)
        self.timer.onExpiry = { [unowned self] now in self.deadlinesReached(now: now) }
        flushNavigation()
    }

    /// The device handlers capture the session unowned(unsafe) (see `add`): none may stay registered after it.
    deinit {
        for member in members.values {
            if let token = member.token { loop.unregister(token) }
        }
    }

    /// After a change from outside the input path (a control command): publish what navigation did and
    /// re-arm the timer for its animation.
    public func navigationChanged() {
        flushNavigation()
        rearm()
    }

    /// Starts reading `device`. Throws when it has no physical size or cannot be registered.
    /// `options` overrides the session's (per-device settings from the configuration).
    @discardableResult
    public func add(_ device: LiveDevice, options deviceOptions: PipelineOptions? = nil) throws -> Int {
        let pipeline = try DevicePipeline(device: device.description, options: deviceOptions ?? options, mode: .live)
        if let navigation { pipeline.arena.delegate = navigation.arbiter }
        let id = nextID
        nextID += 1
        var member = Member(device: device, pipeline: pipeline, token: nil)
        // The handler holds the device and pipeline itself: no lookup by id on each wake-up. It is unregistered
        // before they are dropped (`remove`) and before the session goes (`deinit`), so it never outlives `self`:
        // unowned(unsafe) spares the reference-count check a plain unowned capture makes on every wake-up.
        member.token = try loop.register(fd: device.fileDescriptor.rawValue, events: .readable, name: device.path) {
            [unowned(unsafe) self] _ in self.readable(id, device: device, pipeline: pipeline)
        }
        members[id] = member
        return id
    }

    /// Adds a pipeline that is fed events by the caller, as if they came from a device.
    public func addFed(_ description: DeviceDescription, options deviceOptions: PipelineOptions? = nil) throws -> Int {
        let pipeline = try DevicePipeline(device: description, options: deviceOptions ?? options, mode: .recording)
        if let navigation { pipeline.arena.delegate = navigation.arbiter }
        let id = nextID
        nextID += 1
        fed[id] = pipeline
        return id
    }

    /// One event of a fed pipeline (times on the same clock as live devices: CLOCK_MONOTONIC µs).
    public func feed(_ event: InputEvent, to id: Int) {
        guard let pipeline = fed[id] else { return }
        if let (frame, gestures) = pipeline.feed(event) { deliver(frame, gestures, device: id) }
        rearm()
    }

    /// Adds a source that delivers whole frames in mm (libinput touchscreens); it shares `fed`'s numbering
    /// and deadline handling. `id` is the source's own id for the device.
    public func addFrameSource(id: Int, name: String, node: String, size: PhysicalSize,
                               options deviceOptions: PipelineOptions? = nil) throws {
        let pipeline = try DevicePipeline(frameSourceNamed: name, node: node, size: size, options: deviceOptions ?? options)
        if let navigation { pipeline.arena.delegate = navigation.arbiter }
        precondition(fed[id] == nil && members[id] == nil, "frame source id \(id) is taken")
        fed[id] = pipeline
    }

    /// One frame of a frame source.
    public func process(_ frame: TouchFrame, from id: Int) {
        guard let pipeline = fed[id] else { return }
        deliver(frame, pipeline.process(frame), device: id)
        rearm()
    }

    /// Ends a fed pipeline, cancelling what it had in flight.
    public func removeFed(_ id: Int, now: UInt64) {
        guard let pipeline = fed.removeValue(forKey: id) else { return }
        if let (frame, gestures) = pipeline.cancelAll(timeUs: now) { deliver(frame, gestures, device: id) }
        rearm()
    }

    /// Stops reading a device (after unplug, or on request) and cancels what it had in flight.
    public func remove(_ id: Int, now: UInt64) {
        guard let member = members.removeValue(forKey: id) else { return }
        if let token = member.token { loop.unregister(token) }
        if let (frame, gestures) = member.pipeline.cancelAll(timeUs: now) { deliver(frame, gestures, device: id) }
        member.device.close()
        rearm()
    }

    private func readable(_ id: Int, device: LiveDevice, pipeline: DevicePipeline) {
        var outcome: ReadOutcome
        let onEvent = onEvent
        let deadlineBefore = pipeline.nextDeadline
        gesturesDelivered = false
        do {
            // A read that stopped at its limit may leave events in libevdev's queue, which epoll does not signal:
            // read on. `.drained` means both the queue and the fd are empty (no extra poll for pending events).
            repeat {
                outcome = try device.read { event in
                    onEvent?(id, event)
                    if let (frame, gestures) = pipeline.feed(event) { deliver(frame, gestures, device: id) }
                }
            } while outcome == .limitReached
        } catch {
            sink(.deviceNote("read failed: \(error); device dropped", device: id))
            remove(id, now: Monotonic.nowUs())
            onUnplug?(id, device.path)
            return
        }
        if outcome == .unplugged {
            sink(.deviceNote("\(device.path) unplugged; its contacts were cancelled", device: id))
            remove(id, now: Monotonic.nowUs())
            onUnplug?(id, device.path)
            return
        }
        // Only this device's recognizers and navigation (through gestures) can have moved a deadline.
        if gesturesDelivered || pipeline.nextDeadline != deadlineBefore { rearm() }
    }

    /// Set when gesture events went to navigation since `readable` began.
    @exclusivity(unchecked) private var gesturesDelivered = false

    /// Settings waiting for their device to have no finger down.
    @exclusivity(unchecked) private var pendingOptions: [Int: PipelineOptions] = [:] {
        didSet { hasPendingOptions = !pendingOptions.isEmpty }
    }
    /// Checked every frame instead of `pendingOptions.isEmpty`: the count of an empty dictionary lives in the
    /// runtime's shared empty storage, one more page for every wake-up to touch.
    @exclusivity(unchecked) private var hasPendingOptions = false

    /// New settings for a device (a reloaded configuration), applied at once if no finger is down on it,
    /// else as soon as the last finger lifts: a swipe in progress finishes under the settings it began with.
    public func reconfigure(_ id: Int, options: PipelineOptions) throws {
        guard let pipeline = members[id]?.pipeline ?? fed[id] else { return }
        if pipeline.fingerDown {
            pendingOptions[id] = options
        } else {
            try pipeline.reconfigure(options)
            rearm()
        }
    }

    private func deliver(_ frame: TouchFrame, _ gestures: [GestureEvent], device: Int) {
        if options.emitFrames { sink(.frame(frame, device: device)) }
        // Most frames bring no gesture event: then the gesture path (and its stack) is not entered at all.
        if !gestures.isEmpty { deliver(gestures, device: device) }
        // The last finger lifted: settings that waited for it apply now.
        if hasPendingOptions, frame.activeCount == 0 { applyPendingOptions(device: device) }
    }

    /// Out of line: rare, and kept out of the per-frame function's stack frame.
    @inline(never)
    private func applyPendingOptions(device: Int) {
        guard let next = pendingOptions.removeValue(forKey: device),
              let pipeline = members[device]?.pipeline ?? fed[device] else { return }
        do { try pipeline.reconfigure(next) } catch {
            sink(.deviceNote("new settings not applied: \(error)", device: device))
        }
    }

    /// Gesture events, from a frame or a deadline: out, into navigation, and navigation's events out.
    private func deliver(_ gestures: [GestureEvent], device: Int) {
        if !gestures.isEmpty { gesturesDelivered = true }
        for g in gestures {
            sink(.gesture(g, device: device))
            navigation?.handle(g)
            flushNavigation()
            onGestureHandled?(g)
        }
    }

    private func deadlinesReached(now: UInt64) {
        let pipelines = members.map { ($0.key, $0.value.pipeline) } + fed.map { ($0.key, $0.value) }
        for (id, pipeline) in pipelines.sorted(by: { $0.0 < $1.0 }) {
            if let d = pipeline.nextDeadline, d <= now {
                deliver(pipeline.deadlineReached(now: now), device: id)
            }
        }
        navigation?.advance(now: now)
        flushNavigation()
        rearm()
    }

    /// Arms the timer at the earliest pending deadline, or disarms it: no wake-ups while nothing is pending.
    private func rearm() {
        var earliest: UInt64?
        // Two loops rather than one over a joined array: this runs for every event of a fed recording, and
        // joining the dictionaries' values allocated an array each time.
        for member in members.values {
            if let d = member.pipeline.nextDeadline { earliest = min(earliest ?? d, d) }
        }
        for pipeline in fed.values {
            if let d = pipeline.nextDeadline { earliest = min(earliest ?? d, d) }
        }
        if let d = navigation?.nextDeadlineUs { earliest = min(earliest ?? d, d) }
        guard earliest != timer.deadline else { return }
        do {
            try timer.arm(atUs: earliest)
        } catch {
            sink(.deviceNote("cannot arm the deadline timer: \(error)", device: -1))
        }
    }

    private func flushNavigation() {
        guard let navigation else { return }
        navigation.drainEvents { sink(.navigation($0)) }
    }
}

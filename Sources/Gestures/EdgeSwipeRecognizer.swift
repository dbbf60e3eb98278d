#if canImport(Glibc)
import Glibc
#endif
import TouchModel

/// A contact this recognizer follows, in screen millimetres.
struct TrackedContact {
    var id: Int
    var start: Point
    var current: Point
    /// Never farther than the grip radius from `start` so far (a grip, if it lasts the grip time).
    var still = true

    static let empty = TrackedContact(id: -1, start: Point(x: 0, y: 0), current: Point(x: 0, y: 0))
}

/// Why a touch-down is kept from the recognizer before it follows it.
enum TouchGate {
    /// The delegate's `shouldReceive` said no.
    case refused(RefusalReason)
    /// The arena's pen gate: the pen is in proximity (nil) or left it this many ms ago.
    case pen(msSinceOut: Double?)

    var failure: GestureFailureReason {
        switch self {
        case .refused(let r): return .refused(r)
        case .pen(let since): return .penInProximity(msSinceOut: since)
        }
    }
}

/// A contact the delegate refused at its touch-down, for the frame of that touch-down only.
struct RefusedTouch {
    var id: Int
    var reason: TouchGate
}

/// Recognizes a swipe that starts at a screen edge, while the fingers are still moving (UIKit-style states):
/// possible → ready → began → changed… → ended (complete or cancel) | cancelled; possible or ready → failed;
/// back to possible once every contact has lifted. `ready` (activation met, waiting for arbitration) shows as
/// possible from outside. Every change of state goes through `transition` (EdgeSwipeRecognizer+Transitions).
///
/// Fed `(frame, now)`; it never reads a clock. `now` is on the frames' clock (in a replay, the frame's time):
/// touch-down time and timeouts use it; velocity uses the frames' own time stamps. Time-outs that expire
/// between frames come through `nextDeadline` / `deadlineReached(now:)`.
/// Steady state allocates nothing: contacts, edges and velocity samples live in fixed-size storage.
/// A class so that an arena calls it in place instead of copying its fixed storage every frame.
public final class EdgeSwipeRecognizer {
    public let config: EdgeSwipeConfig
    public var transform: ScreenTransform {
        didSet { screen = transform.screenSize }
    }
    @exclusivity(unchecked) var swipeState = SwipeState.possible
    /// UIKit's view of the state (`ready` is possible).
    public var state: RecognizerState { swipeState.uikit }

    @exclusivity(unchecked) var log = TransitionLog()
    /// Receives "name: state → event → state" lines; nil (off) by default.
    public var logSink: LogSink? {
        get { log.sink }
        set { log.sink = newValue }
    }
    /// Impossible transitions seen so far (each is logged as a bug when logging is on).
    public var bugCount: Int { log.bugCount }

    // Configuration in hot-path form.
    let configuredEdges: EdgeMask
    let tanAngle: Double
    let timeout: Microseconds
    let window: Microseconds
    let armInterval: Microseconds
    let gripTime: Microseconds
    let gripRadiusSquared: Double
    @exclusivity(unchecked) var screen: PhysicalSize

    // The gesture in progress. Only this recognizer's own methods touch these, one at a time, so the dynamic
    // exclusivity checks of class properties would guard nothing and are switched off.
    @exclusivity(unchecked) var tracked = InlineArray<5, TrackedContact>(repeating: .empty)
    @exclusivity(unchecked) var trackedCount = 0
    @exclusivity(unchecked) var ignored = InlineArray<16, Int>(repeating: -1)
    @exclusivity(unchecked) var ignoredCount = 0
    /// Touch-downs of the current frame that the delegate refused (`shouldReceive`); emptied after the frame.
    @exclusivity(unchecked) var refusedTouches = InlineArray<16, RefusedTouch>(repeating: RefusedTouch(id: -1, reason: .refused(.delegate)))
    @exclusivity(unchecked) var refusedTouchCount = 0
    @exclusivity(unchecked) var downTime: Microseconds = 0
    /// The contact this recognizer has just rejected as a palm, grip or hand under the pen (a reason that
    /// `rejectsContact`), for the arena to keep from every recognizer; -1 when none. The arena clears it.
    @exclusivity(unchecked) var rejectedContact = -1
    @exclusivity(unchecked) var candidates = EdgeMask()
    /// The edge of the swipe, once activation is met.
    @exclusivity(unchecked) public internal(set) var edge: Edge
    @exclusivity(unchecked) var velocity: VelocityTracker
    /// Mean translation of the tracked contacts since touch-down, screen mm.
    @exclusivity(unchecked) var translation = Point(x: 0, y: 0)
    @exclusivity(unchecked) var frameTime: Microseconds = 0
    /// The back's armed state while the swipe runs (EdgeSwipeRecognizer+Arming), and where and when it last
    /// changed (or the swipe began).
    @exclusivity(unchecked) var armed = false
    @exclusivity(unchecked) var armChangeTranslation = Point(x: 0, y: 0)
    @exclusivity(unchecked) var armChangeTime: Microseconds = 0

    public init(config: EdgeSwipeConfig, transform: ScreenTransform) throws(EdgeSwipeConfigError) {
        let problems = config.problems()
        guard problems.isEmpty else { throw EdgeSwipeConfigError(recognizer: config.name, problems: problems) }
        self.config = config
        self.transform = transform
        self.screen = transform.screenSize
        self.configuredEdges = EdgeMask(config.edges)
        self.tanAngle = tan(config.angleToleranceDegrees * .pi / 180)
        self.timeout = Microseconds(milliseconds: config.activationTimeoutMS)
        self.window = Microseconds(milliseconds: config.fingerLandingWindowMS)
        self.armInterval = Microseconds(milliseconds: config.armMinIntervalMS)
        self.gripTime = Microseconds(milliseconds: config.gripTimeMS)
        self.gripRadiusSquared = config.gripRadiusMM * config.gripRadiusMM
        self.edge = EdgeMask.order.first { config.edges.contains($0) } ?? .left
        self.velocity = VelocityTracker(fit: config.velocityFit, horizonMS: config.velocityWindowMS)
    }

    public var name: RecognizerID { config.name }

    /// Feeds one frame with no arbitration: the recognizer begins as soon as activation is met.
    /// Appends this frame's events to `events`.
    public func process(_ frame: TouchFrame, now: Microseconds, into events: inout [GestureEvent]) {
        advance(frame, now: now, into: &events)
        if swipeState == .ready { begin(into: &events) }
        finishFrame(activeCount: frame.activeCount, time: frame.time, into: &events)
    }

    /// Convenience for tests and tools: the events of one frame.
    public func process(_ frame: TouchFrame, now: Microseconds) -> [GestureEvent] {
        var events: [GestureEvent] = []
        process(frame, now: now, into: &events)
        return events
    }

    /// When a time-out would next fire (on the frames' clock), or nil when none is pending.
    public var nextDeadline: Microseconds? {
        guard swipeState == .possible || swipeState == .ready, trackedCount > 0 else { return nil }
        var d = swipeState == .ready ? Microseconds.max : downTime &+ timeout
        if trackedCount < config.fingers { d = min(d, downTime &+ window) }
        if swipeState == .possible && stillContact() != nil { d = min(d, downTime &+ gripTime) }
        return d == .max ? nil : d
    }

    /// The caller's timer fired: fails the recognizer if a time-out has expired by `now`.
    public func deadlineReached(now: Microseconds, into events: inout [GestureEvent]) {
        if let reason = expiredReason(now: now) {
            transition(.fail(reason), time: now, into: &events)
        }
    }

    public func deadlineReached(now: Microseconds) -> [GestureEvent] {
        var events: [GestureEvent] = []
        deadlineReached(now: now, into: &events)
        return events
    }

    // MARK: - Steps the arena drives

    /// Runs this frame through the handler of the current state (EdgeSwipeRecognizer+States).
    func advance(_ frame: TouchFrame, now: Microseconds, into events: inout [GestureEvent]) {
        frameTime = frame.time
        switch swipeState {
        case .possible: handlePossible(frame, now: now, into: &events)
        case .ready: handleReady(frame, now: now, into: &events)
        case .began, .changed: handleActive(frame, into: &events)
        case .ended, .cancelled, .failed: break  // finished: frames change nothing until every contact lifts
        }
        refusedTouchCount = 0
    }

    var isReadyToBegin: Bool { swipeState == .ready }

    /// True while it follows contacts but has neither begun nor failed.
    var isTracking: Bool { (swipeState == .possible || swipeState == .ready) && trackedCount > 0 }

    var isActive: Bool { swipeState == .began || swipeState == .changed }

    /// Arbitration lets it begin: reports the frame that met activation.
    func begin(into events: inout [GestureEvent]) {
        transition(.begin, time: frameTime, into: &events)
    }

    /// Fails a recognizer that has not begun (arbitration: lost, or refused by the delegate).
    func fail(_ reason: GestureFailureReason, time: Microseconds, into events: inout [GestureEvent]) {
        transition(.fail(reason), time: time, into: &events)
    }

    /// A contact this recognizer must never see (the delegate said so at touch-down).
    func ignore(contactID: Int) {
        guard ignoredCount < 16 else {
            log.bug(name, swipeState, "ignore contact \(contactID) with 16 already ignored")
            return
        }
        ignored[ignoredCount] = contactID
        ignoredCount += 1
    }

    /// Whether a touch-down at `p` would be followed now (possible or ready, a finger still missing) and lands
    /// in a configured edge zone: the edges whose zone holds it, or an empty mask. The arena asks its delegate
    /// only then.
    func zonesForTouchDown(at p: Point) -> EdgeMask {
        guard swipeState == .possible || swipeState == .ready, trackedCount < config.fingers else { return EdgeMask() }
        return zonesContaining(p)
    }

    /// The delegate refused this touch-down (arena, `shouldReceive`): the frame that carries it fails the
    /// recognizer with `.refused(reason)` if it would follow the contact.
    func refuseTouch(contactID: Int, reason: TouchGate) {
        guard refusedTouchCount < 16 else {
            log.bug(name, swipeState, "refuse contact \(contactID) with 16 already refused in this frame")
            return
        }
        refusedTouches[refusedTouchCount] = RefusedTouch(id: contactID, reason: reason)
        refusedTouchCount += 1
    }

    func refusal(of id: Int) -> TouchGate? {
        var k = 0
        while k < refusedTouchCount {
            if refusedTouches[k].id == id { return refusedTouches[k].reason }
            k += 1
        }
        return nil
    }

    /// After every recognizer has seen the frame: back to possible once every contact has lifted.
    func finishFrame(activeCount: Int, time: Microseconds, into events: inout [GestureEvent]) {
        guard activeCount == 0 else { return }
        transition(.allLifted, time: time, into: &events)
    }

    func reset() {
        ignoredCount = 0
        resetKeepingIgnored()
    }

    /// Back to possible with the ignored contacts kept: a recognizer that failed only on contacts the arena has
    /// since rejected (`revive`).
    func resetKeepingIgnored() {
        swipeState = .possible
        trackedCount = 0
        tracked[0] = .empty
        rejectedContact = -1
        candidates = EdgeMask()
        translation = Point(x: 0, y: 0)
        velocity.reset()
        armed = false
    }

    // MARK: - Measures

    func trackedIndex(_ id: Int) -> Int? {
        var k = 0
        while k < trackedCount {
            if tracked[k].id == id { return k }
            k += 1
        }
        return nil
    }

    func isIgnored(_ id: Int) -> Bool {
        var k = 0
        while k < ignoredCount {
            if ignored[k] == id { return true }
            k += 1
        }
        return false
    }

    func updateTranslation() {
        var sx = 0.0, sy = 0.0
        var k = 0
        while k < trackedCount {
            sx += tracked[k].current.x - tracked[k].start.x
            sy += tracked[k].current.y - tracked[k].start.y
            k += 1
        }
        let n = Double(max(trackedCount, 1))
        translation = Point(x: sx / n, y: sy / n)
    }

    func expiredReason(now: Microseconds) -> GestureFailureReason? {
        guard swipeState == .possible || swipeState == .ready, trackedCount > 0, now >= downTime else { return nil }
        let elapsed = now - downTime
        if trackedCount < config.fingers && elapsed >= window { return .fingersNotTogether }
        // The grip rule before the activation timeout: when both have run out (a frame late after both, or a
        // grip time configured below the timeout), the contact that never moved is what failed.
        if swipeState == .possible && elapsed >= gripTime, let k = stillContact() {
            rejectedContact = tracked[k].id
            return .grip(ms: config.gripTimeMS, radiusMM: config.gripRadiusMM)
        }
        if swipeState == .possible && elapsed >= timeout { return .activationTimeout(ms: config.activationTimeoutMS) }
        return nil
    }

    /// A tracked contact still within the grip radius of its touch-down, or nil.
    func stillContact() -> Int? {
        var k = 0
        while k < trackedCount {
            if tracked[k].still { return k }
            k += 1
        }
        return nil
    }

    /// A palm by size (or, without size axes, by pressure), or nil. Reads only what the device reports: a contact
    /// with no shape is never a palm.
    @inline(__always)
    func palmFailure(_ shape: ContactShape) -> GestureFailureReason? {
        if shape.majorMM > 0 {
            guard shape.majorMM >= config.palmMajorMM || shape.areaMM2 >= config.palmAreaMM2 else { return nil }
            return .palmSize(majorMM: (shape.majorMM * 10).rounded() / 10, minorMM: (shape.minorMM * 10).rounded() / 10)
        }
        if let threshold = config.palmPressure, shape.pressure >= threshold {
            return .palmPressure(pressure: (shape.pressure * 100).rounded() / 100)
        }
        return nil
    }

    /// The progress of `inward` mm of travel over a screen extent of `extent` mm: linear, clamped to 0...1.
    @inline(__always)
    static func progress(inward: Double, extent: Double) -> Double { extent > 0 ? min(max(inward / extent, 0), 1) : 0 }

    /// The swipe's progress now (its next event's).
    var progressNow: Double { Self.progress(inward: edge.inward(translation), extent: edge.extent(screen: screen)) }

    func makeEvent(_ phase: GesturePhase, time: Microseconds) -> GestureEvent {
        let inward = edge.inward(translation)
        let extent = edge.extent(screen: screen)
        let progress = Self.progress(inward: inward, extent: extent)
        let horizontal = edge == .left || edge == .right
        let v = velocity.velocityInPlace(at: frameTime, horizontal: horizontal)
        let inwardVelocity = edge.inward(Point(x: v, y: v))
        // Before tracking (a touch-down outside the zone) slot 0 holds that touch-down.
        let first = tracked[0]
        return GestureEvent(recognizer: config.name, phase: phase, edge: edge, fingers: config.fingers,
                            time: time, progress: progress, translationMM: inward,
                            alongMM: edge.perpendicular(translation), velocityMMs: inwardVelocity, startMM: first.start, positionMM: first.current,
                            armed: armed, extentMM: extent)
    }
}

func fmt(_ v: Double) -> String {
    let r = (v * 10).rounded() / 10
    return r == r.rounded() ? String(Int(r)) : String(r)
}

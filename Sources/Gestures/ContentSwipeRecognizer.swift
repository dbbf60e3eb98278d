#if canImport(Glibc)
import Glibc
#endif
import TouchModel

/// Recognizes a back pan that starts anywhere in a declared content region (issue 37), the way
/// `EdgeSwipeRecognizer` recognizes one from an edge: possible → ready → began → changed… → ended | cancelled;
/// possible or ready → failed; back to possible once every contact has lifted. Every change of state goes through
/// `transition` (ContentSwipeRecognizer+Transitions). Off unless a region is declared: with none, every touch
/// fails `notInContentRegion` at its touch-down and nothing else is followed.
///
/// `ready` waits for the claim/yield handshake (`ContentClaimHandshake`): the caller asks the region's owner with
/// `pendingQuery` and calls `begin` on a claim or `yield` otherwise; `process` (no handshake) begins at once.
/// Pure: fed `(frame, now)`, it never reads a clock; events carry `kind: .content`, the direction's leading edge
/// and progress over the region's width.
public final class ContentSwipeRecognizer {
    public let config: ContentSwipeConfig
    public var transform: ScreenTransform {
        didSet { screen = transform.screenSize }
    }
    /// Touch-downs in these bands are the edge recognizers'.
    public var edgeBands: EdgeBands
    /// The regions in declaration order; a touch-down takes the last declared one that holds it (the newest on
    /// top). Changed only through `declare` and `withdraw`.
    public private(set) var regions: [ContentRegion] = []
    /// At most this many regions at once (the protocol's per-client bound is tighter): a declaration past it is
    /// refused, so a flood of declarations cannot grow the list.
    public static let maxRegions = 64

    var panState = ContentPanState.possible
    public var state: RecognizerState { panState.uikit }

    var log = TransitionLog()
    public var logSink: LogSink? {
        get { log.sink }
        set { log.sink = newValue }
    }
    /// Impossible transitions seen so far.
    public var bugCount: Int { log.bugCount }

    var screen: PhysicalSize
    let armInterval: Microseconds

    // The pan in progress (one finger).
    var contactID = -1
    var start = Point(x: 0, y: 0)
    var current = Point(x: 0, y: 0)
    /// The region the touch-down landed in (nil before one, or when it landed in none).
    var region: ContentRegion?
    /// Touch-down to now, screen mm.
    var translation = Point(x: 0, y: 0)
    var velocity: VelocityTracker
    var frameTime: Microseconds = 0
    var armed = false
    var armChangeTranslation = Point(x: 0, y: 0)
    var armChangeTime: Microseconds = 0

    public init(config: ContentSwipeConfig, transform: ScreenTransform, edgeBands: EdgeBands) throws(ContentSwipeConfigError) {
        let problems = config.problems()
        guard problems.isEmpty else { throw ContentSwipeConfigError(recognizer: config.name, problems: problems) }
        self.config = config
        self.transform = transform
        self.screen = transform.screenSize
        self.edgeBands = edgeBands
        self.armInterval = Microseconds(milliseconds: config.armMinIntervalMS)
        self.velocity = VelocityTracker(fit: .quadratic, horizonMS: config.velocityWindowMS)
        regions.reserveCapacity(Self.maxRegions)
    }

    public var name: RecognizerID { config.name }

    // MARK: - Regions

    /// Declares `region`, or replaces the one with its id and owner. False when `maxRegions` are declared.
    /// A pan already followed keeps the region it touched down in.
    @discardableResult
    public func declare(_ region: ContentRegion) -> Bool {
        if let k = regions.firstIndex(where: { $0.id == region.id && $0.owner == region.owner }) {
            regions[k] = region
            return true
        }
        guard regions.count < Self.maxRegions else { return false }
        regions.append(region)
        return true
    }

    /// Withdraws a region; a pan in it fails (before it began) or is cancelled (after), at `time`.
    public func withdraw(_ id: ContentRegionID, owner: Int, time: Microseconds, into events: inout [GestureEvent]) {
        regions.removeAll { $0.id == id && $0.owner == owner }
        guard let region, region.id == id, region.owner == owner else { return }
        switch panState {
        case .possible, .ready, .began, .changed: transition(.regionWithdrawn, time: time, into: &events)
        case .ended, .cancelled, .failed: break
        }
    }

    /// Withdraws every region of `owner` (the client went away).
    public func withdrawAll(owner: Int, time: Microseconds, into events: inout [GestureEvent]) {
        for r in regions where r.owner == owner { withdraw(r.id, owner: owner, time: time, into: &events) }
    }

    // MARK: - Frames

    /// Feeds one frame with no handshake: a ready pan begins at once.
    public func process(_ frame: TouchFrame, now: Microseconds, into events: inout [GestureEvent]) {
        advance(frame, now: now, into: &events)
        if panState == .ready { begin(into: &events) }
        finishFrame(frame, into: &events)
    }

    public func process(_ frame: TouchFrame, now: Microseconds) -> [GestureEvent] {
        var events: [GestureEvent] = []
        process(frame, now: now, into: &events)
        return events
    }

    /// With the handshake: runs the frame through the current state's handler. Then the caller asks
    /// (`pendingQuery`), answers (`begin`/`yield`) and ends the frame (`finishFrame`).
    public func advance(_ frame: TouchFrame, now: Microseconds, into events: inout [GestureEvent]) {
        frameTime = frame.time
        switch panState {
        case .possible: handlePossible(frame, into: &events)
        case .ready: handleReady(frame, into: &events)
        case .began, .changed: handleActive(frame, into: &events)
        case .ended, .cancelled, .failed: break
        }
    }

    /// What the handshake asks the region's owner about a ready pan, or nil when none is ready.
    public var pendingQuery: ContentQueryPoint? {
        guard panState == .ready, let region else { return nil }
        return ContentQueryPoint(region: region, positionMM: current)
    }

    /// The owner claimed the pan (or no handshake runs): a ready pan begins.
    public func begin(into events: inout [GestureEvent]) {
        transition(.begin, time: frameTime, into: &events)
    }

    /// The owner yielded: a ready pan fails, and the touch stays the page's until it lifts.
    public func yield(_ reason: ContentYieldReason, time: Microseconds, into events: inout [GestureEvent]) {
        transition(.fail(.content(.yielded(reason))), time: time, into: &events)
    }

    /// After the frame: back to possible once every contact has lifted.
    public func finishFrame(_ frame: TouchFrame, into events: inout [GestureEvent]) {
        guard frame.activeCount == 0 else { return }
        transition(.allLifted, time: frame.time, into: &events)
    }

    public var isReadyToBegin: Bool { panState == .ready }

    // MARK: - Measures

    /// The region's width, the progress curve's length.
    var extent: Double { region?.rectMM.widthMM ?? screen.widthMM }

    var leadingEdge: Edge { region?.direction.leadingEdge ?? .left }

    /// Trailing travel ÷ the region's width, clamped to 0...1.
    var progressNow: Double { EdgeSwipeRecognizer.progress(inward: leadingEdge.inward(translation), extent: extent) }

    func makeEvent(_ phase: GesturePhase, time: Microseconds) -> GestureEvent {
        let edge = leadingEdge
        let v = velocity.velocityInPlace(at: frameTime, horizontal: true)
        var e = GestureEvent(recognizer: config.name, phase: phase, edge: edge, fingers: 1, time: time,
                             progress: progressNow, translationMM: edge.inward(translation),
                             alongMM: edge.perpendicular(translation), velocityMMs: edge.inward(Point(x: v, y: v)),
                             startMM: start, positionMM: current, armed: armed, extentMM: extent)
        e.kind = .content
        return e
    }
}

/// Where and about what the handshake asks: the region (its owner, direction) and the finger now.
public struct ContentQueryPoint: Hashable, Sendable {
    public var region: ContentRegion
    public var positionMM: Point
}

public struct ContentSwipeConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    public var recognizer: RecognizerID
    public var problems: [String]

    public var description: String {
        "content recognizer \"\(recognizer)\": " + problems.joined(separator: "; ")
    }
}

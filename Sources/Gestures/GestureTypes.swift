import TouchModel

// The contract between the recognizers and what consumes them (arbitration, navigation, outputs).
// Units: millimetres, mm/s, milliseconds; time stamps are `Microseconds` on the trace clock.

/// Names a recognizer in events, logs and arbitration; unique within an arena. Prints as its name.
public struct RecognizerID: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public var name: String

    public init(_ name: String) { self.name = name }
    public init(stringLiteral name: String) { self.name = name }

    public var description: String { name }
}

/// Which device's arena a gesture comes from. Every device has its own recognizers, named alike (`left-1`), so a
/// gesture is known by its source and its recognizer together (`GestureKey`); the session numbers its sources.
public struct GestureSource: Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int

    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public var description: String { "source \(rawValue)" }
}

/// One gesture's identity in navigation and dispatch: the device's arena and the recognizer in it.
public struct GestureKey: Hashable, Sendable, CustomStringConvertible {
    public var source: GestureSource
    public var recognizer: RecognizerID

    public init(source: GestureSource, recognizer: RecognizerID) {
        self.source = source
        self.recognizer = recognizer
    }

    public var description: String { "\(recognizer) of \(source)" }
}

/// A screen edge as the user sees it (after rotation and calibration).
public enum Edge: String, Hashable, Sendable, CaseIterable {
    case left, right, top, bottom
}

/// How a swipe that began ends.
public enum SwipeOutcome: String, Hashable, Sendable {
    case complete, cancel
}

/// UIKit-style recognizer states.
public enum RecognizerState: String, Hashable, Sendable {
    case possible, began, changed, ended, cancelled, failed
}

/// What a recognizer reports to its consumers. `armed` and `disarmed` report a change of the back's armed
/// state while the swipe runs (after the frame's `changed`, at the same time); see `EdgeSwipeConfig.armMinTravelMM`.
public enum GesturePhase: String, Hashable, Sendable {
    case began, changed, ended, failed, cancelled
    case armed, disarmed
}

/// Why the armed state changed. Armed means "a release here would complete" by position
/// (`EdgeSwipeRecognizer.completesByPosition`); a release velocity that completes on its own is a fling.
public enum ArmReason: String, Hashable, Sendable {
    /// Progress reached the completion progress inside the cone (armed).
    case progress
    /// The finger came back toward the edge since the last change, below the completion progress (disarmed).
    case movedBackTowardEdge
    /// The finger left the cone around the inward direction (`armConeRatio`, Android's 2:1) (disarmed).
    case leftCone
}

/// What decided the outcome at release, printed on the ended event.
public enum ReleaseDecision: String, Hashable, Sendable {
    /// The outcome is the last armed state.
    case armed
    /// Disarmed, but the release velocity reached the completion velocity: complete (a fling).
    case fling
    /// The release frame's own measures disagree with the last armed state for another reason (a change the
    /// hysteresis was still holding back).
    case release
}

/// Why a recognizer failed (before beginning) or was cancelled (after).
public enum GestureFailureReason: Hashable, Sendable, CustomStringConvertible {
    /// Touch-down was not within the edge zone.
    case notInEdgeZone
    /// Perpendicular drift exceeded its limit before beginning.
    case perpendicularDrift(mm: Double)
    /// The early test: the motion went more along the edge than inward, past the along-edge slop.
    case movedAlongEdge(mm: Double)
    /// Movement went the wrong way or outside the angle tolerance.
    case wrongDirection
    /// No beginning within the activation timeout of touch-down.
    case activationTimeout(ms: Double)
    /// A finger was added beyond the configured count.
    case extraFinger(count: Int)
    /// Not all fingers landed within the multi-finger window.
    case fingersNotTogether
    /// The finger lifted before the swipe began.
    case liftedBeforeBegin
    /// The delegate (for example the navigation arbiter) refused to let it begin.
    case refused(RefusalReason)
    /// Another recognizer won the arena, or one this one requires to fail began.
    case lostArbitration(to: RecognizerID)
    /// Contacts were cancelled by the device (palm, SYN_DROPPED, unplug).
    case contactsCancelled
    /// A tracked contact was as large as a palm before the swipe began (`EdgeSwipeConfig.palmMajorMM`,
    /// `palmAreaMM2`): its size then, in mm.
    case palmSize(majorMM: Double, minorMM: Double)
    /// On a device without size axes, a tracked contact pressed as hard as a palm (`palmPressure`, a fraction of
    /// the pressure range).
    case palmPressure(pressure: Double)
    /// A tracked contact stayed within `radiusMM` of its touch-down for `ms` (`gripRadiusMM`, `gripTimeMS`): a
    /// hand holding the bezel, not a swipe.
    case grip(ms: Double, radiusMM: Double)
    /// The contact touched down while the paired pen was in proximity (`PenGate`), or `msSinceOut` ms after it
    /// left, within the linger time (nil: still in proximity).
    case penInProximity(msSinceOut: Double?)
    /// A content pan's own reasons (issue 37's content recognizer).
    case content(ContentFailure)

    public var description: String {
        switch self {
        case .notInEdgeZone: return "touch-down outside the edge zone"
        case .perpendicularDrift(let mm): return "perpendicular drift \(mm) mm over the limit"
        case .movedAlongEdge(let mm): return "moved \(mm) mm along the edge, more than inward"
        case .wrongDirection: return "moved outside the angle tolerance"
        case .activationTimeout(let ms): return "no beginning within \(ms) ms of touch-down"
        case .extraFinger(let n): return "\(n) fingers down, more than configured"
        case .fingersNotTogether: return "fingers did not land together"
        case .liftedBeforeBegin: return "lifted before the swipe began"
        case .refused(let why): return "refused: \(why.rawValue)"
        case .lostArbitration(let to): return "lost arbitration to \(to)"
        case .contactsCancelled: return "contacts cancelled by the device"
        case .palmSize(let major, let minor): return "contact \(major) x \(minor) mm, as large as a palm"
        case .palmPressure(let pressure): return "contact pressure \(pressure) of its range, as hard as a palm"
        case .grip(let ms, let radius): return "held within \(radius) mm for \(ms) ms, a grip"
        case .penInProximity(let since):
            if let since { return "touched down \(since) ms after the pen left proximity" }
            return "touched down while the pen was in proximity"
        case .content(let why): return why.description
        }
    }
}

extension GestureFailureReason {
    /// A reason that rules out the contact itself, not only this recognizer's swipe (a palm, a grip, a hand under
    /// the pen): every recognizer of the arena ignores that contact from then on, so a swipe elsewhere on the
    /// device still counts while it rests.
    public var rejectsContact: Bool {
        switch self {
        case .palmSize, .palmPressure, .grip, .penInProximity: return true
        default: return false
        }
    }
}

/// One report from a recognizer.
public struct GestureEvent: Hashable, Sendable {
    public var recognizer: RecognizerID
    public var phase: GesturePhase
    public var edge: Edge
    public var fingers: Int
    /// On the trace clock.
    public var time: Microseconds
    /// Inward translation ÷ the surface's extent along the swipe, 0...1 (may exceed 1 slightly never: clamped).
    public var progress: Double
    /// Inward translation in mm since touch-down.
    public var translationMM: Double
    /// Translation along the edge in mm since touch-down (the component perpendicular to the inward direction,
    /// signed as `Edge.perpendicular`): what the drift, along-edge, angle and cone tests measure. Not printed in
    /// the event lines; near-miss explanations read it (`NearMiss`).
    public var alongMM: Double
    /// Inward velocity in mm/s (positive = away from the edge).
    public var velocityMMs: Double
    /// Where the (first) finger touched down, in mm on the screen as seen by the user.
    public var startMM: Point
    /// Current position of the (first) finger in mm, screen orientation.
    public var positionMM: Point
    /// Set when phase == .ended.
    public var outcome: SwipeOutcome?
    /// Set when phase == .failed or .cancelled.
    public var failureReason: GestureFailureReason?
    /// Whether a release now would complete, with hysteresis (began, changed, armed, disarmed; on ended, the
    /// last armed state before the release). Always false before a swipe begins.
    public var armed: Bool
    /// Set when phase == .armed or .disarmed.
    public var armReason: ArmReason?
    /// Set when phase == .ended.
    public var decidedBy: ReleaseDecision?
    /// The progress curve's length: progress = clamp(translationMM / extentMM, 0, 1), linear over the screen's
    /// whole extent along the swipe (the completion progress is a fraction of it).
    public var extentMM: Double
    /// The arena the recognizer belongs to (set by the arena; `GestureArena.source`).
    public var source: GestureSource
    /// Edge swipe or content pan; for a content pan `edge` is its direction's leading edge
    /// (`ContentDirection.leadingEdge`) and `extentMM` the region's width.
    public var kind: GestureKind = .edge

    public init(recognizer: RecognizerID, phase: GesturePhase, edge: Edge, fingers: Int, time: Microseconds,
                progress: Double = 0, translationMM: Double = 0, alongMM: Double = 0, velocityMMs: Double = 0,
                startMM: Point = Point(x: 0, y: 0), positionMM: Point = Point(x: 0, y: 0),
                outcome: SwipeOutcome? = nil, failureReason: GestureFailureReason? = nil, armed: Bool = false,
                armReason: ArmReason? = nil, decidedBy: ReleaseDecision? = nil, extentMM: Double = 0,
                source: GestureSource = GestureSource(0)) {
        self.source = source
        self.recognizer = recognizer
        self.phase = phase
        self.edge = edge
        self.fingers = fingers
        self.time = time
        self.progress = progress
        self.translationMM = translationMM
        self.alongMM = alongMM
        self.velocityMMs = velocityMMs
        self.startMM = startMM
        self.positionMM = positionMM
        self.outcome = outcome
        self.failureReason = failureReason
        self.armed = armed
        self.armReason = armReason
        self.decidedBy = decidedBy
        self.extentMM = extentMM
    }

    public var key: GestureKey { GestureKey(source: source, recognizer: recognizer) }
}

/// What a recognizer that is about to begin tells its delegate.
public struct BeginRequest: Hashable, Sendable {
    public var recognizer: RecognizerID
    public var edge: Edge
    public var fingers: Int
    public var time: Microseconds
    /// Touch-down point in mm, screen orientation.
    public var startMM: Point
    /// The screen's size in mm, screen orientation.
    public var screenMM: PhysicalSize
    /// The arena the recognizer belongs to.
    public var source: GestureSource

    public init(recognizer: RecognizerID, edge: Edge, fingers: Int, time: Microseconds, startMM: Point, screenMM: PhysicalSize,
                source: GestureSource = GestureSource(0)) {
        self.source = source
        self.recognizer = recognizer
        self.edge = edge
        self.fingers = fingers
        self.time = time
        self.startMM = startMM
        self.screenMM = screenMM
    }

    public var key: GestureKey { GestureKey(source: source, recognizer: recognizer) }
}

/// Why a delegate refused to let a recognizer begin. Raw values are stable codes printed by the CLI.
/// The cases are the reasons of the delegates the project ships (the navigation controller's guard and its
/// system pop delegate); any other delegate refuses with `delegate` and its own words as the detail.
public enum RefusalReason: String, Hashable, Sendable, CaseIterable {
    /// The stack has one screen (the engine's guard, or the system delegate).
    case root
    /// The bar is hidden (system delegate): the problem the flexible-header recipe works around.
    case navigationBarHidden
    /// A transition is running (the engine's guard, or the system delegate).
    case transitionInProgress
    /// The touch started inside the visible navigation bar (system delegate).
    case touchInNavigationBar
    /// The swipe came from an edge that is not the pop edge for this layout direction.
    case wrongEdge
    /// A custom delegate said no; the detail carries its reason.
    case delegate
    /// The touch landed inside an exclusion rectangle a client declared (asked at touch-down).
    case excludedArea
    /// The top screen turned its interactive pop off (UIKit's interactivePopGestureRecognizer.isEnabled = false).
    case interactivePopDisabled
}

/// What a recognizer asks its delegate when a contact touches down inside its edge zone, before it follows it.
public struct TouchDownRequest: Hashable, Sendable {
    public var recognizer: RecognizerID
    /// The contact's tracking id (TouchFrame's contact id).
    public var contactID: Int
    /// The configured edges whose zone holds the point: the swipe may still come from any of them.
    public var edges: EdgeMask
    public var time: Microseconds
    /// Touch-down point in mm, screen orientation.
    public var pointMM: Point
    /// The screen's size in mm, screen orientation.
    public var screenMM: PhysicalSize

    public init(recognizer: RecognizerID, contactID: Int, edges: EdgeMask, time: Microseconds, pointMM: Point,
                screenMM: PhysicalSize) {
        self.recognizer = recognizer
        self.contactID = contactID
        self.edges = edges
        self.time = time
        self.pointMM = pointMM
        self.screenMM = screenMM
    }
}

/// The delegate's answer: begin, or fail with a typed reason (and free text for people, when there is more to say).
public enum BeginDecision: Hashable, Sendable {
    case allow
    case refuse(RefusalReason, detail: String? = nil)
}

/// Hooks in the spirit of UIGestureRecognizerDelegate. Held weakly by whoever holds it.
public protocol GestureRecognizerDelegate: AnyObject {
    /// Asked once, when a recognizer would leave `possible` for `began`. A refusal makes it fail.
    func shouldBegin(_ request: BeginRequest) -> BeginDecision
    /// Asked when a contact touches down; false means the recognizer never sees that contact.
    func shouldReceiveTouch(recognizer: RecognizerID, atMM point: Point) -> Bool
    /// Asked when a contact touches down inside the recognizer's edge zone (UIKit's
    /// `gestureRecognizer(_:shouldReceive:)`, answered with a reason): a refusal fails the recognizer at once,
    /// in the frame of the touch-down, with `.refused(reason)`, so that touch never begins a swipe. Asked only
    /// at touch-down, never per frame.
    func shouldReceive(_ touch: TouchDownRequest) -> BeginDecision
    /// Whether two recognizers may both be active at once.
    func shouldRecognizeSimultaneously(_ recognizer: RecognizerID, with other: RecognizerID) -> Bool
}

extension GestureRecognizerDelegate {
    public func shouldReceiveTouch(recognizer: RecognizerID, atMM point: Point) -> Bool { true }
    public func shouldReceive(_ touch: TouchDownRequest) -> BeginDecision { .allow }
    public func shouldRecognizeSimultaneously(_ recognizer: RecognizerID, with other: RecognizerID) -> Bool { false }
}

import Gestures
import TouchModel

/// One back event as an observer receives it from the service (docs/protocol.md, "Back handlers"): what happened
/// to which gesture, where the finger is, and the kernel time of the frame it reports (CLOCK_MONOTONIC, the session
/// side's own clock). The one type and the one decoder of these lines, for everything session-side that observes
/// the back: the arrow (EdgeSwipeFeedback) and the haptics (EdgeSwipeHaptics).
public struct BackObservation: Sendable, Hashable {
    /// The handler callbacks of protocol 2 (`"event"` of a `"type":"back"` line).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case started, progressed, armed, disarmed, invoked, cancelled
    }

    public var kind: Kind
    public var gestureID: Int
    /// The edge the swipe comes from, as the user sees the screen.
    public var edge: Edge
    /// 0...1, the predictive stream's progress (linear over the screen's extent along the swipe).
    public var progress: Double
    /// The finger on the screen as the user sees it, mm (x right, y down).
    public var positionMM: Point
    /// Whether a release now would complete the back.
    public var armed: Bool
    /// The gesture's extent along the swipe (the screen's width for a left or right edge), mm; on `started`.
    public var extentMM: Double?
    /// The kernel time of the gesture frame it reports; nil when the line gives none.
    public var frameTime: Microseconds?

    public init(kind: Kind, gestureID: Int, edge: Edge = .left, progress: Double = 0, positionMM: Point = Point(x: 0, y: 0),
                armed: Bool = false, extentMM: Double? = nil, frameTime: Microseconds? = nil) {
        self.kind = kind
        self.gestureID = gestureID
        self.edge = edge
        self.progress = progress
        self.positionMM = positionMM
        self.armed = armed
        self.extentMM = extentMM
        self.frameTime = frameTime
    }

    /// Whether the gesture is over with this event.
    public var ends: Bool { kind == .invoked || kind == .cancelled }

    /// A `"type":"back"` line for an observer (`"role":"observer"`); nil for any other line, a target's, a line
    /// missing what an observer needs (the event, the gesture id, the gesture's edge and position), or one whose
    /// numbers are out of range (`decode` says which).
    public init?(observerLine line: JSONValue) {
        guard case .observation(let o)? = Self.decode(observerLine: line) else { return nil }
        self = o
    }

    /// What an observer line is.
    public enum Decoded: Sendable, Hashable {
        case observation(BackObservation)
        /// An observer's back line with a number no finger, screen or clock has: the field and its value.
        case outOfRange(String)
    }

    /// Bounds of an observer line's numbers (issue 33: a time of 1e300 s trapped the feedback): a finger within a
    /// screen's largest side of its corner, either way; an extent that is a screen's side; a frame time of
    /// CLOCK_MONOTONIC within 31 years of boot.
    public static let positionRangeMM = -PhysicalSize.maxSideMM...PhysicalSize.maxSideMM
    public static let extentRangeMM = PhysicalSize.minSideMM...PhysicalSize.maxSideMM
    public static let frameTimeRangeSeconds = 0.0...1e9

    /// A `"type":"back"` line for an observer, decoded or out of range; nil for any other line (as `init?`).
    public static func decode(observerLine line: JSONValue) -> Decoded? {
        guard line["type"] == .string("back"), line["role"] == .string("observer"),
              case .string(let event)? = line["event"], let kind = Kind(rawValue: event),
              case .integer(let id)? = line["gestureId"], let gestureID = Int(exactly: id), let gesture = line["gesture"],
              case .string(let edgeName)? = gesture["edge"], let edge = Edge(rawValue: edgeName) else { return nil }
        let position = gesture["positionMM"]
        guard let x = number(position?["x"]), let y = number(position?["y"]) else { return nil }
        let extent = number(gesture["extentMM"]), time = number(gesture["time"])
        let checks: [(String, Double?, ClosedRange<Double>)] = [
            ("positionMM.x", x, positionRangeMM), ("positionMM.y", y, positionRangeMM),
            ("extentMM", extent, extentRangeMM), ("time", time, frameTimeRangeSeconds),
        ]
        for (field, value, range) in checks {
            if let value, !range.contains(value) { return .outOfRange("\(field) \(value)") }
        }
        return .observation(BackObservation(kind: kind, gestureID: gestureID, edge: edge, progress: number(gesture["progress"]) ?? 0,
                                            positionMM: Point(x: x, y: y), armed: gesture["armed"] == .bool(true),
                                            extentMM: extent, frameTime: time.map { Microseconds(seconds: $0) }))
    }

    private static func number(_ value: JSONValue?) -> Double? { ServiceLine.number(value) }
}

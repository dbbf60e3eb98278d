import Gestures
import Navigation

/// The classes of events a control client can subscribe to.
public enum EventClass: String, Hashable, Sendable, CaseIterable, Comparable {
    /// willAppear, didAppear, willDisappear, didDisappear.
    case appearance
    /// transitionBegan, transitionProgress, transitionFinished, transitionCancelled, popRefused.
    case transition
    /// Recognizer reports: began, changed, ended, failed, cancelled.
    case gesture
    /// Service and navigation diagnostics (device unplugged, slow client dropped, config reloaded...).
    case diagnostic
    /// Who took each back gesture: backDispatched, backTargetGone (protocol 2). A handler's own events come to
    /// its client whatever it subscribed to.
    case back
    /// `screens`: the touch devices' screens, whenever they change (protocol 4; a rotation, an output reported or
    /// gone, a panel plugged in or unplugged).
    case screens
    /// `nearMiss` (protocol 6): a stroke that started near an edge and did not become a back, once at its end, with
    /// the numbers of the recognizer's decision and a sentence (`NearMissJSON`).
    case nearMiss

    public static func < (a: EventClass, b: EventClass) -> Bool { a.rawValue < b.rawValue }
}

/// What a control client asks for.
/// Screens are Navigation's `ScreenSpec` (plain, header host, or hidden bar), as in `--stack`.
public enum ControlCommand: Hashable, Sendable {
    case push(ScreenSpec)
    case pop
    /// Replaces the whole stack, bottom first.
    case setStack([ScreenSpec])
    case popToRoot
    /// Asks for the navigation state.
    case state
    /// Replaces this client's exclusion rectangles (empty: clears them); they go when the client goes.
    case setExclusions([ExclusionRect])
    /// Sets `interactivePopEnabled` of a screen on the stack.
    case setInteractivePopEnabled(screen: String, enabled: Bool)
    /// Registers a back handler for this client (protocol 2); `edges` nil: the left and right edges.
    case registerBackHandler(BackPriority, edges: Set<Edge>?)
    /// Removes one of this client's back handlers.
    case unregisterBackHandler(BackHandlerID)
    /// The session side reports an output's transform and size (protocol 2): `rotation: auto` follows it.
    case reportOutput(OutputReport)
    /// Withdraws a report of an output (protocol 4): this client's own, else a persistent one.
    case withdrawOutput(String)
    /// The session side reports the focused window (protocol 5): a handed-off back is routed by its app and toolkit.
    case reportFocus(FocusReport)
    /// Declares (or replaces) one of this client's content regions (protocol 8, issue 37): a back may begin from
    /// anywhere in it, after the service asks this client (`contentQuery`).
    case declareContentRegion(ContentRegionDeclaration)
    /// Withdraws one of this client's content regions (protocol 8).
    case withdrawContentRegion(ContentRegionID)
    /// This client's answer to a `contentQuery` (protocol 8): claim (the back begins) or yield, with a reason.
    case contentAnswer(seq: UInt64, ContentAnswer)
    /// Handled by the transport itself: adds event classes to this client's subscription.
    case subscribe(Set<EventClass>)
    /// Handled by the transport itself.
    case unsubscribe(Set<EventClass>)

    /// The name on the wire.
    public var name: String {
        switch self {
        case .push: return "push"
        case .pop: return "pop"
        case .setStack: return "setStack"
        case .popToRoot: return "popToRoot"
        case .state: return "state"
        case .setExclusions: return "setExclusions"
        case .setInteractivePopEnabled: return "setInteractivePopEnabled"
        case .registerBackHandler: return "registerBackHandler"
        case .unregisterBackHandler: return "unregisterBackHandler"
        case .reportOutput: return "reportOutput"
        case .withdrawOutput: return "withdrawOutput"
        case .reportFocus: return "reportFocus"
        case .declareContentRegion: return "declareContentRegion"
        case .withdrawContentRegion: return "withdrawContentRegion"
        case .contentAnswer: return "contentAnswer"
        case .subscribe: return "subscribe"
        case .unsubscribe: return "unsubscribe"
        }
    }
}

/// A decoded command line: the command plus the client's optional correlation id, echoed in the reply.
public struct ControlRequest: Hashable, Sendable {
    public var id: JSONValue?
    public var command: ControlCommand

    public init(id: JSONValue? = nil, command: ControlCommand) {
        self.id = id
        self.command = command
    }
}

/// Error codes on the wire. A struct rather than an enum so a command handler can add its own
/// (e.g. the navigation controller's `popRefused`).
public struct ControlErrorCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ raw: String) { rawValue = raw }
    public var description: String { rawValue }

    /// The line is not JSON.
    public static let badJSON = ControlErrorCode("badJSON")
    /// JSON, but not an object.
    public static let notAnObject = ControlErrorCode("notAnObject")
    /// A required field is missing or has the wrong type or value.
    public static let badArguments = ControlErrorCode("badArguments")
    public static let unknownCommand = ControlErrorCode("unknownCommand")
    /// The request named a protocol version this service does not speak.
    public static let unsupportedProtocol = ControlErrorCode("unsupportedProtocol")
    /// The line was longer than the cap; it was discarded.
    public static let lineTooLong = ControlErrorCode("lineTooLong")
    /// The peer's credentials are not allowed; the connection is closed.
    public static let permissionDenied = ControlErrorCode("permissionDenied")
    /// The connection limit was reached; the connection is closed.
    public static let tooManyClients = ControlErrorCode("tooManyClients")
    /// The command was understood but refused in the current state (the message says why).
    public static let refused = ControlErrorCode("refused")
    /// No command handler is attached, or it failed unexpectedly.
    public static let unavailable = ControlErrorCode("unavailable")
}

public struct ControlError: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: ControlErrorCode
    public var message: String

    public init(_ code: ControlErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }
}

import Gestures
import Navigation
import TouchModel

/// One event for subscribed clients: its class plus its JSON object, encoded once and shared by every client.
/// Or, with a `recipient`, an event for that one client whatever it subscribed to (its exclusion rectangles
/// changed: ExclusionJSON.event; its back handler's gesture: EventJSON.back).
public struct ControlEvent: Hashable, Sendable {
    public var eventClass: EventClass
    /// The encoded line, newline included.
    public var line: [UInt8]
    /// The one client (control connection or HTTP event stream) it is for; nil: every subscriber of its class.
    public var recipient: ControlClientID?

    /// From an already-encoded JSON object (e.g. the pipeline's `JSONLine`). A trailing newline is added if missing.
    public init(eventClass: EventClass, encodedJSON: String) {
        self.eventClass = eventClass
        var bytes = Array(encodedJSON.utf8)
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        line = bytes
    }

    public init(eventClass: EventClass, object: [String: JSONValue]) {
        self.eventClass = eventClass
        line = ControlProtocol.line(.object(object))
    }

    /// For `client` alone: its exclusion rectangles changed without its asking (`{"type":"exclusions",...}`).
    /// The class is not looked at (`diagnostic`, as the service says something happened).
    public static func exclusions(_ report: ExclusionReport, to client: ControlClientID, time: Microseconds) -> ControlEvent {
        var event = ControlEvent(eventClass: .diagnostic, object: [:])
        event.line = ControlProtocol.line(ExclusionJSON.event(report, time: time))
        event.recipient = client
        return event
    }

    /// For the client that holds the back handler alone: one of its gesture's events (`EventJSON.back`). The class
    /// is not looked at (`back`).
    public static func back(encodedJSON: String, to client: ControlClientID) -> ControlEvent {
        var event = ControlEvent(eventClass: .back, encodedJSON: encodedJSON)
        event.recipient = client
        return event
    }

    /// The class of a navigation event by its name (the `event` field of issue 5's navigation lines).
    public static func eventClass(ofNavigationEvent name: String) -> EventClass {
        switch name {
        case "willAppear", "didAppear", "willDisappear", "didDisappear": return .appearance
        case "diagnostic": return .diagnostic
        case "backDispatched", "backTargetGone": return .back
        default: return .transition   // transitionBegan/Progress/Settling/Finished/Cancelled, popRefused
        }
    }

    /// `{"type":"navigation","event":name,"time":seconds,...fields}`.
    public static func navigation(_ name: String, time: Microseconds, fields: [String: JSONValue] = [:]) -> ControlEvent {
        var o = fields
        o["type"] = .string("navigation")
        o["event"] = .string(name)
        o["time"] = .number(EventJSON.seconds(time))
        return ControlEvent(eventClass: eventClass(ofNavigationEvent: name), object: o)
    }

    /// A service diagnostic: `{"type":"diagnostic","code":...,"message":...,"time":...}`.
    public static func diagnostic(code: String, message: String, time: Microseconds) -> ControlEvent {
        ControlEvent(eventClass: .diagnostic, object: [
            "type": .string("diagnostic"), "code": .string(code), "message": .string(message),
            "time": .number(EventJSON.seconds(time)),
        ])
    }

    /// `{"type":"screens","time":seconds,"screens":[...]}`: the screens as the hello's `screens` gives them, after a
    /// change (for subscribers of `screens`).
    public static func screens(_ screens: JSONValue, time: Microseconds) -> ControlEvent {
        ControlEvent(eventClass: .screens, object: [
            "type": .string("screens"), "time": .number(EventJSON.seconds(time)), "screens": screens,
        ])
    }

    /// A recognizer report, in the pipeline's JSON form (issue 5's schema, `EventJSON.gesture`).
    public static func gesture(_ g: GestureEvent, device: String? = nil) -> ControlEvent {
        ControlEvent(eventClass: .gesture, encodedJSON: EventJSON.gesture(g, device: device))
    }

    /// A navigation event, in the pipeline's JSON form (`EventJSON.navigation`), classed by its name.
    public static func navigation(_ n: NavigationEvent) -> ControlEvent {
        ControlEvent(eventClass: eventClass(ofNavigationEvent: n.typeName), encodedJSON: EventJSON.navigation(n))
    }
}

/// One line from the service as a client reads it (docs/protocol.md): the one decoder of the service's lines for
/// every client (`edgeswipe feedback`, doctor, report-output), so each field is read in one place, beside its
/// encoder (`ControlProtocol.hello`/`reply`/`error`, `ScreenJSON`, `EventJSON.back`, `ControlEvent`).
public enum ServiceLine: Sendable, Hashable {
    case hello(ServiceHello)
    case reply(ServiceReply)
    case error(ServiceError)
    /// A back handler's event for an observer (`"role":"observer"`), whole and in range.
    case back(BackObservation)
    /// The screens after a change (`{"type":"screens"}`, protocol 4).
    case screens([ServiceScreen])
    /// A stroke's near miss (`{"type":"nearMiss"}`, protocol 6; `NearMissJSON`).
    case nearMiss(ServiceNearMiss)
    /// The service asks this client about a pan in one of its content regions (`{"type":"contentQuery"}`, protocol 8).
    case contentQuery(ServiceContentQuery)
    /// Any other event (`navigation`, `gesture`, `diagnostic`, `exclusions`, a target's `back`...), by its type.
    case event(type: String, JSONValue)
    /// A line of a kind a client uses that it cannot use (`Problem` says why).
    case unusable(Problem)
    /// JSON with no `type`, or a line that lacks what its type carries.
    case unknown(JSONValue)

    public enum Problem: Sendable, Hashable, CustomStringConvertible {
        /// A hello whose `protocol` is not an integer (3.0 is a JSON real): the value.
        case helloProtocol(JSONValue)
        /// An observer's back line with a number no finger, screen or clock has: the field and its value.
        case outOfRange(String)

        /// Whether it is the hello's (the line named itself a hello).
        public var isHelloProblem: Bool {
            if case .helloProtocol = self { return true }
            return false
        }

        public var description: String {
            switch self {
            case .helloProtocol(let v):
                return "\"protocol\" must be an integer (written without a decimal point or exponent), got "
                    + ControlProtocol.describeWithType(v)
            case .outOfRange(let detail): return detail
            }
        }
    }

    /// One line's bytes (without its newline); nil when it is not JSON.
    public init?(line: some Collection<UInt8>) {
        guard let value = try? JSONValue.decode(line) else { return nil }
        self.init(value)
    }

    public init(_ value: JSONValue) {
        guard case .string(let type)? = value["type"] else {
            self = .unknown(value)
            return
        }
        switch type {
        case "hello": self = ServiceHello.decode(value)
        case "reply":
            guard case .string(let command)? = value["command"] else { self = .unknown(value); return }
            let result = value["result"] ?? .null
            self = .reply(ServiceReply(command: command, id: value["id"], result: result,
                                       screens: command == "state" ? ServiceScreen.list(result["screens"]) : nil))
        case "error":
            self = .error(ServiceError(code: Self.text(value["code"]), message: Self.text(value["message"]), id: value["id"]))
        case "screens":
            guard let screens = ServiceScreen.list(value["screens"]) else { self = .unknown(value); return }
            self = .screens(screens)
        case "nearMiss":
            guard let miss = ServiceNearMiss(value) else { self = .unknown(value); return }
            self = .nearMiss(miss)
        case "contentQuery":
            guard let query = ServiceContentQuery(value) else { self = .unknown(value); return }
            self = .contentQuery(query)
        case "back":
            switch BackObservation.decode(observerLine: value) {
            case .observation(let o)?: self = .back(o)
            case .outOfRange(let detail)?: self = .unusable(.outOfRange(detail))
            case nil: self = .event(type: type, value)
            }
        default: self = .event(type: type, value)
        }
    }

    /// The screens the line publishes: the hello's, a `state` reply's, a `screens` event's; nil for any other line.
    public var publishedScreens: [ServiceScreen]? {
        switch self {
        case .hello(let h): return h.screens
        case .reply(let r): return r.screens
        case .screens(let s): return s
        default: return nil
        }
    }

    static func text(_ value: JSONValue?) -> String? {
        if case .string(let s)? = value { return s }
        return nil
    }

    /// A JSON number as a Double (an integer too); nil for anything else.
    static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .integer(let i)?: return Double(i)
        case .number(let d)? where d.isFinite: return d
        default: return nil
        }
    }
}

/// The hello (`{"type":"hello"}`), the first line of every accepted connection.
public struct ServiceHello: Sendable, Hashable {
    /// Every hello names both; nil when a line that says it is a hello does not (doctor: "not a hello").
    public var protocolVersion: Int64?
    public var server: String?
    public var events: [String]
    public var commands: [String]
    /// An HTTP event stream's id (the bridge's hello); nil on the control socket.
    public var stream: String?
    /// The touch devices' screens; nil when it has none (a service older than issue 26) or one is not of its shape.
    public var screens: [ServiceScreen]?
    /// The route a handed-off back would take now (protocol 5, the service's back routing); nil when not given.
    public var backRoute: ServiceBackRoute?

    public init(protocolVersion: Int64?, server: String?, events: [String] = [], commands: [String] = [], stream: String? = nil,
                screens: [ServiceScreen]? = nil, backRoute: ServiceBackRoute? = nil) {
        self.backRoute = backRoute
        self.protocolVersion = protocolVersion
        self.server = server
        self.events = events
        self.commands = commands
        self.stream = stream
        self.screens = screens
    }

    /// A hello; `unusable` when its protocol is not an integer.
    static func decode(_ value: JSONValue) -> ServiceLine {
        var n: Int64?
        if let version = value["protocol"] {
            guard case .integer(let v) = version else { return .unusable(.helloProtocol(version)) }
            n = v
        }
        func names(_ v: JSONValue?) -> [String] {
            guard case .array(let items)? = v else { return [] }
            return items.compactMap(ServiceLine.text)
        }
        return .hello(ServiceHello(protocolVersion: n, server: ServiceLine.text(value["server"]), events: names(value["events"]), commands: names(value["commands"]),
                                   stream: ServiceLine.text(value["stream"]), screens: ServiceScreen.list(value["screens"]),
                                   backRoute: ServiceBackRoute(value["backRoute"])))
    }
}

/// `backRoute` of the hello, as `reportFocus`'s reply gives it: the route (`toolkit libadwaita`) and the action's words.
public struct ServiceBackRoute: Sendable, Hashable {
    public var route: String
    public var action: String

    public init(route: String, action: String) {
        self.route = route
        self.action = action
    }

    /// Nil unless an object with both strings.
    init?(_ value: JSONValue?) {
        guard let value, let route = ServiceLine.text(value["route"]), let action = ServiceLine.text(value["action"]) else { return nil }
        self.init(route: route, action: action)
    }
}

/// A reply (`{"type":"reply"}`): the command answered, the request's id, and the result.
public struct ServiceReply: Sendable, Hashable {
    public var command: String
    public var id: JSONValue?
    public var result: JSONValue
    /// A `state` reply's screens (`result.screens`); nil for other replies.
    public var screens: [ServiceScreen]?

    public init(command: String, id: JSONValue? = nil, result: JSONValue = .object([:]), screens: [ServiceScreen]? = nil) {
        self.command = command
        self.id = id
        self.result = result
        self.screens = screens
    }

    /// A `reportFocus` reply's route and action words (`result.route`, `result.action`); nil for other replies.
    public var backRoute: ServiceBackRoute? { ServiceBackRoute(result) }
}

/// An error line (`{"type":"error"}`): a request's (its `id`) or, with no id, the connection's (a refusal in
/// place of the hello, `tooManyClients`, `permissionDenied`). Code and message as given; nil when missing.
public struct ServiceError: Sendable, Hashable {
    public var code: String?
    public var message: String?
    public var id: JSONValue?

    public init(code: String?, message: String?, id: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.id = id
    }
}

import EdgeSwipeControl
/// What the bridge does with a request, decided from its head alone (pure: tests call it directly).
/// Order: method and path, then Host (DNS rebinding), then Origin, then the token, then the body size.
package enum HTTPRouting {
    /// The parts of a request head the decision needs.
    package struct Head: Sendable {
        package var method: String
        package var path: String
        package var host: String?
        package var origin: String?
        package var authorization: String?
        /// `?token=` (EventSource cannot set headers).
        package var tokenParameter: String?
        /// `?events=transition,appearance`.
        package var eventsParameter: String?
        /// `POST /commands?stream=ID`: the page's event stream, the client its exclusions belong to.
        package var streamParameter: String?
        package var contentLength: String?

        package init(method: String, path: String, host: String? = nil, origin: String? = nil,
                    authorization: String? = nil, tokenParameter: String? = nil, eventsParameter: String? = nil,
                    streamParameter: String? = nil, contentLength: String? = nil) {
            self.method = method
            self.path = path
            self.host = host
            self.origin = origin
            self.authorization = authorization
            self.tokenParameter = tokenParameter
            self.eventsParameter = eventsParameter
            self.streamParameter = streamParameter
            self.contentLength = contentLength
        }
    }

    package enum Decision: Sendable {
        /// Answer at once.
        case reply(HTTPReply)
        /// A file of the kiosk page.
        case page(StaticSite.File)
        /// Start an event stream with these classes.
        case events(Set<EventClass>)
        /// Read the body (at most maxBodyBytes), then run it as one command; `stream`: on behalf of that event
        /// stream (nil: a client of its own, for this request only).
        case command(stream: String?)
    }

    package static func decide(_ head: Head, options: HTTPOptions, port: UInt16) -> Decision {
        switch (head.method, head.path) {
        case ("OPTIONS", "/commands"), ("OPTIONS", "/events"):
            return preflight(head, options: options)
        case ("GET", "/events"), ("HEAD", "/events"):
            if let refusal = gate(head, options: options, port: port, tokenInQuery: true) { return .reply(refusal) }
            guard head.method == "GET" else { return .reply(.error(405, "methodNotAllowed", "use GET for /events", allow: "GET")) }
            switch eventClasses(head.eventsParameter) {
            case .success(let classes): return .events(classes)
            case .failure(let problem): return .reply(.error(400, ControlErrorCode.badArguments.rawValue, problem.description))
            }
        case ("POST", "/commands"):
            if let refusal = gate(head, options: options, port: port, tokenInQuery: false) { return .reply(refusal) }
            if let length = head.contentLength {
                guard let n = Int(length), n >= 0 else {
                    return .reply(.error(400, "badRequest", "Content-Length is not a number"))
                }
                if n > options.maxBodyBytes {
                    return .reply(.error(413, ControlErrorCode.lineTooLong.rawValue,
                                         "the body is \(n) bytes; at most \(options.maxBodyBytes) are accepted"))
                }
            }
            if let text = head.streamParameter, !EventStream.mayBeKey(text) {
                return .reply(.error(400, ControlErrorCode.badArguments.rawValue,
                                     "stream= must be the id the event stream's hello gave"))
            }
            return .command(stream: head.streamParameter)
        case (_, "/events"), (_, "/commands"):
            let allow = head.path == "/events" ? "GET, OPTIONS" : "POST, OPTIONS"
            return .reply(.error(405, "methodNotAllowed", "\(head.path) takes \(allow)", allow: allow))
        case ("GET", _), ("HEAD", _):
            guard let file = options.site?.file(forPath: head.path) else {
                return .reply(.error(404, "notFound", "no such page: \(head.path.prefix(100))"))
            }
            return .page(file)
        default:
            return .reply(.error(405, "methodNotAllowed", "\(head.method.prefix(20)) is not served here", allow: "GET"))
        }
    }

    /// Host, Origin and token for /events and /commands; nil when the request may go on.
    static func gate(_ head: Head, options: HTTPOptions, port: UInt16, tokenInQuery: Bool) -> HTTPReply? {
        // A page from elsewhere whose name resolves to 127.0.0.1 (DNS rebinding) sends its own Host.
        guard let host = head.host, isLoopbackHost(host, port: port) else {
            return .error(403, ControlErrorCode.permissionDenied.rawValue, "Host must name the loopback address")
        }
        if let origin = head.origin, !options.origins.allows(origin) {
            return .error(403, ControlErrorCode.permissionDenied.rawValue, "origin not allowed")
        }
        var presented = false
        if let auth = head.authorization {
            presented = true
            if options.token.matches(authorization: auth) { return nil }
        }
        if tokenInQuery, let t = head.tokenParameter {
            presented = true
            if options.token.matches(t.utf8) { return nil }
        }
        let message = presented ? "wrong token" : "a bearer token is required (Authorization: Bearer TOKEN"
            + (tokenInQuery ? ", or ?token=TOKEN)" : ")")
        return .error(401, ControlErrorCode.permissionDenied.rawValue, message,
                      extraHeaders: [("WWW-Authenticate", "Bearer realm=\"edgeswipe\"")])
    }

    static func preflight(_ head: Head, options: HTTPOptions) -> Decision {
        guard let origin = head.origin, options.origins.allows(origin) else {
            return .reply(.error(403, ControlErrorCode.permissionDenied.rawValue, "origin not allowed"))
        }
        return .reply(HTTPReply(status: 204, contentType: nil, body: [], headers: [
            ("Access-Control-Allow-Methods", "GET, POST, OPTIONS"),
            ("Access-Control-Allow-Headers", "Authorization, Content-Type"),
            ("Access-Control-Max-Age", "600"),
        ]))
    }

    static func isLoopbackHost(_ host: String, port: UInt16) -> Bool {
        let h = host.lowercased()
        for name in ["127.0.0.1", "localhost", "[::1]"] where h == name || h == "\(name):\(port)" { return true }
        return false
    }

    static func eventClasses(_ parameter: String?) -> Result<Set<EventClass>, HTTPSetupError> {
        guard let parameter, !parameter.isEmpty else { return .success(Set(EventClass.allCases)) }
        var classes = Set<EventClass>()
        for name in parameter.split(separator: ",") {
            guard let c = EventClass(rawValue: String(name)) else {
                let known = EventClass.allCases.map(\.rawValue).joined(separator: ", ")
                return .failure(HTTPSetupError("unknown event class \"\(name.prefix(40))\"; known: \(known)"))
            }
            classes.insert(c)
        }
        return classes.isEmpty ? .failure(HTTPSetupError("events= lists no class")) : .success(classes)
    }

    /// Headers granting CORS to an allowed origin (none for others).
    static func corsHeaders(origin: String?, options: HTTPOptions) -> [(String, String)] {
        guard let origin, options.origins.allows(origin) else { return [] }
        return [("Access-Control-Allow-Origin", origin), ("Vary", "Origin")]
    }

    /// The HTTP status for a protocol answer: 200 for replies, 4xx/5xx by error code.
    package static func status(ofErrorCode code: String) -> UInt32 {
        switch code {
        case "refused": return 409
        case "unavailable": return 503
        case "permissionDenied": return 403
        case "lineTooLong": return 413
        default: return 400
        }
    }
}

/// A complete answer: status, body, headers.
package struct HTTPReply: Sendable {
    package var status: UInt32
    package var contentType: String?
    package var body: [UInt8]
    package var headers: [(String, String)]

    package init(status: UInt32, contentType: String?, body: [UInt8], headers: [(String, String)] = []) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
    }

    /// A protocol error object as the body, like the control socket's error lines.
    static func error(_ status: UInt32, _ code: String, _ message: String, allow: String? = nil,
                      extraHeaders: [(String, String)] = []) -> HTTPReply {
        var headers = extraHeaders
        if let allow { headers.append(("Allow", allow)) }
        return HTTPReply(status: status, contentType: "application/json",
                         body: ControlProtocol.error(ControlError(ControlErrorCode(code), message)), headers: headers)
    }
}

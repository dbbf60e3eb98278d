#if canImport(Glibc)
import Glibc
#endif
import CMicroHTTPD
import EdgeSwipeSystem
import TouchInput
import EdgeSwipeControl

/// libmicrohttpd's access handler: called once with the request head (`*reqCls` nil), then for each body
/// chunk, then once more with no data. Runs inside MHD_run, on the loop thread.
let httpAccessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, _, uploadData, uploadSize, reqCls in
    guard let cls, let connection, let url, let method, let uploadSize, let reqCls else { return MHD_Result.NO }
    let endpoint = Unmanaged<HTTPEndpoint>.fromOpaque(cls).takeUnretainedValue()
    return endpoint.access(connection, url: String(cString: url), method: String(cString: method),
                           uploadData: uploadData, uploadSize: uploadSize, context: reqCls)
}

/// The request is over (answered, or the connection failed): the body buffer of a command goes.
let httpRequestCompleted: MHD_RequestCompletedCallback = { _, _, reqCls, _ in
    guard let reqCls, let context = reqCls.pointee else { return }
    Unmanaged<CommandExchange>.fromOpaque(context).release()
    reqCls.pointee = nil
}

extension HTTPEndpoint {
    func access(_ connection: OpaquePointer, url: String, method: String, uploadData: UnsafePointer<CChar>?,
                uploadSize: UnsafeMutablePointer<Int>, context: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        if let existing = context.pointee {
            let exchange = Unmanaged<CommandExchange>.fromOpaque(existing).takeUnretainedValue()
            return continueCommand(exchange, connection, uploadData: uploadData, uploadSize: uploadSize)
        }
        statistics.requests.bump()
        let head = HTTPRouting.Head(
            method: method, path: url,
            host: header(connection, "Host"), origin: header(connection, "Origin"),
            authorization: header(connection, "Authorization"),
            tokenParameter: argument(connection, "token"), eventsParameter: argument(connection, "events"),
            streamParameter: argument(connection, "stream"), contentLength: header(connection, "Content-Length"))
        switch HTTPRouting.decide(head, options: options, port: port) {
        case .reply(var reply):
            if reply.status == 401, head.authorization != nil || head.tokenParameter != nil {
                tokenFailed(method: method, path: url)
                reply.headers.append(("Connection", "close"))
            }
            return queue(reply, on: connection, origin: head.origin)
        case .page(let file):
            let reply = HTTPReply(status: 200, contentType: file.contentType, body: file.bytes, headers: [
                ("Content-Security-Policy",
                 "default-src 'self'; connect-src 'self'; img-src 'self' data:; frame-ancestors 'none'"),
                ("X-Frame-Options", "DENY"),
            ])
            // An allowed origin gets the CORS grant on pages too: a front end served from its own origin imports
            // edgeswipe.js from here, and a module script across origins needs it. Other origins get none.
            return queue(reply, on: connection, origin: head.origin)
        case .events(let classes):
            connectionGuard.proven(connection)
            return openStream(connection, classes: classes, origin: head.origin)
        case .command(let stream):
            connectionGuard.proven(connection)
            let exchange = CommandExchange(origin: head.origin, stream: stream)
            context.pointee = Unmanaged.passRetained(exchange).toOpaque()
            return MHD_Result.YES
        }
    }

    private func continueCommand(_ exchange: CommandExchange, _ connection: OpaquePointer,
                                 uploadData: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>) -> MHD_Result {
        let n = uploadSize.pointee
        if n > 0 {
            uploadSize.pointee = 0
            if exchange.tooLarge {
                // MHD accepts a response only before the body or after all of it: the rest is read and dropped,
                // up to a bound past which the connection is simply closed.
                exchange.discarded += n
                return exchange.discarded > 16 * options.maxBodyBytes ? MHD_Result.NO : MHD_Result.YES
            }
            if exchange.body.count + n > options.maxBodyBytes {
                // A chunked or under-declared body passed the limit: never stored, answered 413 at its end.
                exchange.tooLarge = true
                exchange.discarded = exchange.body.count + n
                exchange.body = []
                return MHD_Result.YES
            }
            if let uploadData {
                uploadData.withMemoryRebound(to: UInt8.self, capacity: n) { exchange.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: n)) }
            }
            return MHD_Result.YES
        }
        guard !exchange.answered else { return MHD_Result.YES }
        exchange.answered = true
        if exchange.tooLarge {
            return queue(.error(413, ControlErrorCode.lineTooLong.rawValue,
                                "the body passed \(options.maxBodyBytes) bytes"), on: connection, origin: exchange.origin)
        }
        return queue(runCommand(exchange.body, stream: exchange.stream), on: connection, origin: exchange.origin)
    }

    /// One command through the same code as a control-socket line (`ControlProtocol.respond`). `stream`: the
    /// page's event stream (`?stream=ID`), which must be open; it is then the client (exclusions it sets go
    /// when it closes). Without one, each request is a client of its own, so setExclusions needs a stream.
    func runCommand(_ body: [UInt8], stream key: String? = nil) -> HTTPReply {
        statistics.commands.bump()
        var line = body[...]
        while let last = line.last, last == 0x0A || last == 0x0D || last == 0x20 { line = line.dropLast() }
        if case .success(let request) = ControlProtocol.decodeRequest(line) {
            func refuse(_ message: String) -> HTTPReply {
                HTTPReply(status: 400, contentType: "application/json",
                          body: ControlProtocol.error(ControlError(.badArguments, message), id: request.id))
            }
            switch request.command {
            case .subscribe, .unsubscribe:
                return refuse("\(request.command.name): over HTTP, choose classes with GET /events?events=transition,appearance")
            case .setExclusions where key == nil:
                return refuse("setExclusions: over HTTP, name the page's event stream, POST /commands?stream=ID "
                              + "(ID: the \"stream\" of the stream's hello); the rectangles go when it closes")
            case .registerBackHandler where key == nil, .unregisterBackHandler where key == nil:
                return refuse("\(request.command.name): over HTTP, name the page's event stream, POST /commands?stream=ID "
                              + "(ID: the \"stream\" of the stream's hello); the handler's events come on that stream "
                              + "and the handler goes when it closes")
            case .reportOutput, .withdrawOutput:
                // The output's transform turns every touch the service reads: the session reports it on the socket,
                // a page never does.
                return refuse("\(request.command.name): only on the control socket (edgeswipe feedback, edgeswipe report-output), "
                              + "not over HTTP")
            case .reportFocus:
                // The focused window routes every handed-off back: the session reports it on the socket, whose
                // peer's uid the pid is checked against; a page has no uid and never does.
                return refuse("reportFocus: only on the control socket (edgeswipe feedback), not over HTTP")
            case .declareContentRegion where key == nil, .withdrawContentRegion where key == nil, .contentAnswer where key == nil:
                // A kiosk page declares its regions over HTTP: they belong to its event stream, the service's
                // queries come on it, and the regions go when it closes.
                return refuse("\(request.command.name): over HTTP, name the page's event stream, POST /commands?stream=ID "
                              + "(ID: the \"stream\" of the stream's hello); the region's queries come on that stream "
                              + "and its regions go when it closes")
            case .push, .pop, .setStack, .popToRoot, .state, .setExclusions, .setInteractivePopEnabled,
                 .registerBackHandler, .unregisterBackHandler, .declareContentRegion, .withdrawContentRegion, .contentAnswer:
                break
            }
        }
        var stream: ControlClientID?
        if let key {
            guard let open = openStream(key: key) else {
                let error = ControlError(.badArguments, "stream=\(key): no such event stream is open")
                return HTTPReply(status: 400, contentType: "application/json", body: ControlProtocol.error(error))
            }
            stream = open.id
        }
        var subscriptions = Set<EventClass>()
        let response = ControlProtocol.respond(to: Array(line), subscriptions: &subscriptions, handler: handler,
                                               client: stream ?? nextClientID(), now: loop.now)
        var status: UInt32 = 200
        if response.isError {
            var code = "badArguments"
            if case .object(let o)? = try? JSONValue.decode(response.line.dropLast()), case .string(let c)? = o["code"] {
                code = c
            }
            status = HTTPRouting.status(ofErrorCode: code)
        }
        return HTTPReply(status: status, contentType: "application/json", body: response.line)
    }

    /// Queues a complete answer with the headers every answer carries.
    func queue(_ reply: HTTPReply, on connection: OpaquePointer, origin: String?) -> MHD_Result {
        if reply.status >= 400 { statistics.errorReplies.bump() }
        let response: OpaquePointer? = reply.body.withUnsafeBytes { raw in
            MHD_create_response_from_buffer(raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress),
                                            MHD_ResponseMemoryMode(rawValue: 2)! /* MHD_RESPMEM_MUST_COPY */)
        }
        guard let response else { return MHD_Result.NO }
        defer { MHD_destroy_response(response) }
        addCommonHeaders(response, contentType: reply.contentType, origin: origin)
        for (name, value) in reply.headers { _ = MHD_add_response_header(response, name, value) }
        return MHD_queue_response(connection, UInt32(reply.status), response)
    }

    func addCommonHeaders(_ response: OpaquePointer, contentType: String?, origin: String?) {
        if let contentType { _ = MHD_add_response_header(response, "Content-Type", contentType) }
        _ = MHD_add_response_header(response, "Cache-Control", "no-store")
        _ = MHD_add_response_header(response, "X-Content-Type-Options", "nosniff")
        for (name, value) in HTTPRouting.corsHeaders(origin: origin, options: options) {
            _ = MHD_add_response_header(response, name, value)
        }
    }

    func header(_ connection: OpaquePointer, _ name: String) -> String? {
        MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
    }

    func argument(_ connection: OpaquePointer, _ name: String) -> String? {
        MHD_lookup_connection_value(connection, .GET_ARGUMENT_KIND, name).map { String(cString: $0) }
    }
}

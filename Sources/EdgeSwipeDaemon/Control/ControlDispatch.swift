import TouchModel
import EdgeSwipeControl

extension ControlProtocol {
    /// The answer to one request line.
    package struct Response: Hashable, Sendable {
        /// The encoded reply or error line, newline included.
        package var line: [UInt8]
        package var isError: Bool
    }

    /// Everything a transport does with one request line, independent of the transport (the Unix socket
    /// here; the HTTP bridge's POST /commands too): decode, apply subscribe/unsubscribe to the caller's
    /// subscription set, pass other commands to the handler, encode the reply or error.
    package static func respond(to line: [UInt8], subscriptions: inout Set<EventClass>,
                               handler: (any ControlCommandHandler)?, client: ControlClientID,
                               now: Microseconds) -> Response {
        let request: ControlRequest
        switch decodeRequest(line) {
        case .failure(let failure):
            return Response(line: error(failure.error, id: failure.id), isError: true)
        case .success(let r):
            request = r
        }
        let result: Result<JSONValue, ControlError>
        switch request.command {
        case .subscribe(let classes):
            subscriptions.formUnion(classes)
            result = .success(.object(["events": .array(subscriptions.sorted().map { .string($0.rawValue) })]))
        case .unsubscribe(let classes):
            subscriptions.subtract(classes)
            result = .success(.object(["events": .array(subscriptions.sorted().map { .string($0.rawValue) })]))
        case .push, .pop, .setStack, .popToRoot, .state, .setExclusions, .setInteractivePopEnabled, .registerBackHandler,
             .unregisterBackHandler, .reportOutput, .withdrawOutput, .reportFocus,
             .declareContentRegion, .withdrawContentRegion, .contentAnswer:
            if let handler {
                result = handler.handle(request.command, from: client, now: now)
            } else {
                result = .failure(ControlError(.unavailable, "no navigation backend is attached"))
            }
        }
        switch result {
        case .success(let value): return Response(line: reply(to: request, result: value), isError: false)
        case .failure(let e): return Response(line: error(e, id: request.id), isError: true)
        }
    }
}

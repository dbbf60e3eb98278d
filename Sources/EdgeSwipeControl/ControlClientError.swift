/// Why an exchange with the service ended without its answer.
package enum ControlClientError: Error, CustomStringConvertible {
    case timedOut(operation: String, what: String, timeoutMS: Int)
    case notAccepted(path: String, timeoutMS: Int)
    case closed(operation: String, what: String)

    package var description: String {
        switch self {
        case .timedOut(let operation, let what, let ms): return "\(operation): no \(what) within \(ms) ms"
        case .notAccepted(let path, let ms): return "connect(\(path)): the service accepted no connection within \(ms) ms"
        case .closed(let operation, let what): return "\(operation): closed before the \(what)"
        }
    }
}

/// The error line a service sends a client it will not serve (docs/protocol.md: `tooManyClients`,
/// `permissionDenied`) in place of its hello.
package struct ControlRefusal: Error, CustomStringConvertible {
    package var path: String
    package var code: String
    package var message: String

    package init(path: String, error: ServiceError) {
        self.path = path
        code = error.code ?? "no code"
        message = error.message ?? "no message"
    }

    package var description: String { "the service at \(path) refused the connection (\(code)): \(message)" }
}

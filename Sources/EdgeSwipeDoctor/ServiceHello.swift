import EdgeSwipeControl

extension ServiceFact {
    /// What the service's first line says: reachable with its protocol and server name, or, when the line is not a
    /// hello, unreachable with what is wrong with it.
    public init(socket: String, hello line: ServiceLine) {
        switch line {
        case .hello(let hello) where hello.protocolVersion != nil && hello.server != nil:
            self = .reachable(socket: socket, protocolVersion: Int(hello.protocolVersion!), server: hello.server!)
        case .unusable(let problem) where problem.isHelloProblem:
            // A version of the wrong type (3.0 is a JSON real) is named as such (issue 33), not "not a hello".
            self = .unreachable(socket: socket, error: "its hello's \(problem)")
        default:
            self = .unreachable(socket: socket, error: "its first line is not a hello")
        }
    }
}

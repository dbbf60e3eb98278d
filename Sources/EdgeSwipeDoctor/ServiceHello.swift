import EdgeSwipeControl

extension ServiceFact {
    /// What the service's first line says: reachable with its protocol and server name, or, when the line is not a
    /// hello, unreachable with what is wrong with it.
    public init(socket: String, hello: JSONValue) {
        guard let v = hello["protocol"], case .string(let server)? = hello["server"] else {
            self = .unreachable(socket: socket, error: "its first line is not a hello")
            return
        }
        guard case .integer(let version) = v else {
            // A version of the wrong type (3.0 is a JSON real) is named as such (issue 33), not "not a hello".
            self = .unreachable(socket: socket, error: "its hello's \"protocol\" must be an integer (written without a decimal "
                                + "point or exponent), got \(ControlProtocol.describeWithType(v))")
            return
        }
        self = .reachable(socket: socket, protocolVersion: Int(version), server: server)
    }
}

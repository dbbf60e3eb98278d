import EdgeSwipeControl
import EdgeSwipeDoctor
import Testing

/// The hello as doctor reads it (docs/protocol.md "Connecting").
@Suite struct ServiceHelloTests {
    func fact(_ text: String) throws -> ServiceFact {
        ServiceFact(socket: "/run/edgeswipe/control.sock", hello: ServiceLine(try JSONValue.decode(Array(text.utf8))))
    }

    @Test func aHelloGivesItsProtocolAndServer() throws {
        #expect(try fact(#"{"type":"hello","protocol":3,"server":"edgeswipe","screens":[]}"#)
                == .reachable(socket: "/run/edgeswipe/control.sock", protocolVersion: 3, server: "edgeswipe"))
    }

    /// Issue 33: a protocol that is not an integer was "its first line is not a hello", naming no field or type.
    @Test func aProtocolThatIsNotAnIntegerIsNamedWithTheTypeWanted() throws {
        #expect(try fact(#"{"type":"hello","protocol":3.0,"server":"edgeswipe"}"#)
                == .unreachable(socket: "/run/edgeswipe/control.sock",
                                error: "its hello's \"protocol\" must be an integer (written without a decimal point or exponent), got 3.0"))
        #expect(try fact(#"{"type":"hello","protocol":"3","server":"edgeswipe"}"#)
                == .unreachable(socket: "/run/edgeswipe/control.sock",
                                error: "its hello's \"protocol\" must be an integer (written without a decimal point or exponent), got a string, \"3\""))
    }

    @Test func aLineWithoutAServerIsNotAHello() throws {
        #expect(try fact(#"{"type":"reply","protocol":3}"#)
                == .unreachable(socket: "/run/edgeswipe/control.sock", error: "its first line is not a hello"))
    }
}

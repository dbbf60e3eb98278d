import Gestures
import Navigation
import Testing
import TouchModel
@testable import EdgeSwipeDaemon
import EdgeSwipeControl

/// Issue 24's two commands as the protocol reads them and the navigation handler answers them (the socket and
/// the HTTP bridge both pass them, through `ControlRouter`, to `NavigationCommandHandler`): decoding errors named, replies, limits, and a
/// client's handlers gone with it.
@Suite struct BackHandlerProtocolTests {
    func decodeError(_ line: String) -> String? {
        if case .failure(let e) = ControlProtocol.decodeRequest(Array(line.utf8)) { return e.error.message }
        return nil
    }

    @Test func requestsDecodeAndBadOnesAreNamed() throws {
        guard case .success(let r) = ControlProtocol.decodeRequest(Array(#"{"command":"registerBackHandler","priority":"observer","edges":["top","left"],"protocol":2}"#.utf8)) else {
            Issue.record("not decoded")
            return
        }
        #expect(r.command == .registerBackHandler(.observer, edges: [.left, .top]))
        #expect(decodeError(#"{"command":"registerBackHandler"}"#) == #"registerBackHandler: missing field "priority""#)
        #expect(decodeError(#"{"command":"registerBackHandler","priority":"system"}"#)
                == #"registerBackHandler: "priority" must be one of "overlay", "default", "observer", got "system""#)
        #expect(decodeError(#"{"command":"registerBackHandler","priority":"overlay","edges":[]}"#)
                == #"registerBackHandler: "edges" must be a non-empty array of: left, right, top, bottom"#)
        #expect(decodeError(#"{"command":"registerBackHandler","priority":"overlay","edges":["up"]}"#)
                == #"registerBackHandler: unknown edge "up"; known: left, right, top, bottom"#)
        #expect(decodeError(#"{"command":"registerBackHandler","priority":"overlay","edges":["left","left"]}"#)
                == #"registerBackHandler: edge "left" is named twice"#)
        #expect(decodeError(#"{"command":"registerBackHandler","priority":"overlay","colour":1}"#)
                == #"registerBackHandler: unknown field "colour""#)
        #expect(decodeError(#"{"command":"unregisterBackHandler","handler":0}"#)
                == #"unregisterBackHandler: "handler" must be a handler id (an integer above 0), got 0"#)
        #expect(decodeError(#"{"command":"unregisterBackHandler","handler":"3"}"#)?.hasPrefix("unregisterBackHandler: \"handler\" must be") == true)
    }

    @Test func repliesLimitsAndOwnership() throws {
        let handler = NavigationCommandHandler(session: NavigationSession(screens: [ScreenSpec(name: "home", kind: .plain)]))
        let a = ControlClientID(rawValue: 1), b = ControlClientID(rawValue: 2)
        let first = handler.handle(.registerBackHandler(.overlay, edges: nil), from: a, now: 10)
        #expect(first == .success(.object(["handler": .integer(1), "priority": .string("overlay"),
                                           "edges": .array([.string("left"), .string("right")])])))
        for _ in 1..<BackHandlerRegistry.perClient { _ = handler.handle(.registerBackHandler(.default, edges: [.top]), from: a, now: 10) }
        guard case .failure(let full) = handler.handle(.registerBackHandler(.observer, edges: nil), from: a, now: 10) else {
            Issue.record("a 17th handler was registered")
            return
        }
        #expect(full.code == .refused && full.message == "registerBackHandler: this client already has 16 back handlers (the limit)")
        guard case .failure(let foreign) = handler.handle(.unregisterBackHandler(BackHandlerID(1)), from: b, now: 20) else {
            Issue.record("another client's handler was removed")
            return
        }
        #expect(foreign.code == .badArguments && foreign.message == "unregisterBackHandler: back handler 1 belongs to another client")
        #expect(handler.handle(.unregisterBackHandler(BackHandlerID(1)), from: a, now: 20)
                == .success(.object(["handler": .integer(1), "priority": .string("overlay"),
                                     "edges": .array([.string("left"), .string("right")])])))
        // The client goes: its handlers go with it; the other client's stays.
        _ = handler.handle(.registerBackHandler(.observer, edges: nil), from: b, now: 30)
        #expect(handler.session.dispatcher.registry.handlers.count == 16)
        handler.clientDisconnected(a, now: 40)
        #expect(handler.session.dispatcher.registry.handlers.map(\.client) == [BackClient(2)])
    }
}

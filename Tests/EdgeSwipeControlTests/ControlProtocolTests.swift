import Navigation
import Foundation
import Testing
import TouchModel
import EdgeSwipeControl

private func decode(_ text: String) -> Result<ControlRequest, ControlProtocol.RequestError> {
    ControlProtocol.decodeRequest(Array(text.utf8))
}

private func errorCode(_ text: String) -> ControlErrorCode? {
    if case .failure(let f) = decode(text) { return f.error.code }
    return nil
}

private func object(_ bytes: [UInt8]) throws -> [String: Any] {
    #expect(bytes.last == UInt8(ascii: "\n"))
    #expect(bytes.dropLast().contains(UInt8(ascii: "\n")) == false)
    return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
}

@Suite struct ControlProtocolTests {
    @Test func pushWithFlagsAndId() throws {
        let r = try decode(#"{"command":"push","name":"inbox","header":true,"id":7,"protocol":1}"#).get()
        #expect(r.command == .push(ScreenSpec(name: "inbox", kind: .header)))
        #expect(r.id == .integer(7))
        #expect(try decode(#"{"command":"push","name":"video","hidden":true}"#).get().command
                == .push(ScreenSpec(name: "video", kind: .hidden)))
        #expect(try decode(#"{"command":"push","name":"plain"}"#).get().command == .push(ScreenSpec(name: "plain", kind: .plain)))
    }

    @Test func setStackBottomFirst() throws {
        let r = try decode(#"{"command":"setStack","screens":[{"name":"home"},{"name":"inbox","header":true},{"name":"msg","hidden":false}]}"#).get()
        #expect(r.command == .setStack([ScreenSpec(name: "home", kind: .plain), ScreenSpec(name: "inbox", kind: .header),
                                        ScreenSpec(name: "msg", kind: .plain)]))
    }

    @Test func simpleCommands() throws {
        #expect(try decode(#"{"command":"pop"}"#).get().command == .pop)
        #expect(try decode(#"{"command":"popToRoot"}"#).get().command == .popToRoot)
        #expect(try decode(#"{"command":"state","id":"abc"}"#).get() == ControlRequest(id: .string("abc"), command: .state))
        #expect(try decode(#"{"command":"subscribe","events":["transition","gesture","transition"]}"#).get().command
                == .subscribe([.transition, .gesture]))
    }

    @Test func malformedRequestsGetTheirCodes() {
        #expect(errorCode("not json at all") == .badJSON)
        #expect(errorCode("{\"command\":") == .badJSON)
        #expect(errorCode("[1,2,3]") == .notAnObject)
        #expect(errorCode("\"push\"") == .notAnObject)
        #expect(errorCode(#"{"name":"x"}"#) == .badArguments)
        #expect(errorCode(#"{"command":42}"#) == .badArguments)
        #expect(errorCode(#"{"command":"fly"}"#) == .unknownCommand)
        // Protocol 5 serves versions 1 to 4's requests too (an older client, the browser kit's handler commands
        // naming 2); 0 and 6 are not spoken.
        #expect(errorCode(#"{"command":"state","protocol":3}"#) == nil)
        #expect(errorCode(#"{"command":"state","protocol":2}"#) == nil)
        #expect(errorCode(#"{"command":"state","protocol":1}"#) == nil)
        #expect(errorCode(#"{"command":"registerBackHandler","priority":"overlay","protocol":2}"#) == nil)
        #expect(errorCode(#"{"command":"reportOutput","output":"DSI-1","transform":90,"protocol":3}"#) == nil)
        #expect(errorCode(#"{"command":"state","protocol":4}"#) == nil)
        #expect(errorCode(#"{"command":"state","protocol":8}"#) == nil)
        #expect(errorCode(#"{"command":"state","protocol":9}"#) == .unsupportedProtocol)
        #expect(errorCode(#"{"command":"state","protocol":0}"#) == .unsupportedProtocol)
        #expect(errorCode(#"{"command":"state","protocol":"1"}"#) == .unsupportedProtocol)
        #expect(errorCode(#"{"command":"push"}"#) == .badArguments)
        #expect(errorCode(#"{"command":"push","name":""}"#) == .badArguments)
        #expect(errorCode(#"{"command":"push","name":"a","header":"yes"}"#) == .badArguments)
        #expect(errorCode(#"{"command":"push","name":"a","header":true,"hidden":true}"#) == .badArguments)
        #expect(errorCode(#"{"command":"setStack","screens":[]}"#) == .badArguments)
        #expect(errorCode(#"{"command":"setStack","screens":["home"]}"#) == .badArguments)
        #expect(errorCode(#"{"command":"subscribe","events":["keys"]}"#) == .badArguments)
        #expect(errorCode(#"{"command":"subscribe","events":[]}"#) == .badArguments)
    }

    @Test func typosAreNamedNotIgnored() throws {
        guard case .failure(let f) = decode(#"{"command":"push","name":"a","heder":true,"id":3}"#) else {
            Issue.record("a misspelt flag was accepted")
            return
        }
        #expect(f.error.code == .badArguments)
        #expect(f.error.message.contains("\"heder\""))
        #expect(f.id == .integer(3))
        guard case .failure(let g) = decode(#"{"command":"setStack","screens":[{"name":"a","hiden":true}]}"#) else {
            Issue.record("a misspelt nested flag was accepted")
            return
        }
        #expect(g.error.message.contains("screens[0].hiden"))
    }

    @Test func unknownCommandEchoesIdAndListsKnownCommands() throws {
        guard case .failure(let f) = decode(#"{"command":"explode","id":[1,"x"]}"#) else {
            Issue.record("accepted")
            return
        }
        let line = try object(ControlProtocol.error(f.error, id: f.id))
        #expect(line["type"] as? String == "error")
        #expect(line["code"] as? String == "unknownCommand")
        #expect((line["message"] as? String)?.contains("setStack") == true)
        #expect((line["id"] as? [Any])?.count == 2)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let deep = String(repeating: "[", count: 60_000)
        #expect(errorCode(deep) == .badJSON)
        let deepObject = String(repeating: "{\"a\":", count: 20_000) + "1" + String(repeating: "}", count: 20_000)
        #expect(errorCode(deepObject) != nil)
    }

    @Test func invalidUTF8AndControlBytes() {
        #expect(ControlProtocol.decodeRequest([0xff, 0xfe, 0x00, 0x7b]).isFailure)
        #expect(ControlProtocol.decodeRequest([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]).isFailure)
    }

    @Test func replyAndHelloShapes() throws {
        let req = ControlRequest(id: .integer(9), command: .state)
        let reply = try object(ControlProtocol.reply(to: req, result: .object(["stack": .array([.string("home")])])))
        #expect(reply["type"] as? String == "reply")
        #expect(reply["command"] as? String == "state")
        #expect(reply["id"] as? Int == 9)
        #expect((reply["result"] as? [String: Any])?["stack"] as? [String] == ["home"])

        let hello = try object(ControlProtocol.hello())
        #expect(hello["type"] as? String == "hello")
        #expect(hello["protocol"] as? Int == 8)
        #expect(hello["events"] as? [String] == ["appearance", "transition", "gesture", "diagnostic", "back", "screens", "nearMiss"])
    }

    @Test func navigationEventsAreClassified() throws {
        #expect(ControlEvent.navigation("willAppear", time: 0).eventClass == .appearance)
        #expect(ControlEvent.navigation("didDisappear", time: 0).eventClass == .appearance)
        #expect(ControlEvent.navigation("transitionProgress", time: 0).eventClass == .transition)
        #expect(ControlEvent.navigation("popRefused", time: 0).eventClass == .transition)
        #expect(ControlEvent.navigation("diagnostic", time: 0).eventClass == .diagnostic)
        let e = try object(ControlEvent.navigation("transitionBegan", time: 1_500_000,
                                                   fields: ["from": .string("b"), "to": .string("a")]).line)
        #expect(e["type"] as? String == "navigation")
        #expect(e["event"] as? String == "transitionBegan")
        #expect(e["time"] as? Double == 1.5)
        #expect(e["from"] as? String == "b")
        let raw = ControlEvent(eventClass: .gesture, encodedJSON: #"{"type":"gesture"}"#)
        #expect(raw.line == Array("{\"type\":\"gesture\"}\n".utf8))
    }
}

extension Result {
    var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}

/// Issue 22: the command line's `--stack` and the control protocol's `push` take the same screen names by length
/// (ScreenSpec.isAcceptedName); before, `--stack` had no bound.
@Suite struct ScreenNameBoundTests {
    @Test(arguments: [1, 255, 256, 257, 1000])
    func pushAndStackSpecAgree(_ length: Int) {
        let name = String(repeating: "n", count: length)
        let push = decode(#"{"command":"push","name":"\#(name)"}"#)
        let pushAccepted = (try? push.get()) != nil
        let specAccepted = (try? StackSpec.parse("home," + name)) != nil
        #expect(pushAccepted == (length <= 256))
        #expect(specAccepted == pushAccepted)
    }
}

/// Issue 33: `"protocol": 3.0` was refused as "asked for 3", which reads as if 3 were not spoken; the message names
/// the type the field must have.
@Suite struct ProtocolFieldTypeTests {
    func message(_ text: String) -> String? {
        if case .failure(let f) = decode(text) { return f.error.message }
        return nil
    }

    @Test func aProtocolThatIsNotAnIntegerNamesTheTypeWanted() {
        for (field, got) in [("3.0", "3.0"), ("2.5", "2.5"), ("3e0", "3.0"), (#""3""#, #"a string, "3""#), ("null", "null"),
                             ("[3]", "an array, [3]")] {
            let text = #"{"command":"state","protocol":\#(field)}"#
            #expect(errorCode(text) == .unsupportedProtocol, "\(field)")
            #expect(message(text) == "\"protocol\" must be an integer from 1 to 8 (written without a decimal point or exponent), got \(got)",
                    "\(field)")
        }
        #expect(message(#"{"command":"state","protocol":9}"#) == "this service speaks protocols 1 to 8, the request asked for 9")
    }
}

import EdgeSwipeControl
import Gestures
import Navigation
import Testing
import TouchModel

/// Issue 34 item 1: what the service encodes (the hello with its screens, replies, errors, back callbacks, events)
/// read back by the clients' one decoder, `ServiceLine`. Expected values are the inputs given to the encoders, and
/// the screen sizes worked out by hand.
@Suite struct ServiceLineTests {
    /// The bytes of one encoded line, read as a client reads them (without the newline).
    static func read(_ line: [UInt8]) throws -> ServiceLine {
        #expect(line.last == 0x0A)
        return try #require(ServiceLine(line: line.dropLast()))
    }

    static func read(_ text: String) throws -> ServiceLine { try read(Array((text + "\n").utf8)) }

    /// Two panels: 100 × 60 mm turned 90° (the user sees 60 × 100 mm) on DSI-1, and 344 × 193.5 mm unturned and
    /// mirrored, on no reported output.
    static let transforms: [(transform: ScreenTransform, output: String?)] = [
        (ScreenTransform(deviceSize: PhysicalSize(widthMM: 100, heightMM: 60), rotation: .r90), "DSI-1"),
        (ScreenTransform(deviceSize: PhysicalSize(widthMM: 344, heightMM: 193.5), rotation: .r0, flipped: true), nil),
    ]
    static let screens = [ServiceScreen(widthMM: 60, heightMM: 100, rotation: .r90, flipped: false, output: "DSI-1"),
                          ServiceScreen(widthMM: 344, heightMM: 193.5, rotation: .r0, flipped: true, output: nil)]

    @Test func theHelloWithItsScreensIsReadAsTheServiceWroteIt() throws {
        let line = ControlProtocol.hello(fields: ["screens": ScreenJSON.screens(Self.transforms)])
        guard case .hello(let hello) = try Self.read(line) else {
            Issue.record("not read as a hello")
            return
        }
        #expect(hello.protocolVersion == ControlProtocol.version && hello.server == "edgeswipe")
        #expect(hello.screens == Self.screens)
        #expect(hello.commands == ControlProtocol.commandNames)
        #expect(hello.events == EventClass.allCases.map(\.rawValue))
        #expect(hello.stream == nil)
        // The HTTP bridge's hello names its stream; no screens published yet is an empty list, not none.
        guard case .hello(let bridge) = try Self.read(ControlProtocol.hello(stream: "s-1", fields: ["screens": .array([])])) else {
            Issue.record("the bridge's hello not read as a hello")
            return
        }
        #expect(bridge.stream == "s-1" && bridge.screens == [])
    }

    @Test func theScreensEventAndTheStateReplyGiveTheSameScreens() throws {
        let event = ControlEvent.screens(ScreenJSON.screens(Self.transforms), time: 12_500_000)
        #expect(try Self.read(event.line) == .screens(Self.screens))
        let state = ControlProtocol.reply(to: ControlRequest(id: .integer(3), command: .state),
                                          result: .object(["screens": ScreenJSON.screens(Self.transforms), "depth": .integer(1)]))
        let read = try Self.read(state)
        #expect(read.publishedScreens == Self.screens)
        guard case .reply(let reply) = read else {
            Issue.record("not read as a reply")
            return
        }
        #expect(reply.command == "state" && reply.id == .integer(3) && reply.result["depth"] == .integer(1))
    }

    @Test func aReplyOtherThanStatesPublishesNoScreens() throws {
        let line = ControlProtocol.reply(to: ControlRequest(id: .integer(1), command: .registerBackHandler(.observer, edges: nil)),
                                         result: .object(["handler": .integer(4), "screens": ScreenJSON.screens(Self.transforms)]))
        let read = try Self.read(line)
        guard case .reply(let reply) = read else {
            Issue.record("not read as a reply")
            return
        }
        #expect(reply.command == "registerBackHandler" && reply.id == .integer(1) && reply.result["handler"] == .integer(4))
        #expect(reply.screens == nil)
        #expect(read.publishedScreens == nil)
    }

    /// The reply docs/protocol.md shows for `reportFocus`: its route and action read through `backRoute`, so the
    /// session side never reads `result.route` by name; another reply has none.
    @Test func aFocusReportsReplyGivesItsRouteAndActionTyped() throws {
        let line = #"{"command":"reportFocus","id":"reportFocus","result":{"action":"keys KEY_LEFTALT KEY_LEFT","pid":"unverified","route":"toolkit libadwaita"},"type":"reply"}"#
        guard case .reply(let reply) = try Self.read(line) else {
            Issue.record("not read as a reply")
            return
        }
        #expect(reply.backRoute == ServiceBackRoute(route: "toolkit libadwaita", action: "keys KEY_LEFTALT KEY_LEFT"))
        guard case .reply(let other) = try Self.read(#"{"command":"state","id":1,"result":{"depth":1},"type":"reply"}"#) else {
            Issue.record("not read as a reply")
            return
        }
        #expect(other.backRoute == nil)
    }

    @Test func errorLinesKeepTheirCodeMessageAndId() throws {
        #expect(try Self.read(ControlProtocol.error(ControlError(.refused, "16 back handlers"), id: .integer(1)))
                == .error(ServiceError(code: "refused", message: "16 back handlers", id: .integer(1))))
        // The connection's refusal comes with no id.
        #expect(try Self.read(ControlProtocol.error(ControlError(.tooManyClients, "64 clients are connected")))
                == .error(ServiceError(code: "tooManyClients", message: "64 clients are connected", id: nil)))
        #expect(try Self.read(#"{"type":"error"}"#) == .error(ServiceError(code: nil, message: nil)))
    }

    /// Every callback a handler gets, as `EventJSON.back` writes it for an observer: read back with the gesture's
    /// id, edge, position, progress, armed and frame time it was written with.
    @Test(arguments: [BackCallback.started, .progressed, .armed, .disarmed, .invoked, .cancelled])
    func everyBackCallbackIsReadAsTheObserversEvent(callback: BackCallback) throws {
        let phase: GesturePhase = switch callback {
        case .started: .began
        case .progressed: .changed
        case .armed: .armed
        case .disarmed: .disarmed
        case .invoked, .cancelled: .ended
        }
        let gesture = GestureEvent(recognizer: "edge-right", phase: phase, edge: .right, fingers: 1, time: 12_500_000, progress: 0.25,
                                   translationMM: 36.25, positionMM: Point(x: 108.75, y: 70.25),
                                   outcome: callback == .invoked ? .complete : callback == .cancelled ? .cancel : nil,
                                   armed: callback == .armed, extentMM: 145)
        let handler = BackHandler(id: BackHandlerID(4), priority: .observer, edges: [.left, .right], client: BackClient(2))
        let delivery = BackDelivery(recipient: .handler(handler, .observer), callback: callback, gestureID: 7, event: gesture,
                                    cancelReason: callback == .cancelled ? .released : nil)
        let text = try #require(EventJSON.back(delivery))
        let kind = try #require(BackObservation.Kind(rawValue: callback.rawValue))
        // The extent is written on the start only (the gesture report's `began`).
        #expect(try Self.read(text) == .back(BackObservation(kind: kind, gestureID: 7, edge: .right, progress: 0.25,
                                                             positionMM: Point(x: 108.75, y: 70.25), armed: callback == .armed,
                                                             extentMM: callback == .started ? 145 : nil, frameTime: 12_500_000)))
        // The same event for the handler's target is not an observer's: an event line like any other.
        let target = BackDelivery(recipient: .handler(handler, .target), callback: callback, gestureID: 7, event: gesture)
        guard case .event(type: "back", _) = try Self.read(try #require(EventJSON.back(target))) else {
            Issue.record("a target's back line read as an observer's")
            return
        }
    }

    @Test func anObserversLineWithANumberNoFingerHasIsUnusable() throws {
        let line = #"{"event":"progressed","gesture":{"edge":"left","positionMM":{"x":1e300,"y":3}},"gestureId":7,"role":"observer","type":"back"}"#
        #expect(try Self.read(line) == .unusable(.outOfRange("positionMM.x 1e+300")))
    }

    @Test func eventsAreReadByTheirType() throws {
        let diagnostic = ControlEvent.diagnostic(code: "deviceRemoved", message: "gone", time: 2_000_000)
        guard case .event(type: "diagnostic", let value) = try Self.read(diagnostic.line) else {
            Issue.record("the diagnostic not read as an event")
            return
        }
        #expect(value["code"] == .string("deviceRemoved") && value["time"] == .integer(2))
        guard case .event(type: "navigation", _) = try Self.read(ControlEvent.navigation("didAppear", time: 1_000_000).line) else {
            Issue.record("the navigation event not read as an event")
            return
        }
    }

    @Test func aHelloWhoseProtocolIsNoIntegerIsUnusableAndOtherLinesAreKnownOrNot() throws {
        #expect(try Self.read(#"{"type":"hello","protocol":4.0,"server":"edgeswipe"}"#) == .unusable(.helloProtocol(.number(4))))
        #expect(try Self.read(#"{"protocol":4}"#) == .unknown(.object(["protocol": .integer(4)])))
        #expect(try Self.read(#"{"type":"screens","screens":[{"widthMM":"wide"}]}"#)
                == .unknown(.object(["type": .string("screens"), "screens": .array([.object(["widthMM": .string("wide")])])])))
        #expect(ServiceLine(line: Array("not json".utf8)) == nil)
    }
}

/// Issue 38 item 4: a screen's bands as the service publishes them for the band preview.
@Suite struct ServiceBandTests {
    @Test func theWidestZoneOfEachEdgeInEdgesOrder() {
        let one = EdgeSwipeConfig(name: "left-1", edges: [.left, .right], edgeZoneMM: 5)
        let two = EdgeSwipeConfig(name: "left-2", edges: [.left], fingers: 2, edgeZoneMM: 8)
        #expect(ServiceBand.of([one, two]) == [ServiceBand(edge: .left, widthMM: 8), ServiceBand(edge: .right, widthMM: 5)])
        #expect(ServiceBand.of([]) == [])
    }

    @Test func aScreenWithBandsEncodesThemAndOneWithoutLeavesTheFieldOut() {
        let with = ServiceScreen(widthMM: 160, heightMM: 100, rotation: .r0, bands: [ServiceBand(edge: .left, widthMM: 5)])
        #expect(String(decoding: with.encoded.encodedLine(), as: UTF8.self)
                == #"{"bands":[{"edge":"left","widthMM":5}],"flipped":false,"heightMM":100,"output":null,"rotation":0,"widthMM":160}"#)
        #expect(ServiceScreen(with.encoded) == with)
        let without = ServiceScreen(widthMM: 160, heightMM: 100, rotation: .r0)
        #expect(without.encoded["bands"] == nil)
    }
}

import EdgeSwipeControl
import FixtureSupport
import Foundation
import Gestures
import Navigation
import Testing
import TouchModel

/// Issue 34 item 1: the browser kit (web/edgeswipe.js) decodes what the service's encoders write. The lines are
/// written here by the encoders into Tests/Browser/kit/service-lines.json, which the kit's own tests read
/// (Tests/Browser/kit/service-lines-check.js, from kit-tests.html in the browser stage, or
/// `node Tests/Browser/kit/service-lines-node.mjs`). This test fails when the committed file is not what the
/// encoders write now; `EDGESWIPE_WRITE_FIXTURES=1 swift test --filter KitFixtureTests` writes it anew.
@Suite struct KitFixtureTests {
    static let path = Fixtures.packageRoot.appendingPathComponent("Tests/Browser/kit/service-lines.json").path

    /// A 160 × 256 mm panel, unturned, on DSI-1; the kit's default handler is handler 4; gesture 7 from the left edge.
    static func lines() -> [String: JSONValue] {
        let screens = ScreenJSON.screens([(ScreenTransform(deviceSize: PhysicalSize(widthMM: 160, heightMM: 256)), "DSI-1")])
        let hello = ControlProtocol.hello(stream: "kit-fixture", fields: ["screens": screens])
        let handler = BackHandler(id: BackHandlerID(4), priority: .default, edges: [.left, .right], client: BackClient(1))
        func back(_ callback: BackCallback, _ phase: GesturePhase, progress: Double, outcome: SwipeOutcome? = nil,
                  reason: BackCancelReason? = nil) -> JSONValue {
            let gesture = GestureEvent(recognizer: "edge-left", phase: phase, edge: .left, fingers: 1, time: 5_000_000 + Microseconds(UInt64(progress * 1_000_000)),
                                       progress: progress, translationMM: progress * 160, positionMM: Point(x: progress * 160, y: 100),
                                       outcome: outcome, armed: progress >= 0.5, extentMM: 160)
            let delivery = BackDelivery(recipient: .handler(handler, .target), callback: callback, gestureID: 7, event: gesture, cancelReason: reason)
            return .string(EventJSON.back(delivery)!)
        }
        func text(_ bytes: [UInt8]) -> JSONValue { .string(String(decoding: bytes.dropLast(), as: UTF8.self)) }
        return [
            "hello": text(hello),
            "state": text(ControlProtocol.reply(to: ControlRequest(id: .integer(1), command: .state), result: .object(["screens": screens]))),
            "committed": .array([back(.started, .began, progress: 0.25), back(.progressed, .changed, progress: 0.5),
                                 back(.armed, .armed, progress: 0.5), back(.invoked, .ended, progress: 0.75, outcome: .complete)]),
            "cancelled": .array([back(.started, .began, progress: 0.125), back(.cancelled, .ended, progress: 0.25, outcome: .cancel, reason: .released)]),
        ]
    }

    @Test func theKitsFixtureIsWhatTheEncodersWrite() throws {
        let now = ControlProtocol.line(.object(Self.lines()))
        if ProcessInfo.processInfo.environment["EDGESWIPE_WRITE_FIXTURES"] == "1" {
            try Data(now).write(to: URL(fileURLWithPath: Self.path))
        }
        let committed = try Data(contentsOf: URL(fileURLWithPath: Self.path))
        #expect(Array(committed) == now, "Tests/Browser/kit/service-lines.json is not the encoders' output: write it anew (see above)")
    }

    /// What the kit's check expects, worked out from the inputs above: the hello read back by the clients' decoder too.
    @Test func theFixturesHelloIsTheScreenTheKitIsToldOf() throws {
        guard case .string(let hello)? = Self.lines()["hello"], case .hello(let h) = try #require(ServiceLine(line: Array(hello.utf8))) else {
            Issue.record("the fixture's hello is not a hello")
            return
        }
        #expect(h.screens == [ServiceScreen(widthMM: 160, heightMM: 256, rotation: .r0, output: "DSI-1")] && h.stream == "kit-fixture")
    }
}

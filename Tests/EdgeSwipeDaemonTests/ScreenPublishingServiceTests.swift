import EdgeSwipeControl
import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Navigation
import Testing
@testable import EdgeSwipeDaemon

/// Issue 26: the service publishes its touchscreen as the user sees it (`screens` in the hello and the `state`
/// reply), so a page converts its pixels to the millimetres of exclusions; and `state` counts the back handlers
/// per priority, so a client can check it holds each of its own once. The device is the demo recording's panel
/// (axes 0...1599 and 0...2559 at 11 units per mm), a source of the session while its replay waits; a reload
/// to `rotation: 90` turns it.
@Suite struct ScreenPublishingServiceTests {
    @Test func theHelloAndStateCarryTheScreenAfterRotationAndTheHandlerCounts() throws {
        let running = try DemoReplayService()
        let (service, config, socket) = (running.service, running.config, running.socketSection)
        func line(_ c: TestClient) throws -> JSONValue {
            try JSONValue.decode(Array(try #require(try running.line(c)).utf8))
        }
        // The built-in defaults swipe from the left edge, edge_zone_mm 5 (docs/daemon.md; EdgeSwipeConfig's default):
        // one band, on the left as the user sees it, turned or not (issue 38's band preview).
        func screen(width: Double, height: Double, rotation: Int64) -> JSONValue {
            .array([.object(["widthMM": .number(width), "heightMM": .number(height), "rotation": .integer(rotation),
                             "flipped": .bool(false), "output": .null,
                             "bands": .array([.object(["edge": .string("left"), "widthMM": .integer(5)])])])])
        }
        let upright = screen(width: 1599.0 / 11, height: 2559.0 / 11, rotation: 0)
        let client = try TestClient(path: running.socketPath)
        let hello = try line(client)
        #expect(hello["type"] == .string("hello") && hello["screens"] == upright)
        try client.send(#"{"command":"state"}"# + "\n")
        var state = try line(client)["result"]
        #expect(state?["screens"] == upright)
        #expect(state?["backHandlers"] == .object(["overlay": .integer(0), "default": .integer(0), "observer": .integer(0)]))

        try client.send(#"{"command":"registerBackHandler","priority":"default","protocol":2}"# + "\n")
        _ = try line(client)
        try client.send(#"{"command":"registerBackHandler","priority":"overlay","protocol":2}"# + "\n")
        _ = try line(client)
        try client.send(#"{"command":"state"}"# + "\n")
        state = try line(client)["result"]
        #expect(state?["backHandlers"] == .object(["overlay": .integer(1), "default": .integer(1), "observer": .integer(0)]))

        // Turned 90°: the user sees the panel 2559/11 wide and 1599/11 high; a new connection's hello says so.
        try (socket + "defaults:\n  rotation: 90\n").write(toFile: config, atomically: true, encoding: .utf8)
        #expect(service.runtime.reloadConfiguration() == .applied(needsRestart: []))
        let turned = screen(width: 2559.0 / 11, height: 1599.0 / 11, rotation: 90)
        let second = try TestClient(path: running.socketPath)
        #expect(try line(second)["screens"] == turned)
        try second.send(#"{"command":"state"}"# + "\n")
        #expect(try line(second)["result"]?["screens"] == turned)
        withExtendedLifetime(service) {}
    }

    /// Without a session behind the handler (tests, a handler with no devices wired) the hello is the protocol's
    /// own: no `screens` field rather than an empty list that would claim no screen.
    @Test func aHelloWithoutFieldsHasNoScreens() throws {
        let hello = try JSONValue.decode(Array(ControlProtocol.hello(stream: "s").dropLast()))
        #expect(hello["screens"] == nil && hello["stream"] == .string("s") && hello["protocol"] == .integer(ControlProtocol.version))
        let withFields = try JSONValue.decode(Array(ControlProtocol.hello(fields: ["screens": .array([]), "type": .string("x")]).dropLast()))
        #expect(withFields["screens"] == .array([]) && withFields["type"] == .string("hello"))
    }
}

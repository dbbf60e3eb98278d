import EdgeSwipeControl
import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Gestures
import Navigation
import Testing
import TouchInput
import TouchModel
import TouchTrace
@testable import EdgeSwipeDaemon

/// Issue 27, item 1 through the service `edgeswipe run` starts: `rotation: auto`, and the session side reports
/// its output at transform 270 (`reportOutput`; the panel turned 90° clockwise) while a finger is down. The swipe under the finger keeps the orientation
/// it began with and completes as a left swipe; from the lift on, the device turns, and the next stroke, which
/// starts at the panel's native left edge as the first did, begins as a top swipe (turned clockwise, the native
/// left edge is at the top). The device is the demo recording's panel, a source of the session while its replay
/// waits; its strokes are fed as a device's events.
@Suite struct OutputFollowingServiceTests {
    @Test func aReportDuringASwipeWaitsForTheLiftThenEdgesAreRelabelled() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("edgeswipe-outputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("config.yaml").path
        try "socket:\n  path: \(dir.path)/control.sock\ndefaults:\n  rotation: auto\n  edges: [left, top]\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        let demo = Fixtures.packageRoot.appendingPathComponent("samples/demo-back-swipes.evemu").path
        let service = try EdgeSwipeService(options: ServiceOptions(configPath: config, stack: [ScreenSpec(name: "home", kind: .plain)],
                                                                   replay: .init(path: demo, delaySeconds: 3600)))
        let loop = service.runtime.loop
        let id = try #require(service.devices.keys.first)
        let events = try TraceReader.read(path: demo).devices[0].events
        func lines(_ c: TestClient, until done: (JSONValue) -> Bool) throws -> [JSONValue] {
            var got: [JSONValue] = []
            for _ in 0..<400 {
                try loop.runOnce(timeoutMilliseconds: 5)
                while let l = c.readLine(timeout: 0.005) {
                    let v = try JSONValue.decode(Array(l.utf8))
                    got.append(v)
                    if done(v) { return got }
                }
            }
            return got
        }
        func isReply(_ v: JSONValue) -> Bool { v["type"] == .string("reply") || v["type"] == .string("error") }
        let client = try TestClient(path: "\(dir.path)/control.sock")
        _ = try lines(client) { $0["type"] == .string("hello") }
        try client.send(#"{"command":"subscribe","events":["gesture"]}"# + "\n")
        _ = try lines(client, until: isReply)
        func turn() -> ScreenRotation? { service.session.pipeline(id)?.arena.transform.rotation }
        #expect(turn() == .r0)

        // Stroke 1 touches down 1.5 mm from the native left edge; its first 10 events are down and moving.
        for e in events.prefix(10) { service.session.feed(e, to: id) }
        let began = try lines(client) { $0["phase"] == .string("began") }
        #expect(began.last?["edge"] == .string("left"))
        try client.send(#"{"command":"reportOutput","output":"DSI-1","transform":270,"flipped":false,"widthMM":145,"heightMM":233}"# + "\n")
        let reply = try lines(client, until: isReply).last
        #expect(reply?["result"] == .object(["output": .string("DSI-1"), "devices": .array([.object([
            "device": .null, "rotation": .integer(90), "flipped": .bool(false), "pending": .bool(true)])])]))
        #expect(turn() == .r0)  // the finger is still down
        // What is in force is published: upright still, on the reported output.
        func screens() throws -> JSONValue? {
            try client.send(#"{"command":"state"}"# + "\n")
            return try lines(client, until: isReply).last?["result"]?["screens"]
        }
        // edges [left, top] at the default edge_zone_mm 5: the bands, on the edges the user sees, turned or not.
        func screen(width: Double, height: Double, rotation: Int64) -> JSONValue {
            .array([.object(["widthMM": .number(width), "heightMM": .number(height), "rotation": .integer(rotation),
                             "flipped": .bool(false), "output": .string("DSI-1"),
                             "bands": .array([.object(["edge": .string("left"), "widthMM": .integer(5)]),
                                              .object(["edge": .string("top"), "widthMM": .integer(5)])])])])
        }
        #expect(try screens() == screen(width: 1599.0 / 11, height: 2559.0 / 11, rotation: 0))

        // Stroke 1 runs to its lift as it began: a completed left swipe. Then the device is turned.
        let stroke2 = events.firstIndex { $0.time >= 1_500_000 }!
        for e in events[10..<stroke2] { service.session.feed(e, to: id) }
        let ended = try lines(client) { $0["phase"] == .string("ended") }
        #expect(ended.last?["edge"] == .string("left") && ended.last?["outcome"] == .string("complete"))
        #expect(ended.allSatisfy { $0["edge"] == .string("left") })
        #expect(turn() == .r90)
        #expect(try screens() == screen(width: 2559.0 / 11, height: 1599.0 / 11, rotation: 90))

        // Stroke 2 starts 2 mm from the native left edge too: now the top of the screen.
        for e in events[stroke2...].prefix(60) { service.session.feed(e, to: id) }
        // The left recognizer fails at once: the touch is 2 mm from the top, 112.64 mm from the left.
        let next = try lines(client) { $0["phase"] == .string("began") }
        #expect(next.first?["phase"] == .string("failed") && next.first?["edge"] == .string("left"))
        #expect(next.first?["startMM"] == .object(["x": .number(112.64), "y": .integer(2)]))
        #expect(next.last?["phase"] == .string("began") && next.last?["edge"] == .string("top"))

        // The same report again changes nothing and holds nothing.
        try client.send(#"{"command":"reportOutput","output":"DSI-1","transform":270}"# + "\n")
        #expect(try lines(client, until: isReply).last?["result"]?["devices"] == .array([.object([
            "device": .null, "rotation": .integer(90), "flipped": .bool(false), "pending": .bool(false)])]))
        withExtendedLifetime(service) {}
    }
}

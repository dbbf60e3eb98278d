import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Navigation
import Testing
@testable import EdgeSwipeDaemon
import EdgeSwipeControl

/// Issue 22, defect 3 through the service `edgeswipe run` starts: SIGHUP's reload (`reloadConfiguration`) to
/// `rotation: 90` with `edges: [bottom]` cuts a bar along the bottom that a client set before, as a fresh
/// start would, and the client that set it is told on its own connection (it subscribed to nothing). The
/// device is the demo recording's panel (1599/11 × 2559/11 mm; 232.6 × 145.4 mm turned 90°), a source of the
/// session while its replay waits.
@Suite struct ExclusionReloadServiceTests {
    @Test func aReloadThatTurnsTheScreenCutsAndTellsTheOwner() throws {
        let running = try DemoReplayService()
        let (service, config, socket) = (running.service, running.config, running.socketSection)
        func line(_ c: TestClient) throws -> String? { try running.line(c) }
        let client = try TestClient(path: running.socketPath)
        #expect(try line(client)?.contains(#""type":"hello""#) == true)
        // Upright, the 232 mm bar 141...145 mm down reaches the left and right zones only, with its 4 mm height.
        try client.send(#"{"command":"setExclusions","rects":[{"x":0,"y":141,"width":232,"height":4}]}"# + "\n")
        let reply = try JSONValue.decode(Array(try #require(try line(client)).utf8))
        #expect(reply["result"]?["rects"] == .array([.object(["x": .integer(0), "y": .integer(141), "width": .integer(232),
                                                             "height": .integer(4), "index": .integer(0)])]))
        try (socket + "defaults:\n  rotation: 90\n  edges: [bottom]\n").write(toFile: config, atomically: true, encoding: .utf8)
        #expect(service.runtime.reloadConfiguration() == .applied(needsRestart: []))
        // Turned, the screen is 2559/11 wide and 1599/11 high: the bar reaches the bottom zone (from 1599/11 - 5)
        // and is cut to 31.75 mm, 200.25 removed; the event comes to its owner.
        let event = try JSONValue.decode(Array(try #require(try line(client)).utf8))
        #expect(event["type"] == .string("exclusions") && event["cause"] == .string("geometry"))
        #expect(event["result"]?["capScreen"] == .object(["widthMM": .number(2559.0 / 11), "heightMM": .number(1599.0 / 11),
                                                          "edgeZoneMM": .integer(5)]))
        #expect(event["result"]?["rects"] == .array([.object(["x": .integer(0), "y": .integer(141), "width": .number(31.75),
                                                             "height": .integer(4), "index": .integer(0)])]))
        #expect(event["result"]?["clipped"] == .array([.object(["edge": .string("bottom"), "index": .integer(0), "removedMM": .number(200.25),
                                                               "kept": .object(["x": .integer(0), "y": .integer(141), "width": .number(31.75),
                                                                                "height": .integer(4)])])]))
        // And what is in force is the cut bar: the state counts it.
        try client.send(#"{"command":"state"}"# + "\n")
        let state = try JSONValue.decode(Array(try #require(try line(client)).utf8))
        #expect(state["result"]?["exclusions"] == .integer(1))
        withExtendedLifetime(service) {}
    }
}

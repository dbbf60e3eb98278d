import EdgeSwipeControl
import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Testing
import TouchInput
import TouchModel
import TouchTrace
@testable import EdgeSwipeDaemon

/// Issue 33, item 8: the service tells subscribers of `screens` (protocol 4) its screens whenever they change, not
/// only in the hello: every path a screen changes by, a reload's rotation, a reported output (its name at once, its
/// turn at the lift when a finger is down), the report's connection closing, a panel plugged in and unplugged.
/// The demo recording's panel is 1599/11 × 2559/11 mm upright (1599 and 2559 units at 11 units per mm).
@Suite struct ScreensEventServiceTests {
    static let upright = (w: 1599.0 / 11, h: 2559.0 / 11)

    /// `band`: the left band's width, mm (the built-in defaults swipe from the left edge, edge_zone_mm 5).
    static func screen(_ w: Double, _ h: Double, rotation: Int64, output: String? = nil, band: Int64 = 5) -> JSONValue {
        .object(["widthMM": .number(w), "heightMM": .number(h), "rotation": .integer(rotation), "flipped": .bool(false),
                 "output": output.map { .string($0) } ?? .null,
                 "bands": .array([.object(["edge": .string("left"), "widthMM": .integer(band)])])])
    }

    static func isScreens(_ v: JSONValue) -> Bool { v["type"] == .string("screens") }

    static let subscribe = #"{"command":"subscribe","events":["screens"],"protocol":4}"#

    @Test func aReloadsRotationIsSentToSubscribersOnly() throws {
        let demo = try DemoReplayService()
        let feedback = try demo.connect(), other = try demo.connect()
        #expect(try demo.answer(feedback, Self.subscribe)?["result"] == .object(["events": .array([.string("screens")])]))
        try (demo.socketSection + "defaults:\n  rotation: 90\n").write(toFile: demo.config, atomically: true, encoding: .utf8)
        #expect(demo.service.runtime.reloadConfiguration() == .applied(needsRestart: []))
        let event = try demo.lines(feedback, until: Self.isScreens).last
        #expect(event?["screens"] == .array([Self.screen(Self.upright.h, Self.upright.w, rotation: 90)]))
        if case .number(let t)? = event?["time"] { #expect(t > 0) } else { Issue.record("no time: \(String(describing: event))") }
        // The other connection did not subscribe: it gets nothing (its next line is its own answer).
        #expect(try demo.answer(other, #"{"command":"state"}"#)?["type"] == .string("reply"))
        #expect(try demo.exchange(other, #"{"command":"state"}"#).count == 1)
    }

    /// Issue 38 item 4: a reload that widens the band tells subscribers (the band preview redraws from it), and one
    /// that changes nothing of the screens tells nothing.
    @Test func aReloadThatWidensTheBandIsSent() throws {
        let demo = try DemoReplayService()
        let feedback = try demo.connect()
        _ = try demo.answer(feedback, Self.subscribe)
        try (demo.socketSection + "defaults:\n  thresholds:\n    edge_zone_mm: 9\n").write(toFile: demo.config, atomically: true, encoding: .utf8)
        #expect(demo.service.runtime.reloadConfiguration() == .applied(needsRestart: []))
        let event = try demo.lines(feedback, until: Self.isScreens).last
        #expect(event?["screens"] == .array([Self.screen(Self.upright.w, Self.upright.h, rotation: 0, band: 9)]))
        try (demo.socketSection + "defaults:\n  thresholds:\n    edge_zone_mm: 9\n    activation_distance_mm: 7\n")
            .write(toFile: demo.config, atomically: true, encoding: .utf8)
        #expect(demo.service.runtime.reloadConfiguration() == .applied(needsRestart: []))
        #expect(try demo.exchange(feedback, #"{"command":"state"}"#).count == 1)
    }

    @Test func aReportedOutputIsToldAtOnceItsTurnAtTheLiftAndItsLossWhenItsConnectionCloses() throws {
        let demo = try DemoReplayService(settings: "defaults:\n  rotation: auto\n")
        let service = demo.service
        let id = try #require(service.devices.keys.first)
        let events = try TraceReader.read(path: Fixtures.packageRoot.appendingPathComponent("samples/demo-back-swipes.evemu").path)
            .devices[0].events
        let feedback = try demo.connect()
        _ = try demo.answer(feedback, Self.subscribe)
        for e in events.prefix(10) { service.session.feed(e, to: id) }  // a finger down
        var reporter: TestClient? = try demo.connect()
        try reporter!.send(#"{"command":"reportOutput","output":"DSI-1","transform":270,"protocol":4}"# + "\n")
        // The output is known at once; the turn waits for the lift.
        let named = try demo.lines(feedback, until: Self.isScreens).last
        #expect(named?["screens"] == .array([Self.screen(Self.upright.w, Self.upright.h, rotation: 0, output: "DSI-1")]))
        let stroke2 = try #require(events.firstIndex { $0.time >= 1_500_000 })
        for e in events[10..<stroke2] { service.session.feed(e, to: id) }
        let turned = try demo.lines(feedback, until: Self.isScreens).last
        #expect(turned?["screens"] == .array([Self.screen(Self.upright.h, Self.upright.w, rotation: 90, output: "DSI-1")]))
        reporter = nil  // its report goes with it
        let back = try demo.lines(feedback, until: Self.isScreens).last
        #expect(back?["screens"] == .array([Self.screen(Self.upright.w, Self.upright.h, rotation: 0)]))
        withExtendedLifetime(reporter) {}
    }

    @Test func aPanelPluggedInAndUnpluggedIsTold() throws {
        let demo = try DemoReplayService()
        let service = demo.service
        let feedback = try demo.connect()
        _ = try demo.answer(feedback, Self.subscribe)
        let panel = try TraceReader.read(path: Fixtures.packageRoot.appendingPathComponent("samples/demo-back-swipes.evemu").path)
            .devices[0].description
        let setup = try DeviceSetup(entry: nil, reader: .recording, config: service.store.current, base: service.base,
                                    outputs: service.outputs)
        let id = try service.session.addFed(panel, options: setup.options)
        service.devices[id] = EdgeSwipeService.DeviceRecord(node: "/dev/input/event9", kind: .touchscreen, setup: setup)
        let plugged = try demo.lines(feedback, until: Self.isScreens).last
        let one = Self.screen(Self.upright.w, Self.upright.h, rotation: 0)
        #expect(plugged?["screens"] == .array([one, one]))
        _ = service.session.remove(id, now: service.runtime.loop.now)
        service.unplugged(id, path: "/dev/input/event9")
        let unplugged = try demo.lines(feedback, until: Self.isScreens).last
        #expect(unplugged?["screens"] == .array([one]))
    }
}

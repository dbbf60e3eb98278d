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

/// Issue 27, item 1's accelerometer through the service `edgeswipe run` starts: `rotation: accelerometer`, and a fake
/// iio-sensor-proxy (`FakeSensorProxy`: no IIO accelerometer here, its doc comment says why) on a private bus set up
/// as the system bus. The device is the demo recording's panel (145 x 233 mm, portrait), a source of the session
/// while its replay waits. Its first stroke starts 1.5 mm from the native left edge and moves right; here it is
/// turned to start 1.5 mm from the native *bottom* edge and move up (native x becomes the distance from the bottom,
/// native y is scaled onto the width), so that it comes from the edge `left-up` puts on the user's left.
@Suite(.serialized) struct AccelerometerServiceTests {
    /// The demo's events with the stroke turned to come from the native bottom edge, moving up.
    static func fromTheNativeBottom(_ events: [InputEvent]) -> [InputEvent] {
        let x = UInt16(0x35), y = UInt16(0x36), xMax: Int32 = 1599, yMax: Int32 = 2559
        return events.map { e in
            guard e.type == EventType.abs else { return e }
            var t = e
            if e.code == x { t.code = y; t.value = yMax - e.value }
            if e.code == y { t.code = x; t.value = e.value * xMax / yMax }
            return t
        }
    }

    final class Rig {
        let dir = TempDirectory()
        let bus: PrivateSystemBus
        var proxy: FakeSensorProxy?
        let config: String
        let service: EdgeSwipeService
        let id: SourceID
        let client: TestClient
        let events: [InputEvent]

        init(orientation: String, configText: String) throws {
            bus = try PrivateSystemBus()
            proxy = try FakeSensorProxy(on: bus, orientation: orientation)
            config = dir.write("config.yaml", "socket:\n  path: \(dir.file("control.sock"))\n" + configText)
            let demo = Fixtures.packageRoot.appendingPathComponent("samples/demo-back-swipes.evemu").path
            service = try EdgeSwipeService(options: ServiceOptions(configPath: config, stack: [ScreenSpec(name: "home", kind: .plain)],
                                                                   replay: .init(path: demo, delaySeconds: 3600),
                                                                   systemBusAddress: bus.address))
            id = try #require(service.devices.keys.first)
            events = AccelerometerServiceTests.fromTheNativeBottom(try TraceReader.read(path: demo).devices[0].events)
            client = try TestClient(path: dir.file("control.sock"))
            _ = try lines { $0["type"] == .string("hello") }
            try client.send(#"{"command":"subscribe","events":["gesture"]}"# + "\n")
            _ = try lines(until: Self.isReply)
        }

        static func isReply(_ v: JSONValue) -> Bool { v["type"] == .string("reply") || v["type"] == .string("error") }

        /// Turns the service's loop and the fake until the client has a line `done` accepts.
        func lines(until done: (JSONValue) -> Bool) throws -> [JSONValue] {
            var got: [JSONValue] = []
            for _ in 0..<400 {
                try service.runtime.loop.runOnce(timeoutMilliseconds: 5)
                proxy?.process()
                while let l = client.readLine(timeout: 0.002) {
                    let v = try JSONValue.decode(Array(l.utf8))
                    got.append(v)
                    if done(v) { return got }
                }
            }
            return got
        }

        /// Turns the loop and the fake until `done`, at most about 4 s.
        func until(_ what: String, _ done: () -> Bool) throws {
            for _ in 0..<800 {
                if done() { return }
                try service.runtime.loop.runOnce(timeoutMilliseconds: 5)
                proxy?.process()
            }
            Issue.record("timed out waiting for \(what)")
        }

        var rotation: ScreenRotation? { service.session.pipeline(id)?.arena.transform.rotation }

        /// The `screens` of `state`: the rotation in force.
        func publishedRotation() throws -> JSONValue? {
            try client.send(#"{"command":"state"}"# + "\n")
            guard case .array(let screens)? = try lines(until: Self.isReply).last?["result"]?["screens"] else { return nil }
            return screens.first?["rotation"]
        }
    }

    @Test func leftUpMakesTheNativeBottomTheLeftAndAChangeWaitsForTheLift() throws {
        let rig = try Rig(orientation: "normal", configText: "defaults:\n  rotation: accelerometer\n  edges: [left, bottom]\n")
        try rig.until("the first reading") { rig.service.accelerometer?.hasAccelerometer == true }
        #expect(rig.rotation == .r0)
        #expect(rig.proxy?.claims == 1)

        // Turned with no finger down: at once, and published.
        rig.proxy?.turn(to: "left-up")
        try rig.until("left-up applied") { rig.rotation == .r90 }
        #expect(try rig.publishedRotation() == .integer(90))

        // The stroke from the native bottom edge begins as a left swipe (upright it would be a bottom swipe).
        let stroke2 = rig.events.firstIndex { $0.time >= 1_500_000 }!
        for e in rig.events.prefix(10) { rig.service.session.feed(e, to: rig.id) }
        let began = try rig.lines { $0["phase"] == .string("began") }
        #expect(began.last?["edge"] == .string("left"))

        // Turned again while the finger is down: the swipe ends as it began, and the turn comes at the lift.
        rig.proxy?.turn(to: "right-up")
        try rig.until("right-up read") { rig.service.outputs.accelerometer == .r270 }
        #expect(rig.rotation == .r90)
        #expect(try rig.publishedRotation() == .integer(90))
        for e in rig.events[10..<stroke2] { rig.service.session.feed(e, to: rig.id) }
        let ended = try rig.lines { $0["phase"] == .string("ended") }
        #expect(ended.allSatisfy { $0["edge"] == .string("left") })
        // Its progress is its travel over the turned screen's width, 233 mm (2559 units at 11 per mm): the native
        // bottom-to-top travel of the turned stroke, read from the events themselves.
        let ys = rig.events[..<stroke2].filter { $0.type == EventType.abs && $0.code == 0x36 }.map(\.value)
        guard case .number(let progress)? = ended.last?["progress"] else { Issue.record("no progress"); return }
        #expect(abs(progress - Double(ys.first! - ys.min()!) / 2559) < 0.002)
        #expect(rig.rotation == .r270)
        #expect(try rig.publishedRotation() == .integer(270))

        // At 270 the native bottom is the user's right, which is not configured: the next stroke from it is no swipe.
        for e in rig.events[stroke2...].prefix(60) { rig.service.session.feed(e, to: rig.id) }
        let next = try rig.lines { $0["phase"] == .string("began") || $0["phase"] == .string("failed") }
        #expect(!next.contains { $0["phase"] == .string("began") })
        withExtendedLifetime(rig) {}
    }

    @Test func theProxyGoneAndBackRecoversAndAReloadTurnsItOffAndOn() throws {
        let rig = try Rig(orientation: "left-up", configText: "defaults:\n  rotation: accelerometer\n")
        try rig.until("left-up") { rig.rotation == .r90 }

        // iio-sensor-proxy stops: the rotation stays; it comes back reading bottom-up: followed.
        rig.proxy?.leave()
        try rig.until("the proxy gone") { rig.service.accelerometer?.state == .absent }
        #expect(rig.rotation == .r90)
        rig.proxy = try FakeSensorProxy(on: rig.bus, orientation: "bottom-up")
        try rig.until("bottom-up from the new proxy") { rig.rotation == .r180 }
        #expect(rig.proxy?.claims == 1)

        // A reload without it: released, and the device takes its fixed rotation.
        try "socket:\n  path: \(rig.dir.file("control.sock"))\ndefaults:\n  rotation: 90\n".write(toFile: rig.config, atomically: true, encoding: .utf8)
        #expect(rig.service.runtime.reloadConfiguration() == .applied(needsRestart: []))
        #expect(rig.service.accelerometer == nil)
        try rig.until("the release") { rig.proxy?.releases == 1 }
        #expect(rig.rotation == .r90)
        // And on again: claimed again, the current orientation read.
        rig.proxy?.turn(to: "right-up")
        try "socket:\n  path: \(rig.dir.file("control.sock"))\ndefaults:\n  rotation: accelerometer\n".write(toFile: rig.config, atomically: true, encoding: .utf8)
        #expect(rig.service.runtime.reloadConfiguration() == .applied(needsRestart: []))
        try rig.until("right-up after the reload") { rig.rotation == .r270 }
        #expect(rig.proxy?.claims == 2)
        withExtendedLifetime(rig) {}
    }

    @Test func withoutASystemBusTheServiceStartsAndKeepsRotationZero() throws {
        let dir = TempDirectory()
        let config = dir.write("config.yaml", "socket:\n  path: \(dir.file("control.sock"))\ndefaults:\n  rotation: accelerometer\n")
        let demo = Fixtures.packageRoot.appendingPathComponent("samples/demo-back-swipes.evemu").path
        let service = try EdgeSwipeService(options: ServiceOptions(configPath: config, stack: [ScreenSpec(name: "home", kind: .plain)],
                                                                   replay: .init(path: demo, delaySeconds: 3600),
                                                                   systemBusAddress: "unix:path=\(dir.file("no-bus"))"))
        #expect(service.accelerometer == nil)
        let id = try #require(service.devices.keys.first)
        #expect(service.session.pipeline(id)?.arena.transform.rotation == .r0)
    }
}

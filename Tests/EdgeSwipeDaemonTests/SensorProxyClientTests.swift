import EdgeSwipeBus
import EdgeSwipeSystem
import Gestures
import Synchronization
import Testing
import TouchModel
@testable import EdgeSwipeDaemon

/// `rotation: accelerometer`'s bus client against a fake iio-sensor-proxy (`FakeSensorProxy`, on a private bus
/// configured as the system bus): what it claims, which values turn the panel, and what it says when the proxy is
/// absent, has no accelerometer, or leaves and comes back. The log lines are the service's own.
@Suite(.serialized) struct SensorProxyClientTests {
    final class Run {
        let bus: PrivateSystemBus
        let loop: EventLoop
        let client: SensorProxyClient
        final class Lines: Sendable { let items = Mutex<[String]>([]) }
        let log = Lines()
        var turns: [ScreenRotation] = []
        var proxies: [FakeSensorProxy] = []

        /// A private bus with a fake proxy reading `orientation` on it (nil: none), and a started client.
        init(proxy orientation: String?, hasAccelerometer: Bool = true, answersClaims: Bool = true,
             replyTimeout: Microseconds = SensorProxyClient.defaultReplyTimeout) throws {
            bus = try PrivateSystemBus()
            if let orientation {
                let proxy = try FakeSensorProxy(on: bus, hasAccelerometer: hasAccelerometer, orientation: orientation)
                proxy.answersClaims = answersClaims
                proxies = [proxy]
            }
            loop = try EventLoop()
            let log = self.log
            let sink = DaemonLog(minimum: .info) { level, message in log.items.withLock { $0.append("\(level): \(message)") } }
            client = try SensorProxyClient(loop: loop, address: bus.address, rotation: .r0, log: sink, replyTimeout: replyTimeout)
            client.onRotation = { [unowned self] in turns.append($0) }
            client.start()
        }

        /// Turns the loop (and the fake) until `done`, at most 5 s.
        func until(_ what: String, _ done: () -> Bool) throws {
            for _ in 0..<1000 {
                if done() { return }
                _ = try loop.runOnce(timeoutMilliseconds: 5)
                for p in proxies { p.process() }
            }
            Issue.record("timed out waiting for \(what)")
        }

        var lines: [String] { log.items.withLock { $0 } }
    }

    @Test func followsTheOrientationAndReleasesOnStop() throws {
        let run = try Run(proxy: "left-up")
        let proxy = run.proxies[0]
        try run.until("left-up read") { run.turns == [.r90] }
        #expect(proxy.claims == 1)
        #expect(run.client.state == .following && run.client.hasAccelerometer == true)
        #expect(run.lines == ["info: rotation: accelerometer: iio-sensor-proxy has an accelerometer; following its orientation",
                              "info: rotation: accelerometer: left-up, rotation 90"])

        proxy.turn(to: "right-up")
        try run.until("right-up") { run.turns == [.r90, .r270] }
        // Flat on the table: nothing changes. Then a value iio-sensor-proxy does not document: named, nothing changes.
        proxy.turn(to: "undefined")
        proxy.turn(to: "face-down")
        proxy.turn(to: "bottom-up")
        try run.until("bottom-up") { run.turns == [.r90, .r270, .r180] }
        #expect(run.lines.dropFirst(3) == [
            "warning: rotation: accelerometer: iio-sensor-proxy's AccelerometerOrientation is \"face-down\", none of undefined, "
                + "normal, bottom-up, left-up, right-up: the rotation stays 270",
            "info: rotation: accelerometer: bottom-up, rotation 180"])

        run.client.stop()
        try run.until("the release") { proxy.releases == 1 }
        #expect(run.client.state == .stopped)
    }

    @Test func theProxyLeavingAndComingBackIsFollowed() throws {
        let run = try Run(proxy: "left-up")
        let bus = run.bus
        try run.until("left-up") { run.turns == [.r90] }
        run.proxies[0].leave()
        try run.until("the proxy gone") { run.client.state == .absent }
        #expect(run.lines.last == "warning: rotation: accelerometer: iio-sensor-proxy left the bus at \(bus.address); "
                + "the rotation stays 90 until it is back")
        #expect(run.client.rotation.rotation == .r90)
        // Nothing is sent while it is away: no spinning, no retries.
        let linesWhileAway = run.lines.count
        for _ in 0..<20 { _ = try run.loop.runOnce(timeoutMilliseconds: 5) }
        #expect(run.lines.count == linesWhileAway)

        let second = try FakeSensorProxy(on: bus, orientation: "right-up")
        run.proxies = [second]
        try run.until("right-up from the new proxy") { run.turns == [.r90, .r270] }
        #expect(second.claims == 1)
        #expect(run.lines.dropFirst(linesWhileAway) == [
            "info: rotation: accelerometer: iio-sensor-proxy is on the bus at \(bus.address) again; claiming the accelerometer",
            "info: rotation: accelerometer: iio-sensor-proxy has an accelerometer; following its orientation",
            "info: rotation: accelerometer: right-up, rotation 270"])
    }

    @Test func aProxyTakingTheNameOverIsClaimedFromAndItsSignalsAloneFollowed() throws {
        let run = try Run(proxy: "left-up")
        let first = run.proxies[0]
        try run.until("left-up") { run.turns == [.r90] }
        // The name passes from one owner to the next with no gap (NameOwnerChanged old -> new).
        let second = try FakeSensorProxy(on: run.bus, orientation: "right-up", replacing: true)
        run.proxies = [first, second]
        try run.until("right-up from the new owner") { run.turns == [.r90, .r270] }
        #expect(second.claims == 1)
        // The old process still sends PropertiesChanged on the same path: not the owner's, so not followed.
        first.turn(to: "bottom-up")
        second.turn(to: "normal")
        try run.until("normal from the owner") { run.turns == [.r90, .r270, .r0] }
        #expect(!run.turns.contains(.r180))
    }

    /// A proxy that takes the claim and never answers: the call fails after its timeout although nothing else
    /// arrives on the bus (the connection's timer, not another message, runs sd-bus), and says so once.
    @Test func aClaimNeverAnsweredFailsAtItsTimeout() throws {
        let run = try Run(proxy: "left-up", answersClaims: false, replyTimeout: Microseconds(milliseconds: 200))
        try run.until("the claim") { run.proxies[0].claims == 1 }
        let sent = Monotonic.now()
        // The fake is not processed from here on: a quiet bus, only the client's loop turns.
        for _ in 0..<200 where run.client.state == .claiming { _ = try run.loop.runOnce(timeoutMilliseconds: 50) }
        #expect(run.client.state == .absent)
        #expect(Monotonic.now() - sent < Microseconds(milliseconds: 2000))
        #expect(run.lines == ["warning: rotation: accelerometer: iio-sensor-proxy did not take ClaimAccelerometer "
                              + "(org.freedesktop.DBus.Error.NoReply: Method call timed out); the rotation stays 0, and is "
                              + "followed once iio-sensor-proxy appears"])
        #expect(run.turns.isEmpty)
    }

    @Test func anAbsentProxyIsSaidOnceAndFollowedWhenItAppears() throws {
        let run = try Run(proxy: nil)
        let bus = run.bus
        try run.until("the claim's failure") { run.client.state == .absent }
        #expect(run.lines == ["warning: rotation: accelerometer: iio-sensor-proxy (net.hadess.SensorProxy) is not on the bus at "
                              + "\(bus.address) and cannot be started (org.freedesktop.DBus.Error.ServiceUnknown); is it installed? "
                              + "the rotation stays 0, and is followed once iio-sensor-proxy appears"])
        #expect(run.turns.isEmpty)
        let proxy = try FakeSensorProxy(on: bus, orientation: "bottom-up")
        run.proxies = [proxy]
        try run.until("bottom-up") { run.turns == [.r180] }
    }

    @Test func noAccelerometerIsOneWarningAndRotationZero() throws {
        let run = try Run(proxy: "left-up", hasAccelerometer: false)
        let proxy = run.proxies[0]
        try run.until("the properties") { run.client.hasAccelerometer == false }
        proxy.turn(to: "right-up")  // the fake says "undefined" without an accelerometer, as iio-sensor-proxy does
        for _ in 0..<20 {
            _ = try run.loop.runOnce(timeoutMilliseconds: 5)
            proxy.process()
        }
        #expect(run.turns.isEmpty && run.client.rotation.rotation == .r0)
        #expect(run.lines == ["warning: rotation: accelerometer: iio-sensor-proxy reports no accelerometer (HasAccelerometer false); "
                              + "the rotation stays 0"])
    }

    @Test func noBusIsAnErrorNamingIt() throws {
        let loop = try EventLoop()
        #expect(throws: BusError.self) {
            try SensorProxyClient(loop: loop, address: "unix:path=/nonexistent/edgeswipe-system-bus", rotation: .r0, log: .silent)
        }
    }
}

import EdgeSwipeControl
import EdgeSwipeHaptics
import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Testing
import TouchModel
import TouchTrace

// Issue 25's figure (BENCHMARKS.md): from the frame that arms (or disarms) the back to the haptic call, through
// the real chain: a uinput touchscreen, `edgeswipe run`, the control socket as a back observer, EdgeSwipeHaptics
// and the asynchronous TriggerFeedback to Debian's feedbackd on a session dbus-daemon. It prints the figure and
// asserts none (the VM's speed varies with the host's load): run it alone, under the VM lock taken exclusive.
//   flock -x /work/vm.lock Tests/VM/live-tests --no-smoke --filter HapticsLatencyLiveTests
extension LiveSuite {
    @Suite struct HapticsLatencyLiveTests {
        static let rounds = 8

        @Test func frameToHapticCall() throws {
            let service = try Service(stack: "home,a,b,c,d,e,f,g,h", tag: "haptics-latency")
            let client = try service.connect(events: ["back"])
            let reply = try client.request(#"{"command":"registerBackHandler","id":1,"priority":"observer","protocol":2}"#, id: 1)
            #expect(reply["type"] as? String == "reply", "\(reply)")

            let dir = try makeTempDirectory("haptics-latency")
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let address = "unix:path=\(dir)/bus"
            let bus = try DBusDaemon.start(["--session", "--nofork", "--nosyslog", "--address=\(address)"])
            defer { try? bus.signal(SIGTERM); _ = try? bus.wait() }
            let feedbackd = try Spawn.start(["/usr/libexec/feedbackd"],
                                            environment: ["DBUS_SESSION_BUS_ADDRESS=\(address)", "GSETTINGS_BACKEND=memory", "HOME=\(dir)"])
            defer { try? feedbackd.signal(SIGTERM); _ = try? feedbackd.wait() }
            let loop = try EventLoop()
            let driver = try FeedbackdHaptics(loop: loop, address: address) { Issue.record("feedbackd: \($0)") }
            let haptics = Haptics(output: driver)

            let trace = try ReplayCase.demo.trace()
            var latenciesUs: [UInt64] = []
            var handled = 0
            // Each back line as it arrives: the receipt (stamped by the client when read) plus what the observer
            // spends from there to the call's return (the decision and sd-bus's non-blocking send).
            let handleNew = {
                while handled < client.received.count {
                    let line = client.received[handled]
                    handled += 1
                    // Decoded as `edgeswipe feedback` decodes it (EdgeSwipeControl's BackObservation).
                    guard let value = try? JSONValue.decode(line.bytes), let observation = BackObservation(observerLine: value),
                          let frame = observation.frameTime else { continue }
                    let start = Monotonic.now()
                    let cue = haptics.observe(observation, now: Microseconds(line.receivedUs))
                    let spent = Monotonic.now() - start
                    if cue != nil { latenciesUs.append(line.receivedUs + spent.rawValue - frame.rawValue) }
                }
                _ = try? loop.runOnce(timeoutMilliseconds: 0)
            }
            let mark = service.logMark
            let touch = try VirtualDevice(trace.devices[0].description)
            try service.waitUntilAdded(touch.node, after: mark)
            for _ in 0..<Self.rounds {
                try touch.play(trace.devices[0].events, maxGapUs: 400_000) { due in
                    client.pump(untilUs: due)
                    handleNew()
                }
                client.drain(quiet: 0.5, seconds: 5)
                handleNew()
            }
            #expect(waitFor(seconds: 10) { _ = try? loop.runOnce(timeoutMilliseconds: 10); return driver.pendingCalls == 0 })
            #expect(!latenciesUs.isEmpty)
            let sorted = latenciesUs.sorted()
            let pick = { (q: Double) in Double(sorted[min(sorted.count - 1, Int((Double(sorted.count) * q).rounded(.up)) - 1)]) / 1000 }
            let figure = String(format: "haptics frame-to-call: %d cues (%d answered by feedbackd), p50 %.2f ms, p99 %.2f ms, max %.2f ms",
                                sorted.count, driver.answeredCalls, pick(0.5), pick(0.99), Double(sorted.last ?? 0) / 1000)
            print(figure)
            if let results = ProcessInfo.processInfo.environment["VMRUN_RESULTS"] {
                try? (figure + "\n").write(toFile: "\(results)/haptics-latency.txt", atomically: true, encoding: .utf8)
            }
        }
    }
}

import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Testing
import TouchTrace

extension LiveSuite {
    /// Issue 22 defect 5, the outputs that need a device (CLITests' WriteFailureCLITests has the rest): a listing,
    /// live events and a recording written to /dev/full are reported, naming the output and the errno, with
    /// status 1. Before, `list-devices > /dev/full` exited 0 and said nothing.
    @Suite struct WriteFailureLiveTests {
        static let noSpace = "No space left on device (errno 28)"

        @Test func listDevicesOnFullStdout() throws {
            let trace = try ReplayCase.demo.trace()
            let device = try VirtualDevice(trace.devices[0].description)
            let r = try Subprocess.run(Tools.edgeswipe, ["list-devices", device.node], stdoutPath: "/dev/full")
            #expect(r.status == 1)
            #expect(r.stderr == "edgeswipe list-devices: error writing standard output: \(Self.noSpace)\n", "\(r.stderr)")
        }

        @Test func recordToAFullDevice() throws {
            let trace = try ReplayCase.demo.trace()
            let device = try VirtualDevice(trace.devices[0].description)
            let r = try Subprocess.run(Tools.edgeswipe, ["record", device.node, "-o", "/dev/full", "--duration", "0.5"])
            #expect(r.status == 1)
            #expect(r.stderr.hasSuffix("edgeswipe record: error writing /dev/full: \(Self.noSpace)\n"), "\(r.stderr)")
        }

        /// The first event line fails; the command stops by itself (nobody can see its output) and says why.
        @Test func debugEventsOnFullStdoutStops() throws {
            let trace = try ReplayCase.demo.trace()
            let device = try VirtualDevice(trace.devices[0].description)
            let dir = try makeTempDirectory("full")
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let child = try Spawn.start([Tools.edgeswipe, "debug-events", device.node],
                                        fileActions: [.open(fd: 0, path: "/dev/null", flags: O_RDONLY),
                                                      .open(fd: 1, path: "/dev/full", flags: O_WRONLY),
                                                      .open(fd: 2, path: dir + "/stderr", flags: O_WRONLY | O_CREAT | O_TRUNC)])
            let stderr = { (try? String(contentsOfFile: dir + "/stderr", encoding: .utf8)) ?? "" }
            var ended: Termination?
            defer { if ended == nil { try? child.signal(SIGKILL); _ = try? child.wait() } }
            #expect(waitFor(seconds: 60) { stderr().contains("reading \(device.node)") }, "\(stderr())")
            try device.play(Array(trace.devices[0].events.prefix(200)))
            _ = waitFor(seconds: 60) { ended = try? child.poll(); return ended != nil }
            #expect(ended == .exited(1), "\(stderr())")
            #expect(stderr().hasSuffix("edgeswipe debug-events: error writing standard output: \(Self.noSpace)\n"), "\(stderr())")
        }
    }
}

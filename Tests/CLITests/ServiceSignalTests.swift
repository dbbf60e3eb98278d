import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Testing

/// `edgeswipe run` and the signals it has no use for: each used to end the service with its default action
/// (SIGUSR1: "User defined signal 1", status 138), leaving the control socket file behind.
@Suite(.serialized) struct ServiceSignalTests {
    static let recording = Fixtures.path(
        "aosp-mirror__platform_frameworks_base__tests__Input__res__raw__google_pixel_tablet_touchscreen.evemu")

    /// A service on a recording that starts in ten minutes: up, with a control socket, and no device needed.
    private func startService(in dir: String) throws -> ChildProcess {
        try Spawn.start([CLI.binary.path, "run", "--socket", dir + "/control.sock", "--replay", Self.recording,
                         "--replay-delay", "600"],
                        fileActions: [.open(fd: 0, path: "/dev/null", flags: O_RDONLY),
                                      .open(fd: 1, path: dir + "/stdout", flags: O_WRONLY | O_CREAT | O_TRUNC),
                                      .open(fd: 2, path: dir + "/stderr", flags: O_WRONLY | O_CREAT | O_TRUNC)])
    }

    private func waitForExit(_ child: ChildProcess, seconds: Double) throws -> Termination? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let t = try child.poll() { return t }
            usleep(20_000)
        }
        return nil
    }

    @Test func unusedSignalsNeitherStopTheServiceNorLeaveItsSocketBehind() throws {
        let dir = NSTemporaryDirectory() + "edgeswipe-signals-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let socket = dir + "/control.sock"
        let child = try startService(in: dir)
        var ended: Termination?
        defer { if ended == nil { try? child.signal(SIGKILL); _ = try? child.wait() } }

        let deadline = Date().addingTimeInterval(60)
        while access(socket, F_OK) != 0, Date() < deadline, try child.poll() == nil { usleep(20_000) }
        let log = { (try? String(contentsOfFile: dir + "/stderr", encoding: .utf8)) ?? "" }
        let first = try #require(serviceHello(socket), "no hello; the service's stderr: \(log())")
        #expect(first.contains("hello"))

        for signal in [SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGIO, SIGPWR, SignalMask.realTime.lowerBound,
                       SignalMask.realTime.upperBound] {
            try child.signal(signal)
            ended = try waitForExit(child, seconds: 0.3)
            #expect(ended == nil, "signal \(signal) ended the service: \(String(describing: ended)); stderr: \(log())")
            if ended != nil { return }
            #expect(serviceHello(socket)?.contains("hello") == true, "no answer after signal \(signal); stderr: \(log())")
        }

        try child.signal(SIGTERM)
        ended = try waitForExit(child, seconds: 60)
        #expect(ended == .exited(0), "stderr: \(log())")
        #expect(access(socket, F_OK) != 0, "the socket file is left behind")
    }
}

import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Testing

/// Issue 14 item 2, the action runner's children: `edgeswipe run` whose stdout reader has gone, with print_json
/// off and a `run` action whose command writes to that stdout. Each command dies of SIGPIPE; the service reaps
/// every one, says so, keeps serving, and goes back to sleep.
@Suite(.serialized) struct ActionChildrenClosedReaderTests {
    /// Three strokes of the demo complete (samples/make-demo-sample.py: complete, cancel, complete, complete, tap),
    /// at the root, so each is handed off to the actions (issue 24: a back the stack pops runs no action).
    static let demo = Fixtures.packageRoot.path + "/samples/demo-back-swipes.evemu"

    /// Fields of /proc/PID/stat after the command name: [0] state, [1] ppid, ..., [11] utime, [12] stime.
    static func stat(_ pid: pid_t) -> [String]? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: close)...].split(separator: " ").map(String.init)
    }

    /// Children of `parent` that ended and were not reaped.
    static func zombies(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { pid_t($0) }.filter { pid in
            guard let f = stat(pid), f.count > 1 else { return false }
            return f[1] == String(parent) && f[0] == "Z"
        }
    }

    static func cpuTicks(_ pid: pid_t) -> Int? {
        guard let f = stat(pid), f.count > 12, let u = Int(f[11]), let s = Int(f[12]) else { return nil }
        return u + s
    }

    static func waitFor(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    @Test func commandsWritingToAClosedStdoutAreReapedAndTheServiceSleepsAndServes() throws {
        let dir = NSTemporaryDirectory() + "edgeswipe-closed-stdout-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let socket = dir + "/control.sock"
        try """
            version: 1
            print_json: false
            socket:
              path: \(socket)
            defaults:
              actions:
                - on: complete
                  run: [/bin/echo, "{edge}", "{trigger}"]
            """.write(toFile: dir + "/edgeswipe.yaml", atomically: true, encoding: .utf8)

        // stdout is a pipe whose only reader is closed before the service starts.
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        Glibc.close(ends[0])
        let child: ChildProcess
        do {
            defer { Glibc.close(ends[1]) }
            child = try Spawn.start([CLI.binary.path, "run", "--config", dir + "/edgeswipe.yaml", "--verbose",
                                     "--stack", "home", "--replay", Self.demo, "--replay-delay", "0"],
                                    fileActions: [.open(fd: 0, path: "/dev/null", flags: O_RDONLY),
                                                  .duplicate(FileDescriptor(rawValue: ends[1]), as: 1),
                                                  .open(fd: 2, path: dir + "/stderr", flags: O_WRONLY | O_CREAT | O_TRUNC)])
        }
        var ended: Termination?
        defer { if ended == nil { try? child.signal(SIGKILL); _ = try? child.wait() } }
        func log() -> String { (try? String(contentsOfFile: dir + "/stderr", encoding: .utf8)) ?? "" }
        func reaped() -> [Substring] {
            log().split(separator: "\n").filter { $0.contains("action: /bin/echo (pid ") }
        }

        func running() -> Bool { (try? child.poll()) == nil }
        #expect(Self.waitFor(seconds: 60) { log().contains("replay of \(Self.demo) finished") || !running() }, "\(log())")
        #expect(Self.waitFor(seconds: 30) { reaped().count >= 3 || !running() }, "\(log())")
        #expect(running(), "the service ended: \(log())")
        // Each of the three commands was killed by SIGPIPE writing to the closed stdout, and reaped.
        #expect(reaped().count == 3, "\(log())")
        #expect(reaped().allSatisfy { $0.hasSuffix("killed by signal \(SIGPIPE)") }, "\(reaped())")
        #expect(Self.zombies(of: child.pid) == [])

        // Idle: no CPU over a second (a spinning loop takes all 100 ticks), and still answering.
        let before = try #require(Self.cpuTicks(child.pid))
        sleep(1)
        let after = try #require(Self.cpuTicks(child.pid))
        #expect(after - before <= 2, "\(after - before) ticks of CPU in one idle second")
        #expect(serviceHello(socket)?.contains("hello") == true)
        #expect(Self.zombies(of: child.pid) == [])

        try child.signal(SIGTERM)
        _ = Self.waitFor(seconds: 20) { ended = try? child.poll(); return ended != nil }
        #expect(ended == .exited(0), "\(log())")
    }
}

import Foundation
import Glibc

/// A program started with posix_spawn (Foundation's Process is avoided: its run loop could not create its
/// wake-up socket pair in the VM guest). stdout and stderr go to files; stdin is a file, a pipe the test
/// writes to, or /dev/null. The child gets default signal handling and an empty mask.
final class Child {
    enum Input { case null, file(String), pipe }

    let pid: Int32
    let argv: [String]
    let stdoutPath: String
    let stderrPath: String
    /// The write end of the child's stdin, with `.pipe`.
    private(set) var stdinFD: Int32 = -1
    private(set) var exitStatus: Int32?

    init(_ argv: [String], stdin: Input = .null, output: String, extraEnvironment: [String] = []) throws {
        self.argv = argv
        stdoutPath = output + ".out"
        stderrPath = output + ".err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var pipeFDs: [Int32] = [-1, -1]
        switch stdin {
        case .null: posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        case .file(let path): posix_spawn_file_actions_addopen(&actions, 0, path, O_RDONLY, 0)
        case .pipe:
            guard pipe(&pipeFDs) == 0 else { throw LiveTestError("pipe: errno \(errno)") }
            for fd in pipeFDs { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            posix_spawn_file_actions_adddup2(&actions, pipeFDs[0], 0)
        }
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attr, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigdefault(&attr, &defaults)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var env = ProcessInfo.processInfo.environment
        for e in extraEnvironment {
            let parts = e.split(separator: "=", maxSplits: 1).map(String.init)
            env[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        let cArgv = argv.map { strdup($0) } + [nil]
        let cEnv = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            cArgv.forEach { free($0) }
            cEnv.forEach { free($0) }
        }
        var child: pid_t = 0
        let rc = posix_spawn(&child, argv[0], &actions, &attr, cArgv, cEnv)
        if pipeFDs[0] >= 0 { close(pipeFDs[0]) }
        guard rc == 0 else {
            if pipeFDs[1] >= 0 { close(pipeFDs[1]) }
            throw LiveTestError("posix_spawn \(argv[0]): errno \(rc)")
        }
        pid = child
        stdinFD = pipeFDs[1]
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            _ = wait(seconds: 5)
        }
        if stdinFD >= 0 { close(stdinFD) }
    }

    var isRunning: Bool {
        if exitStatus != nil { return false }
        var status: Int32 = 0
        let r = waitpid(pid, &status, WNOHANG)
        if r == pid { exitStatus = status; return false }
        return r == 0
    }

    /// Waits for the child to exit; its exit code (or 128+signal), nil on timeout.
    func wait(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while exitStatus == nil {
            var status: Int32 = 0
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid { exitStatus = status; break }
            if r < 0 && errno != EINTR { exitStatus = -1; break }
            if Date() > deadline { return nil }
            usleep(10_000)
        }
        guard let s = exitStatus else { return nil }
        return s & 0x7f == 0 ? (s >> 8) & 0xff : 128 + (s & 0x7f)
    }

    /// Sends `signal`, then waits for the exit code.
    @discardableResult
    func stop(_ signal: Int32 = SIGTERM, seconds: Double = 20) -> Int32? {
        if exitStatus == nil { kill(pid, signal) }
        return wait(seconds: seconds)
    }

    func writeStdin(_ text: String) {
        guard stdinFD >= 0 else { return }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(stdinFD, $0.baseAddress, $0.count) }
    }

    var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// Every path the process holds open (readlink of /proc/PID/fd/*).
    var openPaths: [String] {
        let dir = "/proc/\(pid)/fd"
        guard let fds = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return [] }
        return fds.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: dir + "/" + $0) }
    }

    /// Waits until the process holds `path` open (a reader queues every event written from then on).
    func waitUntilOpen(_ path: String, seconds: Double = 60) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !openPaths.contains(path) {
            guard isRunning else { throw LiveTestError("\(argv[0]) exited before opening \(path): \(stderr)") }
            guard Date() < deadline else {
                throw LiveTestError("\(argv[0]) never opened \(path); its stderr ends:\n\(stderr.suffix(3000))")
            }
            usleep(20_000)
        }
    }
}

struct LiveTestError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// Polls `condition` every 10 ms until it holds or `seconds` pass; returns whether it held.
@discardableResult
func waitFor(seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { return false }
        usleep(10_000)
    }
    return true
}

/// A fresh directory under /tmp (the guest's tmpfs), removed by the caller.
func makeTempDirectory(_ tag: String) throws -> String {
    var template = Array("/tmp/edgeswipe-live-\(tag)-XXXXXX".utf8CString)
    guard let p = mkdtemp(&template) else { throw LiveTestError("mkdtemp: errno \(errno)") }
    return String(cString: p)
}

/// `udevadm settle`: udev has finished with every device event so far (rules run, tags written).
func udevSettle() throws {
    let c = try Child(["/usr/bin/udevadm", "settle", "--timeout=60"], output: "/tmp/edgeswipe-live-udevadm")
    guard c.wait(seconds: 90) == 0 else { throw LiveTestError("udevadm settle failed: \(c.stderr)") }
}

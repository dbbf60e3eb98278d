import EdgeSwipeSystem
import Foundation
import Glibc

/// A program started with `Spawn` (Foundation's Process is avoided: its run loop could not create its
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
    private(set) var termination: Termination?

    init(_ argv: [String], stdin: Input = .null, output: String, extraEnvironment: [String] = []) throws {
        self.argv = argv
        stdoutPath = output + ".out"
        stderrPath = output + ".err"
        var actions: [Spawn.FileAction] = []
        var pipe: (read: FileDescriptor, write: FileDescriptor)?
        switch stdin {
        case .null: actions.append(.open(fd: 0, path: "/dev/null", flags: O_RDONLY))
        case .file(let path): actions.append(.open(fd: 0, path: path, flags: O_RDONLY))
        case .pipe:
            let p = try FileDescriptor.pipe()
            pipe = p
            actions.append(.duplicate(p.read, as: 0))
        }
        actions.append(.open(fd: 1, path: stdoutPath, flags: O_WRONLY | O_CREAT | O_TRUNC))
        actions.append(.open(fd: 2, path: stderrPath, flags: O_WRONLY | O_CREAT | O_TRUNC))
        var env = ProcessInfo.processInfo.environment
        for e in extraEnvironment {
            let parts = e.split(separator: "=", maxSplits: 1).map(String.init)
            env[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        let child: ChildProcess
        do {
            child = try Spawn.start(argv, environment: env.map { "\($0.key)=\($0.value)" }, fileActions: actions)
        } catch {
            try? pipe?.read.close()
            try? pipe?.write.close()
            throw LiveTestError("\(error)")
        }
        try? pipe?.read.close()
        pid = child.pid
        stdinFD = pipe?.write.rawValue ?? -1
    }

    deinit {
        if termination == nil {
            kill(pid, SIGKILL)
            _ = wait(seconds: 5)
        }
        if stdinFD >= 0 { close(stdinFD) }
    }

    var isRunning: Bool {
        if termination != nil { return false }
        do {
            guard let ended = try ChildProcess(pid: pid).poll() else { return true }
            termination = ended
        } catch {}   // not our child any more
        return false
    }

    /// Waits for the child to exit; its exit code (or 128+signal), nil on timeout.
    func wait(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while termination == nil {
            do {
                termination = try ChildProcess(pid: pid).poll()
            } catch {
                return -1   // not our child any more: nothing to wait for
            }
            if termination != nil { break }
            if Date() > deadline { return nil }
            usleep(10_000)
        }
        return termination?.shellStatus
    }

    /// Sends `signal`, then waits for the exit code.
    @discardableResult
    func stop(_ signal: Int32 = SIGTERM, seconds: Double = 20) -> Int32? {
        if termination == nil { kill(pid, signal) }
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

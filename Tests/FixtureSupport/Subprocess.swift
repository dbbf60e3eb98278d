import EdgeSwipeSystem
import Foundation

/// Runs a program to completion for tests, with `Spawn` (posix_spawn) and waitpid. Not Foundation's Process: it learns
/// of exits through SIGCHLD, which the daemon tests' signalfd (in the same test process) may take first.
public enum Subprocess {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// `cwd` sets the child's working directory (through `env -C`, leaving this process's alone).
    /// `stdoutPath` and `stderrPath` send the child's output to that file instead of capturing it (e.g.
    /// "/dev/full", to see how it takes a failed write); the result's text is then empty.
    public static func run(_ program: String, _ arguments: [String], cwd: String? = nil,
                           stdoutPath: String? = nil, stderrPath: String? = nil) throws -> Result {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("edgeswipe-spawn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let outPath = dir.appendingPathComponent("stdout").path, errPath = dir.appendingPathComponent("stderr").path
        var argv = [program] + arguments
        if let cwd { argv = ["/usr/bin/env", "-C", cwd] + argv }
        let child = try Spawn.start(argv, fileActions: [
            .open(fd: 0, path: "/dev/null", flags: O_RDONLY),
            .open(fd: 1, path: stdoutPath ?? outPath, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600),
            .open(fd: 2, path: stderrPath ?? errPath, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600),
        ])
        let code = try child.wait().shellStatus
        let out = (try? Data(contentsOf: URL(fileURLWithPath: outPath))) ?? Data()
        let err = (try? Data(contentsOf: URL(fileURLWithPath: errPath))) ?? Data()
        return Result(status: code, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }
}

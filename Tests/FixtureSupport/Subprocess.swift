import Foundation

/// Runs a program to completion for tests, with posix_spawn and waitpid. Not Foundation's Process: it learns
/// of exits through SIGCHLD, which the daemon tests' signalfd (in the same test process) may take first.
public enum Subprocess {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// `cwd` sets the child's working directory (through `env -C`, leaving this process's alone).
    public static func run(_ program: String, _ arguments: [String], cwd: String? = nil) throws -> Result {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("edgeswipe-spawn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let outPath = dir.appendingPathComponent("stdout").path, errPath = dir.appendingPathComponent("stderr").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var argv = [program] + arguments
        var path = program
        if let cwd {
            argv = ["/usr/bin/env", "-C", cwd] + argv
            path = "/usr/bin/env"
        }
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { for p in cArgs { free(p) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, path, &actions, nil, &cArgs, environ)
        guard rc == 0 else { throw Failure(description: "posix_spawn \(program): \(String(cString: strerror(rc)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failure(description: "waitpid: \(String(cString: strerror(errno)))") }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift does not import.
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let out = (try? Data(contentsOf: URL(fileURLWithPath: outPath))) ?? Data()
        let err = (try? Data(contentsOf: URL(fileURLWithPath: errPath))) ?? Data()
        return Result(status: code, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }
}

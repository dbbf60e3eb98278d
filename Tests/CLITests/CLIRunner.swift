import Foundation
import FixtureSupport

/// Runs the built `edgeswipe` binary (it sits next to the test bundle in .build/<config>/).
struct CLIResult {
    var status: Int32
    var stdout: String
    var stderr: String

    var lines: [String] { stdout.split(separator: "\n").map(String.init) }

    /// stdout parsed as JSON lines; a line that is not a JSON object fails the caller's expectation via nil.
    var jsonObjects: [[String: Any]]? {
        var objects: [[String: Any]] = []
        for line in lines {
            guard let data = line.data(using: .utf8),
                  let o = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return nil }
            objects.append(o)
        }
        return objects
    }
}

enum CLI {
    static var binary: URL {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // xctest bundles on Linux are files; Swift Testing runs may start from the .xctest path or the build dir.
        if dir.lastPathComponent.hasSuffix(".xctest") { dir = dir.deletingLastPathComponent() }
        let candidate = dir.appendingPathComponent("edgeswipe")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        return Fixtures.packageRoot.appendingPathComponent(".build/debug/edgeswipe")
    }

    /// posix_spawn + waitpid rather than Foundation's Process: Process learns of exits through SIGCHLD, which
    /// the daemon tests' signalfd (running in the same test process) may consume first.
    static func run(_ arguments: [String], cwd: URL? = nil) throws -> CLIResult {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("edgeswipe-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let outPath = dir.appendingPathComponent("stdout").path, errPath = dir.appendingPathComponent("stderr").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // env -C sets the child's working directory without touching this (multi-threaded) process's.
        let argv = ["/usr/bin/env", "-C", (cwd ?? Fixtures.packageRoot).path, binary.path] + arguments
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { for p in cArgs { free(p) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, "/usr/bin/env", &actions, nil, &cArgs, environ)
        guard rc == 0 else { throw CLIError("posix_spawn \(binary.path): \(String(cString: strerror(rc)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw CLIError("waitpid: \(String(cString: strerror(errno)))") }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import (macros).
        let exited = (status & 0x7f) == 0
        let code = exited ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let out = (try? Data(contentsOf: URL(fileURLWithPath: outPath))) ?? Data()
        let err = (try? Data(contentsOf: URL(fileURLWithPath: errPath))) ?? Data()
        return CLIResult(status: code, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }
}

struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

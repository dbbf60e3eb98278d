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

    /// `stdoutPath`/`stderrPath`: see `Subprocess.run`.
    static func run(_ arguments: [String], cwd: URL? = nil, stdoutPath: String? = nil, stderrPath: String? = nil) throws -> CLIResult {
        let r = try Subprocess.run(binary.path, arguments, cwd: (cwd ?? Fixtures.packageRoot).path,
                                   stdoutPath: stdoutPath, stderrPath: stderrPath)
        return CLIResult(status: r.status, stdout: r.stdout, stderr: r.stderr)
    }
}

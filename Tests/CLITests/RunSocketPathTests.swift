import Foundation
import Testing

/// Issue 22: `run --socket` took a relative path, which names another file once the service runs from
/// another directory (systemd starts it in /, the sandbox hides the rest). Refused as a usage error (64),
/// naming the option and the path, before anything is opened; so is a path too long for a Unix socket.
@Suite("edgeswipe run --socket")
struct RunSocketPathTests {
    static let refused: [(path: String, says: String)] = [
        ("control.sock", "must be an absolute path"),
        ("./control.sock", "must be an absolute path"),
        ("run/edgeswipe/control.sock", "must be an absolute path"),
        ("../control.sock", "must be an absolute path"),
        ("~/control.sock", "must be an absolute path"),
        ("", "must be an absolute path"),
        ("/" + String(repeating: "d", count: 107), "is 108 bytes; a Unix socket path must be under 108"),
    ]

    @Test func aRelativeOrOverlongSocketPathIsAUsageError() throws {
        for c in Self.refused {
            let r = try CLI.run(["run", "--socket", c.path, "/nonexistent/event99"])
            #expect(r.status == 64, "\(c.path): \(r.stderr)")
            #expect(r.stderr.hasPrefix("edgeswipe run: --socket \"\(c.path)\": \(c.says)"), "\(c.path): \(r.stderr)")
            #expect(r.stdout.isEmpty)
        }
    }

    /// An absolute path passes the check: the run gets as far as the device, which does not exist (status 1).
    @Test func anAbsoluteSocketPathIsTaken() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("edgeswipe-socket-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try CLI.run(["run", "--socket", dir + "/control.sock", "/nonexistent/event99"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("/nonexistent/event99"), "\(r.stderr)")
    }
}

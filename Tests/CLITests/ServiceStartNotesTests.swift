import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Testing

/// Issue 22: what the service must say when it starts or reloads, not later or never. A `key:` action without a
/// usable /dev/uinput (said at the first swipe only, and for `defaults` only at start), and ownership asked for
/// with `--replay` (said nothing). The service runs on a recording that starts in ten minutes; its stderr is read.
@Suite(.serialized) struct ServiceStartNotesTests {
    static let sample = Fixtures.packageRoot.appendingPathComponent("samples/demo-back-swipes.evemu").path
    /// Where the key check can fail here: no /dev/uinput, or one this user cannot write (the VM has one).
    static let uinputUnusable = access("/dev/uinput", W_OK) != 0

    final class Service {
        let dir: String
        let child: ChildProcess
        var stderr: String { (try? String(contentsOfFile: dir + "/stderr", encoding: .utf8)) ?? "" }

        init(config: String, extra: [String] = []) throws {
            dir = NSTemporaryDirectory() + "edgeswipe-notes-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try "socket:\n  path: \(dir)/control.sock\n\(config)".write(toFile: dir + "/c.yaml", atomically: true, encoding: .utf8)
            child = try Spawn.start([CLI.binary.path, "run", "--config", dir + "/c.yaml", "--replay", ServiceStartNotesTests.sample,
                                     "--replay-delay", "600"] + extra,
                                    fileActions: [.open(fd: 0, path: "/dev/null", flags: O_RDONLY),
                                                  .open(fd: 1, path: dir + "/stdout", flags: O_WRONLY | O_CREAT | O_TRUNC),
                                                  .open(fd: 2, path: dir + "/stderr", flags: O_WRONLY | O_CREAT | O_TRUNC)])
        }

        func rewrite(_ config: String) throws {
            try "socket:\n  path: \(dir)/control.sock\n\(config)".write(toFile: dir + "/c.yaml", atomically: true, encoding: .utf8)
        }

        /// Waits until stderr holds `text` (or the service ended, or a minute passed).
        @discardableResult
        func wait(for text: String) -> Bool {
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline {
                if stderr.contains(text) { return true }
                if (try? child.poll()) != nil { return stderr.contains(text) }
                usleep(20_000)
            }
            return false
        }

        func stop() {
            try? child.signal(SIGTERM)
            _ = try? child.wait()
            try? FileManager.default.removeItem(atPath: dir)
        }
    }

    static let keyAction = "  actions:\n    - on: complete\n      key: KEY_BACK\n"

    @Test("a key action in the defaults: said at start, naming the key, where it is set, and the error",
          .enabled(if: uinputUnusable))
    func keyActionAtStartInDefaults() throws {
        let service = try Service(config: "defaults:\n" + Self.keyAction)
        defer { service.stop() }
        #expect(service.wait(for: "ready:"), "\(service.stderr)")
        #expect(service.stderr.contains("key action KEY_BACK (defaults.actions) cannot work: create uinput keyboard (/dev/uinput) failed: "),
                "\(service.stderr)")
    }

    /// Before: only the defaults' keys were checked at start; an entry's said nothing until its first swipe.
    @Test("a key action in a device entry: said at start too", .enabled(if: uinputUnusable))
    func keyActionAtStartInADeviceEntry() throws {
        let service = try Service(config: "devices:\n  - match: { name: panel }\n    actions:\n      - on: complete\n        key: KEY_BACK\n")
        defer { service.stop() }
        #expect(service.wait(for: "ready:"), "\(service.stderr)")
        #expect(service.stderr.contains("key action KEY_BACK (devices[0].actions) cannot work: "), "\(service.stderr)")
    }

    /// Before: a SIGHUP that added the action said only "configuration reloaded".
    @Test("a reload that adds a key action says at the reload that it cannot work", .enabled(if: uinputUnusable))
    func keyActionAddedByReload() throws {
        let service = try Service(config: "")
        defer { service.stop() }
        #expect(service.wait(for: "ready:"), "\(service.stderr)")
        #expect(!service.stderr.contains("key action"))
        try service.rewrite("defaults:\n" + Self.keyAction)
        try service.child.signal(SIGHUP)
        #expect(service.wait(for: "key action KEY_BACK (defaults.actions) cannot work: create uinput keyboard (/dev/uinput) failed: "),
                "\(service.stderr)")
        #expect(service.stderr.contains("configuration reloaded"))
    }

    /// Before: ownership with `--replay` did nothing and said nothing.
    @Test("own: true or --own with --replay: said once, at start", arguments: [("defaults:\n  own: true\n", [String]()),
                                                                                ("", ["--own"])])
    func ownershipWithReplay(_ config: String, _ extra: [String]) throws {
        let service = try Service(config: config, extra: extra)
        defer { service.stop() }
        #expect(service.wait(for: "ready:"), "\(service.stderr)")
        let note = "ownership (\(extra.isEmpty ? "own: true" : "--own")) does not apply to a recording"
        #expect(service.stderr.components(separatedBy: note).count == 2, "\(service.stderr)")
    }

    @Test func noOwnershipNoNote() throws {
        let service = try Service(config: "")
        defer { service.stop() }
        #expect(service.wait(for: "ready:"), "\(service.stderr)")
        #expect(!service.stderr.contains("ownership"), "\(service.stderr)")
    }
}

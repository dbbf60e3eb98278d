import FixtureSupport
import Foundation
import Testing

/// Issue 22: option values the configuration or the control protocol would refuse are refused on the command
/// line too, as usage errors (64) naming the option and the rule.
@Suite("option bounds shared with the configuration and the protocol")
struct OptionBoundsCLITests {
    static let sample = "samples/demo-back-swipes.evemu"

    /// Before: any multiple of 90 was taken (450 as 90, -90 as 270).
    @Test("--rotation: anything but 0, 90, 180 or 270 is a usage error", arguments: ["45", "360", "450", "-90", "-270", "720", "90.0", "ninety", ""])
    func rotationRefused(_ value: String) throws {
        let r = try CLI.run(["replay", "--rotation", value, Self.sample])
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("--rotation '\(value)' must be 0, 90, 180 or 270 (degrees clockwise)"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test("--rotation: the four angles replay", arguments: ["0", "90", "180", "270"])
    func rotationAccepted(_ value: String) throws {
        let r = try CLI.run(["replay", "--rotation", value, Self.sample])
        #expect(r.status == 0, "\(r.stderr)")
    }

    /// Before: `--stack` took a name of any length, which the protocol's `push` and `replace` would refuse.
    @Test("--stack: a name past 256 bytes is a usage error, for replay and run", arguments: ["replay", "run"])
    func stackNameTooLong(_ command: String) throws {
        let name = String(repeating: "s", count: 257)
        var arguments = [command, "--stack", "home,\(name)"]
        if command == "replay" { arguments.append(Self.sample) }
        let r = try CLI.run(arguments)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("--stack: screen 2: the name is 257 bytes long; at most 256"), "\(r.stderr)")
    }

    @Test func stackNameOf256BytesReplays() throws {
        let name = String(repeating: "s", count: 256)
        let r = try CLI.run(["replay", "--stack", "home,\(name)", Self.sample])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(name))
    }

    /// Issue 22: an event time past the limit was refused without naming the limit.
    @Test("a recording's event time past the limit: the message names the limit")
    func eventTimePastTheLimit() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("edgeswipe-time-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = try String(contentsOfFile: Fixtures.packageRoot.appendingPathComponent(Self.sample).path, encoding: .utf8)
        let path = dir.appendingPathComponent("late.evemu").path
        try (text + "E: 1000000000000.000000 0000 0000 0000\n").write(toFile: path, atomically: false, encoding: .utf8)
        let r = try CLI.run(["replay", path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("event time 1000000000000 s is past the limit of 999999999999 s"), "\(r.stderr)")
    }
}

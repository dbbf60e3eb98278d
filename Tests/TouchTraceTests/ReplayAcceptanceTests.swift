import FixtureSupport
import Foundation
import Testing
import TouchInput
import TouchTrace
import TouchModel

/// `libinput replay` itself reads what LibinputRecordWriter writes: its file check, device creation and
/// replay loop run on the output (Tests/Fixtures/tools/replay_check.py; uinput stubbed out). Needs
/// Debian's libinput-tools, python3-libevdev and python3-yaml; skipped where they are not installed.
@Suite("libinput replay accepts the writer's output")
struct ReplayAcceptanceTests {
    static let tool = "/usr/libexec/libinput/libinput-replay"

    static var available: Bool {
        guard FileManager.default.isExecutableFile(atPath: tool),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return false }
        return (try? Subprocess.run("/usr/bin/python3", ["-c", "import libevdev, yaml"]))?.status == 0
    }

    /// One recording per decoding layout (PyYAML's pure-Python loader is slow: keep the set small),
    /// plus a two-device record.
    static let samples = [
        "whot__evemu-devices__touchscreens__EP0430M09.2-fingers-touch-release.events",
        "whot__evemu-devices__touchscreens__N-Trig_MultiTouch.1-finger-drag-NW-SE.events",
        "p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad-tap.events",
    ]

    @Test("fixtures converted to libinput record replay every event", .enabled(if: available))
    func replayAccepts() throws {
        let dir = try TempDir()
        defer { dir.remove() }
        var arguments = [Fixtures.path("tools/replay_check.py")]
        for name in Self.samples {
            let entry = try #require(FixtureCatalog.recordings.first { $0.name == name })
            let trace = try FixtureCatalog.read(entry)
            arguments += [try dir.write(name + ".yml", LibinputRecordWriter.write(trace)), String(trace.eventCount)]
        }
        var two = try TraceReader.read(text: LibinputRecordTests.twoDevices, source: "two.yml")
        // python3-libevdev 0.5 (under libinput replay on Debian 12) encodes names as ISO-8859-1, so a name
        // outside Latin-1 ("Keys ⌨") cannot be replayed there; the writer keeps names as they are.
        two.devices[1].description.name = "Tastatur für Tests"
        arguments += [try dir.write("two.yml", LibinputRecordWriter.write(two)), String(two.eventCount)]

        let result = try Subprocess.run("/usr/bin/python3", arguments)
        let text = result.stdout + result.stderr
        #expect(result.status == 0, "\(text)")
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("ok ") }.count == Self.samples.count + 1, "\(text)")
    }
}

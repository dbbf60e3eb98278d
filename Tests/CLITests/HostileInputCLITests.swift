import Foundation
import Testing
import FixtureSupport

/// Issue 14's hostile recordings and configurations through the built binary: each test here failed on the
/// code before its fix. Classes: nesting, size (file and address-space limit), non-finite and absurd sizes,
/// truncation, device counts, duplicate keys, negative resolutions, control characters.
@Suite("hostile input to replay and check-config")
struct HostileInputCLITests {
    static let wacom = "Tests/Fixtures/whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger"

    static func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("edgeswipe-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static func write(_ text: String, _ name: String, in dir: URL) throws -> String {
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: false, encoding: .utf8)
        return url.path
    }

    /// A `libinput record` file with `count` copies of one small touchscreen (one frame each).
    static func record(devices count: Int = 1, name: String = "T", resolution: Int = 10, header: String = "") -> String {
        var text = "version: 1\nndevices: \(count)\n\(header)devices:\n"
        for _ in 0..<count {
            text += """
            - node: /dev/input/event1
              evdev:
                name: "\(name)"
                id: [24, 0, 0, 0]
                codes: {0: [0], 1: [330], 3: [0, 1, 47, 53, 54, 57]}
                absinfo: {0: [0, 1000, 0, 0, \(resolution)], 1: [0, 1000, 0, 0, \(resolution)], 47: [0, 9, 0, 0, 0], 53: [0, 1000, 0, 0, \(resolution)], 54: [0, 1000, 0, 0, \(resolution)], 57: [0, 65535, 0, 0, 0]}
                properties: [1]
              events:
              - evdev:
                - [0, 0, 3, 57, 1]
                - [0, 0, 3, 53, 500]
                - [0, 0, 3, 54, 500]
                - [0, 0, 1, 330, 1]
                - [0, 0, 0, 0, 0]

            """
        }
        return text
    }

    @Test("nesting: 200 000 nested flow sequences in a recording are refused at once, naming the line")
    func deepRecording() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let deep = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        let path = try Self.write("version: 1\nndevices: 1\nsystem: \(deep)\ndevices: []\n", "deep.yml", in: dir)
        let r = try CLI.run(["replay", path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("\(path):3:"), "\(r.stderr)")
        #expect(r.stderr.contains("nested more than 200 levels deep"), "\(r.stderr)")
    }

    @Test("size: a --size near Double's range is refused, so no infinity reaches the JSON output")
    func hugeSizeOption() throws {
        let r = try CLI.run(["replay", "--json", "--size", "1e308x1e308", "-d", Self.wacom + ".desc", Self.wacom + ".single-top-swipe.events"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--size '1e308x1e308' must be WxH in millimetres, each side more than 0 and at most 5000"), "\(r.stderr)")
        #expect(!r.stdout.contains("inf"))
        let c = try CLI.run(["replay", "--json", "--calibration", "1e308 0 0 0 1 0", "--size", "260x163",
                             "-d", Self.wacom + ".desc", Self.wacom + ".single-top-swipe.events"])
        #expect(c.status == 64)
        #expect(c.stderr.contains("must be six numbers between -1000 and 1000"), "\(c.stderr)")
        #expect(!c.stdout.contains("inf") && !c.stdout.contains("null"))
    }

    @Test("size: the same size in a configuration is an error of check-config, at its line")
    func hugeSizeConfig() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for size in ["1e308x1e308", "5001x100", "100x5000.5", "infx10", "nanxnan"] {
            let path = try Self.write("version: 1\ndefaults:\n  size: \(size)\n", "c.yml", in: dir)
            let r = try CLI.run(["check-config", path])
            #expect(r.status == 1, "\(size): \(r.stdout) \(r.stderr)")
            #expect((r.stdout + r.stderr).contains("\(path):3: defaults.size: expected WxH in millimetres, each side more than 0 and at most 5000"),
                    "\(size): \(r.stdout) \(r.stderr)")
        }
        let edge = try Self.write("version: 1\ndefaults:\n  size: 5000x5000\n", "edge.yml", in: dir)
        #expect(try CLI.run(["check-config", edge]).status == 0)
    }

    @Test("size: a configuration over 1 MiB is refused by check-config before it is parsed")
    func largeConfig() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let comment = "# " + String(repeating: "x", count: 1021) + "\n"      // 1 KiB a line
        let atCap = try Self.write("version: 1\n" + String(repeating: comment, count: 1023), "at-cap.yml", in: dir)
        #expect(try CLI.run(["check-config", atCap]).status == 0)
        let over = try Self.write("version: 1\n" + String(repeating: comment, count: 1024), "over.yml", in: dir)
        let r = try CLI.run(["check-config", over])
        #expect(r.status == 1)
        #expect((r.stdout + r.stderr).contains("\(over): the file is 1048587 bytes, larger than the 1048576 bytes allowed"),
                "\(r.stdout) \(r.stderr)")
    }

    /// Before issue 22 replay read a recording whole and refused one over 128 MiB by its size; it now streams it,
    /// so the file is read under the limit (one line and a chunk at a time) and refused at its first bad line.
    @Test("size: a 600 MB file with an evemu header is read as a stream under a 1 GiB address-space limit, refused at its 600 MB line")
    func hugeRecordingUnderAddressLimit() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Self.write("# EVEMU 1.3\n", "huge.evemu", in: dir)
        // Sparse: the 600 MB take no disk; reading them gives NUL bytes.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 600_000_000)
        try handle.close()
        // A sanitizer's shadow memory needs terabytes of address space, so under ASan/TSan the binary cannot start
        // with the limit: there it runs without it, and the refusal by size is still checked.
        let limit = Sanitizer.isActive ? "" : "ulimit -v 1048576; "
        let r = try Subprocess.run("/bin/sh", ["-c", limit + "exec \"$0\" replay \"$1\"", CLI.binary.path, path])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("\(path):2: line is 599999988 bytes long (limit 1048576)"), "\(r.stderr)")
    }

    @Test("truncation: a recording cut mid-frame replays its complete frames, warns once, exits 0; --strict refuses it")
    func cutRecording() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let events = try String(contentsOfFile: Fixtures.path("whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.single-top-swipe.events"),
                                encoding: .utf8)
        // Keep the first 40 lines and half of the 41st.
        let lines = events.split(separator: "\n", omittingEmptySubsequences: false)
        let cutText = lines.prefix(40).joined(separator: "\n") + "\n" + lines[40].prefix(12)
        let path = try Self.write(cutText, "cut.events", in: dir)
        let reports = lines.prefix(40).enumerated().filter { $0.element.contains(" 0000 0000 ") }.map { $0.offset + 1 }
        let lastReport = try #require(reports.last)
        let r = try CLI.run(["replay", "--json", "--size", "260x163", "-d", Self.wacom + ".desc", path])
        #expect(r.status == 0, "\(r.stderr)")
        let warnings = r.stderr.split(separator: "\n").filter { $0.contains("warning") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("\(path):41: the recording is cut short") == true, "\(r.stderr)")
        #expect(warnings.first?.contains("kept the frames up to line \(lastReport), dropped \(40 - lastReport) event") == true, "\(r.stderr)")
        #expect(r.jsonObjects != nil)
        let strict = try CLI.run(["replay", "--strict", "--size", "260x163", "-d", Self.wacom + ".desc", path])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("\(path):41:"), "\(strict.stderr)")
    }

    @Test("devices: a recording that declares more than 256 devices is refused at ndevices")
    func manyDevices() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let ok = try Self.write(Self.record(devices: 256), "ok.yml", in: dir)
        let accepted = try CLI.run(["replay", ok])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        let many = try Self.write(Self.record(devices: 3000), "many.yml", in: dir)
        let r = try CLI.run(["replay", many])
        #expect(r.status == 1)
        #expect(r.stderr.contains("\(many):2:11: more than 256 devices in one recording"), "\(r.stderr)")
    }

    @Test("duplicate top-level keys in a recording are refused at the second one")
    func duplicateTopLevelKey() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Self.write(Self.record(header: "ndevices: 1\n"), "dup.yml", in: dir)
        let r = try CLI.run(["replay", path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("\(path):3:1: duplicate top-level key 'ndevices' (first given on line 2)"), "\(r.stderr)")
    }

    /// Issue 22, defect 8: a duplicated `devices:` on the last line was called "cut short" and played, and a
    /// duplicated absinfo code showed only as a misleading "resolution 0".
    @Test("a key given twice below the top level, or devices: again on the last line, is refused by replay with its line")
    func duplicateKeysBelowTheTop() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let base = Self.record()
        let lines = base.split(separator: "\n", omittingEmptySubsequences: false).count
        let last = try Self.write(base + "devices:\n", "last.yml", in: dir)
        var r = try CLI.run(["replay", last])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("\(last):\(lines):1: duplicate top-level key 'devices' (first given on line 3)"), "\(r.stderr)")
        #expect(!r.stderr.contains("cut short"), "\(r.stderr)")
        let axis = try Self.write(base.replacingOccurrences(of: "57: [0, 65535, 0, 0, 0]}", with: "57: [0, 65535, 0, 0, 0], 0x35: [0, 1000, 0, 0, 0]}"),
                                  "axis.yml", in: dir)
        // Both axes are on the one flow-mapping line of absinfo.
        let absinfoLine = 1 + base.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("absinfo:") }!
        r = try CLI.run(["replay", axis])
        #expect(r.status == 1)
        #expect(r.stderr.contains("\(axis):\(absinfoLine):"), "\(r.stderr)")
        #expect(r.stderr.contains("duplicate key '0x35' in absinfo: ABS_MT_POSITION_X first given on line \(absinfoLine)"), "\(r.stderr)")
    }

    @Test("a negative resolution is reported as it is, at its line, in both formats")
    func negativeResolution() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let yml = try Self.write(Self.record(resolution: -11), "res.yml", in: dir)
        let r = try CLI.run(["replay", yml])
        #expect(r.status == 1)
        #expect(r.stderr.contains("\(yml):9:"), "\(r.stderr)")
        #expect(r.stderr.contains("resolution -11 is negative"), "\(r.stderr)")
        let desc = try String(contentsOfFile: Fixtures.path("whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.desc"), encoding: .utf8)
        let bad = desc.replacingOccurrences(of: "A: 35 0 2776 0 0 0", with: "A: 35 0 2776 0 0 -11")
        #expect(bad != desc)
        let descPath = try Self.write(bad, "res.desc", in: dir)
        let e = try CLI.run(["replay", "-d", descPath, Self.wacom + ".single-top-swipe.events"])
        #expect(e.status == 1)
        #expect(e.stderr.contains("A: resolution -11 is negative"), "\(e.stderr)")
    }

    @Test("control characters in a device name are escaped on the terminal")
    func controlCharactersInNames() throws {
        let dir = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // No resolution and no --size: the error names the device.
        let path = try Self.write(Self.record(name: "evil\\e[2J\\a", resolution: 0), "name.yml", in: dir)
        let r = try CLI.run(["replay", path])
        #expect(r.status == 1)
        #expect(!r.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(r.stderr.debugDescription)")
        #expect(r.stderr.contains("evil\\x1b[2J\\x07"), "\(r.stderr.debugDescription)")
    }
}

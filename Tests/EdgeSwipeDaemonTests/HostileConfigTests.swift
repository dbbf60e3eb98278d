import EdgeSwipeDaemon
import Foundation
import Testing
import TouchInput
import YAMLDocument

#if canImport(Glibc)
import Glibc
#endif

/// Adversarial configurations (issue 14), one test per class: file types, size, lengths at powers of two,
/// nesting, node counts, non-finite and absurd numbers. Every refusal names the file and, inside the
/// text, the line.
@Suite("adversarial configuration")
struct HostileConfigTests {
    static func loadIssues(_ path: String) -> [ConfigIssue] {
        do {
            _ = try DaemonConfig.load(path: path)
            return []
        } catch {
            return error.issues
        }
    }

    @Test("file types: FIFO, directory, character device, symlinks to them, dangling symlink")
    func fileTypes() throws {
        let dir = TempDirectory()
        let fifo = dir.file("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(symlink(fifo, dir.file("to-fifo")) == 0)
        #expect(symlink("/dev/zero", dir.file("to-zero")) == 0)
        #expect(symlink(dir.file("missing"), dir.file("dangling")) == 0)
        for path in [fifo, dir.path, "/dev/zero", "/dev/null", dir.file("to-fifo"), dir.file("to-zero"), dir.file("dangling")] {
            let found = Self.loadIssues(path)
            #expect(found.count == 1, "\(path)")
            #expect(found.first?.file == path)
            #expect(found.first?.line == 0)
            let expected = path.hasSuffix("dangling") ? "cannot read: open: No such file or directory" : "not a regular file"
            #expect(found.first?.message.hasPrefix(expected) == true, "\(path): \(found)")
        }
    }

    @Test("size: DaemonConfig.maxFileBytes (1 MiB) is read; one byte more is refused, as a file or as text")
    func size() throws {
        #expect(DaemonConfig.maxFileBytes == 1 << 20)
        let head = "version: 1\n"
        let atLimit = head + "#" + String(repeating: " ", count: (1 << 20) - head.utf8.count - 2) + "\n"
        #expect(atLimit.utf8.count == 1 << 20)
        #expect(issues(atLimit).isEmpty)
        let over = atLimit + "\n"
        let textIssues = issues(over)
        #expect(textIssues.map(\.description) == ["test.yaml: 1048577 bytes is larger than a configuration may be (1048576 bytes)"])
        let dir = TempDirectory()
        let path = dir.write("big.yaml", over)
        let fileIssues = Self.loadIssues(path)
        #expect(fileIssues.map(\.description) == ["\(path): the file is 1048577 bytes, larger than the 1048576 bytes allowed"])
        // A sparse 3 GB file is refused by its size, not read.
        let huge = dir.write("huge.yaml", head)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: huge))
        try handle.truncate(atOffset: 3_000_000_000)
        try handle.close()
        #expect(Self.loadIssues(huge).first?.message == "the file is 3000000000 bytes, larger than the 1048576 bytes allowed")
    }

    @Test("lengths at powers of two: names of 2^k bytes are kept whole", arguments: [0, 1, 8, 12, 16, 19])
    func nameLengths(exponent: Int) throws {
        for length in [(1 << exponent) - 1, 1 << exponent, (1 << exponent) + 1] where length > 0 {
            let name = String(repeating: "n", count: length)
            let config = try DaemonConfig.parse(text: "devices:\n  - match: {name: \"\(name)\"}\n    ignore: true\n", source: "n.yaml")
            #expect(config.selectors.first?.name == name)
        }
    }

    @Test("nesting: the YAML depth bound applies to the configuration, flow and block, at the line",
          arguments: [1, 2, 64, 198, 199, 200, 4096, 200_000])
    func nesting(depth: Int) throws {
        // Under `devices:` in the top-level mapping: depth sequences make depth + 1 levels.
        let text = "version: 1\ndevices: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n"
        let found = issues(text)
        if depth + 1 <= YAMLLimits.maxDepth {
            #expect(!found.contains { $0.message.contains("nested") }, "\(found)")
        } else {
            #expect(found.map(\.description) == ["test.yaml:2: not valid YAML: nested more than 200 levels deep"])
        }
    }

    @Test("node counts: an alias bomb is refused at the alias that passes the bound")
    func aliasBomb() throws {
        var text = "x0: &a0 [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n"
        for k in 1...6 {
            text += "x\(k): &a\(k) [" + Array(repeating: "*a\(k - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        let found = issues(text)
        #expect(found.count == 1)
        #expect(found.first?.message == "not valid YAML: more than 100000 nodes (alias expansion?)")
        #expect(found.first?.line == 5)
    }

    @Test("non-finite and absurd numbers are refused at their key and line",
          arguments: [".inf", "-.inf", ".nan", "1e999", "1e308", "-0.0"])
    func numbers(_ value: String) throws {
        let text = "defaults:\n  thresholds:\n    edge_zone_mm: \(value)\n  calibration: [1, 0, \(value), 0, 1, 0]\n"
        let found = issues(text)
        #expect(found.contains { $0.line == 3 && $0.key == "defaults.thresholds.edge_zone_mm" }, "\(found)")
        if value != "-0.0" {
            // -0.0 is a finite calibration entry; the others are not, or are too large to mean anything.
            #expect(found.contains { $0.line == 4 && $0.key == "defaults.calibration[2]" }, "\(found)")
        }
    }

    @Test("sizes: each side more than 0 and at most PhysicalSize.maxSideMM",
          arguments: [("1e308x1e308", false), ("infxinf", false), ("nanx10", false), ("0x10", false), ("-5x10", false),
                      ("5000x5000", true), ("5000.0001x10", false), ("0.1x0.1", true), ("218x136", true)])
    func sizes(_ size: String, valid: Bool) throws {
        let found = issues("defaults:\n  size: \(size)\n")
        if valid {
            #expect(found.isEmpty, "\(found)")
        } else {
            #expect(found.map(\.description) == [
                "test.yaml:2: defaults.size: expected WxH in millimetres, each side more than 0 and at most 5000, e.g. 218x136; got \"\(size)\"",
            ])
        }
    }
}

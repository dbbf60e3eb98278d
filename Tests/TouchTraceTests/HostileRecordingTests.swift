import Foundation
import Testing
import TouchInput
import TouchTrace
import YAMLDocument

#if canImport(Glibc)
import Glibc
#endif

/// Adversarial recordings (issue 14), one test per class: file types, size, lengths at powers of two,
/// nesting, device counts, non-finite and out-of-range numbers. Truncation has its own suite
/// (TruncationTests). Every refusal is a TraceError naming the file and, inside the text, the line.
@Suite("adversarial recordings")
struct HostileRecordingTests {
    /// A valid one-device `libinput record` text; `system` is put under an unknown top-level key (skipped).
    static func record(devices: Int = 1, system: String = "~", name: String = "T", event: String = "[0, 0, 3, 53, 1]") -> String {
        var text = "version: 1\nndevices: \(devices)\nsystem: \(system)\ndevices:\n"
        for _ in 0..<devices {
            text += """
            - evdev:
                name: "\(name)"
                id: [24, 0, 0, 0]
                codes: {0: [0], 3: [53, 57]}
                absinfo: {53: [0, 100, 0, 0, 0], 57: [0, 65535, 0, 0, 0]}
                properties: []
              events:
              - evdev:
                - [0, 0, 3, 57, 1]
                - \(event)
                - [0, 0, 0, 0, 0]

            """
        }
        return text
    }

    static func read(_ text: String) -> Result<Trace, TraceError> {
        Result { () throws(TraceError) in try TraceReader.read(text: text, source: "hostile.yml", strict: true) }
    }

    static func error(_ text: String) -> TraceError? {
        if case .failure(let e) = read(text) { return e }
        return nil
    }

    // MARK: file types

    @Test("file types: FIFO, directory, character device, symlinks to them, dangling and looping symlinks")
    func fileTypes() throws {
        let dir = try TempDir()
        defer { dir.remove() }
        let fifo = dir.path("fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let good = try dir.write("good.yml", Self.record())
        #expect(symlink(fifo, dir.path("to-fifo")) == 0)
        #expect(symlink("/dev/zero", dir.path("to-zero")) == 0)
        #expect(symlink(dir.path("missing"), dir.path("dangling")) == 0)
        #expect(symlink(dir.path("loop-b"), dir.path("loop-a")) == 0)
        #expect(symlink(dir.path("loop-a"), dir.path("loop-b")) == 0)
        #expect(symlink(good, dir.path("to-good")) == 0)
        for path in [fifo, dir.url.path, "/dev/zero", "/dev/null", dir.path("to-fifo"), dir.path("to-zero")] {
            let e = try #require(traceError { try TraceReader.read(path: path) }, "\(path)")
            #expect(e.problem == .notARegularFile, "\(path): \(e)")
            #expect(e.file == path)
        }
        for path in [dir.path("dangling"), dir.path("loop-a")] {
            let e = try #require(traceError { try TraceReader.read(path: path) }, "\(path)")
            guard case .cannotRead(let why) = e.problem else { Issue.record("\(path): \(e)"); continue }
            #expect(why.hasPrefix("open: "), "\(why)")
            #expect(e.file == path)
        }
        // A symlink to a regular file is that file.
        #expect(try TraceReader.read(path: dir.path("to-good")).eventCount == 3)
    }

    // MARK: size

    @Test("size: a file over TraceReader.maxFileBytes is refused by its size; one at the limit is read")
    func fileSize() throws {
        let dir = try TempDir()
        defer { dir.remove() }
        for (bytes, refused) in [(TraceReader.maxFileBytes, false), (TraceReader.maxFileBytes + 1, true), (3_000_000_000, true)] {
            let path = try dir.write("big-\(bytes).evemu", "# EVEMU 1.3\n")
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.truncate(atOffset: UInt64(bytes))   // sparse: NUL bytes after the header line
            try handle.close()
            let e = try #require(traceError { try TraceReader.read(path: path) })
            #expect(e.file == path)
            if refused {
                #expect(e.problem == .tooLarge(bytes: bytes, limit: 128 << 20), "\(e)")
                #expect(e.line == 0)
            } else {
                // Read, then refused for what it holds: one line of NUL bytes longer than a line may be.
                #expect(e.problem == .lineTooLong(length: bytes - 12, limit: 1 << 20), "\(e)")
                #expect(e.line == 2)
            }
            try FileManager.default.removeItem(atPath: path)
        }
    }

    // MARK: lengths at powers of two

    @Test("lengths at powers of two: device names of 2^k bytes read back whole; a line over 2^20 bytes is refused",
          arguments: [0, 1, 7, 8, 12, 16, 19])
    func nameLengths(exponent: Int) throws {
        for length in [(1 << exponent) - 1, 1 << exponent, (1 << exponent) + 1] where length > 0 {
            let name = String(repeating: "n", count: length)
            switch Self.read(Self.record(name: name)) {
            case .success(let trace): #expect(trace.devices[0].description.name == name)
            case .failure(let e): Issue.record("name of \(length) bytes: \(e)")
            }
        }
    }

    @Test("lengths at powers of two: the longest line allowed is 2^20 bytes, in both formats")
    func lineLimit() throws {
        let limit = 1 << 20
        // `    name: "` and `"` around the name: line length = name + 12.
        for (nameLength, refused) in [(limit - 12, false), (limit - 11, true)] {
            let text = Self.record(name: String(repeating: "n", count: nameLength))
            if refused {
                let e = try #require(Self.error(text))
                #expect(e.problem == .lineTooLong(length: limit + 1, limit: limit), "\(e)")
                #expect(e.line == 6)
            } else {
                #expect(Self.error(text) == nil)
            }
        }
        // evemu: a comment line after the description.
        for (commentLength, refused) in [(limit, false), (limit + 1, true)] {
            let text = sampleDescription + String(repeating: "#", count: commentLength) + "\n" + sampleEvents
            let result = Result { () throws(TraceError) in try TraceReader.read(text: text, source: "long.evemu") }
            if refused {
                guard case .failure(let e) = result else { Issue.record("accepted"); continue }
                #expect(e.problem == .lineTooLong(length: limit + 1, limit: limit))
                #expect(e.line == sampleDescriptionLines + 1)
            } else if case .failure(let e) = result {
                Issue.record("\(e)")
            }
        }
    }

    // MARK: nesting

    @Test("nesting: the depth bound holds anywhere in a recording, flow or block, and names the line",
          arguments: [1, 2, 8, 64, 256, 4096, 200_000])
    func nesting(depth: Int) throws {
        // Under the top-level mapping: `depth` sequences make depth + 1 levels.
        let flow = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let fits = depth + 1 <= YAMLLimits.maxDepth
        if fits {
            #expect(Self.error(Self.record(system: flow)) == nil)
        } else {
            let e = try #require(Self.error(Self.record(system: flow)))
            #expect(e.problem == .yamlSyntax("nested more than 200 levels deep"), "\(e)")
            #expect(e.line == 3)
        }
        // The same depth inside an event list item, where the reader expects integers.
        if depth > 1 {
            let e = try #require(Self.error(Self.record(event: flow)))
            #expect(e.line == 14, "\(e)")
        }
    }

    // MARK: device counts

    @Test("device counts: up to TraceReader.maxDevices are read; one more is refused, declared or listed")
    func deviceCounts() throws {
        #expect(try Self.read(Self.record(devices: 0)).get().devices.isEmpty)
        #expect(try Self.read(Self.record(devices: 256)).get().devices.count == 256)
        let declared = try #require(Self.error(Self.record(devices: 257)))
        #expect(declared.problem == .tooManyDevices(limit: 256))
        #expect(declared.line == 2)
        // Declaring fewer before the list: the first device beyond it is refused where it begins, at ndevices.
        let fewer = Self.record(devices: 257).replacingOccurrences(of: "ndevices: 257", with: "ndevices: 1")
        let e = try #require(Self.error(fewer))
        #expect(e.problem == .malformed("ndevices is 1 but the list holds more devices (device 2 begins on line 16)"))
        #expect(e.line == 2, "\(e)")
        // Declared after the list, nothing bounds it but the reader: the 257th entry is refused where it starts.
        let after = Self.record(devices: 257).replacingOccurrences(of: "ndevices: 257\n", with: "") + "ndevices: 1\n"
        let a = try #require(Self.error(after))
        #expect(a.problem == .tooManyDevices(limit: 256))
        #expect(a.line == 4 + 256 * 11, "\(a)")
    }

    // MARK: numbers

    @Test("non-finite and out-of-range numbers in events and absinfo are refused at their line",
          arguments: [".inf", "-.inf", ".nan", "1e999", "1.5", "9223372036854775808", "0x1p3", "null", "\"5\""])
    func numbers(_ value: String) throws {
        let inEvent = try #require(Self.error(Self.record(event: "[0, 0, 3, 53, \(value)]")))
        #expect(inEvent.line == 14, "\(inEvent)")
        let inTime = try #require(Self.error(Self.record(event: "[\(value), 0, 3, 53, 1]")))
        #expect(inTime.line == 14, "\(inTime)")
        let absinfo = Self.record().replacingOccurrences(of: "53: [0, 100, 0, 0, 0]", with: "53: [0, \(value), 0, 0, 0]")
        let inAbsinfo = try #require(Self.error(absinfo))
        #expect(inAbsinfo.line == 9, "\(inAbsinfo)")
        // evemu: the same value as an event value and as an axis maximum.
        let evemu = sampleDescription + "E: 0.000000 0003 0035 \(value)\nE: 0.000000 0000 0000 0000\n"
        let e = Result { () throws(TraceError) in try TraceReader.read(text: evemu, source: "n.evemu") }
        guard case .failure(let error) = e else { Issue.record("evemu accepted \(value)"); return }
        #expect(error.line == sampleDescriptionLines + 1)
    }

    @Test("negative resolutions are refused at their line; 0 (no resolution) is not")
    func negativeResolution() throws {
        let text = Self.record().replacingOccurrences(of: "53: [0, 100, 0, 0, 0]", with: "53: [0, 100, 0, 0, -11]")
        let e = try #require(Self.error(text))
        #expect(e.line == 9)
        #expect(e.message == "absinfo resolution -11 is negative (units per mm, or 0 for none)")
        #expect(Self.error(Self.record()) == nil)
    }

    @Test("duplicate top-level keys are refused at the second one", arguments: ["version: 1", "ndevices: 1", "devices: []", "system: x"])
    func duplicateKeys(_ line: String) throws {
        let text = Self.record() + line + "\n"
        let e = try #require(Self.error(text))
        let key = String(line.prefix { $0 != ":" })
        #expect(e.message.hasPrefix("duplicate top-level key '\(key)'"), "\(e)")
        #expect(e.line == text.split(separator: "\n").count)
    }
}

/// The benchmark's bare libyaml pass is a YAML reader too: the same depth bound, at the same place.
@Suite("bare YAML parse: depth bound")
struct BareYAMLDepthTests {
    @Test func deepNestingIsRefusedLikeTheReader() throws {
        let dir = try TempDir()
        defer { dir.remove() }
        let fits = try dir.write("fits.yml", HostileRecordingTests.record(system: String(repeating: "[", count: 199) + String(repeating: "]", count: 199)))
        #expect(try TraceReader.bareYAMLParse(path: fits) > 0)
        let deep = try dir.write("deep.yml", HostileRecordingTests.record(system: String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)))
        let e = try #require(traceError { _ = try TraceReader.bareYAMLParse(path: deep); return Trace(devices: [], format: .libinputRecord, source: deep) })
        #expect(e.problem == .yamlSyntax("nested more than 200 levels deep"))
        #expect(e.line == 3)
    }
}

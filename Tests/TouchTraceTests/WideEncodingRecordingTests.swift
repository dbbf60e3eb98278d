import Foundation
import Testing
import TouchTrace

/// Issue 22's gap: a recording saved as UTF-16 or UTF-32 (a Windows editor, PowerShell's `>`) was refused with a
/// reason that named something else ("YAML syntax error: control characters are not allowed", "duplicate
/// top-level key 'B'"). The class: both widths, both byte orders, with and without a byte order mark, every file
/// a recording is read from (an evemu file, a `libinput record` file, the description of an events-only evemu
/// file), through both readers (`read`, whole; `open`, the stream replay uses).
@Suite("recordings in UTF-16 and UTF-32")
struct WideEncodingRecordingTests {
    /// The text in one encoding, built from Swift's own UTF-16 code units or Unicode scalars.
    static func encode(_ text: String, _ name: String, byteOrderMark: Bool) -> Data {
        let bigEndian = name.hasSuffix("BE")
        let width = name.hasPrefix("UTF-16") ? 2 : 4
        let units: [UInt32] = (byteOrderMark ? [0xFEFF] : []) + (width == 2 ? text.utf16.map(UInt32.init) : text.unicodeScalars.map(\.value))
        var out = Data()
        for unit in units {
            var bytes = (0..<width).map { UInt8(truncatingIfNeeded: unit >> (8 * $0)) }
            if bigEndian { bytes.reverse() }
            out.append(contentsOf: bytes)
        }
        return out
    }

    static let encodings = ["UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE"]

    static func expected(_ path: String, _ name: String, _ byteOrderMark: Bool) -> String {
        "\(path): the file is \(name) (\(byteOrderMark ? "with" : "without") a byte order mark); a recording must be UTF-8 or ASCII (iconv -f \(name) -t UTF-8)"
    }

    static func refusal(_ body: () throws -> Void) -> String? {
        do { try body(); return nil } catch { return "\(error)" }
    }

    @Test("evemu and libinput record files", arguments: ["evemu", "libinput record"])
    func recordingFiles(kind: String) throws {
        let dir = try TempDir()
        defer { dir.remove() }
        let text = kind == "evemu" ? sampleDescription + sampleEvents : HostileRecordingTests.record()
        // The UTF-8 text reads (the test would pass for the wrong reason otherwise).
        let utf8 = try dir.write("utf8", text)
        #expect(try TraceReader.read(path: utf8).eventCount > 0)
        for name in Self.encodings {
            for byteOrderMark in [true, false] {
                let path = dir.path("\(name)-\(byteOrderMark)")
                try Self.encode(text, name, byteOrderMark: byteOrderMark).write(to: URL(fileURLWithPath: path))
                let want = Self.expected(path, name, byteOrderMark)
                #expect(Self.refusal { _ = try TraceReader.read(path: path) } == want, "\(kind) \(name) BOM \(byteOrderMark), read")
                #expect(Self.refusal { _ = try TraceReader.open(path: path) } == want, "\(kind) \(name) BOM \(byteOrderMark), open")
            }
        }
    }

    @Test func descriptionOfAnEventsOnlyFile() throws {
        let dir = try TempDir()
        defer { dir.remove() }
        let events = try dir.write("events", sampleEvents)
        #expect(try TraceReader.read(path: events, description: try dir.write("utf8.desc", sampleDescription)).eventCount == 9)  // its nine E: lines
        for name in Self.encodings {
            for byteOrderMark in [true, false] {
                let desc = dir.path("\(name)-\(byteOrderMark).desc")
                try Self.encode(sampleDescription, name, byteOrderMark: byteOrderMark).write(to: URL(fileURLWithPath: desc))
                let want = Self.expected(desc, name, byteOrderMark)
                #expect(Self.refusal { _ = try TraceReader.read(path: events, description: desc) } == want, "\(name) BOM \(byteOrderMark), read")
                #expect(Self.refusal { _ = try TraceReader.open(path: events, description: desc) } == want, "\(name) BOM \(byteOrderMark), open")
            }
        }
    }
}

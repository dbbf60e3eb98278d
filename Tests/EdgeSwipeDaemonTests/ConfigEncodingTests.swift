import EdgeSwipeDaemon
import Foundation
import Testing

/// Issue 22 defect 7 and the UTF-16 gap: a NUL inside `socket.path`, `http.token_file` or `http.web_root`
/// passed check-config (the service then used the part before the NUL), invalid UTF-8 was decoded into
/// U+FFFD and reported valid, and a UTF-16 file was reported as "duplicate top-level key" or "control
/// characters". Classes: NUL written as each YAML escape in each of the three; invalid UTF-8 of each kind
/// (stray continuation, overlong, surrogate, past U+10FFFF, cut sequence, 0xFE/0xFF) in a value, a key, a
/// comment and at the end of the file; raw NUL bytes; UTF-16 and UTF-32 in both byte orders, with and
/// without a byte order mark. Every string setting the schema has: ConfigStringSettingTests.
@Suite struct ConfigEncodingTests {
    static func issues(_ text: String) -> [ConfigIssue] {
        do {
            _ = try DaemonConfig.parse(text: text, source: "t.yaml")
            return []
        } catch {
            return error.issues
        }
    }

    static func fileIssues(_ bytes: [UInt8]) -> (path: String, issues: [ConfigIssue]) {
        let dir = TempDirectory()
        let path = dir.file("edgeswipe.yaml")
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        do {
            _ = try DaemonConfig.load(path: path)
            return (path, [])
        } catch {
            return (path, error.issues)
        }
    }

    @Test func aNULInTheIssuesThreeSettingsIsRefused() {
        for escape in [#"\0"#, #"\x00"#, #"\u0000"#, #"\U00000000"#] {
            let text = """
                socket:
                  path: "/run/edge\(escape)swipe/control.sock"
                http:
                  token_file: "/etc/edgeswipe/http-token\(escape).old"
                  web_root: "\(escape)/usr/share/edgeswipe/web"

                """
            let found = Self.issues(text)
            let expected = [(2, "socket.path"), (4, "http.token_file"), (5, "http.web_root")].map {
                "t.yaml:\($0.0): \($0.1): contains a NUL character (\\0); no setting may hold one"
            }
            #expect(found.map(\.description) == expected, "\(escape): \(found)")
        }
    }

    /// Invalid UTF-8 in each place, each kind: the line (and the key, when the byte is in one) is named.
    @Test func invalidUTF8IsRefusedNamingTheLineAndKey() {
        let kinds: [(name: String, bytes: [UInt8])] = [
            ("stray continuation byte", [0x80]), ("overlong slash", [0xC0, 0xAF]), ("overlong NUL", [0xC0, 0x80]),
            ("UTF-16 surrogate", [0xED, 0xA0, 0x80]), ("past U+10FFFF", [0xF4, 0x90, 0x80, 0x80]),
            ("cut two-byte sequence", [0xC3]), ("cut four-byte sequence", [0xF0, 0x9F, 0x98]), ("byte 0xFF", [0xFF]),
            ("byte 0xFE", [0xFE]),
        ]
        for kind in kinds {
            let hex = String(format: "0x%02X", kind.bytes[0])
            // In a value: line 3, socket.group.
            var bytes = Array("version: 1\nsocket:\n  group: kiosk".utf8) + kind.bytes + Array("x\n".utf8)
            var (path, found) = Self.fileIssues(bytes)
            #expect(found.map(\.description) == ["\(path):3: socket.group: not valid UTF-8 (byte \(hex) at byte 15 of the line); a configuration must be UTF-8"],
                    "\(kind.name) in a value: \(found)")
            // In a udev property's key: line 4.
            bytes = Array("devices:\n  - match:\n      udev:\n        ID_".utf8) + kind.bytes + Array("X: \"1\"\n".utf8)
            (path, found) = Self.fileIssues(bytes)
            #expect(found.map(\.description) == ["\(path):4: devices[0].match.udev: not valid UTF-8 (byte \(hex) at byte 12 of the line); a configuration must be UTF-8"],
                    "\(kind.name) in a key: \(found)")
            // In a comment: no key, the line.
            bytes = Array("# a comment \u{E9} ".utf8) + kind.bytes + Array("\nversion: 1\n".utf8)
            (path, found) = Self.fileIssues(bytes)
            #expect(found.map(\.description) == ["\(path):1: not valid UTF-8 (byte \(hex) at byte 16 of the line); a configuration must be UTF-8"],
                    "\(kind.name) in a comment: \(found)")
            // The last bytes of the file, no line break after them.
            bytes = Array("version: 1\nprint_json: true\n#".utf8) + kind.bytes
            (path, found) = Self.fileIssues(bytes)
            #expect(found.map(\.description) == ["\(path):3: not valid UTF-8 (byte \(hex) at byte 2 of the line); a configuration must be UTF-8"],
                    "\(kind.name) at the end: \(found)")
        }
        // Valid multi-byte text is still taken.
        let (_, fine) = Self.fileIssues(Array("socket:\n  group: \"k\u{E9}osk-\u{1F600}\"\n".utf8))
        #expect(fine.isEmpty, "\(fine)")
    }

    @Test func aRawNULByteIsRefusedNamingTheLineAndKey() {
        var (path, found) = Self.fileIssues(Array("socket:\n  path: /run/edge".utf8) + [0] + Array("swipe.sock\n".utf8))
        #expect(found.map(\.description) == ["\(path):2: socket.path: a NUL byte at byte 18 of the line; a configuration cannot hold one"], "\(found)")
        (path, found) = Self.fileIssues(Array("version: 1\n".utf8) + [0])
        #expect(found.map(\.description) == ["\(path):2: a NUL byte at byte 1 of the line; a configuration cannot hold one"], "\(found)")
    }

    /// A configuration in UTF-16 or UTF-32, either byte order, with or without a byte order mark.
    @Test func utf16AndUTF32AreNamedAsSuch() {
        let text = "version: 1\nsocket:\n  group: kiosk\n"
        func encode(_ width: Int, bigEndian: Bool) -> [UInt8] {
            var out: [UInt8] = []
            for unit in (width == 2 ? text.utf16.map(UInt32.init) : text.unicodeScalars.map(\.value)) {
                var unitBytes = (0..<width).map { UInt8(truncatingIfNeeded: unit >> (8 * $0)) }
                if bigEndian { unitBytes.reverse() }
                out += unitBytes
            }
            return out
        }
        let boms: [String: [UInt8]] = ["UTF-16LE": [0xFF, 0xFE], "UTF-16BE": [0xFE, 0xFF],
                                        "UTF-32LE": [0xFF, 0xFE, 0, 0], "UTF-32BE": [0, 0, 0xFE, 0xFF]]
        for (name, width, bigEndian) in [("UTF-16LE", 2, false), ("UTF-16BE", 2, true), ("UTF-32LE", 4, false), ("UTF-32BE", 4, true)] {
            for withBOM in [true, false] {
                let bytes = (withBOM ? boms[name]! : []) + encode(width, bigEndian: bigEndian)
                let (path, found) = Self.fileIssues(bytes)
                let mark = withBOM ? "with" : "without"
                #expect(found.map(\.description) == ["\(path): the file is \(name) (\(mark) a byte order mark); a configuration must be UTF-8 (iconv -f \(name) -t UTF-8)"],
                        "\(name) \(mark) BOM: \(found)")
            }
        }
        // A UTF-8 byte order mark is UTF-8.
        let (_, utf8BOM) = Self.fileIssues([0xEF, 0xBB, 0xBF] + Array(text.utf8))
        #expect(utf8BOM.isEmpty, "\(utf8BOM)")
    }
}

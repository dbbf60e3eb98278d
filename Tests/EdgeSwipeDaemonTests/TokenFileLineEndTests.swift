import Foundation
import Testing
@testable import EdgeSwipeDaemon

/// Issue 22 defect 6: a token file ending in CRLF was refused as "must be visible ASCII characters without
/// spaces", because `\r\n` is one Character in Swift and the split on "\n" or "\r" never saw it. The class:
/// every line-end form after the token (none, LF, CRLF, lone CR, LF LF, CRLF CRLF, trailing blanks before and
/// after the line end, leading blanks), through each way the service reads a token file (`--http-token`, which
/// is `BearerToken.load`, and the configuration's `http.token_file`, which is `HTTPConfig.options`); and what
/// is not one token on one line, refused by name.
@Suite struct TokenFileLineEndTests {
    static let token = "Zm9vYmFyLWtpb3NrLXRva2VuLTAx"

    /// Every way of ending the file after the token; each must read back as exactly the token.
    static let endings: [(name: String, suffix: String)] = [
        ("no line end", ""), ("LF", "\n"), ("CRLF", "\r\n"), ("lone CR", "\r"), ("LF LF", "\n\n"),
        ("CRLF CRLF", "\r\n\r\n"), ("CR LF LF", "\r\n\n"), ("spaces then LF", "  \n"), ("tab then CRLF", "\t\r\n"),
        ("spaces, no line end", "   "), ("LF then spaces", "\n  "),
    ]

    /// The two readers of a token file the service has.
    static let readers: [(name: String, load: @Sendable (String) throws -> BearerToken)] = [
        ("--http-token", { try BearerToken.load(path: $0) }),
        ("http.token_file", { try HTTPConfig(tokenFile: $0).options().token }),
    ]

    private func write(_ dir: TempDirectory, _ name: String, _ bytes: [UInt8]) -> String {
        let path = dir.file(name)
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        chmod(path, 0o600)
        return path
    }

    @Test func everyLineEndAfterTheTokenIsAccepted() throws {
        let dir = TempDirectory()
        for (i, ending) in Self.endings.enumerated() {
            for prefix in ["", "  "] {
                let path = write(dir, "t\(i)-\(prefix.count)", Array((prefix + Self.token + ending.suffix).utf8))
                for reader in Self.readers {
                    do {
                        let loaded = try reader.load(path)
                        #expect(loaded.matches(Self.token.utf8), "\(reader.name), \(ending.name): another token was read")
                        #expect(!loaded.matches((Self.token + "\r").utf8), "\(reader.name), \(ending.name): CR kept")
                    } catch {
                        Issue.record("\(reader.name), \(ending.name), prefix \(prefix.count) blanks: refused: \(error)")
                    }
                }
            }
        }
    }

    /// Not one token: the message says what was found.
    @Test func whatIsNotOneTokenOnOneLineIsRefusedByName() throws {
        let dir = TempDirectory()
        let cases: [(name: String, bytes: [UInt8], says: String)] = [
            ("two lines (LF)", Array("\(Self.token)\nsecond-line-token-xx\n".utf8), "found 2 words"),
            ("two lines (CRLF)", Array("\(Self.token)\r\nsecond-line-token-xx\r\n".utf8), "found 2 words"),
            ("a CR inside", Array("\(Self.token)\rsecond-half-of-token\n".utf8), "found 2 words"),
            ("a space inside", Array("abcdefghij klmnopqrst\n".utf8), "found 2 words"),
            ("empty", [], "found 0 words"),
            ("line ends only", Array("\r\n\r\n".utf8), "found 0 words"),
            ("a UTF-8 byte order mark", [0xEF, 0xBB, 0xBF] + Array("\(Self.token)\n".utf8), "byte 0xEF at offset 0"),
            ("a form feed at the end", Array("\(Self.token)\u{0C}\n".utf8), "byte 0x0C at offset \(Self.token.utf8.count)"),
            ("a NUL inside", Array("abcdefghij".utf8) + [0] + Array("klmnopqrst\n".utf8), "byte 0x00 at offset 10"),
            ("non-ASCII", Array("abcdefghijklmnopé\n".utf8), "byte 0xC3 at offset 16"),
        ]
        for (i, c) in cases.enumerated() {
            let path = write(dir, "bad\(i)", c.bytes)
            for reader in Self.readers {
                do {
                    _ = try reader.load(path)
                    Issue.record("\(reader.name), \(c.name): accepted")
                } catch {
                    let text = "\(error)"
                    #expect(text.contains(path) && text.contains(c.says), "\(reader.name), \(c.name): \(text)")
                }
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeSystem

/// The shared secret a kiosk page presents. Read from a file only its owner may read: the browser's user
/// (the kiosk user) gets it from there, other local users cannot, and a web page from elsewhere never sees it.
package struct BearerToken: Sendable {
    private let bytes: [UInt8]

    /// 16 to 512 visible ASCII characters (no spaces): what `Authorization: Bearer` can carry unquoted.
    package init(_ text: String) throws {
        let b = Array(text.utf8)
        guard (16...512).contains(b.count) else {
            throw HTTPSetupError("the token must be 16 to 512 characters long, got \(b.count)")
        }
        guard b.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw HTTPSetupError("the token must be visible ASCII characters without spaces")
        }
        bytes = b
    }

    /// Reads the token file (one line; surrounding whitespace ignored). Refuses a file that is not a
    /// regular file, or that its group or others may read or write, naming the file and its mode.
    package static func load(path: String) throws -> BearerToken {
        var st = stat()
        do {
            try SystemCall.run("stat(\(path))") { stat(path, &st) }
        } catch {
            throw HTTPSetupError("token file \(path): \(String(cString: strerror(error.errno.rawValue)))")
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            throw HTTPSetupError("token file \(path): not a regular file")
        }
        let mode = st.st_mode & 0o777
        guard mode & 0o077 == 0 else {
            throw HTTPSetupError("token file \(path) has mode \(String(mode, radix: 8)): it must be readable by its "
                                 + "owner only (chmod 600 \(path))")
        }
        let limit = 1024
        let bytes: [UInt8]
        do {
            let fd = try FileDescriptor.open(path, .readOnly)
            bytes = try fd.closeAfter { try fd.readToEnd(upTo: limit) }
        } catch let error as SystemError {
            throw HTTPSetupError("token file \(path): \(String(cString: strerror(error.errno.rawValue)))")
        }
        guard bytes.count < limit else { throw HTTPSetupError("token file \(path): longer than 1 KiB") }
        do { return try BearerToken(fileContents: bytes[...]) } catch let e as HTTPSetupError {
            throw HTTPSetupError("token file \(path): \(e.description)")
        }
    }

    /// A token file's bytes: the token, with blanks and line ends of any form (LF, CRLF, CR) around it.
    /// Split as bytes, not Characters: "\r\n" is one Character in Swift, equal to neither "\r" nor "\n".
    init(fileContents: ArraySlice<UInt8>) throws {
        let words = fileContents.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D || $0 == 0x20 || $0 == 0x09 })
        guard words.count == 1 else {
            throw HTTPSetupError("expected one token on one line, found \(words.count) words")
        }
        if let i = words[0].firstIndex(where: { $0 <= 0x20 || $0 >= 0x7F }) {
            let hex = String(words[0][i], radix: 16, uppercase: true)
            throw HTTPSetupError("byte 0x\(hex.count == 1 ? "0" : "")\(hex) at offset \(i) is not a visible ASCII character; "
                                 + "a token is visible ASCII characters without spaces")
        }
        try self.init(String(decoding: words[0], as: UTF8.self))
    }

    /// True only for the same bytes at the same length. Every byte up to the longer of the two lengths is
    /// compared and the differences are OR-ed at full width, so the time depends on the lengths only, never on
    /// where the first difference is (no early exit), and no length difference can cancel out.
    package func matches(_ candidate: some Collection<UInt8>) -> Bool {
        Self.equalInConstantTime(bytes, candidate)
    }

    /// The comparison `matches` makes, for other secrets (event stream keys).
    static func equalInConstantTime(_ secret: some Collection<UInt8>, _ candidate: some Collection<UInt8>) -> Bool {
        let bytes = Array(secret)
        let presented = Array(candidate)
        var difference = UInt(bitPattern: presented.count ^ bytes.count)
        for i in 0..<Swift.max(presented.count, bytes.count) {
            let a = i < presented.count ? presented[i] : 0
            let b = i < bytes.count ? bytes[i] : 0
            difference |= UInt(a ^ b)
        }
        return difference == 0
    }

    /// `Authorization: Bearer <token>` (scheme case-insensitive, RFC 6750).
    package func matches(authorization header: String) -> Bool {
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return false }
        return matches(parts[1].utf8)
    }
}

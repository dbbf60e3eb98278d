/// A text in UTF-16 or UTF-32 (what Windows editors and PowerShell's `>` write), told from its first bytes: a
/// byte order mark, or the zero bytes an ASCII first character leaves in those encodings. Configuration and
/// recordings are UTF-8; without this check libyaml would decode some of them silently (with a mark) and refuse
/// others as "control characters", and the evemu reader would see NUL bytes, none naming the real problem.
public struct WideTextEncoding: Hashable, Sendable {
    /// "UTF-16LE", "UTF-16BE", "UTF-32LE" or "UTF-32BE", as iconv(1) names them.
    public let name: String
    public let hasByteOrderMark: Bool

    /// The encoding the text begins in, or nil for UTF-8 or ASCII (and for texts too short to tell).
    public static func detect(_ b: some Collection<UInt8>) -> WideTextEncoding? {
        let b = Array(b.prefix(4))
        func starts(_ prefix: [UInt8]) -> Bool { b.starts(with: prefix) }
        if starts([0, 0, 0xFE, 0xFF]) { return .init(name: "UTF-32BE", hasByteOrderMark: true) }
        if starts([0xFF, 0xFE, 0, 0]) { return .init(name: "UTF-32LE", hasByteOrderMark: true) }
        if starts([0xFE, 0xFF]) { return .init(name: "UTF-16BE", hasByteOrderMark: true) }
        if starts([0xFF, 0xFE]) { return .init(name: "UTF-16LE", hasByteOrderMark: true) }
        if b.count >= 4, b[0] == 0, b[1] == 0, b[2] == 0, b[3] != 0 { return .init(name: "UTF-32BE", hasByteOrderMark: false) }
        if b.count >= 4, b[0] != 0, b[1] == 0, b[2] == 0, b[3] == 0 { return .init(name: "UTF-32LE", hasByteOrderMark: false) }
        if b.count >= 2, b[0] == 0, b[1] != 0 { return .init(name: "UTF-16BE", hasByteOrderMark: false) }
        if b.count >= 2, b[0] != 0, b[1] == 0 { return .init(name: "UTF-16LE", hasByteOrderMark: false) }
        return nil
    }

    /// "UTF-16LE (with a byte order mark)".
    public var description: String { "\(name) (\(hasByteOrderMark ? "with" : "without") a byte order mark)" }
}

#if canImport(Glibc)
import Glibc
#endif

/// Finds a recording's format from its first significant line, fed a piece of text at a time: evemu lines are
/// `X: ...` with a single letter tag (or a `# EVEMU` header on the first line); anything else is taken as
/// `libinput record` YAML. Blank and comment lines are skipped. A line is judged by its first significant
/// bytes, so a line of any length costs one memchr.
struct FormatDetector {
    /// The current line's bytes from its first one that is not a blank, up to `judged`.
    private var head: [UInt8] = []
    /// The current line is decided (a comment or blank line whose end is being skipped).
    private var skippingLine = false
    private var firstLine = true
    /// Bytes fed so far (a UTF-8 byte order mark at the start is skipped).
    private var fed = 0
    private static let judged = 8

    /// Reads `bytes`; the format once a significant line decides it.
    mutating func feed(_ bytes: UnsafeRawBufferPointer) -> TraceFormat? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        var i = 0
        let n = bytes.count
        while fed < 3, i < n {
            // The byte order mark EF BB BF; anything else is text.
            if base[i] != Self.byteOrderMark[fed] {
                let partial = Array(Self.byteOrderMark.prefix(fed))
                fed = 3
                for b in partial { if let format = take(b) { return format } }
                break
            }
            fed += 1
            i += 1
        }
        while i < n {
            if skippingLine {
                guard let nl = memchr(base + i, 0x0A, n - i) else { return nil }
                i = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(nl))
            }
            if let format = take(base[i]) { return format }
            i += 1
        }
        return nil
    }

    /// At the end of the text: the format its last line decides, if any.
    mutating func end() -> TraceFormat? {
        // A text of one or two bytes that begin a byte order mark is text.
        if fed < 3 {
            let partial = Array(Self.byteOrderMark.prefix(fed))
            fed = 3
            for b in partial { if let format = take(b) { return format } }
        }
        return skippingLine ? nil : judge(complete: true)
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private mutating func take(_ b: UInt8) -> TraceFormat? {
        if b == 0x0A {
            let format = skippingLine ? nil : judge(complete: true)
            head.removeAll(keepingCapacity: true)
            skippingLine = false
            firstLine = false
            return format
        }
        if skippingLine { return nil }
        if head.isEmpty, b == 0x20 || b == 0x09 || b == 0x0D { return nil }
        head.append(b)
        return head.count >= Self.judged ? judge(complete: false) : nil
    }

    /// The format the line's head decides; nil for a blank or comment line (then skipped to its end).
    private mutating func judge(complete: Bool) -> TraceFormat? {
        guard let first = head.first else { return nil }
        if first == UInt8(ascii: "#") {
            if firstLine, head.starts(with: "# EVEMU".utf8) { return .evemu }
            skippingLine = true
            return nil
        }
        let tags: [UInt8] = Array("NIPBALSE".utf8)
        let tagged = head.count >= 2 && head[1] == UInt8(ascii: ":") && tags.contains(first)
            && ((complete && head.count == 2) || (head.count > 2 && (head[2] == 0x20 || head[2] == 0x09 || head[2] == 0x0D)))
        return tagged ? .evemu : .libinputRecord
    }
}

#if canImport(Glibc)
import Glibc
#endif
import YAMLDocument

/// What the `libinput record` reader needs to know about the whole text before libyaml reads it, found in
/// one pass of memchr over it (a chunk at a time): the first line over the length limit (refused up front,
/// as libyaml would build a scalar of any size first), where the text ends (to tell a cut from an error), and,
/// for a text without a final line break, its last line (libyaml's marks at the very end are moved there).
struct TextShape {
    let count: Int
    /// The first line longer than `FileBytes.maxLineLength`, as (line number, length).
    let overlongLine: (line: Int, length: Int)?
    /// Number of the last line that holds any byte (1 for a text without line breaks).
    let lastLineNumber: Int
    /// Number of the last line that holds anything but blanks (0 for a blank text).
    let lastNonBlankLineNumber: Int
    let lastByte: UInt8?
    /// Set only for a text that does not end with a YAML line break (see `YAMLTextEnd`).
    let unterminatedEnd: YAMLTextEnd?

    init(_ source: ByteSource) throws(TraceError) {
        count = source.count
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: ByteSource.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        let base = buffer.baseAddress!
        var newlines = 0
        var overlong: (line: Int, length: Int)?
        var lineStart = 0
        var lastNonBlank = -1
        var last: UInt8?
        var at = 0
        while true {
            let n = try source.read(at: at, into: buffer)
            if n == 0 { break }
            var i = 0
            while i < n, let nl = memchr(base + i, 0x0A, n - i) {
                let end = at + base.distance(to: nl)
                if overlong == nil, end - lineStart > FileBytes.maxLineLength { overlong = (newlines + 1, end - lineStart) }
                newlines += 1
                lineStart = end + 1
                i = end + 1 - at
            }
            for k in stride(from: n - 1, through: 0, by: -1) where !TextShape.isBlank(buffer[k]) {
                lastNonBlank = at + k
                break
            }
            last = buffer[n - 1]
            at += n
        }
        if overlong == nil, at - lineStart > FileBytes.maxLineLength { overlong = (newlines + 1, at - lineStart) }
        overlongLine = overlong
        lastByte = last
        lastLineNumber = 1 + newlines - (last == 0x0A ? 1 : 0)
        lastNonBlankLineNumber = lastNonBlank < 0 ? 0 : try TextShape.lineNumber(of: lastNonBlank, in: source, newlines: newlines)
        unterminatedEnd = try TextShape.yamlEnd(of: source)
    }

    private static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// The line of the byte at `offset`: all line breaks less those after it (which are near the end).
    private static func lineNumber(of offset: Int, in source: ByteSource, newlines: Int) throws(TraceError) -> Int {
        var after = 0
        var at = offset + 1
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: ByteSource.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let n = try source.read(at: at, into: buffer)
            if n == 0 { break }
            after += buffer.prefix(n).count { $0 == 0x0A }
            at += n
        }
        return newlines - after + 1
    }

    /// For a text that does not end in a line break, its YAML line breaks and the characters of its last line.
    /// Counting every YAML line break (CR, NEL, LS and PS too) reads the text once more, so it is done only then.
    private static func yamlEnd(of source: ByteSource) throws(TraceError) -> YAMLTextEnd? {
        let tailLength = min(source.count, 3)
        let tailBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 3, alignment: 1)
        defer { tailBuffer.deallocate() }
        let n = try source.read(at: source.count - tailLength, into: UnsafeMutableRawBufferPointer(rebasing: tailBuffer[..<tailLength]))
        let tail = Array(tailBuffer[..<n])
        guard !tail.isEmpty, !yamlEndsWithBreak(tail) else { return nil }
        // Chunks are cut after their last LF, so no break of two or three bytes straddles two of them.
        let capacity = FileBytes.maxLineLength + 1 + ByteSource.chunkSize
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 16)
        defer { buffer.deallocate() }
        var breaks = 0
        var kept = 0
        var at = 0
        while true {
            let n = try source.read(at: at, into: UnsafeMutableRawBufferPointer(rebasing: buffer[kept...]))
            at += n
            let filled = kept + n
            let whole = n == 0 || filled == capacity
            let upTo = whole ? filled : ((buffer.prefix(filled).lastIndex(of: 0x0A)).map { $0 + 1 } ?? 0)
            let found = yamlLineBreaks(UnsafeRawBufferPointer(rebasing: buffer[..<upTo]))
            if n == 0 {
                let lastLine = buffer[((found.last ?? -1) + 1)..<filled]
                // libyaml counts columns in characters: skip UTF-8 continuation bytes.
                return YAMLTextEnd(breaks: breaks + found.count, lastLineColumns: lastLine.count { $0 & 0xC0 != 0x80 })
            }
            breaks += found.count
            kept = filled - upTo
            buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + upTo, byteCount: kept)
        }
    }

    /// Whether the last bytes end with a YAML line break (LF, CR, NEL, LS or PS).
    private static func yamlEndsWithBreak(_ t: [UInt8]) -> Bool {
        let n = t.count
        guard let last = t.last else { return false }
        return last == 0x0A || last == 0x0D || (n >= 2 && t[n - 2] == 0xC2 && last == 0x85)
            || (n >= 3 && t[n - 3] == 0xE2 && t[n - 2] == 0x80 && (last == 0xA8 || last == 0xA9))
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// The lines of a `ByteSource` in order, read a chunk at a time: memory holds one line and a chunk, never
/// the file. A line is valid until the next call.
struct LineReader: ~Copyable {
    struct Line {
        let base: UnsafePointer<UInt8>
        /// Length without the line break (a "\r" before it is kept). Past `FileBytes.maxLineLength` only the
        /// length is known: the bytes are not held.
        let length: Int
        /// Offset of the line's first byte in the text.
        let offset: Int
        /// False for a last line that stops without a line break.
        let hasBreak: Bool

        var isTooLong: Bool { length > FileBytes.maxLineLength }
        /// Offset just past the line and its break.
        var end: Int { offset + length + (hasBreak ? 1 : 0) }
    }

    private let source: ByteSource
    private let buffer: UnsafeMutableRawBufferPointer
    /// Text offset of `buffer[0]`, the next line's start in the buffer, and the bytes the buffer holds.
    private var bufferOffset: Int
    private var start = 0
    private var filled = 0

    /// Starts at `offset`; a UTF-8 byte order mark at the text's start is skipped.
    init(_ source: ByteSource, from offset: Int = 0) throws(TraceError) {
        self.source = source
        buffer = .allocate(byteCount: FileBytes.maxLineLength + 1 + ByteSource.chunkSize, alignment: 16)
        bufferOffset = offset
        if offset == 0 {
            filled = try source.read(at: 0, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<3]))
            if filled == 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { start = 3 }
        }
    }

    deinit { buffer.deallocate() }

    /// Bytes of the text held now: the current line and what was read after it.
    var heldBytes: Int { filled - start }

    /// The next line; nil at the end of the text.
    mutating func next() throws(TraceError) -> Line? {
        let base = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
        var searched = start
        while true {
            if let nl = memchr(base + searched, 0x0A, filled - searched) {
                let end = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(nl))
                let line = Line(base: base + start, length: end - start, offset: bufferOffset + start, hasBreak: true)
                start = end + 1
                return line
            }
            searched = filled
            if filled - start > FileBytes.maxLineLength { return try skipLongLine() }
            if start > 0 {
                // Keep the partial line at the front; the rest of the buffer takes the next chunk.
                (buffer.baseAddress! + 0).copyMemory(from: buffer.baseAddress! + start, byteCount: filled - start)
                bufferOffset += start
                filled -= start
                searched -= start
                start = 0
            }
            // A chunk at a time: the buffer holds the line being read and at most a chunk after it.
            let room = min(buffer.count, filled + ByteSource.chunkSize)
            let n = try source.read(at: bufferOffset + filled, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<room]))
            if n == 0 {
                guard filled > start else { return nil }
                let line = Line(base: base + start, length: filled - start, offset: bufferOffset + start, hasBreak: false)
                start = filled
                return line
            }
            filled += n
        }
    }

    /// A line longer than the limit: read on to its end to report its length, keeping none of it.
    private mutating func skipLongLine() throws(TraceError) -> Line {
        let lineOffset = bufferOffset + start
        var at = bufferOffset + filled
        var hasBreak = false
        var end = source.count
        while true {
            let n = try source.read(at: at, into: buffer)
            if n == 0 { break }
            if let nl = memchr(buffer.baseAddress!, 0x0A, n) {
                end = at + buffer.baseAddress!.distance(to: nl)
                hasBreak = true
                break
            }
            at += n
        }
        let line = Line(base: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), length: end - lineOffset,
                        offset: lineOffset, hasBreak: hasBreak)
        // Nothing follows a line that is refused; the reader stops here.
        bufferOffset = source.count
        start = 0
        filled = 0
        return line
    }
}

/// A whole file in one owned, stable buffer, for small files read whole (a configuration) and texts in memory
/// (`ByteSource`). Only regular files are read: a FIFO or a device node would block or never end.
final class FileBytes {
    let base: UnsafeMutableRawPointer
    let count: Int

    /// Longest line accepted in any trace file. Real lines are under 200 bytes; this bounds the work
    /// and memory a corrupt or hostile file can cause before it is reported.
    static let maxLineLength = 1 << 20

    init(copying bytes: UnsafeRawBufferPointer) {
        count = bytes.count
        base = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 16)
        if count > 0 { base.copyMemory(from: bytes.baseAddress!, byteCount: count) }
    }

    /// Refuses a file larger than `maxBytes` (by its size, before reading any of it).
    init(path: String, maxBytes: Int) throws(TraceError) {
        let source = try ByteSource(path: path)
        let size = source.count
        guard size <= maxBytes else {
            throw TraceError(file: path, line: 0, problem: .tooLarge(bytes: size, limit: maxBytes))
        }
        // Read into a local buffer first: stored properties are set only once nothing can fail.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 1), alignment: 16)
        do {
            _ = try source.read(at: 0, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<size]))
        } catch {
            buffer.deallocate()
            throw error
        }
        base = buffer.baseAddress!
        count = size
    }

    deinit { base.deallocate() }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }
}

/// A whole regular file as UTF-8 text, for small files other modules read (the service's configuration),
/// with the same errors as trace files: a FIFO or device node is refused rather than blocked on, and a file
/// over `maxBytes` is refused before it is read.
public enum TextFile {
    public static func read(path: String, maxBytes: Int) throws(TraceError) -> String {
        String(decoding: try bytes(path: path, maxBytes: maxBytes), as: UTF8.self)
    }

    /// The bytes undecoded, for a reader that checks the encoding itself (the configuration: ConfigText).
    public static func bytes(path: String, maxBytes: Int) throws(TraceError) -> [UInt8] {
        let file = try FileBytes(path: path, maxBytes: maxBytes)
        return withExtendedLifetime(file) { Array(file.bytes) }
    }
}

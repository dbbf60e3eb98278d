#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeSystem

/// A whole file in one owned, stable buffer (libyaml keeps a pointer into its input between calls).
/// Only regular files are read: a FIFO or a device node would block or never end.
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
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(path, [.readOnly, .nonBlocking])
        } catch {
            throw FileBytes.failure(path, error)
        }
        defer { try? fd.close() }
        var st = stat()
        do {
            try SystemCall.run("fstat") { fstat(fd.rawValue, &st) }
        } catch {
            throw FileBytes.failure(path, error)
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            throw TraceError(file: path, line: 0, problem: .notARegularFile)
        }
        let size = Int(st.st_size)
        guard size <= maxBytes else {
            throw TraceError(file: path, line: 0, problem: .tooLarge(bytes: size, limit: maxBytes))
        }
        // Read into a local buffer first: stored properties are set only once nothing can fail.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(size, 1), alignment: 16)
        var done = 0
        while done < size {
            let n: Int?
            do {
                n = try fd.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[done..<size]))
            } catch {
                buffer.deallocate()
                throw FileBytes.failure(path, error)
            }
            // A regular file never blocks; nothing read before `size` means it shrank.
            guard let n, n > 0 else {
                buffer.deallocate()
                throw TraceError(file: path, line: 0, problem: .cannotRead("file shrank while being read"))
            }
            done += n
        }
        base = buffer.baseAddress!
        count = size
    }

    deinit { base.deallocate() }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    private static func failure(_ path: String, _ error: SystemError) -> TraceError {
        TraceError(file: path, line: 0, problem: .cannotRead("\(error.operation.prefix { $0 != "(" }): \(error.errno)"))
    }

    /// Number of the last line that holds any byte (1 for a file without line breaks).
    var lastLineNumber: Int {
        var lines = 1
        var start = 0
        while start < count, let nl = memchr(base + start, 0x0A, count - start) {
            let end = base.distance(to: nl)
            if end + 1 < count { lines += 1 }
            start = end + 1
        }
        return lines
    }

    /// Number of the last line that holds anything but blanks (0 for a blank text).
    var lastNonBlankLineNumber: Int {
        var end = count
        while end > 0, [0x20, 0x09, 0x0A, 0x0D].contains(base.load(fromByteOffset: end - 1, as: UInt8.self)) { end -= 1 }
        guard end > 0 else { return 0 }
        var lines = 1
        var start = 0
        while start < end, let nl = memchr(base + start, 0x0A, end - start) {
            lines += 1
            start = base.distance(to: nl) + 1
        }
        return lines
    }

    /// The offset just past the line break at or after `offset` (the end of the text when there is none).
    func lineEnd(after offset: Int) -> Int {
        guard offset < count, let nl = memchr(base + offset, 0x0A, count - offset) else { return count }
        return base.distance(to: nl) + 1
    }

    /// The first line longer than `maxLineLength`, as (line number, length), or nil.
    func overlongLine(limit: Int = FileBytes.maxLineLength) -> (line: Int, length: Int)? {
        guard count > limit else { return nil }
        var line = 1
        var start = 0
        while start < count {
            let remaining = count - start
            if let nl = memchr(base + start, 0x0A, remaining) {
                let end = base.distance(to: nl)
                if end - start > limit { return (line, end - start) }
                start = end + 1
                line += 1
            } else {
                return remaining > limit ? (line, remaining) : nil
            }
        }
        return nil
    }
}

/// A whole regular file as UTF-8 text, for small files other modules read (the service's configuration),
/// with the same errors as trace files: a FIFO or device node is refused rather than blocked on, and a file
/// over `maxBytes` is refused before it is read.
public enum TextFile {
    public static func read(path: String, maxBytes: Int) throws(TraceError) -> String {
        let file = try FileBytes(path: path, maxBytes: maxBytes)
        return String(decoding: file.bytes, as: UTF8.self)
    }
}

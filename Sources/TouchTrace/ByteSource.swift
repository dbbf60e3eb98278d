#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeSystem

/// Where a recording's bytes come from, read a piece at a time at any offset: a regular file (read with
/// pread, so several readers can share it: the checking pass and one per device while playing) or a text in
/// memory. Only regular files are read: a FIFO or a device node would block or never end.
final class ByteSource {
    /// The file's size when it was opened (the text's length in memory).
    let count: Int
    let path: String
    private let fd: FileDescriptor?
    private let memory: FileBytes?

    /// Bytes asked of the kernel at a time by the readers.
    static let chunkSize = 64 << 10

    init(copying bytes: UnsafeRawBufferPointer, name: String) {
        memory = FileBytes(copying: bytes)
        fd = nil
        count = bytes.count
        path = name
    }

    /// Opens `path`; refuses anything but a regular file.
    init(path: String) throws(TraceError) {
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(path, [.readOnly, .nonBlocking])
        } catch {
            throw ByteSource.failure(path, error)
        }
        var st = stat()
        do {
            try SystemCall.run("fstat") { fstat(fd.rawValue, &st) }
        } catch {
            try? fd.close()
            throw ByteSource.failure(path, error)
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            try? fd.close()
            throw TraceError(file: path, line: 0, problem: .notARegularFile)
        }
        self.fd = fd
        memory = nil
        count = Int(st.st_size)
        self.path = path
    }

    deinit { try? fd?.close() }

    /// Copies the bytes at `offset` into `buffer`: as many as fit and the text holds (0 at its end). A file
    /// that shrank since it was opened is an error: the offsets already read would no longer mean anything.
    func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(TraceError) -> Int {
        let wanted = min(buffer.count, max(count - offset, 0))
        guard wanted > 0 else { return 0 }
        if let memory {
            buffer.baseAddress!.copyMemory(from: memory.base + offset, byteCount: wanted)
            return wanted
        }
        var done = 0
        while done < wanted {
            let n: Int
            do {
                n = try fd!.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[done..<wanted]), at: offset + done)
            } catch {
                throw ByteSource.failure(path, error)
            }
            guard n > 0 else { throw TraceError(file: path, line: 0, problem: .cannotRead("file shrank while being read")) }
            done += n
        }
        return done
    }

    private static func failure(_ path: String, _ error: SystemError) -> TraceError {
        TraceError(file: path, line: 0, problem: .cannotRead("\(error.operation.prefix { $0 != "(" }): \(error.errno)"))
    }

    /// The offset just past the line break at or after `offset` (the end of the text when there is none).
    func lineEnd(after offset: Int) throws(TraceError) -> Int {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: ByteSource.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var at = offset
        while at < count {
            let n = try read(at: at, into: buffer)
            if let nl = memchr(buffer.baseAddress!, 0x0A, n) { return at + buffer.baseAddress!.distance(to: nl) + 1 }
            at += n
        }
        return count
    }
}

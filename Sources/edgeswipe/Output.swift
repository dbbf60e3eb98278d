#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeSystem

/// Writes to stdout/stderr with write(2). `BufferedOutput` batches hot output (one line per frame).
enum Output {
    static func stdout(_ text: String) { writeAll(fd: STDOUT_FILENO, text + "\n") }
    static func stderr(_ text: String) { writeAll(fd: STDERR_FILENO, text + "\n") }

    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    static func writeAll(fd: Int32, _ text: String) {
        var text = text
        text.withUTF8 { writeAll(fd: fd, $0) }
    }

    static func writeAll(fd: Int32, _ bytes: UnsafeBufferPointer<UInt8>) {
        // EPIPE and friends: the reader went away; nothing useful to do.
        _ = try? FileDescriptor(rawValue: fd).writeAll(UnsafeRawBufferPointer(bytes))
    }
}

/// Collects lines and writes them in large chunks.
final class BufferedOutput {
    private var buffer: [UInt8] = []
    private let fd: Int32
    private let limit: Int

    init(fd: Int32 = STDOUT_FILENO, limit: Int = 1 << 16) {
        self.fd = fd
        self.limit = limit
        buffer.reserveCapacity(limit + 4096)
    }

    func line(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(10)
        if buffer.count >= limit { flush() }
    }

    func flush() {
        buffer.withUnsafeBufferPointer { Output.writeAll(fd: fd, $0) }
        buffer.removeAll(keepingCapacity: true)
    }

    deinit { flush() }
}

import Glibc
import Synchronization

/// An output a command writes (standard output or error, a file it creates) that remembers its first failed
/// write or close, so the command can report it and fail at the end rather than lose output silently
/// (`> /dev/full`, a full disk, a closed descriptor). Writes go through `FileDescriptor` (EINTR retried);
/// after a failure later writes are dropped: the output is lost already, and one report is enough.
///
/// Optionally buffered (`bufferLimit` bytes are collected before one write). Thread-safe, so the process's
/// standard outputs can be shared globals.
public final class CheckedOutput: Sendable {
    /// What messages call it: "standard output", or the path of a file.
    public let name: String
    public let descriptor: FileDescriptor

    private struct State {
        var buffer: [UInt8] = []
        var failure: CheckedOutputFailure?
        var closed = false
    }

    private let state = Mutex(State())
    private let bufferLimit: Int
    /// Whether `close()` closes the descriptor (files this process created; a standard output is closed too,
    /// at exit, as gnulib's close_stdout does, to learn of write errors the kernel reports only then).
    private let closesDescriptor: Bool

    /// - Parameters:
    ///   - bufferLimit: bytes collected before they are written; 0 writes each call through at once.
    public init(descriptor: FileDescriptor, name: String, bufferLimit: Int = 0, closesDescriptor: Bool) {
        self.descriptor = descriptor
        self.name = name
        self.bufferLimit = bufferLimit
        self.closesDescriptor = closesDescriptor
    }

    /// Creates (or truncates) the file at `path` for writing, mode 0644 before the umask.
    public static func create(path: String, bufferLimit: Int = 1 << 16) throws(SystemError) -> CheckedOutput {
        let flags = O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC
        let fd = try SystemCall.run("open(\"\(path)\")") { Glibc.open(path, flags, 0o644) }
        return CheckedOutput(descriptor: FileDescriptor(rawValue: fd), name: path, bufferLimit: bufferLimit, closesDescriptor: true)
    }

    /// The first failure, if any.
    public var failure: CheckedOutputFailure? { state.withLock { $0.failure } }

    public func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// `text` and a line break.
    public func line(_ text: String) { write(text + "\n") }

    public func write(_ bytes: UnsafeRawBufferPointer) {
        state.withLock { s in
            guard s.failure == nil, !s.closed else { return }
            if bufferLimit == 0 {
                s.failure = writeThrough(bytes)
                return
            }
            s.buffer.append(contentsOf: bytes)
            if s.buffer.count >= bufferLimit { flushBuffer(&s) }
        }
    }

    /// Writes what is buffered.
    public func flush() {
        state.withLock { s in flushBuffer(&s) }
    }

    /// Flushes and, when this output closes its descriptor, closes it (a close can report what a write did
    /// not: NFS, quotas). Returns the first failure of the output's life. Later writes are dropped.
    @discardableResult
    public func close() -> CheckedOutputFailure? {
        state.withLock { s in
            guard !s.closed else { return s.failure }
            flushBuffer(&s)
            s.closed = true
            if closesDescriptor {
                do throws(SystemError) { try descriptor.close() } catch {
                    // EBADF: never open (e.g. started with stdout closed); the write that failed said so already.
                    if s.failure == nil, error.errno != .badFileDescriptor {
                        s.failure = CheckedOutputFailure(output: name, operation: .close, errno: error.errno)
                    }
                }
            }
            return s.failure
        }
    }

    private func flushBuffer(_ s: inout State) {
        guard !s.buffer.isEmpty else { return }
        if s.failure == nil {
            let failure = s.buffer.withUnsafeBytes { writeThrough($0) }
            s.failure = failure
        }
        s.buffer.removeAll(keepingCapacity: true)
    }

    /// Writes every byte; the failure, or nil.
    private func writeThrough(_ bytes: UnsafeRawBufferPointer) -> CheckedOutputFailure? {
        do throws(SystemError) {
            let written = try descriptor.writeAll(bytes)
            // A non-blocking descriptor that is full (another process set O_NONBLOCK on a shared pipe):
            // what was not taken is lost, which is a failure like any other.
            return written < bytes.count ? CheckedOutputFailure(output: name, operation: .write, errno: .wouldBlock) : nil
        } catch {
            return CheckedOutputFailure(output: name, operation: .write, errno: error.errno)
        }
    }
}

/// The first write or close of a `CheckedOutput` that failed.
public struct CheckedOutputFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Operation: String, Hashable, Sendable {
        case write = "writing"
        case close = "closing"
    }

    public var output: String
    public var operation: Operation
    public var errno: Errno

    public init(output: String, operation: Operation, errno: Errno) {
        self.output = output
        self.operation = operation
        self.errno = errno
    }

    /// e.g. "error writing standard output: No space left on device (errno 28)".
    public var description: String { "error \(operation.rawValue) \(output): \(errno)" }
}

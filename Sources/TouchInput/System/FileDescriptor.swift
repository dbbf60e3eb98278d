import Glibc

/// A file descriptor number with the few operations the engine needs. It does not close itself:
/// whoever opened it owns it (see `LiveDevice`).
public struct FileDescriptor: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    public struct OpenOptions: OptionSet, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }
        public static let readOnly = OpenOptions([])
        public static let readWrite = OpenOptions(rawValue: O_RDWR)
        public static let nonBlocking = OpenOptions(rawValue: O_NONBLOCK)
        public static let closeOnExec = OpenOptions(rawValue: O_CLOEXEC)
    }

    /// Opens `path`; close-on-exec is always added.
    public static func open(_ path: String, _ options: OpenOptions) throws -> FileDescriptor {
        let flags = options.union(.closeOnExec).rawValue
        let fd = try SystemCall.run("open(\"\(path)\")") { Glibc.open(path, flags) }
        return FileDescriptor(rawValue: fd)
    }

    /// Reads what is available; nil when a non-blocking descriptor has nothing (EAGAIN).
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int? {
        do {
            return try SystemCall.run("read(fd \(rawValue))") { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
        } catch let error as SystemError where error.errno == .wouldBlock {
            return nil
        }
    }

    /// Closes once. EINTR is not retried: on Linux the descriptor is gone either way.
    public func close() throws {
        if Glibc.close(rawValue) == -1 {
            let e = Errno.current
            if e != .interrupted { throw SystemError(errno: e, operation: "close(fd \(rawValue))") }
        }
    }

    public var description: String { "fd \(rawValue)" }
}

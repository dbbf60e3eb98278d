import Glibc

/// A typed `errno` value.
public struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The calling thread's current errno.
    public static var current: Errno { Errno(rawValue: errno) }

    public static let interrupted = Errno(rawValue: EINTR)
    /// EAGAIN, which is EWOULDBLOCK on Linux.
    public static let wouldBlock = Errno(rawValue: EAGAIN)
    public static let noDevice = Errno(rawValue: ENODEV)
    public static let noEntry = Errno(rawValue: ENOENT)
    public static let permissionDenied = Errno(rawValue: EACCES)
    public static let notATypewriter = Errno(rawValue: ENOTTY)
    public static let invalidArgument = Errno(rawValue: EINVAL)
    public static let badFileDescriptor = Errno(rawValue: EBADF)
    public static let ioError = Errno(rawValue: EIO)
    public static let noMemory = Errno(rawValue: ENOMEM)
    public static let noChild = Errno(rawValue: ECHILD)
    public static let brokenPipe = Errno(rawValue: EPIPE)
    public static let connectionAborted = Errno(rawValue: ECONNABORTED)
    public static let fileExists = Errno(rawValue: EEXIST)
    public static let addressInUse = Errno(rawValue: EADDRINUSE)
    public static let nameTooLong = Errno(rawValue: ENAMETOOLONG)
    public static let resultOutOfRange = Errno(rawValue: ERANGE)
    public static let tooManySymbolicLinks = Errno(rawValue: ELOOP)

    /// `strerror` text plus the symbolic number, e.g. "No such file or directory (errno 2)".
    public var description: String {
        let text = strerror(rawValue).map { String(cString: $0) } ?? "unknown error"
        return "\(text) (errno \(rawValue))"
    }
}

/// A failed system call: what was attempted and the errno it ended with.
public struct SystemError: Error, Hashable, Sendable, CustomStringConvertible {
    public var errno: Errno
    /// What was attempted, e.g. `open("/dev/input/event3")`.
    public var operation: String

    public init(errno: Errno, operation: String) {
        self.errno = errno
        self.operation = operation
    }

    public var description: String { "\(operation) failed: \(errno)" }
}

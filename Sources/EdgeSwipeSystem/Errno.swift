import Glibc

/// A typed `errno` value.
public struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32

    @inlinable public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The calling thread's current errno.
    public static var current: Errno { Errno(rawValue: errno) }

    // Inlinable computed values rather than stored lets: reading another module's `static let` is a call to
    // its addressor, and the device read loop compares against these after every drain.
    @inlinable public static var interrupted: Errno { Errno(rawValue: EINTR) }
    /// EAGAIN, which is EWOULDBLOCK on Linux.
    @inlinable public static var wouldBlock: Errno { Errno(rawValue: EAGAIN) }
    @inlinable public static var noDevice: Errno { Errno(rawValue: ENODEV) }
    @inlinable public static var noEntry: Errno { Errno(rawValue: ENOENT) }
    @inlinable public static var permissionDenied: Errno { Errno(rawValue: EACCES) }
    @inlinable public static var notATypewriter: Errno { Errno(rawValue: ENOTTY) }
    @inlinable public static var invalidArgument: Errno { Errno(rawValue: EINVAL) }
    @inlinable public static var badFileDescriptor: Errno { Errno(rawValue: EBADF) }
    @inlinable public static var ioError: Errno { Errno(rawValue: EIO) }
    @inlinable public static var noMemory: Errno { Errno(rawValue: ENOMEM) }
    @inlinable public static var noChild: Errno { Errno(rawValue: ECHILD) }
    @inlinable public static var brokenPipe: Errno { Errno(rawValue: EPIPE) }
    @inlinable public static var connectionAborted: Errno { Errno(rawValue: ECONNABORTED) }
    @inlinable public static var fileExists: Errno { Errno(rawValue: EEXIST) }
    @inlinable public static var addressInUse: Errno { Errno(rawValue: EADDRINUSE) }
    @inlinable public static var nameTooLong: Errno { Errno(rawValue: ENAMETOOLONG) }
    @inlinable public static var resultOutOfRange: Errno { Errno(rawValue: ERANGE) }
    @inlinable public static var tooManySymbolicLinks: Errno { Errno(rawValue: ELOOP) }

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

/// The one place system calls are made from: retries EINTR and turns failure into a `SystemError` that
/// carries errno and what was attempted. `operation` is only evaluated on failure.
/// Inlinable, so callers in other modules get it specialized for their integer type instead of the generic
/// version's protocol-witness calls on every call (the service's per-event path goes through it).
public enum SystemCall {
    /// For calls that return -1 and set errno (open, ioctl, epoll_ctl...).
    @discardableResult @inlinable
    public static func run<T: FixedWidthInteger>(_ operation: @autoclosure () -> String,
                                                 _ body: () -> T) throws(SystemError) -> T {
        while true {
            let result = body()
            if result != -1 { return result }
            let e = Errno.current
            if e == .interrupted { continue }
            throw SystemError(errno: e, operation: operation())
        }
    }

    /// For calls on non-blocking descriptors (read, write, accept...): nil when the call would block
    /// (EAGAIN), which is a normal outcome, not an error.
    @inlinable
    public static func nonBlocking<T: FixedWidthInteger>(_ operation: @autoclosure () -> String,
                                                         _ body: () -> T) throws(SystemError) -> T? {
        while true {
            let result = body()
            if result != -1 { return result }
            let e = Errno.current
            if e == .interrupted { continue }
            if e == .wouldBlock { return nil }
            throw SystemError(errno: e, operation: operation())
        }
    }

    /// For calls that return NULL and set errno (opendir, fdopendir).
    @inlinable
    public static func runPointer<T>(_ operation: @autoclosure () -> String, _ body: () -> T?) throws(SystemError) -> T {
        while true {
            if let result = body() { return result }
            let e = Errno.current
            if e == .interrupted { continue }
            throw SystemError(errno: e, operation: operation())
        }
    }

    /// For library calls that return a negative errno instead (libevdev).
    @discardableResult @inlinable
    public static func runNegativeErrno<T: FixedWidthInteger & SignedInteger>(
        _ operation: @autoclosure () -> String, _ body: () -> T) throws(SystemError) -> T {
        while true {
            let result = body()
            if result >= 0 { return result }
            let e = Errno(rawValue: Int32(truncatingIfNeeded: -result))
            if e == .interrupted { continue }
            throw SystemError(errno: e, operation: operation())
        }
    }

    /// For calls that return 0 or the errno itself (posix_spawn, pthread_sigmask).
    @inlinable
    public static func runReturningErrno(_ operation: @autoclosure () -> String,
                                         _ body: () -> Int32) throws(SystemError) {
        while true {
            let result = body()
            if result == 0 { return }
            let e = Errno(rawValue: result)
            if e == .interrupted { continue }
            throw SystemError(errno: e, operation: operation())
        }
    }
}

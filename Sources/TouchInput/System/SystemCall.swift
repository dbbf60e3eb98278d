/// The one place system calls are made from: retries EINTR and turns failure into a `SystemError` that
/// carries errno and what was attempted. `operation` is only evaluated on failure.
/// Inlinable, so callers in other modules get it specialized for their integer type instead of the generic
/// version's protocol-witness calls on every call (measured on the service's per-event path).
public enum SystemCall {
    /// For calls that return -1 and set errno (open, read, ioctl, epoll_wait...).
    @discardableResult @inlinable
    public static func run<T: FixedWidthInteger>(_ operation: @autoclosure () -> String, _ body: () -> T) throws -> T {
        while true {
            let result = body()
            if result != -1 { return result }
            let e = Errno.current
            if e == .interrupted { continue }
            throw SystemError(errno: e, operation: operation())
        }
    }

    /// For library calls that return a negative errno instead (libevdev).
    @discardableResult @inlinable
    public static func runNegativeErrno<T: FixedWidthInteger & SignedInteger>(_ operation: @autoclosure () -> String,
                                                               _ body: () -> T) throws -> T {
        while true {
            let result = body()
            if result >= 0 { return result }
            let e = Errno(rawValue: Int32(truncatingIfNeeded: -result))
            if e == .interrupted { continue }
            throw SystemError(errno: e, operation: operation())
        }
    }
}

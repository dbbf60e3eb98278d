import EdgeSwipeSystem

/// Why a live device could not be opened or read. Every case names the device node.
public enum LiveDeviceError: Error, Hashable, Sendable, CustomStringConvertible {
    case cannotOpen(path: String, errno: Errno)
    /// The node opened but does not answer evdev ioctls (e.g. /dev/null, a regular file).
    case notEvdev(path: String, errno: Errno)
    /// EVIOCGRAB failed, typically EBUSY because another process holds the grab.
    case grabFailed(path: String, errno: Errno)
    case readFailed(path: String, errno: Errno)
    /// A write to a uinput clone failed (its path is the clone's node).
    case writeFailed(path: String, errno: Errno)
    /// uinput took only part of a frame's events (it takes whole events or fails, so this is a kernel surprise).
    case shortWrite(path: String, written: Int, expected: Int)
    case libevdev(path: String, operation: String, errno: Errno)
    case closed(path: String)

    public var path: String {
        switch self {
        case .cannotOpen(let p, _), .notEvdev(let p, _), .grabFailed(let p, _), .readFailed(let p, _),
             .writeFailed(let p, _), .shortWrite(let p, _, _), .libevdev(let p, _, _), .closed(let p):
            return p
        }
    }

    public var description: String {
        switch self {
        case .cannotOpen(let path, let e):
            var hint = ""
            if e == .noEntry { hint = " (no such device node)" }
            if e == .permissionDenied { hint = " (run as root or add the user to the 'input' group)" }
            return "\(path): cannot open: \(e)\(hint)"
        case .notEvdev(let path, let e):
            return "\(path): not an evdev device (its evdev ioctls fail: \(e))"
        case .grabFailed(let path, let e):
            return "\(path): cannot grab the device (EVIOCGRAB): \(e)"
        case .readFailed(let path, let e):
            return "\(path): read failed: \(e)"
        case .writeFailed(let path, let e):
            return "\(path): write failed: \(e)"
        case .shortWrite(let path, let written, let expected):
            return "\(path): short write: \(written) of \(expected) bytes of a frame"
        case .libevdev(let path, let operation, let e):
            return "\(path): \(operation) failed: \(e)"
        case .closed(let path):
            return "\(path): device already closed"
        }
    }
}

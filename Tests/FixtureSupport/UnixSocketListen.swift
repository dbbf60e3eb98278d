import EdgeSwipeSystem
import Glibc

/// A listening Unix stream socket for the tests' fake services (non-blocking, close-on-exec), bound at `path`.
public enum UnixSocketListen {
    /// Returns the listening descriptor; the caller registers it on its loop, closes it and unlinks `path`.
    public static func listening(at path: String) throws -> FileDescriptor {
        let fd = FileDescriptor(rawValue: try SystemCall.run("socket") {
            socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        })
        do {
            try UnixAddress.withSockaddr(path) { (address, length) throws in
                _ = try SystemCall.run("bind(\(path))") { bind(fd.rawValue, address, length) }
            }
            try SystemCall.run("listen(\(path))") { Glibc.listen(fd.rawValue, 8) }
        } catch {
            try? fd.close()
            throw error
        }
        return fd
    }
}

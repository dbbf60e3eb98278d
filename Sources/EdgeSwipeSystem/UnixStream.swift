import CEdgeSwipeSys
import Glibc

/// The client end of a Unix stream socket, the one place it is made and connected (the control socket's
/// clients: `edgeswipe feedback`, doctor, report-output; the service's probe for a live socket; the tests' fakes).
package enum UnixStream {
    /// A new AF_UNIX stream socket, close-on-exec, non-blocking when asked. The caller owns it.
    package static func socket(nonBlocking: Bool) throws(SystemError) -> FileDescriptor {
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | (nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0)
        return FileDescriptor(rawValue: try SystemCall.run("socket(AF_UNIX, SOCK_STREAM)") { Glibc.socket(AF_UNIX, type, 0) })
    }

    /// connect(2) of `fd` to `path` ('@name': the abstract namespace): true when connected; false when `fd` is
    /// non-blocking and the listener's backlog is full (EAGAIN on a Unix socket: the service not accepting), to be
    /// tried again. Failures name `connect(PATH)`.
    package static func connect(_ fd: FileDescriptor, to path: String) throws -> Bool {
        try UnixAddress.withSockaddr(path) { (address, length) throws in
            try SystemCall.nonBlocking("connect(\(path))") { Glibc.connect(fd.rawValue, address, length) }
        } != nil
    }

    /// A socket connected to `path`, or the failure (a full backlog is one: EAGAIN, for a non-blocking socket).
    /// The caller owns the descriptor; on failure it is closed here.
    package static func connected(to path: String, nonBlocking: Bool) throws -> FileDescriptor {
        let fd = try socket(nonBlocking: nonBlocking)
        do {
            guard try connect(fd, to: path) else {
                throw SystemError(errno: .wouldBlock, operation: "connect(\(path))")
            }
            return fd
        } catch {
            try? fd.close()
            throw error
        }
    }
}

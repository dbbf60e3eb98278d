#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeSystem
import TouchInput

/// A listening Unix stream socket at a path, mode 0660 by default, non-blocking, close-on-exec.
package final class UnixListener {
    package let path: String
    /// The socket, owned by its registration; the owner puts it on the loop (`registration.register`).
    package let registration: LoopRegistration
    /// False for a socket systemd passed in: its socket unit owns the path and removes it.
    package let ownsPath: Bool

    /// Replaces a stale socket file left by a crashed instance, but refuses to steal the path from a live one.
    package init(loop: EventLoop, path: String, mode: mode_t = 0o660, groupID: UInt32? = nil,
                backlog: Int32 = SOMAXCONN) throws {
        self.path = path
        ownsPath = true
        try UnixListener.makeParent(of: path)
        try UnixListener.removeStale(path)
        let fd = try SystemCall.run("socket(AF_UNIX, SOCK_STREAM)") {
            socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        }
        // From here on, a throw drops the registration, which closes the socket.
        registration = LoopRegistration(loop: loop, descriptor: FileDescriptor(rawValue: fd), name: "control socket")
        do {
            _ = try UnixAddress.withSockaddr(path) { (sa, len) throws in
                try SystemCall.run("bind(\(path))") { bind(fd, sa, len) }
            }
            // Mode and group are set before listen(): until then nobody can connect, so there is no window
            // in which the socket is reachable with the umask's mode.
            try SystemCall.run("chmod(\(path), \(String(mode, radix: 8)))") { chmod(path, mode) }
            if let groupID {
                try SystemCall.run("chown(\(path), group \(groupID))") { chown(path, UInt32.max, groupID) }
            }
            try SystemCall.run("listen(\(path))") { listen(fd, backlog) }
        } catch {
            removeFile()
            throw error
        }
    }

    /// A listening socket passed in (`SocketActivation`, already checked and non-blocking); `path` is
    /// where it listens, for messages. Its mode and group are the socket unit's.
    package init(loop: EventLoop, adopting descriptor: FileDescriptor, path: String) {
        self.path = path
        ownsPath = false
        registration = LoopRegistration(loop: loop, descriptor: descriptor, name: "control socket")
    }

    package var descriptor: FileDescriptor { registration.descriptor }

    /// Closes the socket and removes its path (when it created it).
    package func shutdown() {
        registration.close()
        if ownsPath { removeFile() }
    }

    /// Best effort: a socket file that cannot be removed is replaced by the next start (`removeStale`).
    private func removeFile() {
        _ = try? SystemCall.run("unlink(\(path))") { unlink(path) }
    }

    /// Under systemd the directory is the unit's RuntimeDirectory; run by hand it may not exist yet.
    /// Only the last component is created (0750), never a whole path.
    private static func makeParent(of path: String) throws {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let parent = String(path[..<slash])
        var st = stat()
        if (try? SystemCall.run("stat(\(parent))", { stat(parent, &st) })) != nil { return }
        try SystemCall.run("mkdir(\(parent))") { mkdir(parent, 0o750) }
    }

    private static func removeStale(_ path: String) throws {
        var st = stat()
        guard (try? SystemCall.run("lstat(\(path))", { lstat(path, &st) })) != nil else { return }
        guard (st.st_mode & S_IFMT) == S_IFSOCK else {
            throw SystemError(errno: .fileExists, operation: "create control socket \(path) (a file that is not a socket is in the way)")
        }
        guard let probe = try? UnixStream.socket(nonBlocking: false) else { return }
        let live = (try? probe.closeAfter { try UnixStream.connect(probe, to: path) }) == true
        if live {
            throw SystemError(errno: .addressInUse, operation: "create control socket \(path) (another instance is listening)")
        }
        try SystemCall.run("unlink(\(path))") { unlink(path) }
    }
}

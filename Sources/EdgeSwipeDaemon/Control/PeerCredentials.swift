#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeSystem
import TouchInput

/// Who is on the other end of a Unix socket, from SO_PEERCRED (set by the kernel at connect time).
package struct PeerCredentials: Hashable, Sendable, CustomStringConvertible {
    package var pid: Int32
    package var uid: UInt32
    package var gid: UInt32
    /// Supplementary groups (SO_PEERGROUPS, Linux 4.13+); empty when the kernel cannot say.
    package var groups: [UInt32]

    package init(pid: Int32, uid: UInt32, gid: UInt32, groups: [UInt32] = []) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
        self.groups = groups
    }

    package static func of(socket fd: Int32) throws -> PeerCredentials {
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; } (Linux ABI); Glibc's overlay does not import it.
        var raw: (Int32, UInt32, UInt32) = (0, 0, 0)
        var len = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
        try SystemCall.run("getsockopt(SO_PEERCRED)") { getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &raw, &len) }
        return PeerCredentials(pid: raw.0, uid: raw.1, gid: raw.2, groups: supplementaryGroups(of: fd))
    }

    /// SO_PEERGROUPS. A kiosk user is usually in the socket's group as a supplementary group, which
    /// SO_PEERCRED does not show.
    static func supplementaryGroups(of fd: Int32) -> [UInt32] {
        let soPeerGroups = SO_PEERGROUPS
        var groups = [UInt32](repeating: 0, count: 64)
        var len = socklen_t(groups.count * 4)
        do {
            try SystemCall.run("getsockopt(SO_PEERGROUPS)") { getsockopt(fd, SOL_SOCKET, soPeerGroups, &groups, &len) }
        } catch {
            // ERANGE: more groups than room; `len` now says how many bytes they need.
            guard error.errno == .resultOutOfRange, len > 0 else { return [] }
            groups = [UInt32](repeating: 0, count: Int(len) / 4)
            guard (try? SystemCall.run("getsockopt(SO_PEERGROUPS)", { getsockopt(fd, SOL_SOCKET, soPeerGroups, &groups, &len) }))
                    != nil else { return [] }
        }
        return Array(groups.prefix(Int(len) / 4))
    }

    package var description: String { "pid \(pid) uid \(uid) gid \(gid)" }
}

/// Which peers may use the control socket. The socket's mode (0660) is the first gate; this is the second,
/// so a descriptor passed to or inherited by another process does not widen access.
package struct AccessPolicy: Hashable, Sendable {
    package var allowedUIDs: Set<UInt32>
    /// A peer with one of these as its primary or a supplementary group is allowed (the socket's group).
    package var allowedGIDs: Set<UInt32>

    package init(allowedUIDs: Set<UInt32>, allowedGIDs: Set<UInt32> = []) {
        self.allowedUIDs = allowedUIDs
        self.allowedGIDs = allowedGIDs
    }

    /// Root, the service's own user, `extraUIDs`, and members of the socket's group (the service's own
    /// group when none is configured, as that is then the socket file's group).
    package static func standard(socketGID: UInt32?, extraUIDs: Set<UInt32> = []) -> AccessPolicy {
        AccessPolicy(allowedUIDs: Set([0, geteuid()]).union(extraUIDs), allowedGIDs: [socketGID ?? getegid()])
    }

    package func allows(_ peer: PeerCredentials) -> Bool {
        allowedUIDs.contains(peer.uid) || allowedGIDs.contains(peer.gid) || peer.groups.contains { allowedGIDs.contains($0) }
    }
}

/// User and group names from the system databases (NSS), or numeric ids.
package enum Accounts {
    package static func uid(_ nameOrNumber: String) -> UInt32? {
        if let n = UInt32(nameOrNumber) { return n }
        var pwd = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        // An error (the number itself is returned) and "no such user" (a nil result) both mean no uid.
        guard (try? SystemCall.runReturningErrno("getpwnam_r(\(nameOrNumber))") {
            getpwnam_r(nameOrNumber, &pwd, &buffer, buffer.count, &result)
        }) != nil, result != nil else { return nil }
        return pwd.pw_uid
    }

    package static func gid(_ nameOrNumber: String) -> UInt32? {
        if let n = UInt32(nameOrNumber) { return n }
        var grp = group()
        var result: UnsafeMutablePointer<group>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard (try? SystemCall.runReturningErrno("getgrnam_r(\(nameOrNumber))") {
            getgrnam_r(nameOrNumber, &grp, &buffer, buffer.count, &result)
        }) != nil, result != nil else { return nil }
        return grp.gr_gid
    }
}

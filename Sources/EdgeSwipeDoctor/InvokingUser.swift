import Glibc

/// The person the doctor works for: the user who ran it, also through sudo or pkexec (then the process is root
/// and SUDO_UID or PKEXEC_UID names them). Their compositors are the ones it follows and their permissions the
/// ones it reads compositor files with, so a root doctor never prints what the user could not read.
public struct InvokingUser: Sendable, Equatable {
    public var uid: UInt32
    public var gid: UInt32
    /// Supplementary groups (the user's groups in the group database; just `gid` when it has no entry).
    public var groups: [UInt32]

    public init(uid: UInt32, gid: UInt32, groups: [UInt32]) {
        self.uid = uid
        self.gid = gid
        self.groups = groups
    }

    /// Who invoked this process: the real user, or under root the user sudo or pkexec names. `environment` gives
    /// a variable's value (the process environment by default).
    public static func current(environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }) -> InvokingUser {
        let real = getuid()
        guard real == 0 else { return InvokingUser(uid: real, gid: getgid(), groups: ownGroups()) }
        let named = [environment("SUDO_UID"), environment("PKEXEC_UID")].lazy.compactMap { $0.flatMap { UInt32($0) } }.first
        guard let uid = named, uid != 0 else { return InvokingUser(uid: 0, gid: getgid(), groups: ownGroups()) }
        return user(uid: uid, sudoGID: environment("SUDO_GID").flatMap { UInt32($0) })
    }

    /// A user by id: primary group from the password database (or SUDO_GID, or the uid), groups from the group database.
    static func user(uid: UInt32, sudoGID: UInt32?) -> InvokingUser {
        // Not through SystemCall: getpwuid's NULL means "no entry" as often as an error, and both mean the same here.
        guard let entry = getpwuid(uid) else {
            let gid = sudoGID ?? uid
            return InvokingUser(uid: uid, gid: gid, groups: [gid])
        }
        let gid = sudoGID ?? entry.pointee.pw_gid
        var count: Int32 = 64
        var groups = [gid_t](repeating: 0, count: Int(count))
        if getgrouplist(entry.pointee.pw_name, gid, &groups, &count) < 0 {
            groups = [gid_t](repeating: 0, count: Int(count))
            if getgrouplist(entry.pointee.pw_name, gid, &groups, &count) < 0 { return InvokingUser(uid: uid, gid: gid, groups: [gid]) }
        }
        return InvokingUser(uid: uid, gid: gid, groups: Array(groups.prefix(Int(count))))
    }

    static func ownGroups() -> [UInt32] {
        let n = getgroups(0, nil)
        guard n > 0 else { return [getgid()] }
        var groups = [gid_t](repeating: 0, count: Int(n))
        let got = getgroups(n, &groups)
        return got > 0 ? Array(groups.prefix(Int(got))) : [getgid()]
    }
}

import EdgeSwipeSystem
import Glibc

/// Reads a small regular file with the invoking user's rights, for the compositor files the doctor follows
/// (paths taken from a process's command line or a configuration's `source =`). The file is first only named
/// (O_PATH) and looked at with fstat: a device node or a FIFO is refused before anything opens it. Run as root
/// for another user, the effective ids are that user's while the file is named and opened, so the kernel
/// decides (directory search rights, ACLs) exactly as for the user.
public enum UserFileReader {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case cannotOpen(String)
        case notARegularFile
        case tooLarge(bytes: Int, limit: Int)
        /// The process could not take on the user's ids (or give them back), so nothing was read.
        case cannotActAsUser(String)

        public var description: String {
            switch self {
            case .cannotOpen(let why): return why
            case .notARegularFile: return "not a regular file"
            case .tooLarge(let bytes, let limit): return "\(bytes) bytes, more than the \(limit) read"
            case .cannotActAsUser(let why): return "cannot read it as the invoking user: \(why)"
            }
        }
    }

    public static func read(path: String, maxBytes: Int, as user: InvokingUser) -> Result<String, Failure> {
        readBytes(path: path, maxBytes: maxBytes, as: user).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The file's bytes, for a binary file (a dconf database).
    public static func readBytes(path: String, maxBytes: Int, as user: InvokingUser) -> Result<[UInt8], Failure> {
        guard geteuid() == 0, user.uid != 0 else { return readNamed(path, maxBytes: maxBytes) }
        return asUser(user) { readNamed(path, maxBytes: maxBytes) }
    }

    static func readNamed(_ path: String, maxBytes: Int) -> Result<[UInt8], Failure> {
        let named: FileDescriptor
        do {
            named = try FileDescriptor.open(path, .pathOnly)
        } catch {
            return .failure(.cannotOpen("\(error.errno)"))
        }
        defer { try? named.close() }
        var st = stat()
        do {
            try SystemCall.run("fstat") { fstat(named.rawValue, &st) }
        } catch {
            return .failure(.cannotOpen("\(error.errno)"))
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else { return .failure(.notARegularFile) }
        guard Int(st.st_size) <= maxBytes else { return .failure(.tooLarge(bytes: Int(st.st_size), limit: maxBytes)) }
        // The same file, opened for reading through its O_PATH name: no second path lookup to race with.
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open("/proc/self/fd/\(named.rawValue)", [.readOnly, .nonBlocking, .noControllingTerminal])
        } catch {
            return .failure(.cannotOpen("\(error.errno)"))
        }
        defer { try? file.close() }
        do {
            // One byte more than allowed tells a file that grew since fstat.
            let bytes = try file.readToEnd(upTo: maxBytes + 1)
            guard bytes.count <= maxBytes else { return .failure(.tooLarge(bytes: bytes.count, limit: maxBytes)) }
            return .success(bytes)
        } catch {
            return .failure(.cannotOpen("\(error.errno)"))
        }
    }

    /// Runs `body` with `user`'s effective ids and groups, then takes root's back. Never runs `body` when the
    /// switch fails; a failure to switch back ends the process with status 1 (it must not go on as the wrong user).
    static func asUser(_ user: InvokingUser, _ body: () -> Result<[UInt8], Failure>) -> Result<[UInt8], Failure> {
        let savedGroups = InvokingUser.ownGroups()
        let savedGID = getegid()
        var groups = user.groups.map { gid_t($0) }
        do {
            try SystemCall.run("setgroups") { setgroups(groups.count, &groups) }
            do {
                try SystemCall.run("setegid") { setegid(user.gid) }
                do {
                    try SystemCall.run("seteuid") { seteuid(user.uid) }
                } catch {
                    _ = setegid(savedGID)
                    throw error
                }
            } catch {
                var back = savedGroups.map { gid_t($0) }
                _ = setgroups(back.count, &back)
                throw error
            }
        } catch {
            return .failure(.cannotActAsUser("\(error)"))
        }
        let result = body()
        var back = savedGroups.map { gid_t($0) }
        guard seteuid(0) == 0, setegid(savedGID) == 0, setgroups(back.count, &back) == 0 else {
            let message = "edgeswipe doctor: could not take back root's ids after reading a file as uid \(user.uid) (errno \(errno)); stopping\n"
            _ = message.utf8CString.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count - 1) }
            exit(1)
        }
        return result
    }
}

import EdgeSwipeSystem

/// What the service can see of a reported pid: its real uid (/proc/PID/status, `Uid:`) and its start time
/// (/proc/PID/stat, field 22, in clock ticks since boot), which tells a pid reused by another process from the
/// one reported. The packaged service runs with ProtectProc=invisible as its own user: the session user's
/// processes are not in its /proc at all, so there every pid is `hidden` (docs/daemon.md, back routing).
package enum ProcessLookup: Hashable, Sendable {
    case visible(uid: UInt32, startTime: UInt64)
    /// Not in this /proc: no such process, or one ProtectProc hides (the two cannot be told apart).
    case hidden
}

package enum ProcessIdentity {
    /// /proc/PID/status and stat are a few KiB; more is not a process file.
    static let maxFileBytes = 16 * 1024

    /// Looks `pid` up under `root` (/proc; tests give a directory laid out alike).
    package static func lookUp(_ pid: Int32, root: String = "/proc") -> ProcessLookup {
        let directory = "\(root)/\(pid)"
        // A process that ends while it is read is as good as hidden: the report's pid is gone.
        guard let status = try? smallFile(directory + "/status"), let stat = try? smallFile(directory + "/stat"),
              let uid = realUID(status: status), let start = startTime(stat: stat) else { return .hidden }
        return .visible(uid: uid, startTime: start)
    }

    /// The first number of the `Uid:` line (real, effective, saved, filesystem).
    package static func realUID(status: [UInt8]) -> UInt32? {
        let text = String(decoding: status, as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("Uid:") {
            return line.dropFirst(4).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { UInt32($0) }
        }
        return nil
    }

    /// Field 22 of /proc/PID/stat, counted after the command's closing parenthesis (the command may hold spaces
    /// and parentheses itself).
    package static func startTime(stat: [UInt8]) -> UInt64? {
        guard let close = stat.lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
        // After ")": field 3 (state) is fields[0], so field 22 is fields[19].
        guard fields.count > 19 else { return nil }
        return UInt64(String(decoding: fields[19], as: UTF8.self))
    }

    private static func smallFile(_ path: String) throws(SystemError) -> [UInt8] {
        let fd = try FileDescriptor.open(path, .readOnly)
        defer { try? fd.close() }
        return try fd.readToEnd(upTo: maxFileBytes)
    }
}

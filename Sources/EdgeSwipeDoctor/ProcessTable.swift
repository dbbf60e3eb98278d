import EdgeSwipeSystem
import Glibc

/// Reads the processes /proc shows: each one's short name, command line and the input nodes it holds open.
/// `root` is /proc on a machine; tests give a directory laid out the same way. Another user's /proc/PID/fd
/// cannot be read without privilege: such a process is listed with no nodes, never as an error.
public enum ProcessTable {
    /// Largest /proc/PID/cmdline or comm read; the kernel's own limit for comm is 16 bytes.
    static let maxFileBytes = 64 * 1024

    public static func read(root: String = "/proc") throws(SystemError) -> [ProcessFact] {
        try entries(of: root).compactMap { name -> ProcessFact? in
            guard let pid = Int32(name), pid > 0 else { return nil }
            let directory = root + "/" + name
            // A process may end while it is read: whatever is gone is skipped, not reported.
            guard let comm = try? smallFile(directory + "/comm") else { return nil }
            let cmdline = (try? smallFile(directory + "/cmdline")) ?? []
            var arguments = cmdline.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            if arguments.last == "" { arguments.removeLast() }
            let links = (try? entries(of: directory + "/fd")) ?? []
            let nodes = links.compactMap { try? link(directory + "/fd/" + $0) }.filter { $0.hasPrefix("/dev/input/event") }
            var st = stat()
            // Not through SystemCall: a process gone meanwhile has no owner to tell, which is not an error.
            let uid: UInt32? = stat(directory, &st) == 0 ? st.st_uid : nil
            return ProcessFact(pid: pid, name: String(decoding: comm, as: UTF8.self).trimmingWhitespace().description,
                               arguments: arguments, inputNodes: Array(Set(nodes)).sorted(), uid: uid)
        }.sorted { $0.pid < $1.pid }
    }

    /// The names in a directory, without "." and "..".
    static func entries(of path: String) throws(SystemError) -> [String] {
        try DirectoryEntries.names(of: path)
    }

    /// A small file's bytes (a /proc file has no size to ask for: it is read until its end), at most `maxFileBytes`.
    static func smallFile(_ path: String) throws(SystemError) -> [UInt8] {
        let fd = try FileDescriptor.open(path, .readOnly)
        defer { try? fd.close() }
        return try fd.readToEnd(upTo: maxFileBytes)
    }

    static func link(_ path: String) throws(SystemError) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = try SystemCall.run("readlink(\(path))") { readlink(path, &buffer, buffer.count - 1) }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

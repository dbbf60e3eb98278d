import EdgeSwipeControl
import EdgeSwipeSystem

/// Reads a process's toolkit from `/proc/PID/maps` (`AppToolkitScan`): the session side does this, as the user
/// that runs the app (the sandboxed service, another user, may not read another's maps: ptrace access mode). Read
/// in 64 KiB chunks and scanned line by line, at most 16 MiB (a browser's maps is under 1 MiB): memory is one
/// chunk and one line. Nil when the file cannot be read (the process is gone, or not this user's: then the
/// report has no toolkit and the service decides by app_id).
enum ProcessToolkit {
    static let maxBytes = 16 * 1024 * 1024
    static let chunkBytes = 64 * 1024

    static func read(pid: Int32) -> AppToolkit? {
        guard pid > 0, let fd = try? FileDescriptor.open("/proc/\(pid)/maps", [.readOnly, .closeOnExec]) else { return nil }
        defer { try? fd.close() }
        var scan = AppToolkitScan()
        var chunk = [UInt8](repeating: 0, count: chunkBytes)
        var line: [UInt8] = []
        var total = 0
        while total < maxBytes {
            guard let n = try? chunk.withUnsafeMutableBytes({ try fd.read(into: $0) }) else { return nil }
            if n == 0 { break }
            total += n
            for byte in chunk.prefix(n) {
                if byte == UInt8(ascii: "\n") {
                    scan.take(line: Substring(String(decoding: line, as: UTF8.self)))
                    line.removeAll(keepingCapacity: true)
                } else if line.count < 4096 {
                    // A maps line is at most PATH_MAX plus its fields; longer is not a path.
                    line.append(byte)
                }
            }
        }
        if !line.isEmpty { scan.take(line: Substring(String(decoding: line, as: UTF8.self))) }
        return scan.lines > 0 ? scan.toolkit : nil
    }
}

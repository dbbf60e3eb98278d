#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeDoctor
import EdgeSwipeSystem

/// The running compositor's outputs for `edgeswipe doctor`, asked through its own tool: `swaymsg -t get_outputs -r`
/// when sway runs (it finds sway through SWAYSOCK), `hyprctl monitors -j` when Hyprland does. Nil when neither runs,
/// the tool is not installed, or it does not answer in JSON.
enum DoctorCompositorQuery {
    /// What a tool may print: outputs are a few KiB; more is not an answer.
    static let maxBytes = 1 << 20

    static func outputs(_ processes: [ProcessFact]) -> [CompositorOutputFact]? {
        let running = Set(processes.map(\.program))
        if running.contains("sway"), let text = run("swaymsg", ["-t", "get_outputs", "-r"]) {
            return CompositorOutputFact.sway(text)
        }
        if running.contains("Hyprland"), let text = run("hyprctl", ["monitors", "-j"]) {
            return CompositorOutputFact.hyprland(text)
        }
        return nil
    }

    /// The tool's standard output, found on PATH; nil when it is missing, fails, or prints too much.
    static func run(_ tool: String, _ arguments: [String]) -> String? {
        var search = "/usr/bin:/bin"
        if let value = getenv("PATH") { search = String(cString: value) }
        // Not through SystemCall: access(2) is asked yes or no for each directory of PATH.
        let candidates: [String] = search.split(separator: ":").map { dir in "\(dir)/\(tool)" }
        let path = candidates.first { access($0, X_OK) == 0 }
        guard let path, let (read, write) = try? FileDescriptor.pipe() else { return nil }
        let child: ChildProcess
        do {
            child = try Spawn.start([path] + arguments, fileActions: [.open(fd: 0, path: "/dev/null", flags: O_RDONLY),
                                                                     .duplicate(write, as: 1),
                                                                     .open(fd: 2, path: "/dev/null", flags: O_WRONLY)])
        } catch {
            try? read.close()
            try? write.close()
            return nil
        }
        try? write.close()
        let bytes = try? read.readToEnd(upTo: maxBytes)
        try? read.close()
        if bytes == nil || bytes!.count >= maxBytes { try? child.signal(SIGKILL) }
        guard case .exited(0)? = try? child.wait(), let bytes, bytes.count < maxBytes else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}

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
    /// How long a tool may take in all: a compositor that hangs must not hang the doctor.
    static let deadlineMS = 2000

    /// The outputs, and a note when the tool ran and gave no answer.
    static func outputs(_ processes: [ProcessFact]) -> (outputs: [CompositorOutputFact]?, note: String?) {
        // The program's file name or the kernel's name (a wrapper script keeps the compositor's name there).
        let running = Set(processes.flatMap { [$0.program, $0.name] })
        if running.contains("sway") {
            return answer("swaymsg", ["-t", "get_outputs", "-r"], CompositorOutputFact.sway)
        }
        if running.contains("Hyprland") {
            return answer("hyprctl", ["monitors", "-j"], CompositorOutputFact.hyprland)
        }
        return (nil, nil)
    }

    static func answer(_ tool: String, _ arguments: [String],
                       _ parse: (String) -> [CompositorOutputFact]?) -> (outputs: [CompositorOutputFact]?, note: String?) {
        switch run(tool, arguments) {
        case .success(let text): return (parse(text), nil)
        case .failure(.missing): return (nil, nil)
        case .failure(let why): return (nil, "did not learn the compositor's outputs: '\(tool) \(arguments.joined(separator: " "))' \(why)")
        }
    }

    enum ToolFailure: Error, CustomStringConvertible {
        case missing, cannotStart, failed, tooMuch
        case noAnswer(ms: Int)
        var description: String {
            switch self {
            case .missing: return "is not installed"
            case .cannotStart: return "could not be started"
            case .failed: return "failed"
            case .tooMuch: return "printed more than \(maxBytes >> 20) MiB"
            case .noAnswer(let ms): return "did not finish within \(ms) ms (it was stopped)"
            }
        }
    }

    /// The tool's standard output, found on PATH; a failure when it is missing, fails, prints too much, or has
    /// not finished within `deadlineMS` (it is killed then).
    static func run(_ tool: String, _ arguments: [String], deadlineMS: Int = deadlineMS) -> Result<String, ToolFailure> {
        var search = "/usr/bin:/bin"
        if let value = getenv("PATH") { search = String(cString: value) }
        // Not through SystemCall: access(2) is asked yes or no for each directory of PATH.
        let candidates: [String] = search.split(separator: ":").map { dir in "\(dir)/\(tool)" }
        let path = candidates.first { access($0, X_OK) == 0 }
        guard let path else { return .failure(.missing) }
        guard let (read, write) = try? FileDescriptor.pipe(nonBlocking: true) else { return .failure(.cannotStart) }
        let child: ChildProcess
        do {
            child = try Spawn.start([path] + arguments, fileActions: [.open(fd: 0, path: "/dev/null", flags: O_RDONLY),
                                                                     .duplicate(write, as: 1),
                                                                     .open(fd: 2, path: "/dev/null", flags: O_WRONLY)])
        } catch {
            try? read.close()
            try? write.close()
            return .failure(.cannotStart)
        }
        try? write.close()
        let bytes = readUntilEnd(read, deadlineMS: deadlineMS)
        try? read.close()
        if bytes == nil || bytes!.count >= maxBytes { try? child.signal(SIGKILL) }
        let status = try? child.wait()
        guard let bytes else { return .failure(.noAnswer(ms: deadlineMS)) }
        guard bytes.count < maxBytes else { return .failure(.tooMuch) }
        guard case .exited(0)? = status else { return .failure(.failed) }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// Reads a non-blocking pipe to its end, at most `maxBytes`; nil at the deadline or on an error.
    static func readUntilEnd(_ fd: FileDescriptor, deadlineMS: Int) -> [UInt8]? {
        let end = monotonicMS() + deadlineMS
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while bytes.count < maxBytes {
            let left = end - monotonicMS()
            guard left > 0 else { return nil }
            var p = pollfd(fd: fd.rawValue, events: Int16(POLLIN), revents: 0)
            guard let ready = try? SystemCall.run("poll", { Glibc.poll(&p, 1, Int32(left)) }) else { return nil }
            if ready == 0 { continue }
            let got = chunk.withUnsafeMutableBytes { raw in Result { () throws(SystemError) in try fd.read(into: raw) } }
            switch got {
            case .success(nil): continue
            case .success(0?): return bytes
            case .success(let n?): bytes += chunk[0..<n]
            case .failure: return nil
            }
        }
        return bytes
    }

    static func monotonicMS() -> Int {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return t.tv_sec * 1000 + t.tv_nsec / 1_000_000
    }
}

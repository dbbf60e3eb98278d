#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeDaemon
import EdgeSwipeSystem
import Navigation
import TouchInput
import TouchTrace

/// `edgeswipe demo`: the whole pipeline on the bundled sample, no hardware needed.
enum DemoCommand: Subcommand {
    static let name = "demo"
    static let summary = "Replay the bundled sample of back swipes against a sample navigation stack."
    static let positionalUsage = ""
    static let positionalRange = 0...0
    static let stack = "home,inbox:header,message:header"
    static let discussion = """
        The sample (samples/demo-back-swipes.evemu) holds five strokes on a Google Pixel Tablet description:
        a fast back swipe (completes), a slow one that comes back (cancels), a steady one (completes), one more
        that reaches the root (refused), and a tap. The stack is '\(stack)': two flexible-header hosts that use
        the recipe over a plain root.
        """

    struct Options: CommandOptions {
        static let json = OptionSpec(name: "json", short: nil, valueName: nil, help: "Print JSON lines.")
        static let sample = OptionSpec(name: "sample", short: nil, valueName: "FILE", help: "Use another recording instead of the bundled one.")
        static let options = [json, sample]

        var json: Bool
        var sample: String?

        init(_ a: ParsedArguments) {
            json = a.flag(Self.json)
            sample = a.string(Self.sample)
        }
    }

    static func run(_ o: Options) throws -> ExitStatus {
        let sampleName = "demo-back-swipes.evemu"
        guard let path = o.sample ?? SampleFiles.locate(sampleName) else { throw CommandError.sampleNotFound(sampleName) }
        let trace = try TraceLoading.read(path: path, strict: false)
        var options = PipelineOptions()
        options.stack = try StackSpec.parse(stack)
        let json = o.json
        let out = Output.standardOutput
        if !json {
            out.line("EdgeSwipe demo: \(path)")
            out.line("device \"\(trace.devices.first?.description.name ?? "?")\", stack \(stack), one-finger left-edge back swipe")
            out.line("")
        }
        try ReplayCommand.replay(TraceStream(trace), options: options, json: json, realtime: false, out: out)
        out.flush()
        return .success
    }
}

/// Finds files shipped in samples/.
enum SampleFiles {
    static func locate(_ name: String) -> String? {
        var dirs: [String] = []
        if let env = getenv("EDGESWIPE_SAMPLES") { dirs.append(String(cString: env)) }
        dirs.append("samples")
        if let exe = executableDirectory() {
            dirs.append(exe + "/../share/edgeswipe/samples")
        }
        // The source tree this binary was built from (swift run, swift build).
        var source = #filePath
        for _ in 0..<4 { source = String(source[..<(source.lastIndex(of: "/") ?? source.startIndex)]) }
        dirs.append(source + "/samples")
        // Not through SystemCall: access(2) is asked yes or no; any failure means the next directory.
        for d in dirs where access(d + "/" + name, R_OK) == 0 { return d + "/" + name }
        return nil
    }

    static func executableDirectory() -> String? {
        var buf = [CChar](repeating: 0, count: 4096)
        guard let n = try? SystemCall.run("readlink(/proc/self/exe)", { readlink("/proc/self/exe", &buf, buf.count - 1) }),
              n > 0 else { return nil }
        let path = String(decoding: buf[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
    }
}

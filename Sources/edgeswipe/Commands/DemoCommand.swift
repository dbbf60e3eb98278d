#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeDaemon
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
    static let options: [OptionSpec] = [
        OptionSpec(name: "json", short: nil, valueName: nil, help: "Print JSON lines."),
        OptionSpec(name: "sample", short: nil, valueName: "FILE", help: "Use another recording instead of the bundled one."),
    ]

    static func run(_ a: ParsedArguments) throws -> ExitStatus {
        guard let path = a.value("sample") ?? SampleFiles.locate("demo-back-swipes.evemu") else {
            throw RuntimeError("cannot find the bundled sample demo-back-swipes.evemu (looked in $EDGESWIPE_SAMPLES, ./samples, the install's share/edgeswipe/samples and the source tree); give one with --sample FILE")
        }
        let trace: Trace
        trace = try TraceLoading.read(path: path, strict: false)
        var options = PipelineOptions()
        options.stack = try StackSpec.parse(stack)
        let json = a.flag("json")
        let out = BufferedOutput()
        if !json {
            out.line("EdgeSwipe demo: \(path)")
            out.line("device \"\(trace.devices.first?.description.name ?? "?")\", stack \(stack), one-finger left-edge back swipe")
            out.line("")
        }
        try ReplayCommand.replay(trace, options: options, json: json, realtime: false, out: out)
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
        for d in dirs where access(d + "/" + name, R_OK) == 0 { return d + "/" + name }
        return nil
    }

    static func executableDirectory() -> String? {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        guard n > 0 else { return nil }
        let path = String(decoding: buf[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
    }
}

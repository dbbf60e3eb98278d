import EdgeSwipeDaemon
import TouchTrace

/// Reads a recording for a command. A file cut short gives its complete frames and one warning on stderr
/// naming the file, the line and what was dropped; with `--strict` the cut is an error.
enum TraceLoading {
    static let strict = OptionSpec(name: "strict", short: nil, valueName: nil,
                                         help: "A recording cut short (mid-line or mid-frame) is an error instead of a warning.")

    static func read(path: String, description: String? = nil, strict: Bool) throws -> Trace {
        let trace = try TraceReader.read(path: path, description: description, strict: strict)
        warn(trace.cut)
        return trace
    }

    /// The recording as a stream (`replay`): checked whole, then played from the file, any length.
    static func open(path: String, description: String? = nil, strict: Bool) throws -> TraceStream {
        let stream = try TraceReader.open(path: path, description: description, strict: strict)
        warn(stream.cut)
        return stream
    }

    private static func warn(_ cut: TraceCut?) {
        if let cut { Output.stderr("edgeswipe: warning: " + TerminalText.escaped("\(cut)")) }
    }
}

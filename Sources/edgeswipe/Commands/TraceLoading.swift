import EdgeSwipeDaemon
import TouchTrace

/// Reads a recording for a command. A file cut short gives its complete frames and one warning on stderr
/// naming the file, the line and what was dropped; with `--strict` the cut is an error.
enum TraceLoading {
    static let strict = OptionSpec(name: "strict", short: nil, valueName: nil,
                                         help: "A recording cut short (mid-line or mid-frame) is an error instead of a warning.")

    static func read(path: String, description: String? = nil, strict: Bool) throws -> Trace {
        let trace = try TraceReader.read(path: path, description: description, strict: strict)
        if let cut = trace.cut { Output.stderr("edgeswipe: warning: " + TerminalText.escaped("\(cut)")) }
        return trace
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Buffered writes to stdout/stderr without Foundation's per-call overhead.
enum Output {
    static func stdout(_ text: String) {
        var line = text
        line.append("\n")
        fputs(line, Glibc.stdout)
    }

    static func stderr(_ text: String) {
        var line = text
        line.append("\n")
        fputs(line, Glibc.stderr)
    }

    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}

#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeSystem

/// The service's log: one line per message on stderr (the journal adds time and unit), with a
/// sd-daemon(3) priority prefix so journald records the level.
package struct DaemonLog: Sendable {
    package enum Level: Int, Comparable, Sendable {
        case debug = 7, info = 6, warning = 4, error = 3
        package static func < (a: Level, b: Level) -> Bool { a.rawValue > b.rawValue }
    }

    package var minimum: Level
    private let sink: @Sendable (Level, String) -> Void

    package init(minimum: Level = .info, sink: @escaping @Sendable (Level, String) -> Void = DaemonLog.stderrSink) {
        self.minimum = minimum
        self.sink = sink
    }

    /// Discards everything (tests that do not look at the log).
    package static let silent = DaemonLog(minimum: .error) { _, _ in }

    /// The "<N>" prefix is for the journal (SyslogLevelPrefix=); a person at a terminal gets plain lines.
    /// Not through SystemCall: isatty's "no" (ENOTTY, EBADF) is the answer, not an error.
    static let prefixed = isatty(2) == 0

    /// Device names and paths in messages come from outside: control characters are escaped (TerminalText).
    package static let stderrSink: @Sendable (Level, String) -> Void = { level, message in
        let line = (prefixed ? "<\(level.rawValue)>" : "") + TerminalText.escaped(message, keepLineBreaks: true) + "\n"
        _ = try? FileDescriptor(rawValue: STDERR_FILENO).writeAll(line.utf8)
    }

    package func log(_ level: Level, _ message: @autoclosure () -> String) {
        if level >= minimum { sink(level, message()) }
    }

    package func debug(_ m: @autoclosure () -> String) { log(.debug, m()) }
    package func info(_ m: @autoclosure () -> String) { log(.info, m()) }
    package func warning(_ m: @autoclosure () -> String) { log(.warning, m()) }
    package func error(_ m: @autoclosure () -> String) { log(.error, m()) }
}

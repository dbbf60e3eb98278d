/// How much a log line matters, numbered as syslog(3) and sd-daemon(3) do: journald reads the number from a
/// "<N>" prefix. The most severe is the greatest: `.debug < .info < .warning < .error`.
public enum LogLevel: Int, Comparable, Sendable, CaseIterable, CustomStringConvertible {
    case error = 3, warning = 4, info = 6, debug = 7

    public static func < (a: LogLevel, b: LogLevel) -> Bool { a.rawValue > b.rawValue }

    public var description: String {
        switch self {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "info"
        case .debug: return "debug"
        }
    }
}

/// Where log lines go: the one type every part logs through. The state machines' "state → cause → state" lines
/// (recognizers, the hold forwarder, the navigation arbiter and controller, the decoder's sync state) are
/// `debug`; the service's messages have their levels. A pure module holds an optional sink, nil when off (one
/// check, and no line is formatted), and does no I/O: the program hands it a sink that writes (the service's
/// journal lines, DaemonLog; the CLI's `--verbose`, on stderr).
public struct LogSink: Sendable {
    /// Lines below this level are not formatted.
    public var minimum: LogLevel
    private let write: @Sendable (LogLevel, String) -> Void

    public init(minimum: LogLevel = .debug, write: @escaping @Sendable (LogLevel, String) -> Void) {
        self.minimum = minimum
        self.write = write
    }

    @inline(__always)
    public func accepts(_ level: LogLevel) -> Bool { level >= minimum }

    /// Formats and writes the line if its level is wanted.
    @inline(__always)
    public func callAsFunction(_ level: LogLevel, _ line: @autoclosure () -> String) {
        guard accepts(level) else { return }
        write(level, line())
    }

    /// A state machine's transition.
    @inline(__always)
    public func debug(_ line: @autoclosure () -> String) { self(.debug, line()) }
}

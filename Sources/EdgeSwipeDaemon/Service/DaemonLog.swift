#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeSystem
import Synchronization
import TouchModel

/// The service's log: one line per message on stderr (the journal adds time and unit), with a
/// sd-daemon(3) priority prefix so journald records the level.
package struct DaemonLog: Sendable {
    /// The levels every part logs with (TouchModel's LogSink).
    package typealias Level = LogLevel

    package var minimum: Level
    private let sink: @Sendable (Level, String) -> Void
    /// Info, warnings and errors are damped per place in the code (LogDamper); debug lines, asked for, are not.
    private let damper = DamperState()
    private let clock: @Sendable () -> Microseconds

    package init(minimum: Level = .info, sink: @escaping @Sendable (Level, String) -> Void = DaemonLog.stderrSink,
                 clock: @escaping @Sendable () -> Microseconds = DaemonLog.monotonicNow) {
        self.minimum = minimum
        self.sink = sink
        self.clock = clock
    }

    /// Shared by the copies of one log (a struct handed around).
    private final class DamperState: Sendable {
        let damper = Mutex(LogDamper())
    }

    package static let monotonicNow: @Sendable () -> Microseconds = {
        var t = timespec()
        // Not through SystemCall: CLOCK_MONOTONIC cannot fail on Linux.
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Microseconds(UInt64(t.tv_sec) * 1_000_000 + UInt64(t.tv_nsec) / 1000)
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

    package func log(_ level: Level, _ message: @autoclosure () -> String, site: String = "") {
        guard level >= minimum else { return }
        guard level != .debug, !site.isEmpty else { return sink(level, message()) }
        let now = clock()
        switch damper.damper.withLock({ $0.admit(site: site, now: now) }) {
        case .write(let before):
            let text = message()
            sink(level, before == 0 ? text : text + " (\(before) more line\(before == 1 ? "" : "s") from here were held back in the last "
                                                  + "\(LogDamper.window.rawValue / 60_000_000) min)")
        case .holdBack:
            sink(level, message() + " (more lines from here are held back for up to \(LogDamper.window.rawValue / 60_000_000) min; "
                                   + "their count comes with the next one)")
        case .suppress:
            return
        }
    }

    package func debug(_ m: @autoclosure () -> String) { log(.debug, m()) }

    /// The state machines' lines as this log's debug lines (`run --verbose`), not damped: a sink for the session,
    /// or nil when debug lines are not wanted, so that none is formatted.
    package var transitionSink: LogSink? {
        guard LogLevel.debug >= minimum else { return nil }
        let log = self
        return LogSink(minimum: .debug) { level, line in log.log(level, line) }
    }
    package func info(_ m: @autoclosure () -> String, fileID: String = #fileID, line: Int = #line) {
        log(.info, m(), site: "\(fileID):\(line)")
    }
    package func warning(_ m: @autoclosure () -> String, fileID: String = #fileID, line: Int = #line) {
        log(.warning, m(), site: "\(fileID):\(line)")
    }
    package func error(_ m: @autoclosure () -> String, fileID: String = #fileID, line: Int = #line) {
        log(.error, m(), site: "\(fileID):\(line)")
    }
}

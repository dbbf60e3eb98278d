#if canImport(Glibc)
import Glibc
#endif
import TouchInput

/// Runs configured commands with posix_spawn: an absolute program path and an argv, no shell, no PATH search.
/// Children get stdin from /dev/null, the service's stdout and stderr (the journal), a fixed small
/// environment, default signal dispositions and an empty signal mask (the service blocks its signals for
/// the signalfd; a child must not inherit that).
///
/// Only the children it started are reaped (waitpid by pid), so it never steals another component's child.
public final class CommandRunner {
    public static let environment = ["PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
                                     "LANG=C.UTF-8"]

    /// How a child ended.
    public enum Termination: Hashable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)
        public var description: String {
            switch self {
            case .exited(let code): return "exited with status \(code)"
            case .signalled(let sig): return "killed by signal \(sig)"
            }
        }
    }

    /// At most this many commands run at once; a gesture past that is logged and skipped.
    public let maxRunning: Int
    public private(set) var running: [Int32: [String]] = [:]
    private let log: DaemonLog

    public init(maxRunning: Int = 8, log: DaemonLog) {
        self.maxRunning = maxRunning
        self.log = log
    }

    /// Starts `argv[0]` with `argv`. Returns the pid.
    @discardableResult
    public func spawn(_ argv: [String], environment: [String] = CommandRunner.environment) throws -> Int32 {
        guard let program = argv.first, program.hasPrefix("/") else {
            throw SystemError(errno: Errno(rawValue: EINVAL), operation: "spawn: argv[0] must be an absolute path")
        }
        guard running.count < maxRunning else {
            throw SystemError(errno: Errno(rawValue: EAGAIN),
                              operation: "spawn \(program): \(maxRunning) commands still running")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)

        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attr, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in ServiceSignals.handled + [SIGPIPE] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigdefault(&attr, &defaults)
        // Its own process group: a terminal's Ctrl-C aimed at the service does not hit the command.
        posix_spawnattr_setpgroup(&attr, 0)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        let cArgv = argv.map { strdup($0) } + [nil]
        let cEnv = environment.map { strdup($0) } + [nil]
        defer {
            cArgv.forEach { free($0) }
            cEnv.forEach { free($0) }
        }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, program, &actions, &attr, cArgv, cEnv)
        guard rc == 0 else { throw SystemError(errno: Errno(rawValue: rc), operation: "posix_spawn(\(program))") }
        running[pid] = argv
        log.debug("action: started \(argv) as pid \(pid)")
        return pid
    }

    /// Collects every finished child it started (call on SIGCHLD). Never blocks.
    @discardableResult
    public func reap() -> [(pid: Int32, termination: Termination)] {
        var done: [(pid: Int32, termination: Termination)] = []
        for pid in running.keys {
            var status: Int32 = 0
            let r = waitpid(pid, &status, WNOHANG)
            guard r == pid || (r == -1 && errno == ECHILD) else { continue }
            let argv = running.removeValue(forKey: pid) ?? []
            let t = CommandRunner.termination(status)
            if case .exited(0) = t {
                log.debug("action: pid \(pid) \(argv.first ?? "") \(t)")
            } else {
                log.warning("action: \(argv.first ?? "") (pid \(pid)) \(t)")
            }
            done.append((pid, t))
        }
        return done
    }

    /// The wait(2) status macros, which Swift does not import.
    static func termination(_ status: Int32) -> Termination {
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}

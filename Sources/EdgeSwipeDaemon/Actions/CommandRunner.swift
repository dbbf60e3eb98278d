#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeSystem
import TouchInput

/// Runs configured commands with posix_spawn (`Spawn`): an absolute program path and an argv, no shell, no PATH
/// search. Children get stdin from /dev/null, the service's stdout and stderr (the journal), a fixed small
/// environment, default signal dispositions and an empty signal mask, in a process group of their own.
///
/// Only the children it started are reaped (waitpid by pid), so it never steals another component's child.
package final class CommandRunner {
    package static let environment = ["PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
                                     "LANG=C.UTF-8"]

    package typealias Termination = EdgeSwipeSystem.Termination

    /// At most this many commands run at once; a gesture past that is logged and skipped.
    package let maxRunning: Int
    package private(set) var running: [Int32: [String]] = [:]
    private let log: DaemonLog

    package init(maxRunning: Int = 8, log: DaemonLog) {
        self.maxRunning = maxRunning
        self.log = log
    }

    /// Starts `argv[0]` with `argv`. Returns the pid.
    @discardableResult
    package func spawn(_ argv: [String], environment: [String] = CommandRunner.environment) throws -> Int32 {
        guard let program = argv.first, program.hasPrefix("/") else {
            throw SystemError(errno: .invalidArgument, operation: "spawn: argv[0] must be an absolute path")
        }
        guard running.count < maxRunning else {
            throw SystemError(errno: .wouldBlock, operation: "spawn \(program): \(maxRunning) commands still running")
        }
        let child = try Spawn.start(argv, environment: environment,
                                    fileActions: [.open(fd: STDIN_FILENO, path: "/dev/null", flags: O_RDONLY)],
                                    newProcessGroup: true)
        running[child.pid] = argv
        log.debug("action: started \(argv) as pid \(child.pid)")
        return child.pid
    }

    /// Collects every finished child it started (call on SIGCHLD). Never blocks.
    @discardableResult
    package func reap() -> [(pid: Int32, termination: Termination)] {
        var done: [(pid: Int32, termination: Termination)] = []
        for pid in running.keys {
            let t: Termination
            do {
                guard let ended = try ChildProcess(pid: pid).poll() else { continue }
                t = ended
            } catch {
                // ECHILD: already reaped elsewhere; nothing more will come of it. Counted as a clean exit.
                guard error.errno == .noChild else { continue }
                t = .exited(0)
            }
            let argv = running.removeValue(forKey: pid) ?? []
            if case .exited(0) = t {
                log.debug("action: pid \(pid) \(argv.first ?? "") \(t)")
            } else {
                log.warning("action: \(argv.first ?? "") (pid \(pid)) \(t)")
            }
            done.append((pid, t))
        }
        return done
    }
}

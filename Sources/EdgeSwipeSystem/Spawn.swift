import CEdgeSwipeSys
import Glibc

/// How a child process ended: wait(2)'s status, decoded.
public enum Termination: Hashable, Sendable, CustomStringConvertible {
    case exited(Int32)
    case signalled(Int32)

    public init(waitStatus status: Int32) {
        self = edgeswipe_wifexited(status) != 0 ? .exited(edgeswipe_wexitstatus(status))
                                                : .signalled(edgeswipe_wtermsig(status))
    }

    /// The shell's `$?`: the exit code, or 128 plus the signal number.
    public var shellStatus: Int32 {
        switch self {
        case .exited(let code): return code
        case .signalled(let signal): return 128 + signal
        }
    }

    public var description: String {
        switch self {
        case .exited(let code): return "exited with status \(code)"
        case .signalled(let sig): return "killed by signal \(sig)"
        }
    }
}

/// A started child process. Whoever spawned it reaps it (`wait` or `poll` until it reports a termination).
public struct ChildProcess: Hashable, Sendable {
    public let pid: pid_t

    public init(pid: pid_t) { self.pid = pid }

    /// Blocks until the child ends.
    public func wait() throws(SystemError) -> Termination {
        var status: Int32 = 0
        try SystemCall.run("waitpid(\(pid))") { waitpid(pid, &status, 0) }
        return Termination(waitStatus: status)
    }

    /// The termination if the child has ended, nil while it runs. Never blocks.
    public func poll() throws(SystemError) -> Termination? {
        var status: Int32 = 0
        let r = try SystemCall.run("waitpid(\(pid), WNOHANG)") { waitpid(pid, &status, WNOHANG) }
        return r == pid ? Termination(waitStatus: status) : nil
    }

    public func signal(_ signal: Int32) throws(SystemError) {
        try SystemCall.run("kill(\(pid), \(signal))") { kill(pid, signal) }
    }
}

/// posix_spawn with what every caller wants: an absolute program path (no PATH search), file actions for the
/// standard descriptors, and a child that starts with an empty signal mask and every signal at its default
/// action (the service blocks its signals for the signalfd and ignores SIGPIPE; a child must inherit neither).
public enum Spawn {
    /// What happens to a descriptor in the child before the program starts.
    public enum FileAction: Sendable {
        /// Opens `path` with `flags` (and `mode` when creating) as descriptor `fd`.
        case open(fd: Int32, path: String, flags: Int32, mode: mode_t = 0o644)
        /// Makes descriptor `fd` a copy of the parent's `source`.
        case duplicate(FileDescriptor, as: Int32)
    }

    /// Starts `argv[0]` with `argv`. `environment` nil passes this process's environment on.
    /// `newProcessGroup` puts the child in a group of its own, away from a terminal's Ctrl-C aimed at us.
    public static func start(_ argv: [String], environment: [String]? = nil, fileActions: [FileAction] = [],
                             newProcessGroup: Bool = false) throws(SystemError) -> ChildProcess {
        guard let program = argv.first, program.hasPrefix("/") else {
            throw SystemError(errno: .invalidArgument, operation: "spawn \(argv): argv[0] must be an absolute path")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for action in fileActions {
            switch action {
            case .open(let fd, let path, let flags, let mode):
                posix_spawn_file_actions_addopen(&actions, fd, path, flags, mode)
            case .duplicate(let source, let fd):
                posix_spawn_file_actions_adddup2(&actions, source.rawValue, fd)
            }
        }
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attr, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attr, &all)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if newProcessGroup {
            posix_spawnattr_setpgroup(&attr, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attr, Int16(flags))

        let cArgv = argv.map { strdup($0) } + [nil]
        let cEnv = environment.map { $0.map { strdup($0) } + [nil] }
        defer {
            cArgv.forEach { free($0) }
            cEnv?.forEach { free($0) }
        }
        var pid: pid_t = 0
        try SystemCall.runReturningErrno("posix_spawn(\(program))") {
            if let cEnv { return posix_spawn(&pid, program, &actions, &attr, cArgv, cEnv) }
            return posix_spawn(&pid, program, &actions, &attr, cArgv, environ)
        }
        return ChildProcess(pid: pid)
    }
}

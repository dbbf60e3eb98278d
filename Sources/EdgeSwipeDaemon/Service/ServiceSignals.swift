import EdgeSwipeSystem
import Glibc

/// The signals the service takes through its signalfd.
public enum ServiceSignals {
    /// SIGTERM and SIGINT stop, SIGHUP reloads the configuration, SIGCHLD reaps spawned action commands.
    public static let handled: [Int32] = [SIGTERM, SIGINT, SIGHUP, SIGCHLD]

    /// Signals the service has no use for whose default action would end it, leaving its control socket
    /// file behind: they are taken through the signalfd as well, and logged there. Not SIGPROF, which the
    /// Swift runtime's crash handler sends to stop the other threads; not the ones that ask for a core dump
    /// (SIGQUIT, SIGXCPU...): those keep their meaning.
    public static let unused: [Int32] = [SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGIO, SIGPWR, SIGSTKFLT]
        + Array(SignalMask.realTime)

    /// Every signal the signalfd takes.
    public static var all: [Int32] { handled + unused }

    /// Blocks `all` for the calling thread and every thread it creates afterwards, and ignores SIGPIPE
    /// (writes to a vanished client return EPIPE instead).
    ///
    /// Call it first thing in a synchronous `main`, before any thread exists: a thread started earlier (an
    /// async main's executor, Dispatch) keeps the signals unblocked, and a SIGTERM delivered to it kills the
    /// process instead of reaching the signalfd.
    public static func blockSignals() throws {
        try SignalMask.block(all)
        signal(SIGPIPE, SIG_IGN)
    }
}

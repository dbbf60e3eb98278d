#if canImport(Glibc)
import Glibc
#endif
import TouchInput
import CEdgeSwipeSys

/// The signals the service handles through its signalfd.
public enum ServiceSignals {
    /// SIGTERM and SIGINT stop, SIGHUP reloads the configuration, SIGCHLD reaps spawned action commands.
    public static let handled: [Int32] = [SIGTERM, SIGINT, SIGHUP, SIGCHLD]

    /// Blocks the handled signals for the calling thread and every thread it creates afterwards, and ignores
    /// SIGPIPE (writes to a vanished client return EPIPE instead).
    ///
    /// Call it first thing in a synchronous `main`, before any thread exists: a thread started earlier (an
    /// async main's executor, Dispatch) keeps the signals unblocked, and a SIGTERM delivered to it kills the
    /// process instead of reaching the signalfd.
    public static func blockSignals() throws {
        try SystemCall.run("pthread_sigmask(SIG_BLOCK, TERM INT HUP CHLD)") {
            handled.withUnsafeBufferPointer { cedgeswipe_block_signals($0.baseAddress, Int32($0.count)) }
        }
        signal(SIGPIPE, SIG_IGN)
    }
}

/// The signalfd on the event loop. The signals must be blocked (see `ServiceSignals.blockSignals()`)
/// in the loop's thread, or they take their default action instead of arriving here.
public final class SignalSource {
    private let fd: Int32
    private var token: EventToken?
    // Strong: the loop must outlive the registration this object removes in deinit, whatever order an
    // owner (DaemonRuntime) releases its properties in. No cycle: the loop holds handlers, not this object.
    private let loop: EventLoop

    /// `handler` gets each signal number in arrival order.
    public init(loop: EventLoop, signals: [Int32] = ServiceSignals.handled,
                handler: @escaping (Int32) -> Void) throws {
        self.loop = loop
        fd = try SystemCall.run("signalfd") {
            signals.withUnsafeBufferPointer { cedgeswipe_signalfd($0.baseAddress, Int32($0.count)) }
        }
        do {
            token = try loop.register(fd: fd, events: .readable, name: "signalfd") { [fd] _ in
                while true {
                    guard let signo = try? SystemCall.run("read(signalfd)", { cedgeswipe_signalfd_read(fd) }),
                          signo > 0 else { return }
                    handler(signo)
                }
            }
        } catch {
            close(fd)
            throw error
        }
    }

    deinit {
        if let token { loop.unregister(token) }
        close(fd)
    }
}

/// One timerfd for every recognizer deadline: the pipeline arms it at the earliest `nextDeadline`.
public final class DeadlineTimer {
    private let fd: Int32
    private var token: EventToken?
    // Strong: the loop must outlive the registration this object removes in deinit, whatever order an
    // owner (DaemonRuntime) releases its properties in. No cycle: the loop holds handlers, not this object.
    private let loop: EventLoop
    /// The armed deadline in CLOCK_MONOTONIC microseconds, nil when disarmed.
    public private(set) var deadline: UInt64?

    /// Runs on expiry with the time of the loop's turn (`EventLoop.now`).
    public var onExpiry: ((_ nowUs: UInt64) -> Void)?

    public init(loop: EventLoop, onExpiry: ((_ nowUs: UInt64) -> Void)? = nil) throws {
        self.onExpiry = onExpiry
        self.loop = loop
        fd = try SystemCall.run("timerfd_create") { cedgeswipe_timerfd_create() }
        do {
            token = try loop.register(fd: fd, events: .readable, name: "deadline timer") { [unowned self, fd] _ in
                let expirations = (try? SystemCall.run("read(timerfd)") { cedgeswipe_timerfd_drain(fd) }) ?? 0
                guard expirations > 0 else { return }
                self.deadline = nil
                self.onExpiry?(self.loop.now)
            }
        } catch {
            close(fd)
            throw error
        }
    }

    deinit {
        if let token { loop.unregister(token) }
        close(fd)
    }

    /// Arms for an absolute CLOCK_MONOTONIC time; a time already past fires at once. Nil disarms.
    public func arm(atUs deadlineUs: UInt64?) throws {
        guard deadline != deadlineUs else { return }
        // 0 would disarm the timerfd; a deadline at the clock's origin is in the past anyway.
        let value = deadlineUs.map { max($0, 1) } ?? 0
        try SystemCall.run("timerfd_settime") { cedgeswipe_timerfd_arm_absolute_us(fd, value) }
        deadline = deadlineUs
    }
}

/// CLOCK_MONOTONIC, the clock evdev events carry once the reader sets EVIOCSCLOCKID.
public enum Monotonic {
    public static func nowUs() -> UInt64 { cedgeswipe_monotonic_us() }
}

import CEdgeSwipeSys
import Glibc
import TouchModel

/// Signal sets and the calling thread's mask.
public enum SignalMask {
    /// Blocks `signals` for the calling thread and every thread it creates afterwards, so that they wait for
    /// a signalfd instead of taking their default action.
    public static func block(_ signals: [Int32]) throws(SystemError) {
        var set = makeSet(signals)
        try SystemCall.runReturningErrno("pthread_sigmask(SIG_BLOCK, \(signals))") {
            pthread_sigmask(SIG_BLOCK, &set, nil)
        }
    }

    public static func makeSet(_ signals: [Int32]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        return set
    }

    /// The real-time signals applications may use (SIGRTMIN...SIGRTMAX; glibc keeps the lowest for itself).
    public static var realTime: ClosedRange<Int32> { edgeswipe_sigrtmin()...edgeswipe_sigrtmax() }
}

/// A signalfd on the event loop. The signals must be blocked (`SignalMask.block`) in the loop's thread,
/// or they take their default action instead of arriving here.
public final class SignalSource {
    private let registration: LoopRegistration

    /// `handler` gets each signal number in arrival order.
    public init(loop: EventLoop, signals: [Int32], handler: @escaping (Int32) -> Void) throws {
        var set = SignalMask.makeSet(signals)
        let fd = FileDescriptor(rawValue: try SystemCall.run("signalfd") {
            signalfd(-1, &set, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        })
        registration = LoopRegistration(loop: loop, descriptor: fd, name: "signalfd")
        try registration.register(events: .readable) { _ in
            while let signo = SignalSource.next(fd) { handler(signo) }
        }
    }

    /// The next pending signal; nil when none is (or the read failed, which a signalfd does not do).
    private static func next(_ fd: FileDescriptor) -> Int32? {
        var info = signalfd_siginfo()
        let n = try? withUnsafeMutableBytes(of: &info) { try fd.read(into: $0) }
        guard n == MemoryLayout<signalfd_siginfo>.size else { return nil }
        return Int32(bitPattern: info.ssi_signo)
    }
}

/// One timerfd on CLOCK_MONOTONIC for every deadline of the service: armed at the earliest one.
public final class DeadlineTimer {
    private let registration: LoopRegistration
    /// The armed deadline on CLOCK_MONOTONIC, nil when disarmed.
    /// Computed over a private property: another module's read of a public stored class property makes a
    /// dynamic exclusivity check (a runtime call) whatever the declaration says, and the live session reads
    /// this after every device wake-up.
    public var deadline: Microseconds? { armedDeadline }
    @exclusivity(unchecked) private var armedDeadline: Microseconds?

    /// Runs on expiry with the time of the loop's turn (`EventLoop.now`).
    public var onExpiry: ((_ now: Microseconds) -> Void)?

    public init(loop: EventLoop, onExpiry: ((_ now: Microseconds) -> Void)? = nil) throws {
        self.onExpiry = onExpiry
        let fd = FileDescriptor(rawValue: try SystemCall.run("timerfd_create") {
            timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        })
        registration = LoopRegistration(loop: loop, descriptor: fd, name: "deadline timer")
        try registration.register(events: .readable) { [unowned self, unowned loop] _ in
            var expirations: UInt64 = 0
            let n = try? withUnsafeMutableBytes(of: &expirations) { try fd.read(into: $0) }
            guard n == MemoryLayout<UInt64>.size, expirations > 0 else { return }
            self.armedDeadline = nil
            self.onExpiry?(loop.now)
        }
    }

    /// Arms for an absolute CLOCK_MONOTONIC time; a time already past fires at once. Nil disarms.
    public func arm(at newDeadline: Microseconds?) throws {
        guard armedDeadline != newDeadline else { return }
        // An all-zero value disarms a timerfd; a deadline at the clock's origin is in the past anyway.
        let value = newDeadline.map { max($0.rawValue, 1) } ?? 0
        var spec = itimerspec()
        spec.it_value = timespec(tv_sec: Int(value / 1_000_000), tv_nsec: Int(value % 1_000_000) * 1000)
        try SystemCall.run("timerfd_settime") {
            timerfd_settime(registration.descriptor.rawValue, Int32(TFD_TIMER_ABSTIME), &spec, nil)
        }
        armedDeadline = newDeadline
    }
}

/// CLOCK_MONOTONIC, the clock evdev events carry once the reader sets it (libevdev_set_clock_id).
public enum Monotonic {
    /// Reads the clock. Code that runs in a turn of the event loop takes the turn's `EventLoop.now` instead.
    public static func now() -> Microseconds {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Microseconds(UInt64(ts.tv_sec) * 1_000_000 + UInt64(ts.tv_nsec) / 1000)
    }
}

#if canImport(Glibc)
import Glibc
#endif
import TouchInput

/// Prints event lines on stdout (`print_json: true`) without ever blocking the loop: what stdout does not
/// take at once is queued (bounded) and written when the loop says it is writable; past the bound lines
/// are dropped and counted, and the count is printed once output flows again.
///
/// Once the reader is gone (EPIPE, EPOLLERR or EPOLLHUP: `edgeswipe run | head -c 1` after head exits) the
/// printer closes: it says so once in the log, leaves the loop, and drops every later line. Otherwise the
/// level-triggered EPOLLERR would wake the loop forever.
public final class JSONLinePrinter {
    private let fd: Int32
    // Strong: the loop must outlive the registration this object removes in deinit, whatever order an
    // owner (DaemonRuntime) releases its properties in. No cycle: the loop holds handlers, not this object.
    private let loop: EventLoop
    private var token: EventToken?
    private var queue = ByteQueue()
    private let limit: Int
    public private(set) var dropped = 0
    /// Regular files and terminals cannot be polled; they are written directly (they do not stall for long).
    private let pollable: Bool
    private let log: DaemonLog
    /// The reader went away: nothing more is written.
    public private(set) var isClosed = false

    public init(loop: EventLoop, fd: Int32 = 1, limitBytes: Int = 1 << 20, log: DaemonLog = .silent) throws {
        self.fd = fd
        self.loop = loop
        self.log = log
        limit = limitBytes
        var st = stat()
        try SystemCall.run("fstat(stdout)") { fstat(fd, &st) }
        let type = st.st_mode & S_IFMT
        pollable = type == S_IFIFO || type == S_IFSOCK
        if pollable {
            // Our own end of a pipe or socket: non-blocking so a stalled reader cannot stall input.
            try SystemCall.run("fcntl(stdout, O_NONBLOCK)") { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
            token = try loop.register(fd: fd, events: [], name: "stdout") { [unowned self] events in
                if events.contains(.error) || events.contains(.hangUp) {
                    self.stop(reason: "the reader closed it")
                } else {
                    self.flush()
                }
            }
        }
    }

    deinit { if let token { loop.unregister(token) } }

    public var queuedBytes: Int { queue.count }

    public func print(_ line: [UInt8]) {
        guard !isClosed else { return }
        guard pollable else {
            line.withUnsafeBytes { raw in
                var off = 0
                while off < raw.count {
                    let n = write(fd, raw.baseAddress! + off, raw.count - off)
                    if n < 0 {
                        if errno == EINTR { continue }
                        stop(reason: String(cString: strerror(errno)))
                        return
                    }
                    off += n
                }
            }
            return
        }
        if queue.count + line.count > limit {
            dropped += 1
            return
        }
        queue.append(line[...])
        flush()
    }

    private func flush() {
        while true {
            // Once the reader has caught up, say how much it missed.
            if dropped > 0, queue.count < limit / 2 {
                let note = ControlEvent.diagnostic(code: "outputDropped",
                                                   message: "\(dropped) lines dropped: stdout was not read",
                                                   timeUs: Monotonic.nowUs()).line
                dropped = 0
                queue.append(note[...])
            }
            if queue.isEmpty { break }
            let n = queue.withUnsent { raw in write(fd, raw.baseAddress, raw.count) }
            if n > 0 { queue.consume(n); continue }
            if n < 0, errno == EINTR { continue }
            if n < 0, errno != EAGAIN {
                stop(reason: String(cString: strerror(errno)))
                return
            }
            break
        }
        if let token { try? loop.modify(token, events: queue.isEmpty ? [] : .writable) }
    }

    /// Stops writing for good: the descriptor stays open (it is stdout, not ours to close) but leaves the loop.
    private func stop(reason: String) {
        guard !isClosed else { return }
        isClosed = true
        if let token { loop.unregister(token) }
        token = nil
        let lost = queue.count
        queue = ByteQueue()
        log.warning("print_json: stdout is gone (\(reason)); JSON lines are no longer written"
                    + (lost > 0 ? " (\(lost) queued bytes dropped)" : "") + "; the service goes on")
    }
}

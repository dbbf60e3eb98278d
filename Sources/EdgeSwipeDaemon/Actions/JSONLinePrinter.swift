#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeSystem
import TouchInput
import TouchModel
import TouchModel
import EdgeSwipeControl

/// Prints event lines on stdout (`print_json: true`) without ever blocking the loop: what stdout does not
/// take at once is queued (bounded) and written when the loop says it is writable; past the bound lines
/// are dropped and counted, and the count is printed once output flows again.
///
/// Once the reader is gone (EPIPE, EPOLLERR or EPOLLHUP: `edgeswipe run | head -c 1` after head exits) the
/// printer closes: it says so once in the log, leaves the loop, and drops every later line. Otherwise the
/// level-triggered EPOLLERR would wake the loop forever.
package final class JSONLinePrinter {
    private let fd: FileDescriptor
    /// stdout on the loop while pollable; borrowed: the process's stdout is not ours to close.
    private var registration: LoopRegistration?
    private var queue = ByteQueue()
    private let limit: Int
    package private(set) var dropped = 0
    /// Regular files and terminals cannot be polled; they are written directly (they do not stall for long).
    private let pollable: Bool
    private let log: DaemonLog
    /// For the time of the turn a line is written in (the drop note's time).
    private unowned let loop: EventLoop
    /// The reader went away: nothing more is written.
    package private(set) var isClosed = false

    package init(loop: EventLoop, fd: Int32 = 1, limitBytes: Int = 1 << 20, log: DaemonLog = .silent) throws {
        self.fd = FileDescriptor(rawValue: fd)
        self.log = log
        self.loop = loop
        limit = limitBytes
        var st = stat()
        try SystemCall.run("fstat(stdout)") { fstat(fd, &st) }
        let type = st.st_mode & S_IFMT
        pollable = type == S_IFIFO || type == S_IFSOCK
        if pollable {
            // Our own end of a pipe or socket: non-blocking so a stalled reader cannot stall input.
            try SystemCall.run("fcntl(stdout, O_NONBLOCK)") { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
            let registration = LoopRegistration(loop: loop, descriptor: self.fd, name: "stdout", ownership: .borrowed)
            self.registration = registration
            try registration.register(events: []) { [unowned self] events in
                if events.contains(.error) || events.contains(.hangUp) {
                    self.stop(reason: "the reader closed it")
                } else {
                    self.flush()
                }
            }
        }
    }

    package var queuedBytes: Int { queue.count }

    package func print(_ line: [UInt8]) {
        guard !isClosed else { return }
        guard pollable else {
            let written = line.withUnsafeBytes { raw in Result { () throws(SystemError) in try fd.writeAll(raw) } }
            if case .failure(let error) = written { stop(reason: String(cString: strerror(error.errno.rawValue))) }
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
                                                   time: loop.now).line
                dropped = 0
                queue.append(note[...])
            }
            if queue.isEmpty { break }
            // Would block (nil) or nothing taken: wait for the loop to say it is writable.
            switch queue.withUnsent({ raw in Result { () throws(SystemError) in try fd.write(raw) } }) {
            case .success(let n?) where n > 0:
                queue.consume(n)
                continue
            case .success:
                break
            case .failure(let error):
                stop(reason: String(cString: strerror(error.errno.rawValue)))
                return
            }
            break
        }
        try? registration?.modify(events: queue.isEmpty ? [] : .writable)
    }

    /// Stops writing for good: the descriptor stays open (it is stdout, not ours to close) but leaves the loop.
    private func stop(reason: String) {
        guard !isClosed else { return }
        isClosed = true
        registration?.close()
        registration = nil
        let lost = queue.count
        queue = ByteQueue()
        log.warning("print_json: stdout is gone (\(reason)); JSON lines are no longer written"
                    + (lost > 0 ? " (\(lost) queued bytes dropped)" : "") + "; the service goes on")
    }
}

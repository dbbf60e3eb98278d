import TouchModel
import EdgeSwipeSystem
import Foundation
import Synchronization
import Testing
@testable import EdgeSwipeDaemon
import EdgeSwipeControl

/// Issue 14 item 2: once the reader of an output the loop writes to goes away, the loop must stop writing
/// it, say so once, and go back to sleeping. Class covered: closed readers, for every output the loop
/// writes to (the JSON printer's stdout here; control clients in ControlSocketAdversarialTests, event
/// streams in HTTPAdversarialTests). Each test closes the reader, then counts the loop's wake-ups over a
/// few hundred milliseconds with a 20 ms wait per turn: an idle loop wakes about 15 times, a spinning one
/// thousands.
@Suite struct ClosedReaderTests {
    /// Turns the loop for `milliseconds` (20 ms waits) and returns how many times epoll_wait returned.
    static func wakeUps(of loop: EventLoop, over milliseconds: Int) throws -> Int {
        let before = loop.wakeUps
        let end = Date().addingTimeInterval(Double(milliseconds) / 1000)
        var turns = 0
        // Bounded in count too: a spinning loop must not make the test itself run long.
        while Date() < end, turns < 100_000 {
            try loop.runOnce(timeoutMilliseconds: 20)
            turns += 1
        }
        return loop.wakeUps - before
    }

    /// The loop still dispatches other work: a waker poked from another thread runs.
    static func stillServes(_ loop: EventLoop) throws -> Bool {
        let ran = Atomic<Bool>(false)
        let waker = try loop.makeWaker(name: "probe") { ran.store(true, ordering: .relaxed) }
        waker.wake()
        for _ in 0..<50 where !ran.load(ordering: .relaxed) { try loop.runOnce(timeoutMilliseconds: 20) }
        return ran.load(ordering: .relaxed)
    }

    static let line = ControlEvent(eventClass: .gesture, object: ["type": .string("gesture")]).line

    init() {
        // As the service does (SignalSource): a write to a closed pipe must give EPIPE, not kill the process.
        signal(SIGPIPE, SIG_IGN)
    }

    /// A pipe, a loop and a printer on the pipe's writing end; the test closes the reading end.
    struct PrinterRig {
        var readFD: Int32 = -1
        var writeFD: Int32 = -1
        let loop: EventLoop
        let log = LogRecorder()
        let printer: JSONLinePrinter

        init(limitBytes: Int) throws {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { throw TestError("pipe: errno \(errno)") }
            (readFD, writeFD) = (fds[0], fds[1])
            loop = try EventLoop()
            printer = try JSONLinePrinter(loop: loop, fd: fds[1], limitBytes: limitBytes, log: log.log)
        }
    }

    @Test func jsonPrinterStopsWritingOnceItsReaderIsGone() throws {
        let rig = try PrinterRig(limitBytes: 8192)
        defer { close(rig.writeFD) }
        let (loop, log, printer) = (rig.loop, rig.log, rig.printer)
        printer.print(Self.line)
        close(rig.readFD)  // `head -c 1` exits
        printer.print(Self.line)  // EPIPE
        printer.print(Self.line)
        #expect(try Self.wakeUps(of: loop, over: 300) < 40)
        #expect(printer.isClosed)
        #expect(log.lines(containing: "stdout").count == 1)
        #expect(try Self.stillServes(loop))
    }

    /// The reader goes away while output is queued: EPOLLOUT|EPOLLERR must not make the loop spin.
    @Test func jsonPrinterWithQueuedOutputStopsWhenTheReaderGoes() throws {
        let rig = try PrinterRig(limitBytes: 1 << 20)
        defer { close(rig.writeFD) }
        let (loop, log, printer) = (rig.loop, rig.log, rig.printer)
        // Fill the pipe so lines queue and the printer waits for EPOLLOUT.
        for _ in 0..<5000 { printer.print(Self.line) }  // ~150 KB into a 64 KiB pipe
        #expect(printer.queuedBytes > 0)
        close(rig.readFD)
        #expect(try Self.wakeUps(of: loop, over: 300) < 40)
        #expect(printer.isClosed && printer.queuedBytes == 0)
        #expect(log.lines(containing: "stdout").count == 1)
        #expect(try Self.stillServes(loop))
    }
}

/// Collects log lines (thread-safe) so a test can count them.
final class LogRecorder: Sendable {
    private let stored = Mutex<[String]>([])
    var log: DaemonLog {
        DaemonLog(minimum: .debug) { [self] _, message in self.stored.withLock { $0.append(message) } }
    }
    func lines(containing text: String) -> [String] { stored.withLock { $0.filter { $0.contains(text) } } }
}

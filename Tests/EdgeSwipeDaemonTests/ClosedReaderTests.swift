import EdgeSwipeSystem
import Foundation
import Synchronization
import Testing
@testable import EdgeSwipeDaemon

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

    @Test func jsonPrinterStopsWritingOnceItsReaderIsGone() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[1]) }
        let loop = try EventLoop()
        let log = LogRecorder()
        let printer = try JSONLinePrinter(loop: loop, fd: fds[1], limitBytes: 8192, log: log.log)
        printer.print(Self.line)
        close(fds[0])  // `head -c 1` exits
        printer.print(Self.line)  // EPIPE
        printer.print(Self.line)
        #expect(try Self.wakeUps(of: loop, over: 300) < 40)
        #expect(printer.isClosed)
        #expect(log.lines(containing: "stdout").count == 1)
        #expect(try Self.stillServes(loop))
    }

    /// The reader goes away while nothing is being written: EPOLLERR alone must not make the loop spin.
    @Test func jsonPrinterWithQueuedOutputStopsWhenTheReaderGoes() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[1]) }
        let loop = try EventLoop()
        let log = LogRecorder()
        let printer = try JSONLinePrinter(loop: loop, fd: fds[1], limitBytes: 1 << 20, log: log.log)
        // Fill the pipe so lines queue and the printer waits for EPOLLOUT.
        for _ in 0..<5000 { printer.print(Self.line) }  // ~150 KB into a 64 KiB pipe
        #expect(printer.queuedBytes > 0)
        close(fds[0])
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

import EdgeSwipeDaemon
import EdgeSwipeSystem
import Foundation
import Testing
import TouchModel
import EdgeSwipeControl

@Suite struct JSONLinePrinterTests {
    /// stdout is a pipe nobody reads: printing must not block, lines past the bound are dropped and the
    /// loss is reported once the reader catches up.
    @Test func stalledPipeNeverBlocksAndLossIsReported() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let loop = try EventLoop()
        let printer = try JSONLinePrinter(loop: loop, fd: fds[1], limitBytes: 8192)
        let line = ControlEvent(eventClass: .gesture, object: ["type": .string("gesture"),
                                                              "pad": .string(String(repeating: "p", count: 1000))]).line
        let start = Date()
        for _ in 0..<200 { printer.print(line) }       // ~200 KB into a 64 KiB pipe
        #expect(Date().timeIntervalSince(start) < 2)   // returned: not stuck in write(2)
        #expect(printer.dropped > 0)
        #expect(printer.queuedBytes <= 8192)
        let dropped = printer.dropped

        // The reader catches up; the loop flushes the queue and then the loss note.
        _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
        var text = ""
        var buf = [UInt8](repeating: 0, count: 65536)
        for _ in 0..<50 where !text.contains("outputDropped") {
            while true {
                let n = read(fds[0], &buf, buf.count)
                if n <= 0 { break }
                text += String(decoding: buf[..<n], as: UTF8.self)
            }
            try loop.runOnce(timeoutMilliseconds: 20)
        }
        let lines = text.split(separator: "\n")
        #expect(lines.filter { $0.contains("\"pad\"") }.count == 200 - dropped)
        let note = try #require(lines.first { $0.contains("outputDropped") })
        #expect(note.contains("\(dropped) lines dropped"))
    }
}

import EdgeSwipeSystem
import FixtureSupport
import Foundation

/// A blocking control-socket client for tests: connect, send lines, read lines with a timeout.
final class TestClient {
    let fd: Int32
    private var buffer: [UInt8] = []
    /// Start of the unread part of `buffer` (lines are not removed one by one: that is quadratic).
    private var head = 0

    init(path: String) throws {
        fd = try UnixSocketConnect.connect(path: path)
    }

    deinit { close(fd) }

    func send(_ text: String) throws {
        try sendBytes(Array(text.utf8))
    }

    func sendBytes(_ bytes: [UInt8]) throws {
        var off = 0
        while off < bytes.count {
            off += try bytes.withUnsafeBytes { raw in
                try SystemCall.run("send") { Glibc.send(fd, raw.baseAddress! + off, raw.count - off, Int32(MSG_NOSIGNAL)) }
            }
        }
    }

    /// The next line (without newline), or nil on EOF or timeout.
    func readLine(timeout: Double = 5) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let i = buffer[head...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[head..<i], as: UTF8.self)
                head = i + 1
                if head == buffer.count { buffer.removeAll(keepingCapacity: true); head = 0 }
                return line
            }
            if head > 0 {
                buffer.removeFirst(head)
                head = 0
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard let r = try? SystemCall.run("poll", { poll(&p, 1, Int32(max(1, left * 1000))) }), r > 0 else { return nil }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = read(fd, &chunk, chunk.count)
            if n <= 0 { return nil }
            buffer.append(contentsOf: chunk[..<n])
        }
    }

    /// The next line as a JSON object.
    func readObject(timeout: Double = 5) -> [String: Any]? {
        guard let line = readLine(timeout: timeout), let data = line.data(using: .utf8) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// Reads objects until one satisfies `match` (returns it) or the stream ends/times out (nil).
    func readUntil(timeout: Double = 5, _ match: ([String: Any]) -> Bool) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0 {
            guard let o = readObject(timeout: deadline.timeIntervalSinceNow) else { return nil }
            if match(o) { return o }
        }
        return nil
    }

    /// True when the server closed the connection (EOF) within `timeout`, after discarding pending data.
    func waitForEOF(timeout: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var chunk = [UInt8](repeating: 0, count: 65536)
        while deadline.timeIntervalSinceNow > 0 {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let r = poll(&p, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000)))
            if r <= 0 { continue }
            let n = read(fd, &chunk, chunk.count)
            if n == 0 { return true }
            if n < 0 { return errno == ECONNRESET }
        }
        return false
    }
}

struct TestError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

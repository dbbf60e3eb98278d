import EdgeSwipeDaemon
import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Glibc
import TouchModel
import EdgeSwipeControl

/// A control-socket client (docs/protocol.md) as a kiosk front end would be: JSON lines, each stamped with
/// the CLOCK_MONOTONIC time it was received (for the latency figures).
final class ControlClient {
    struct Line {
        var object: [String: Any]
        /// The line as it came (without its newline), for the project's own decoders (JSONValue).
        var bytes: [UInt8]
        var receivedUs: UInt64
    }

    let fd: Int32
    private var buffer: [UInt8] = []
    private(set) var received: [Line] = []

    init(path: String) throws {
        fd = try UnixSocketConnect.connect(path: path)
    }

    deinit { close(fd) }

    func send(_ line: String) throws {
        let bytes = Array((line + "\n").utf8)
        let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard n == bytes.count else { throw LiveTestError("send: errno \(errno)") }
    }

    /// Reads what arrives within `seconds` (at least one poll), appending to `received`. False on EOF.
    @discardableResult
    func pump(seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let left = max(0, deadline.timeIntervalSinceNow)
            guard let r = try? SystemCall.run("poll", { poll(&p, 1, Int32(left * 1000)) }) else { return false }
            if r == 0 { return true }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = read(fd, &chunk, chunk.count)
            if n <= 0 { return false }
            let now = Monotonic.now().rawValue
            buffer.append(contentsOf: chunk[..<n])
            while let i = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let data = Data(buffer[..<i])
                buffer.removeSubrange(...i)
                if let o = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] {
                    received.append(Line(object: o, bytes: Array(data), receivedUs: now))
                }
            }
        } while Date() < deadline
        return true
    }

    /// Reads what arrives until CLOCK_MONOTONIC reaches `deadlineUs` (a replay's `waitUntil`): every line is
    /// stamped when it arrives.
    func pump(untilUs deadlineUs: UInt64) {
        while true {
            let now = Monotonic.now().rawValue
            guard deadlineUs > now else { return }
            if !pump(seconds: Double(deadlineUs - now) / 1e6) { return }
        }
    }

    /// Reads until a received line satisfies `match` (returns it) or `seconds` pass.
    func waitFor(seconds: Double, _ match: ([String: Any]) -> Bool) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(seconds)
        var checked = 0
        while true {
            while checked < received.count {
                if match(received[checked].object) { return received[checked].object }
                checked += 1
            }
            if Date() > deadline { return nil }
            if !pump(seconds: 0.05) { return nil }
        }
    }

    /// Sends a request with an id and waits for its reply or error.
    func request(_ json: String, id: Int, seconds: Double = 30) throws -> [String: Any] {
        try send(json)
        guard let r = waitFor(seconds: seconds, { ($0["id"] as? Int) == id && ($0["type"] as? String) != "navigation" })
        else { throw LiveTestError("no answer to \(json)") }
        return r
    }

    /// Reads until nothing arrived for `quiet` seconds (at most `seconds`).
    func drain(quiet: Double, seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        var count = -1
        while Date() < deadline, count != received.count {
            count = received.count
            if !pump(seconds: quiet) { return }
        }
    }
}

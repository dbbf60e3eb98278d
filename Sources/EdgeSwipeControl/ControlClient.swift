#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeSystem
import TouchModel

/// The client side of the control socket, as small as a check or a hook needs: connect, read the hello, and send
/// one request for its answer. Used by `edgeswipe doctor` and `edgeswipe report-output`; a front end speaks the
/// whole protocol (docs/protocol.md).
///
/// The whole exchange has one deadline, connect included (issue 33: a timeout per read let a service trickling a
/// byte a second hold the client for hours, and a connect to a full backlog waited for ever). The socket is
/// non-blocking; requests go through `send` (no SIGPIPE), and a service that refuses or closes is named.
package enum ControlClient {
    /// Connects to `path` and returns the service's first line (its hello) decoded, within `timeoutMS` in all.
    package static func hello(path: String, timeoutMS: Int = 2000) throws -> ServiceLine {
        try exchange(path: path, request: nil, timeoutMS: timeoutMS).hello
    }

    /// Connects to `path`, reads the hello, sends `request` and returns its answer (a reply or an error line),
    /// all within `timeoutMS`. A client that subscribed to nothing gets no events, so the line after the hello is
    /// the answer.
    package static func request(_ request: ControlRequest, path: String, timeoutMS: Int = 2000) throws -> ServiceLine {
        try exchange(path: path, request: request, timeoutMS: timeoutMS).answer!
    }

    private static func exchange(path: String, request: ControlRequest?, timeoutMS: Int) throws -> (hello: ServiceLine, answer: ServiceLine?) {
        let deadline = ExchangeDeadline(start: Monotonic.now(), timeoutMS: timeoutMS)
        let fd = try UnixStream.socket(nonBlocking: true)
        return try fd.closeAfter {
            try connect(fd, path: path, deadline: deadline)
            var reader = ControlLineReader(fd: fd, path: path, deadline: deadline)
            let hello = try reader.next(what: "hello")
            // A refused client gets one error line instead of the hello, then the connection closes.
            if case .error(let error) = hello { throw ControlRefusal(path: path, error: error) }
            guard let request else { return (hello, nil) }
            do {
                try send(request.line, fd, path: path, deadline: deadline)
            } catch let error as SystemError where error.errno == Errno(rawValue: EPIPE) || error.errno == Errno(rawValue: ECONNRESET) {
                // Closed on us after the hello: what it sent before closing (an error line) is the answer, or the
                // read says it closed.
            }
            return (hello, try reader.next(what: "answer"))
        }
    }

    /// A non-blocking connect: a full backlog (the service not accepting) is EAGAIN on a Unix socket, tried again
    /// every 10 ms until the deadline.
    private static func connect(_ fd: FileDescriptor, path: String, deadline: ExchangeDeadline) throws {
        while true {
            if try UnixStream.connect(fd, to: path) { return }
            let left = deadline.remainingMS(now: Monotonic.now())
            guard left > 0 else { throw ControlClientError.notAccepted(path: path, timeoutMS: deadline.timeoutMS) }
            try FileDescriptor.pause(milliseconds: min(left, 10))
        }
    }

    private static func send(_ line: [UInt8], _ fd: FileDescriptor, path: String, deadline: ExchangeDeadline) throws {
        var sent = 0
        while sent < line.count {
            sent += try fd.sendAll(line[sent...])
            guard sent < line.count else { return }
            let left = deadline.remainingMS(now: Monotonic.now())
            guard left > 0, try fd.wait(for: Int32(POLLOUT), timeoutMS: left) else {
                throw ControlClientError.timedOut(operation: "send(\(path))", what: "room for the request", timeoutMS: deadline.timeoutMS)
            }
        }
    }
}

/// The one deadline of an exchange, in whole milliseconds left (what poll takes).
struct ExchangeDeadline {
    let start: Microseconds
    let timeoutMS: Int

    /// Milliseconds left at `now`, rounded up (a wait of 0 would spin), 0 once passed.
    func remainingMS(now: Microseconds) -> Int32 {
        let end = start + Microseconds(UInt64(max(timeoutMS, 0)) * 1000)
        guard now < end else { return 0 }
        return Int32(clamping: ((end - now).rawValue + 999) / 1000)
    }
}

/// Lines from a non-blocking socket until the exchange's deadline, each at most the protocol's line cap.
struct ControlLineReader {
    let fd: FileDescriptor
    let path: String
    let deadline: ExchangeDeadline
    var buffered: [UInt8] = []

    mutating func next(what: String) throws -> ServiceLine {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let newline = buffered.firstIndex(of: 0x0A) {
                let line = Array(buffered[..<newline])
                buffered.removeSubrange(...newline)
                return ServiceLine(try JSONValue.decode(line))
            }
            guard buffered.count <= ControlProtocol.defaultMaxLineBytes else {
                throw SystemError(errno: Errno(rawValue: EMSGSIZE),
                                  operation: "read(\(path)): \(what) longer than \(ControlProtocol.defaultMaxLineBytes) bytes")
            }
            let left = deadline.remainingMS(now: Monotonic.now())
            guard left > 0, try fd.wait(for: Int32(POLLIN), timeoutMS: left) else {
                throw ControlClientError.timedOut(operation: "read(\(path))", what: what, timeoutMS: deadline.timeoutMS)
            }
            let n: Int?
            do {
                n = try chunk.withUnsafeMutableBytes { buffer throws(SystemError) in try fd.read(into: buffer) }
            } catch let error as SystemError where error.errno == Errno(rawValue: ECONNRESET) {
                // Closed with our request unread (a service dying under us): a close like any other.
                throw ControlClientError.closed(operation: "read(\(path))", what: what)
            }
            guard let n else { continue }  // woken with nothing after all
            if n == 0 { throw ControlClientError.closed(operation: "read(\(path))", what: what) }
            buffered += chunk[0..<n]
        }
    }
}

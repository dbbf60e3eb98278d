#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeSystem

/// The client side of the control socket, as small as a check or a hook needs: connect, read the hello, and send
/// one request for its answer. Used by `edgeswipe doctor` and `edgeswipe report-output`; a front end speaks the
/// whole protocol (docs/protocol.md).
package enum ControlClient {
    /// Connects to `path` and returns the service's first line (its hello) decoded, waiting at most `timeoutMS`.
    package static func hello(path: String, timeoutMS: Int = 2000) throws -> JSONValue {
        try exchange(path: path, request: nil, timeoutMS: timeoutMS).hello
    }

    /// Connects to `path`, reads the hello, sends `request` and returns its answer (a reply or an error line),
    /// each read waiting at most `timeoutMS`. A client that subscribed to nothing gets no events, so the line after
    /// the hello is the answer.
    package static func request(_ request: JSONValue, path: String, timeoutMS: Int = 2000) throws -> JSONValue {
        try exchange(path: path, request: request, timeoutMS: timeoutMS).answer!
    }

    private static func exchange(path: String, request: JSONValue?, timeoutMS: Int) throws -> (hello: JSONValue, answer: JSONValue?) {
        let fd = FileDescriptor(rawValue: try SystemCall.run("socket(AF_UNIX, SOCK_STREAM)") {
            socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        })
        return try fd.closeAfter {
            var timeout = timeval(tv_sec: timeoutMS / 1000, tv_usec: (timeoutMS % 1000) * 1000)
            try SystemCall.run("setsockopt(SO_RCVTIMEO)") {
                setsockopt(fd.rawValue, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            }
            _ = try UnixAddress.withSockaddr(path) { (sa, len) throws in
                try SystemCall.run("connect(\(path))") { connect(fd.rawValue, sa, len) }
            }
            var reader = LineReading(fd: fd, path: path, timeoutMS: timeoutMS)
            let hello = try reader.next(what: "its hello")
            guard let request else { return (hello, nil) }
            _ = try fd.writeAll(ControlProtocol.line(request))
            return (hello, try reader.next(what: "the answer"))
        }
    }

    /// Lines from a blocking socket whose reads time out (SO_RCVTIMEO), each at most the protocol's line cap.
    private struct LineReading {
        let fd: FileDescriptor
        let path: String
        let timeoutMS: Int
        var buffered: [UInt8] = []

        mutating func next(what: String) throws -> JSONValue {
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                if let newline = buffered.firstIndex(of: 0x0A) {
                    let line = Array(buffered[..<newline])
                    buffered.removeSubrange(...newline)
                    return try JSONValue.decode(line)
                }
                guard buffered.count <= ControlProtocol.defaultMaxLineBytes else {
                    throw SystemError(errno: Errno(rawValue: EMSGSIZE),
                                      operation: "read(\(path)): \(what) longer than \(ControlProtocol.defaultMaxLineBytes) bytes")
                }
                let n = try chunk.withUnsafeMutableBytes { buffer throws(SystemError) in try fd.read(into: buffer) }
                // SO_RCVTIMEO makes a blocking read fail with EAGAIN, which the helper reports as nil.
                guard let n else { throw SystemError(errno: .wouldBlock, operation: "read(\(path)): no \(what) within \(timeoutMS) ms") }
                if n == 0 { throw SystemError(errno: Errno(rawValue: ECONNRESET), operation: "read(\(path)): closed before \(what)") }
                buffered += chunk[0..<n]
            }
        }
    }
}

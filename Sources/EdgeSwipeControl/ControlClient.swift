#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeSystem

/// The client side of the control socket, as small as a check needs: connect and read the hello. Used by
/// `edgeswipe doctor`; a front end speaks the whole protocol (docs/protocol.md).
package enum ControlClient {
    /// Connects to `path` and returns the service's first line (its hello) decoded, waiting at most `timeoutMS`.
    package static func hello(path: String, timeoutMS: Int = 2000) throws -> JSONValue {
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
            var line: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while line.count <= ControlProtocol.defaultMaxLineBytes {
                let n = try chunk.withUnsafeMutableBytes { buffer throws(SystemError) in
                    try fd.read(into: buffer)
                }
                // SO_RCVTIMEO makes a blocking read fail with EAGAIN, which the helper reports as nil.
                guard let n else { throw SystemError(errno: .wouldBlock, operation: "read(\(path)): no hello within \(timeoutMS) ms") }
                if n == 0 { throw SystemError(errno: Errno(rawValue: ECONNRESET), operation: "read(\(path)): closed before its hello") }
                if let newline = chunk[0..<n].firstIndex(of: 0x0A) {
                    line += chunk[0..<newline]
                    return try JSONValue.decode(line)
                }
                line += chunk[0..<n]
            }
            throw SystemError(errno: Errno(rawValue: EMSGSIZE), operation: "read(\(path)): hello longer than \(ControlProtocol.defaultMaxLineBytes) bytes")
        }
    }
}

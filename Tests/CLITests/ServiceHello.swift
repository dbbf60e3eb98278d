import FixtureSupport
import Foundation

/// The first line `edgeswipe run` sends a new client of its control socket (its hello), or nil within `seconds`.
/// Generous: a debug build beside the rest of the suite on a loaded machine can take many seconds to reach its loop.
func serviceHello(_ path: String, seconds: Int = 60) -> String? {
    guard let fd = try? UnixSocketConnect.connect(path: path) else { return nil }
    defer { close(fd) }
    var timeout = timeval(tv_sec: seconds, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var line: [UInt8] = []
    var byte: UInt8 = 0
    while read(fd, &byte, 1) == 1 {
        if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
        line.append(byte)
    }
    return nil
}

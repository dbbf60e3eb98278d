import EdgeSwipeSystem
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

/// `edgeswipe run ARGUMENTS --socket DIR/control.sock`, its standard error in DIR/stderr, once it answers on its
/// socket (the caller kills it); a service that does not answer fails the test with its standard error.
func startService(_ arguments: [String], in dir: String) throws -> (child: ChildProcess, socket: String) {
    let socket = dir + "/control.sock"
    let child = try Spawn.start([CLI.binary.path, "run"] + arguments + ["--socket", socket],
                                fileActions: [.open(fd: 0, path: "/dev/null", flags: O_RDONLY),
                                              .open(fd: 1, path: "/dev/null", flags: O_WRONLY),
                                              .open(fd: 2, path: dir + "/stderr", flags: O_WRONLY | O_CREAT | O_TRUNC)])
    let deadline = Date().addingTimeInterval(60)
    while access(socket, F_OK) != 0, Date() < deadline, try child.poll() == nil { usleep(20_000) }
    if serviceHello(socket) == nil {
        try? child.signal(SIGKILL)
        _ = try? child.wait()
        throw CLIServiceError(stderr: (try? String(contentsOfFile: dir + "/stderr", encoding: .utf8)) ?? "")
    }
    return (child, socket)
}

struct CLIServiceError: Error, CustomStringConvertible {
    let stderr: String
    var description: String { "the service did not start: \(stderr)" }
}

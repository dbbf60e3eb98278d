import EdgeSwipeSystem
import Glibc
import Testing

/// Issue 33: the control socket's clients wrote with write(2), and a service that had closed on them raised
/// SIGPIPE, which ended them without a word (this test process too). `send` reports EPIPE instead.
@Suite struct SocketSendTests {
    func pair() throws -> (FileDescriptor, FileDescriptor) {
        var fds: [Int32] = [-1, -1]
        try SystemCall.run("socketpair") { socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) }
        return (FileDescriptor(rawValue: fds[0]), FileDescriptor(rawValue: fds[1]))
    }

    @Test func sendingToAPeerThatClosedIsEPIPENotASignal() throws {
        let (mine, theirs) = try pair()
        defer { try? mine.close() }
        try theirs.close()
        #expect(throws: SystemError(errno: Errno(rawValue: EPIPE), operation: "send(fd \(mine.rawValue))")) {
            try mine.sendAll(Array("{\"command\":\"state\"}\n".utf8))
        }
    }

    @Test func sendingToAPeerStillThereDeliversEveryByte() throws {
        let (mine, theirs) = try pair()
        defer { try? mine.close(); try? theirs.close() }
        let line = Array("{\"command\":\"state\"}\n".utf8)
        #expect(try mine.sendAll(line) == line.count)
        #expect(try theirs.wait(for: Int32(POLLIN), timeoutMS: 0))
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = try buffer.withUnsafeMutableBytes { try theirs.read(into: $0) }
        #expect(Array(buffer[0..<(n ?? 0)]) == line)
        // Nothing more to read: not ready, at once (a zero timeout).
        #expect(try theirs.wait(for: Int32(POLLIN), timeoutMS: 0) == false)
    }
}

import EdgeSwipeDaemon
import Foundation
import Testing
import TouchModel

/// A datagram socket standing in for systemd's notification socket.
private final class NotifySocket {
    let fd: Int32
    init(address: String) throws {
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(address.utf8)
        let abstract = bytes.first == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in bytes.enumerated() { raw[i] = b } }
        let len = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1))
        let rc = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, len) } }
        guard rc == 0 else { throw TestError("bind \(address): errno \(errno)") }
        var tv = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
    }
    deinit { close(fd) }

    func receive() -> String? {
        var buf = [UInt8](repeating: 0, count: 4096)
        let n = recv(fd, &buf, buf.count, 0)
        return n < 0 ? nil : String(decoding: buf[..<n], as: UTF8.self)
    }
}

@Suite struct SystemdNotifierTests {
    @Test func pathSocket() throws {
        let dir = TempDirectory()
        let sock = try NotifySocket(address: dir.file("notify"))
        let n = SystemdNotifier(socketPath: dir.file("notify"))
        #expect(n.isActive)
        try n.ready(status: "2 devices")
        #expect(sock.receive() == "READY=1\nSTATUS=2 devices")
        // The time given (the loop turn's), in whole microseconds.
        try n.reloading(now: 1_234_567_890)
        #expect(sock.receive() == "RELOADING=1\nMONOTONIC_USEC=1234567890")
        try n.stopping()
        #expect(sock.receive() == "STOPPING=1")
    }

    @Test func abstractSocket() throws {
        let name = "@edgeswipe-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let sock = try NotifySocket(address: name)
        try SystemdNotifier(socketPath: name).ready()
        #expect(sock.receive() == "READY=1")
    }

    @Test func withoutNotifySocketNothingHappens() throws {
        let n = SystemdNotifier(socketPath: nil)
        #expect(!n.isActive)
        try n.ready()
        #expect(!SystemdNotifier(socketPath: "").isActive)
    }

    @Test func missingSocketIsAnErrorNamingIt() {
        let n = SystemdNotifier(socketPath: "/nonexistent/notify")
        #expect {
            try n.ready()
        } throws: { error in
            "\(error)".contains("/nonexistent/notify")
        }
    }
}

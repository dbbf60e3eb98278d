#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeSystem

/// The IPv4 or IPv6 address and port a socket is bound to, as messages print it ("127.0.0.1:8710",
/// "[::1]:8710"). For sockets passed in by systemd, whose address the service did not choose.
struct InternetAddress: Equatable {
    var host: String
    var port: UInt16
    var isIPv6: Bool
    /// 127.0.0.0/8, ::1, or an IPv4-mapped 127.0.0.0/8 (::ffff:127.x.y.z). Not 0.0.0.0 or ::, which are
    /// every interface, a dual-stack [::] included.
    var isLoopback = false

    var text: String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// getsockname(2) of `fd`; a socket of another family is refused.
    static func bound(_ fd: FileDescriptor) throws -> InternetAddress {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        try withUnsafeMutablePointer(to: &storage) { p in
            try p.withMemoryRebound(to: sockaddr.self, capacity: 1) { sp in
                _ = try SystemCall.run("getsockname(fd \(fd.rawValue))") { getsockname(fd.rawValue, sp, &length) }
            }
        }
        guard let address = InternetAddress(storage) else {
            throw HTTPSetupError("fd \(fd.rawValue) is not an IPv4 or IPv6 socket (family \(storage.ss_family))")
        }
        return address
    }

    init(host: String, port: UInt16, isIPv6: Bool) {
        self.host = host
        self.port = port
        self.isIPv6 = isIPv6
    }

    /// ::1, or ::ffff:127.0.0.0/104 (an IPv4 loopback address on an IPv6 socket).
    static func isIPv6Loopback(_ b: [UInt8]) -> Bool {
        let zeros = b.prefix(10).allSatisfy { $0 == 0 }
        let loopback = zeros && b[10] == 0 && b[11] == 0 && b[12...14].allSatisfy { $0 == 0 } && b[15] == 1
        let mapped = zeros && b[10] == 0xFF && b[11] == 0xFF && b[12] == 127
        return loopback || mapped
    }

    /// nil for families other than AF_INET and AF_INET6.
    init?(_ storage: sockaddr_storage) {
        var storage = storage
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        func text() -> String { String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        switch Int32(storage.ss_family) {
        case AF_INET:
            let sa = withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee } }
            var addr = sa.sin_addr
            inet_ntop(AF_INET, &addr, &buffer, socklen_t(buffer.count))
            self.init(host: text(), port: UInt16(bigEndian: sa.sin_port), isIPv6: false)
            isLoopback = UInt32(bigEndian: addr.s_addr) >> 24 == 127
        case AF_INET6:
            let sa = withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee } }
            var addr = sa.sin6_addr
            inet_ntop(AF_INET6, &addr, &buffer, socklen_t(buffer.count))
            self.init(host: text(), port: UInt16(bigEndian: sa.sin6_port), isIPv6: true)
            isLoopback = Self.isIPv6Loopback(withUnsafeBytes(of: addr) { Array($0) })
        default:
            return nil
        }
    }
}

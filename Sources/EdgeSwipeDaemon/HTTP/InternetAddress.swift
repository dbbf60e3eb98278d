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
        case AF_INET6:
            let sa = withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee } }
            var addr = sa.sin6_addr
            inet_ntop(AF_INET6, &addr, &buffer, socklen_t(buffer.count))
            self.init(host: text(), port: UInt16(bigEndian: sa.sin6_port), isIPv6: true)
        default:
            return nil
        }
    }
}

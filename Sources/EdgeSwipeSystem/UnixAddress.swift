#if canImport(Glibc)
import Glibc
#endif

/// sockaddr_un construction. A leading '@' names the abstract namespace (as NOTIFY_SOCKET does).
package enum UnixAddress {
    package static func withSockaddr<R>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) throws -> R) throws -> R {
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(path.utf8)
        let abstract = bytes.first == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: addr.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity else {
            throw SystemError(errno: .nameTooLong, operation: "socket address \(path)")
        }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
        }
        // Abstract names are exactly as long as given; paths include their terminating NUL.
        let length = MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1)
        return try withUnsafePointer(to: &addr) { p in
            try p.withMemoryRebound(to: sockaddr.self, capacity: 1) { sp in try body(sp, socklen_t(length)) }
        }
    }

    /// Where a Unix socket is bound (getsockname(2)): its path, "@name" for an abstract name, or "an unnamed
    /// socket". For a socket passed in, whose address the service did not choose.
    package static func bound(_ fd: FileDescriptor) throws(SystemError) -> String {
        var addr = sockaddr_un()
        var length = socklen_t(MemoryLayout<sockaddr_un>.size)
        try withUnsafeMutablePointer(to: &addr) { p throws(SystemError) in
            try p.withMemoryRebound(to: sockaddr.self, capacity: 1) { sp throws(SystemError) in
                _ = try SystemCall.run("getsockname(fd \(fd.rawValue))") { getsockname(fd.rawValue, sp, &length) }
            }
        }
        let pathLength = Int(length) - MemoryLayout<sa_family_t>.size
        guard pathLength > 0 else { return "an unnamed socket" }
        let bytes = withUnsafeBytes(of: addr.sun_path) { Array($0.prefix(pathLength)) }
        if bytes[0] == 0 { return "@" + String(decoding: bytes.dropFirst(), as: UTF8.self) }
        return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
}

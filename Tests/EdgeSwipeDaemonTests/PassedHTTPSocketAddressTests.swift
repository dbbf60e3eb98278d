import TouchModel
import EdgeSwipeDaemon
import EdgeSwipeSystem
import Foundation
import Synchronization
import Testing

/// Issue 22 defect 1: an HTTP socket passed in by systemd was served whatever address it was bound to
/// (`ListenStream=8710` binds `[::]`, every interface). The class is the passed socket's address family and
/// address: IPv4 loopback (127.0.0.1 and other 127/8 addresses), IPv4 any and the machine's own address,
/// IPv6 loopback, IPv6 any (dual-stack and v6-only), IPv4-mapped loopback and non-loopback, the machine's
/// own IPv6 address, and a Unix socket passed as `http`. Loopback ones are served; the others are refused,
/// naming the address found and the way out, unless the option allows them (then a warning names it).
@Suite(.serialized) struct PassedHTTPSocketAddressTests {
    /// A listening TCP socket bound to `host` (port chosen by the kernel), as systemd makes it before the
    /// service runs; nil when this machine cannot bind that address. `v6Only` sets IPV6_V6ONLY (dual-stack
    /// `[::]` is false, systemd's default for `ListenStream=PORT`).
    static func listening(_ host: String, v6Only: Bool = false) throws -> (fd: Int32, port: UInt16)? {
        let isIPv6 = host.contains(":")
        let fd = socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw TestError("socket: errno \(errno)") }
        var storage = sockaddr_storage()
        var length: socklen_t
        if isIPv6 {
            var only: Int32 = v6Only ? 1 : 0
            setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &only, socklen_t(MemoryLayout<Int32>.size))
            var sa = sockaddr_in6()
            sa.sin6_family = sa_family_t(AF_INET6)
            guard inet_pton(AF_INET6, host, &sa.sin6_addr) == 1 else { throw TestError("inet_pton \(host)") }
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: sa, as: sockaddr_in6.self) }
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        } else {
            var sa = sockaddr_in()
            sa.sin_family = sa_family_t(AF_INET)
            guard inet_pton(AF_INET, host, &sa.sin_addr) == 1 else { throw TestError("inet_pton \(host)") }
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: sa, as: sockaddr_in.self) }
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
        }
        let bound = withUnsafeMutablePointer(to: &storage) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { sp in
                bind(fd, sp, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, sp, &length) == 0
            }
        }
        guard bound else {
            close(fd)
            return nil
        }
        let port = withUnsafeBytes(of: storage) { raw in
            isIPv6 ? raw.load(as: sockaddr_in6.self).sin6_port : raw.load(as: sockaddr_in.self).sin_port
        }
        return (fd, UInt16(bigEndian: port))
    }

    /// The machine's own addresses that are not loopback (none in a bare network namespace).
    static func ownAddresses(family: Int32) -> [String] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var out: [String] = []
        var p = list
        while let a = p {
            defer { p = a.pointee.ifa_next }
            guard let sa = a.pointee.ifa_addr, Int32(sa.pointee.sa_family) == family else { continue }
            var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            if family == AF_INET {
                var addr = UnsafeRawPointer(sa).load(as: sockaddr_in.self).sin_addr
                guard UInt32(bigEndian: addr.s_addr) >> 24 != 127 else { continue }
                inet_ntop(AF_INET, &addr, &buffer, socklen_t(buffer.count))
            } else {
                let sa6 = UnsafeRawPointer(sa).load(as: sockaddr_in6.self)
                var addr = sa6.sin6_addr
                // Link-local addresses need a scope to bind; loopback is not the machine's own address.
                let bytes = withUnsafeBytes(of: addr) { Array($0) }
                guard bytes != Array(repeating: 0, count: 15) + [1], !(bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80) else { continue }
                inet_ntop(AF_INET6, &addr, &buffer, socklen_t(buffer.count))
            }
            out.append(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return out
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var host: String
        var v6Only = false
        /// What getsockname gives back, as the endpoint prints it (without the port).
        var shown: String
        var loopback: Bool
        var testDescription: String { "\(host)\(v6Only ? " v6only" : "")" }
    }

    static let loopbackCases: [Case] = [
        Case(host: "127.0.0.1", shown: "127.0.0.1", loopback: true),
        Case(host: "127.0.0.2", shown: "127.0.0.2", loopback: true),
        Case(host: "127.255.255.254", shown: "127.255.255.254", loopback: true),
        Case(host: "::1", v6Only: true, shown: "[::1]", loopback: true),
        Case(host: "::ffff:127.0.0.1", shown: "[::ffff:127.0.0.1]", loopback: true),
        Case(host: "::ffff:127.1.2.3", shown: "[::ffff:127.1.2.3]", loopback: true),
    ]

    static let otherCases: [Case] = {
        var list = [
            Case(host: "0.0.0.0", shown: "0.0.0.0", loopback: false),
            Case(host: "::", shown: "[::]", loopback: false),
            Case(host: "::", v6Only: true, shown: "[::]", loopback: false),
            Case(host: "::ffff:0.0.0.0", shown: "[::ffff:0.0.0.0]", loopback: false),
        ]
        for a in ownAddresses(family: AF_INET) {
            list.append(Case(host: a, shown: a, loopback: false))
            list.append(Case(host: "::ffff:\(a)", shown: "[::ffff:\(a)]", loopback: false))
        }
        for a in ownAddresses(family: AF_INET6) { list.append(Case(host: a, v6Only: true, shown: "[\(a)]", loopback: false)) }
        return list
    }()

    /// Starts an endpoint on the passed socket; the error text when it refuses, and what it logged.
    static func start(_ fd: Int32, allowNonLoopback: Bool = false) -> (failure: String?, addresses: [String], log: [String], thread: LoopThread) {
        let addresses = Mutex<[String]>([])
        let log = Mutex<[String]>([])
        let thread = LoopThread { loop in
            let handler = HTTPFakeHandler()
            var options = HTTPOptions(port: 0, token: try BearerToken(httpTestToken), origins: try OriginPolicy([]))
            options.allowNonLoopback = allowNonLoopback
            let sink = DaemonLog(minimum: .debug) { level, message in log.withLock { $0.append("\(level): \(message)") } }
            let endpoint = try HTTPEndpoint(loop: loop, options: options, handler: handler, log: sink,
                                            passed: [FileDescriptor(rawValue: fd)])
            handler.endpoint = endpoint
            addresses.withLock { $0 = endpoint.addresses }
            return (KeepAlive([endpoint, handler]), nil)
        }
        return (thread.failure.withLock { $0 }, addresses.withLock { $0 }, log.withLock { $0 }, thread)
    }

    @Test(arguments: loopbackCases)
    func aLoopbackSocketIsServed(_ c: Case) throws {
        guard let (fd, port) = try Self.listening(c.host, v6Only: c.v6Only) else {
            Issue.record("cannot bind \(c.host) on this machine")
            return
        }
        let run = Self.start(fd)
        defer { run.thread.stop() }
        #expect(run.failure == nil)
        #expect(run.addresses == ["\(c.shown):\(port)"])
        #expect(!run.log.contains { $0.contains("not a loopback") })
        // 127.0.0.1 reaches the IPv4 ones that are bound to it and the v4-mapped ::ffff:127.0.0.1.
        guard c.host == "127.0.0.1" || c.host == "::1" || c.host == "::ffff:127.0.0.1" else { return }
        let client = try HTTPTestClient(port: port, ipv6: c.host == "::1")
        try client.send(HTTPTestClient.request("POST", "/commands", headers: ["Authorization": "Bearer \(httpTestToken)"],
                                               body: #"{"command":"state","id":1}"#))
        #expect(try client.response().status == 200)
    }

    @Test(arguments: otherCases)
    func anotherAddressIsRefusedNamingIt(_ c: Case) throws {
        guard let (fd, port) = try Self.listening(c.host, v6Only: c.v6Only) else {
            // ::ffff:0.0.0.0 and the machine's addresses depend on the kernel and the namespace.
            return
        }
        defer { close(fd) }
        let run = Self.start(fd)
        defer { run.thread.stop() }
        let failure = try #require(run.failure, "\(c.host) was served")
        #expect(failure == HTTPEndpoint.nonLoopbackRefusal(fd: fd, address: "\(c.shown):\(port)"))
        #expect(failure.contains("is bound to \(c.shown):\(port), which is not a loopback address"), "\(failure)")
        #expect(failure.contains("--http-allow-non-loopback") && failure.contains("http.allow_non_loopback: true"), "\(failure)")
    }

    @Test(arguments: otherCases)
    func anotherAddressIsServedWithAWarningWhenAllowed(_ c: Case) throws {
        guard let (fd, port) = try Self.listening(c.host, v6Only: c.v6Only) else { return }
        let run = Self.start(fd, allowNonLoopback: true)
        defer { run.thread.stop() }
        #expect(run.failure == nil)
        #expect(run.addresses == ["\(c.shown):\(port)"])
        let warnings = run.log.filter { $0.hasPrefix("warning: ") }
        #expect(warnings == ["warning: http: the socket passed by systemd (fd \(fd)) is bound to \(c.shown):\(port), which is not a "
                             + "loopback address; serving it because non-loopback sockets are allowed: anyone who can reach it may "
                             + "try tokens"], "\(run.log)")
    }

    /// A Unix socket named `http`: refused before the bridge starts (SocketActivation checks the family),
    /// and by the endpoint too (getsockname gives no internet address).
    @Test func aUnixSocketPassedAsHTTPIsRefused() throws {
        let dir = TempDirectory()
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { close(fd) }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let path = dir.file("http.sock")
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
        let rc = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        #expect(rc == 0 && listen(fd, 4) == 0)
        for allow in [false, true] {
            let run = Self.start(fd, allowNonLoopback: allow)
            run.thread.stop()
            #expect(run.failure == "fd \(fd) is not an IPv4 or IPv6 socket (family \(AF_UNIX))")
        }
    }
}

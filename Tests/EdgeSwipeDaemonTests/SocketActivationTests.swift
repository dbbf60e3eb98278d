import EdgeSwipeDaemon
import EdgeSwipeSystem
import Foundation
import Synchronization
import Testing
import TouchModel

/// sd_listen_fds(3)'s environment, parsed without touching the process; then the control socket and the
/// HTTP bridge serving sockets made elsewhere, as systemd hands them over.
@Suite struct SocketActivationParseTests {
    func parse(pid: String? = "100", fds: String?, names: String?) throws(SocketActivation.Failure) -> PassedSockets {
        try SocketActivation.parse(listenPID: pid, listenFDs: fds, listenFDNames: names, ownPID: 100)
    }

    @Test func noVariablesOrAnotherProcessMeansNoSockets() throws {
        #expect(try parse(pid: nil, fds: nil, names: nil) == .none)
        // Inherited from a parent that was socket-activated: not ours (sd_listen_fds checks LISTEN_PID too).
        #expect(try parse(pid: "99", fds: "1", names: "control") == .none)
        #expect(try parse(pid: nil, fds: "1", names: "control") == .none)
        #expect(try parse(fds: "0", names: "") == .none)
    }

    @Test func namesSortTheDescriptorsFromThree() throws {
        let p = try parse(fds: "3", names: "http:control:http")
        #expect(p.control == FileDescriptor(rawValue: 4))
        #expect(p.http == [FileDescriptor(rawValue: 3), FileDescriptor(rawValue: 5)])
        #expect(try parse(fds: "1", names: "control") == PassedSockets(control: FileDescriptor(rawValue: 3)))
    }

    @Test func malformedValuesAreRefusedNamingTheVariable() {
        func failure(pid: String = "100", fds: String?, names: String?) -> String {
            do {
                _ = try parse(pid: pid, fds: fds, names: names)
                return "accepted"
            } catch {
                return error.description
            }
        }
        #expect(failure(pid: "abc", fds: "1", names: "control").contains("LISTEN_PID=\"abc\""))
        #expect(failure(fds: "two", names: "control").contains("LISTEN_FDS=\"two\""))
        #expect(failure(fds: "-1", names: "control").contains("LISTEN_FDS=\"-1\""))
        #expect(failure(fds: "17", names: nil).contains("more than 16"))
        #expect(failure(fds: "1", names: nil).contains("LISTEN_FDNAMES is missing"))
        #expect(failure(fds: "2", names: "control").contains("names 1 socket(s), LISTEN_FDS says 2"))
        #expect(failure(fds: "1", names: "").contains("fd 3 is named \"\""))
        #expect(failure(fds: "2", names: "control:unknown").contains("fd 4 is named \"unknown\""))
        #expect(failure(fds: "2", names: "control:control").contains("two sockets named control (fd 3 and 4)"))
    }
}

/// A listening socket made the way systemd makes it, before the service runs.
private func listeningUnixSocket(_ path: String) throws -> Int32 {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    var addr = sockaddr_un()
    addr.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
    let rc = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
    guard fd >= 0, rc == 0, listen(fd, 16) == 0 else { throw TestError("unix socket \(path): errno \(errno)") }
    // Non-blocking, as SocketActivation.takeFromEnvironment leaves a passed socket.
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    return fd
}

private func listeningLoopbackSocket() throws -> (fd: Int32, port: UInt16) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
    var sa = sockaddr_in()
    sa.sin_family = sa_family_t(AF_INET)
    sa.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let rc = withUnsafeMutablePointer(to: &sa) { p in
        p.withMemoryRebound(to: sockaddr.self, capacity: 1) { sp in
            bind(fd, sp, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, sp, &length) == 0
        }
    }
    guard fd >= 0, rc else { throw TestError("loopback socket: errno \(errno)") }
    return (fd, UInt16(bigEndian: sa.sin_port))
}

@Suite(.serialized) struct PassedSocketTests {
    @Test func theControlServerServesAPassedSocketAndLeavesItsPathToSystemd() throws {
        let dir = TempDirectory()
        let path = dir.file("control.sock")
        let fd = try listeningUnixSocket(path)
        let loop = LoopThread { loop in
            // The configured path differs: the passed socket is served, nothing is bound there.
            let options = ControlServer.Options(path: dir.file("configured.sock"))
            let nav = try FakeNavigation(loop: loop)
            let server = try ControlServer(loop: loop, options: options, handler: nav, log: .silent,
                                           passed: FileDescriptor(rawValue: fd))
            nav.server = server
            return (KeepAlive([server, nav]), server.statistics)
        }
        let c = try TestClient(path: path)
        #expect(c.readObject()?["type"] as? String == "hello")
        try c.send(#"{"command":"push","name":"inbox","id":1}"# + "\n")
        #expect((c.readObject()?["result"] as? [String: Any])?["stack"] as? [String] == ["home", "inbox"])
        #expect(!FileManager.default.fileExists(atPath: dir.file("configured.sock")))
        #expect(loop.stop())
        // systemd's socket unit owns the path (RemoveOnStop=): the service must not delete it.
        var st = stat()
        #expect(lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFSOCK)
    }

    @Test func theHTTPBridgeServesAPassedSocketAndBindsNothingItself() throws {
        let (fd, port) = try listeningLoopbackSocket()
        let occupied = try listeningLoopbackSocket()
        defer { close(occupied.fd) }
        let endpointPort = Mutex<UInt16>(0)
        let addresses = Mutex<[String]>([])
        let thread = LoopThread { loop in
            let handler = HTTPFakeHandler()
            // A port in use: binding it would fail, so the endpoint starting proves it bound nothing.
            let options = HTTPOptions(port: occupied.port, token: try BearerToken(httpTestToken), origins: try OriginPolicy([]))
            let endpoint = try HTTPEndpoint(loop: loop, options: options, handler: handler, log: .silent,
                                            passed: [FileDescriptor(rawValue: fd)])
            handler.endpoint = endpoint
            endpointPort.withLock { $0 = endpoint.port }
            addresses.withLock { $0 = endpoint.addresses }
            return (KeepAlive([endpoint, handler]), nil)
        }
        defer { thread.stop() }
        #expect(thread.failure.withLock { $0 } == nil)
        #expect(endpointPort.withLock { $0 } == port)
        #expect(addresses.withLock { $0 } == ["127.0.0.1:\(port)"])
        let c = try HTTPTestClient(port: port)
        try c.send(HTTPTestClient.request("POST", "/commands", headers: ["Authorization": "Bearer \(httpTestToken)"],
                                          body: #"{"command":"state","id":2}"#))
        let r = try c.response()
        #expect(r.status == 200)
        #expect(r.bodyText == #"{"command":"state","id":2,"result":{"stack":["home"]},"type":"reply"}"# + "\n")
    }
}

/// Issue 22: a passed control socket was logged under the configured (or `--socket`) path, which systemd's
/// socket unit need not use. The log names the address the socket is bound to (getsockname): a path, an
/// abstract name.
@Suite(.serialized) struct PassedControlSocketAddressTests {
    func logOfServing(_ fd: Int32, configured: String) throws -> [String] {
        let log = Mutex<[String]>([])
        let loop = LoopThread { loop in
            let sink = DaemonLog(minimum: .debug) { _, message in log.withLock { $0.append(message) } }
            let nav = try FakeNavigation(loop: loop)
            let server = try ControlServer(loop: loop, options: ControlServer.Options(path: configured), handler: nav, log: sink,
                                           passed: FileDescriptor(rawValue: fd))
            nav.server = server
            return (KeepAlive([server, nav]), server.statistics)
        }
        #expect(loop.failure.withLock { $0 } == nil)
        #expect(loop.stop())
        return log.withLock { $0 }
    }

    @Test func aPassedSocketIsLoggedUnderItsOwnPath() throws {
        let dir = TempDirectory()
        let real = dir.file("real.sock")
        let fd = try listeningUnixSocket(real)
        let log = try logOfServing(fd, configured: dir.file("from-socket-option.sock"))
        #expect(log.contains("control socket listening on \(real) (passed by systemd)"), "\(log)")
        #expect(!log.contains { $0.contains("from-socket-option.sock") }, "\(log)")
    }

    @Test func aPassedAbstractSocketIsLoggedUnderItsName() throws {
        // An abstract name (ListenStream=@name): sun_path starts with a NUL, the name is the bytes after it.
        let abstract = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        let name = "edgeswipe-test-\(getpid())"
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in name.utf8.enumerated() { raw[i + 1] = b } }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + 1 + name.utf8.count)
        let rc = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(abstract, $0, length) } }
        #expect(rc == 0 && listen(abstract, 4) == 0)
        let abstractLog = try logOfServing(abstract, configured: "/run/edgeswipe/control.sock")
        #expect(abstractLog.contains("control socket listening on @\(name) (passed by systemd)"), "\(abstractLog)")
    }
}

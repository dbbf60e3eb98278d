#if canImport(Glibc)
import Glibc
#endif
import CMicroHTTPD
import EdgeSwipeSystem
import TouchInput
import TouchModel
import EdgeSwipeControl

/// The HTTP bridge of issue 9: the control protocol over HTTP on loopback, for browser kiosks.
/// `GET /events` is a Server-Sent Events stream of the events, `POST /commands` takes one command and
/// answers it, `/` serves the kiosk page. docs/kiosk.md is the reference.
///
/// libmicrohttpd parses HTTP. It runs in external-polling epoll mode: one MHD daemon per loopback address
/// (127.0.0.1, ::1), each daemon's epoll fd registered on the service's `EventLoop`, `MHD_run` called when
/// it is readable or when the timer armed from `MHD_get_timeout` (or the next head deadline of a tokenless
/// connection, see ConnectionGuard) fires. No thread of its own: every
/// callback runs on the loop thread, like the control socket's.
package final class HTTPEndpoint {
    package private(set) var options: HTTPOptions
    package let statistics = HTTPStatistics()
    /// The port listened on (the chosen one when options.port was 0).
    package private(set) var port: UInt16 = 0
    /// Addresses listened on, e.g. ["127.0.0.1:8710", "[::1]:8710"].
    package private(set) var addresses: [String] = []
    package weak var handler: (any ControlCommandHandler)?
    /// An event stream opened (e.g. to start a replay once a page is watching).
    package var onStreamOpened: ((ControlClientID) -> Void)?

    struct Listener {
        var daemon: OpaquePointer
        /// Borrowed: the epoll fd is libmicrohttpd's, closed by MHD_stop_daemon.
        var registration: LoopRegistration
        var address: String
    }

    // Strong: the loop must outlive the registrations removed in shutdown (no cycle: the loop holds handlers).
    let loop: EventLoop
    let log: DaemonLog
    private var listeners: [Listener] = []
    private let timer: DeadlineTimer
    /// Resumed connections are only picked up by the next MHD_run: one eventfd poke per batch of events.
    private var resumeKick: LoopWaker?
    private var kickPending = false
    private var insideRun = false
    var streams: [ControlClientID: EventStream] = [:]
    private var nextClient: UInt64 = 1
    private var stopped = false
    /// Tokenless connections: deadlines and the share of the limit they may hold (HTTPEndpoint+Connections).
    var connectionGuard: ConnectionGuard
    /// The current window of wrong-token requests: when it began and how many came in it.
    var tokenFailureWindow: (start: Microseconds, count: Int)?

    /// Starts listening on 127.0.0.1 (required) and ::1 (when the host has it) on `options.port`; or, with
    /// `passed` (edgeswipe-http.socket's sockets, `SocketActivation`), serves those instead and binds nothing.
    package init(loop: EventLoop, options: HTTPOptions, handler: (any ControlCommandHandler)?, log: DaemonLog,
                passed: [FileDescriptor] = []) throws {
        self.loop = loop
        self.handler = handler
        self.log = log
        self.options = options  // the port and the self origins are filled in once known
        connectionGuard = ConnectionGuard(headDeadlineMs: options.headDeadlineMs, maxConnections: options.maxConnections,
                                          reserved: options.reservedConnections)
        timer = try DeadlineTimer(loop: loop)
        timer.onExpiry = { [unowned self] _ in self.runDaemons() }
        resumeKick = try loop.makeWaker(name: "http resume") { [weak self] in
            self?.kickPending = false
            self?.runDaemons()
        }

        if !passed.isEmpty {
            for fd in passed {
                let address = try Address.passed(fd)
                if case .passed(_, let bound) = address, !bound.isLoopback {
                    guard options.allowNonLoopback else { throw HTTPSetupError(Self.nonLoopbackRefusal(fd: fd.rawValue, address: bound.text)) }
                    log.warning("http: the socket passed by systemd (fd \(fd.rawValue)) is bound to \(bound.text), which is not a loopback "
                                + "address; serving it because non-loopback sockets are allowed: anyone who can reach it may try tokens")
                }
                listeners.append(try start(address: address))
            }
            port = try InternetAddress.bound(passed[0]).port
        } else {
            let v4 = try start(address: .v4(port: options.port))
            listeners.append(v4)
            port = edgeswipe_mhd_bound_port(v4.daemon)
        }
        if passed.isEmpty && options.listenIPv6 {
            do {
                listeners.append(try start(address: .v6(port: port)))
            } catch {
                log.warning("http: not listening on [::1]:\(port): \(error)")
            }
        }
        addresses = listeners.map(\.address)
        self.options.port = port
        self.options.origins.allowSelf(port: port)
        log.info("http: listening on \(addresses.joined(separator: " and "))\(passed.isEmpty ? "" : " (passed by systemd)")")
    }

    deinit { shutdown() }

    /// The refusal of a passed socket on another address (docs/daemon.md quotes it; the systemd VM test
    /// looks for it). Every interface's `[::]` or `0.0.0.0` is what `ListenStream=PORT` binds.
    public static func nonLoopbackRefusal(fd: Int32, address: String) -> String {
        "the socket passed by systemd (fd \(fd)) is bound to \(address), which is not a loopback address: anyone who "
            + "can reach it could try tokens. Bind it to loopback (ListenStream=127.0.0.1:PORT and ListenStream=[::1]:PORT, "
            + "as edgeswipe-http.socket does), or allow it with --http-allow-non-loopback (http.allow_non_loopback: true)"
    }

    /// Event-stream clients connected now.
    package var eventClientCount: Int { streams.count }

    /// Ends every event stream and stops listening. Idempotent.
    package func shutdown() {
        guard !stopped else { return }
        stopped = true
        for stream in Array(streams.values) { drop(stream, reason: "service stopping", slow: false) }
        // Resumed connections leave MHD's suspended list only inside MHD_run; stopping with suspended ones
        // is an API violation.
        for l in listeners { _ = MHD_run(l.daemon) }
        for l in listeners {
            l.registration.close()
            MHD_stop_daemon(l.daemon)
        }
        listeners.removeAll()
        try? timer.arm(at: nil)
    }

    // MARK: Loop integration

    enum Address {
        case v4(port: UInt16)
        case v6(port: UInt16)
        /// A bound, listening socket and the address it is bound to.
        case passed(FileDescriptor, InternetAddress)

        static func passed(_ fd: FileDescriptor) throws -> Address { .passed(fd, try InternetAddress.bound(fd)) }
    }

    private func start(address: Address) throws -> Listener {
        let flags = MHD_USE_EPOLL.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
        let cls = Unmanaged.passUnretained(self).toOpaque()
        let daemon: OpaquePointer?
        let name: String
        switch address {
        case .v4(let port):
            var sa = sockaddr_in()
            sa.sin_family = sa_family_t(AF_INET)
            sa.sin_port = port.bigEndian
            sa.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            name = "127.0.0.1:\(port)"
            daemon = withUnsafePointer(to: &sa) { p in
                p.withMemoryRebound(to: sockaddr.self, capacity: 1) { sp in startDaemon(flags, sp, cls) }
            }
        case .v6(let port):
            var sa = sockaddr_in6()
            sa.sin6_family = sa_family_t(AF_INET6)
            sa.sin6_port = port.bigEndian
            sa.sin6_addr = in6addr_loopback
            name = "[::1]:\(port)"
            daemon = withUnsafePointer(to: &sa) { p in
                p.withMemoryRebound(to: sockaddr.self, capacity: 1) { sp in
                    startDaemon(flags | MHD_USE_IPv6.rawValue, sp, cls)
                }
            }
        case .passed(let fd, let bound):
            name = bound.text
            daemon = startDaemon(flags | (bound.isIPv6 ? MHD_USE_IPv6.rawValue : 0), nil, listening: fd.rawValue, cls)
        }
        guard let daemon else {
            let reason = errno != 0 ? String(cString: strerror(errno)) : "libmicrohttpd could not start"
            throw HTTPSetupError("cannot listen on \(name): \(reason)")
        }
        let fd = edgeswipe_mhd_epoll_fd(daemon)
        guard fd >= 0 else {
            MHD_stop_daemon(daemon)
            throw HTTPSetupError("cannot listen on \(name): libmicrohttpd has no epoll fd")
        }
        let registration = LoopRegistration(loop: loop, descriptor: FileDescriptor(rawValue: fd), name: "http \(name)",
                                            ownership: .borrowed)
        do {
            try registration.register(events: .readable) { [unowned self] _ in self.runDaemons() }
        } catch {
            MHD_stop_daemon(daemon)
            throw error
        }
        var bound = name
        if case .v4(0) = address { bound = "127.0.0.1:\(edgeswipe_mhd_bound_port(daemon))" }
        return Listener(daemon: daemon, registration: registration, address: bound)
    }

    /// A daemon on `address`, or when it is nil on the listening socket `listening`.
    private func startDaemon(_ flags: UInt32, _ address: UnsafePointer<sockaddr>?, listening: Int32 = -1,
                             _ cls: UnsafeMutableRawPointer) -> OpaquePointer? {
        errno = 0
        return edgeswipe_mhd_start(flags, address, listening, httpAccessHandler, cls, httpRequestCompleted, cls,
                                   httpConnectionNotified, cls, UInt32(options.maxConnections), UInt32(options.idleTimeoutSeconds), 32 * 1024)
    }

    /// Lets every daemon do its work, then re-arms the timer for MHD's next timeout (none: disarmed, so an
    /// idle endpoint costs no wake-ups).
    func runDaemons() {
        guard !insideRun else { return }
        insideRun = true
        cutExpiredConnections()
        for l in listeners { _ = MHD_run(l.daemon) }
        insideRun = false
        rearm()
    }

    /// A connection was resumed: make sure MHD_run comes soon, once for all resumes of this loop turn.
    func scheduleRun() {
        guard !kickPending else { return }
        kickPending = true
        resumeKick?.wake()
    }

    func rearm() {
        var earliestMs: Int64?
        for l in listeners {
            let ms = edgeswipe_mhd_timeout_ms(l.daemon)
            if ms >= 0 { earliestMs = min(earliestMs ?? ms, ms) }
        }
        var deadline = earliestMs.map { loop.now + Microseconds(UInt64(min($0, 86_400_000)) * 1000) }
        if let head = connectionGuard.nextDeadline { deadline = min(deadline ?? head, head) }
        do { try timer.arm(at: deadline) } catch { log.error("http: cannot arm the timer: \(error)") }
    }

    func nextClientID() -> ControlClientID {
        defer { nextClient += 1 }
        // A range of its own, so a handler never confuses an HTTP client with a socket client.
        return ControlClientID(rawValue: (1 << 48) + nextClient)
    }
}

#if canImport(Glibc)
import Glibc
#endif
import CMicroHTTPD
import EdgeSwipeSystem
import TouchInput
import TouchModel

/// libmicrohttpd reports each connection's start and end (MHD_OPTION_NOTIFY_CONNECTION), inside MHD_run.
let httpConnectionNotified: MHD_NotifyConnectionCallback = { cls, connection, _, code in
    guard let cls, let connection else { return }
    let endpoint = Unmanaged<HTTPEndpoint>.fromOpaque(cls).takeUnretainedValue()
    switch code {
    case .CONNECTION_NOTIFY_STARTED: endpoint.connectionStarted(connection)
    case .CONNECTION_NOTIFY_CLOSED: endpoint.connectionGuard.closed(connection)
    @unknown default: break
    }
}

extension HTTPEndpoint {
    func connectionStarted(_ connection: OpaquePointer) {
        let fd = edgeswipe_mhd_connection_fd(connection)
        guard fd >= 0 else { return }
        cut(connectionGuard.opened(connection, fd: fd, now: loop.now),
            reason: "more than \(connectionGuard.maxUnproven) connections without the token")
    }

    /// Closes unproven connections past their head deadline (called before each MHD_run).
    func cutExpiredConnections() {
        cut(connectionGuard.expired(now: loop.now),
            reason: "no request with the token within \(options.headDeadlineMs) ms")
    }

    /// Shuts the sockets down; libmicrohttpd sees the end at its next read and closes them (it owns the close).
    private func cut(_ fds: [Int32], reason: String) {
        for fd in fds {
            _ = try? SystemCall.run("shutdown(fd \(fd))") { Glibc.shutdown(fd, Int32(SHUT_RDWR)) }   // best effort
            statistics.connectionsCut.bump()
            log.debug("http: connection closed: \(reason)")
        }
    }

    /// A request presented a wrong token: counted, and logged once per window so a flood cannot flood the
    /// journal; the answer closes the connection (one failed attempt per connection).
    func tokenFailed(method: String, path: String) {
        statistics.tokenFailures.bump()
        let now = loop.now
        if let window = tokenFailureWindow, now < window.start + Self.tokenFailureWindowLength {
            tokenFailureWindow?.count += 1
            return
        }
        if let window = tokenFailureWindow, window.count > 1 {
            log.warning("http: \(window.count - 1) more requests with a wrong token in the \(Self.tokenFailureWindowLength.rawValue / 1_000_000) s "
                        + "after the last one logged")
        }
        tokenFailureWindow = (now, 1)
        log.warning("http: wrong token (\(method) \(path)); the connection is closed; more failures in the next "
                    + "\(Self.tokenFailureWindowLength.rawValue / 1_000_000) s are counted, then logged as one line")
    }

    static let tokenFailureWindowLength: Microseconds = 10_000_000
}

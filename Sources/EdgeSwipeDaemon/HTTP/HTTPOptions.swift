/// How the HTTP bridge (issue 9) listens and what it accepts. Loopback only: 127.0.0.1 and ::1.
package struct HTTPOptions: Sendable {
    /// The port when none is given (`edgeswipe run --http` needs one; docs/kiosk.md uses this).
    package static let defaultPort: UInt16 = 8710

    /// 0 picks a free port (tests); `HTTPEndpoint.port` tells which.
    package var port: UInt16
    /// Commands (and the event stream) need it: `Authorization: Bearer <token>` or `?token=` on /events.
    package var token: BearerToken
    /// Browser origins allowed besides the endpoint's own (http://127.0.0.1:PORT, http://localhost:PORT,
    /// http://[::1]:PORT).
    package var origins: OriginPolicy
    /// The demo kiosk page (web/), served at `/`; nil serves no pages.
    package var site: StaticSite?
    /// Largest POST /commands body; larger ones get 413.
    package var maxBodyBytes: Int
    /// Output held for one event-stream client before it is dropped as too slow.
    package var queueLimitBytes: Int
    /// Connections at once per listening address (event streams included).
    package var maxConnections: Int
    /// Event-stream clients at once; more get 503.
    package var maxEventClients: Int
    /// Idle timeout of ordinary requests (event streams have none).
    package var idleTimeoutSeconds: Int
    /// Time a connection has, from its start, until a request on it carries the token; past it the connection
    /// is closed whatever it still sends (slowloris). Pages, which need no token, are answered well within it.
    package var headDeadlineMs: Int
    /// Connections of the limit kept for clients whose first request carries the token: past
    /// `maxConnections - reservedConnections` tokenless connections, a new one closes the oldest.
    package var reservedConnections: Int
    /// Also listen on ::1 (skipped with a warning when the host has no IPv6 loopback).
    package var listenIPv6: Bool
    /// Serve a socket passed by systemd that is not bound to a loopback address, with a warning
    /// (`--http-allow-non-loopback`, `http.allow_non_loopback`); without it such a socket is refused.
    package var allowNonLoopback = false

    package init(port: UInt16 = HTTPOptions.defaultPort, token: BearerToken, origins: OriginPolicy = OriginPolicy(),
                site: StaticSite? = nil, maxBodyBytes: Int = 64 * 1024, queueLimitBytes: Int = 256 * 1024,
                maxConnections: Int = 128, maxEventClients: Int = 100, idleTimeoutSeconds: Int = 30,
                headDeadlineMs: Int = 10_000, reservedConnections: Int = 16, listenIPv6: Bool = true) {
        self.port = port
        self.token = token
        self.origins = origins
        self.site = site
        self.maxBodyBytes = maxBodyBytes
        self.queueLimitBytes = queueLimitBytes
        self.maxConnections = maxConnections
        self.maxEventClients = maxEventClients
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.headDeadlineMs = headDeadlineMs
        self.reservedConnections = reservedConnections
        self.listenIPv6 = listenIPv6
    }
}

/// Why the HTTP bridge cannot start: a token file readable by others, a bad origin, a port in use.
package struct HTTPSetupError: Error, CustomStringConvertible, Sendable {
    package var description: String
    package init(_ description: String) { self.description = description }
}

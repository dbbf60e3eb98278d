import EdgeSwipeControl
import TouchModel

/// How the service checked a focus report's pid (docs/daemon.md, back routing).
package enum PidCheck: Hashable, Sendable, CustomStringConvertible {
    /// No pid was reported (foreign-toplevel).
    case none
    /// The process is visible and the reporter's (same uid, or the reporter is root): its start time is kept,
    /// so a pid reused before the route is seen.
    case verified(startTime: UInt64)
    /// The service cannot see the process (ProtectProc=invisible, or it has ended): the toolkit the client sent
    /// is used as it is, only to choose among the configured routes and the toolkit table.
    case unverified

    package var description: String {
        switch self {
        case .none: return "none"
        case .verified: return "verified"
        case .unverified: return "unverified"
        }
    }
}

/// The focus reports of the service's clients: each connection's last report, and which is the newest. Rate-limited
/// per connection; a connection that closes takes its report with it. Pure: time comes in; the pid's check is the
/// caller's (FocusCommandHandler). Memory: one entry and one bucket per connection (socket.max_clients bounds them).
package struct FocusTracker {
    package struct Entry: Hashable, Sendable {
        package var report: FocusReport
        package var pidCheck: PidCheck
        /// Orders reports across connections: the highest is in force.
        package var sequence: UInt64
        package var time: Microseconds
    }

    /// Reports a second per connection: a session reports on focus changes, a few a second at most; 100 leaves
    /// room for a burst of window switching and bounds what a runaway client costs.
    package static let reportsPerSecond = 100

    private(set) var entries: [ControlClientID: Entry] = [:]
    private var buckets: [ControlClientID: ReportRateLimit] = [:]
    private var nextSequence: UInt64 = 1
    /// Reports dropped for the rate, since start.
    package private(set) var dropped = 0
    package private(set) var accepted = 0

    package init() {}

    /// Whether `client` may report at `now` (takes a token); false: the report is to be dropped and answered.
    package mutating func admit(_ client: ControlClientID, at now: Microseconds) -> Bool {
        var bucket = buckets[client] ?? ReportRateLimit(perSecond: Self.reportsPerSecond)
        let ok = bucket.take(at: now)
        buckets[client] = bucket
        if !ok { dropped += 1 }
        return ok
    }

    /// Keeps the report as `client`'s last; it is the newest of all.
    package mutating func record(_ report: FocusReport, pidCheck: PidCheck, from client: ControlClientID, at now: Microseconds) {
        entries[client] = Entry(report: report, pidCheck: pidCheck, sequence: nextSequence, time: now)
        nextSequence += 1
        accepted += 1
    }

    /// The connection closed: its report and its bucket go.
    package mutating func forget(_ client: ControlClientID) {
        entries.removeValue(forKey: client)
        buckets.removeValue(forKey: client)
    }

    /// The report in force: the newest of the connections still open; nil when none has reported.
    package var current: Entry? {
        entries.values.max { $0.sequence < $1.sequence }
    }

    package var reporters: Int { entries.count }
}

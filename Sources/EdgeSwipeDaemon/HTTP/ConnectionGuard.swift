import TouchModel

/// Keeps tokenless clients from starving those with the token (issue 14: slowloris). libmicrohttpd's idle
/// timeout restarts on every byte, so a client trickling a request head a line at a time holds its
/// connection for ever, and enough of them fill the connection limit.
///
/// A connection is *unproven* until a request on it has carried the token. Unproven connections
/// - get `headDeadline` from their start to prove themselves (pages need no token and are answered well
///   within it; a keep-alive connection that only fetched pages is closed at the deadline and reopened);
/// - may hold at most `maxUnproven` connections at once: a new one past that cuts the oldest unproven one,
///   so the last `reserved` slots of the limit stay free for clients that send the token in their first
///   request.
/// Pure bookkeeping: it returns the descriptors to cut; the endpoint shuts them down.
struct ConnectionGuard {
    struct Record {
        var fd: Int32
        var start: Microseconds
        var proven = false
        /// Already cut (shut down); libmicrohttpd has not closed it yet.
        var cut = false
    }

    let headDeadline: Microseconds
    let maxUnproven: Int
    private(set) var records: [OpaquePointer: Record] = [:]

    init(headDeadlineMs: Int, maxConnections: Int, reserved: Int) {
        headDeadline = Microseconds(UInt64(max(headDeadlineMs, 1)) * 1000)
        maxUnproven = max(maxConnections - reserved, 1)
    }

    var unprovenCount: Int { records.values.count { !$0.proven && !$0.cut } }

    /// A new connection; returns the descriptors of the unproven connections it pushes out, oldest first.
    mutating func opened(_ connection: OpaquePointer, fd: Int32, now: Microseconds) -> [Int32] {
        records[connection] = Record(fd: fd, start: now)
        var cuts: [Int32] = []
        while unprovenCount > maxUnproven {
            guard let (oldest, record) = records.filter({ !$0.value.proven && !$0.value.cut && $0.key != connection })
                .min(by: { $0.value.start < $1.value.start }) else { break }
            records[oldest]?.cut = true
            cuts.append(record.fd)
        }
        return cuts
    }

    /// A request on this connection carried the token.
    mutating func proven(_ connection: OpaquePointer) {
        records[connection]?.proven = true
    }

    mutating func closed(_ connection: OpaquePointer) {
        records[connection] = nil
    }

    /// Unproven connections past their deadline; marked cut.
    mutating func expired(now: Microseconds) -> [Int32] {
        var cuts: [Int32] = []
        for (connection, record) in records where !record.proven && !record.cut && record.start + headDeadline <= now {
            records[connection]?.cut = true
            cuts.append(record.fd)
        }
        return cuts
    }

    /// When the next unproven connection reaches its deadline.
    var nextDeadline: Microseconds? {
        records.values.filter { !$0.proven && !$0.cut }.map { $0.start + headDeadline }.min()
    }
}

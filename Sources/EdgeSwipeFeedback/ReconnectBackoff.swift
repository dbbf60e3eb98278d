import TouchModel

/// How long to wait before connecting again to a service that is not there (restarting, not yet started):
/// doubling from `first` to `limit`, back to `first` once a connection has been made. One timer per attempt, so
/// a missing service costs one wake-up per delay, never a spin.
public struct ReconnectBackoff: Sendable, Hashable {
    public let first: Microseconds
    public let limit: Microseconds
    private var next: Microseconds

    public init(first: Microseconds = 100_000, limit: Microseconds = 5_000_000) {
        self.first = first
        self.limit = max(limit, first)
        self.next = first
    }

    /// The delay before the next attempt; each call doubles the one after, up to `limit`.
    public mutating func delay() -> Microseconds {
        let d = next
        next = Microseconds(min(next.rawValue.multipliedReportingOverflow(by: 2).partialValue, limit.rawValue))
        return d
    }

    /// A connection succeeded: the next failure waits `first` again.
    public mutating func reset() { next = first }
}

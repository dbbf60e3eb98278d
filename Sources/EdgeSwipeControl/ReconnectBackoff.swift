import TouchModel

/// How long to wait before connecting again to a service that is not there (restarting, not yet started):
/// doubling from `first` to `limit`, back to `first` once a connection has served for `lasting`. One timer per
/// attempt, so a missing service costs one wake-up per delay, never a spin.
///
/// Not back to `first` at every registration (issue 33): a service in a crash loop registers the observer and dies
/// within a second, and was asked again at once, about 9 times a second.
public struct ReconnectBackoff: Sendable, Hashable {
    public let first: Microseconds
    public let limit: Microseconds
    /// How long a registered connection must have lasted for its loss to start the delays over.
    public let lasting: Microseconds
    private var next: Microseconds
    private var registeredAt: Microseconds?

    public init(first: Microseconds = 100_000, limit: Microseconds = 5_000_000, lasting: Microseconds = 10_000_000) {
        self.first = first
        self.limit = max(limit, first)
        self.lasting = lasting
        self.next = first
    }

    /// The delay before the next attempt; each call doubles the one after, up to `limit`.
    public mutating func delay() -> Microseconds {
        let d = next
        next = Microseconds(min(next.rawValue.multipliedReportingOverflow(by: 2).partialValue, limit.rawValue))
        return d
    }

    /// The service answered the registration at `now`.
    public mutating func registered(at now: Microseconds) { registeredAt = now }

    /// The connection was lost at `now`: after `lasting` registered the service was serving, and the next
    /// attempt waits `first` again; otherwise the delays go on growing.
    public mutating func lost(at now: Microseconds) {
        if let registeredAt, now >= registeredAt, now - registeredAt >= lasting { next = first }
        registeredAt = nil
    }
}

import TouchModel

/// A token bucket: `perSecond` reports a second on average, up to `perSecond` at once. Pure: time comes in.
package struct ReportRateLimit: Hashable, Sendable {
    package let perSecond: Int
    private var tokens: Double
    private var last: Microseconds?

    package init(perSecond: Int) {
        self.perSecond = perSecond
        tokens = Double(perSecond)
    }

    /// Takes one token at `now`: false when the bucket is empty (the report is dropped).
    package mutating func take(at now: Microseconds) -> Bool {
        if let last, now > last {
            tokens = min(Double(perSecond), tokens + Double((now - last).rawValue) / 1_000_000 * Double(perSecond))
        }
        last = max(last ?? now, now)
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}

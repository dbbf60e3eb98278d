import Synchronization

/// Counters of the control server, readable from any thread (tests, diagnostics, the benchmarks).
public final class ControlServerStatistics: Sendable {
    public let accepted = Atomic<Int>(0)
    public let refusedCredentials = Atomic<Int>(0)
    public let refusedTooMany = Atomic<Int>(0)
    public let disconnectedSlow = Atomic<Int>(0)
    public let disconnected = Atomic<Int>(0)
    public let linesTooLong = Atomic<Int>(0)
    /// Requests answered with an error (malformed, unknown, refused).
    public let errorReplies = Atomic<Int>(0)
    public let commands = Atomic<Int>(0)
    public let eventsPublished = Atomic<Int>(0)
    public let connected = Atomic<Int>(0)
    /// Most bytes ever held for one client's unfinished input line.
    public let inputHighWater = Atomic<Int>(0)
    /// Most bytes ever queued for one client's output.
    public let outputHighWater = Atomic<Int>(0)

    public init() {}
}

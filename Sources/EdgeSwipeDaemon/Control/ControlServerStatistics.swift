import Synchronization

/// Counters of the control server, readable from any thread (tests, diagnostics, the benchmarks).
package final class ControlServerStatistics: Sendable {
    package let accepted = Atomic<Int>(0)
    package let refusedCredentials = Atomic<Int>(0)
    package let refusedTooMany = Atomic<Int>(0)
    package let disconnectedSlow = Atomic<Int>(0)
    package let disconnected = Atomic<Int>(0)
    package let linesTooLong = Atomic<Int>(0)
    /// Requests answered with an error (malformed, unknown, refused).
    package let errorReplies = Atomic<Int>(0)
    package let commands = Atomic<Int>(0)
    package let eventsPublished = Atomic<Int>(0)
    package let connected = Atomic<Int>(0)
    /// Most bytes ever held for one client's unfinished input line.
    package let inputHighWater = Atomic<Int>(0)
    /// Most bytes ever queued for one client's output.
    package let outputHighWater = Atomic<Int>(0)

    package init() {}
}

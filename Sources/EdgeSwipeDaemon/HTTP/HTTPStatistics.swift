import Synchronization

/// Counters of the HTTP bridge, readable from any thread (tests, diagnostics).
package final class HTTPStatistics: Sendable {
    package let requests = Atomic<Int>(0)
    package let commands = Atomic<Int>(0)
    /// Answers with a 4xx or 5xx status (refusals and errors).
    package let errorReplies = Atomic<Int>(0)
    package let streamsOpened = Atomic<Int>(0)
    package let streamsClosed = Atomic<Int>(0)
    /// Event-stream clients dropped because their queue passed the limit.
    package let streamsDroppedSlow = Atomic<Int>(0)
    package let streamsConnected = Atomic<Int>(0)
    package let eventsPublished = Atomic<Int>(0)
    /// Most bytes ever queued for one event-stream client.
    package let queueHighWater = Atomic<Int>(0)
    /// Requests that presented a wrong token.
    package let tokenFailures = Atomic<Int>(0)
    /// Tokenless connections closed at their deadline or to keep slots for clients with the token.
    package let connectionsCut = Atomic<Int>(0)

    package init() {}
}

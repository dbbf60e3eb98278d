import Synchronization

/// Counters of the HTTP bridge, readable from any thread (tests, diagnostics).
public final class HTTPStatistics: Sendable {
    public let requests = Atomic<Int>(0)
    public let commands = Atomic<Int>(0)
    /// Answers with a 4xx or 5xx status (refusals and errors).
    public let errorReplies = Atomic<Int>(0)
    public let streamsOpened = Atomic<Int>(0)
    public let streamsClosed = Atomic<Int>(0)
    /// Event-stream clients dropped because their queue passed the limit.
    public let streamsDroppedSlow = Atomic<Int>(0)
    public let streamsConnected = Atomic<Int>(0)
    public let eventsPublished = Atomic<Int>(0)
    /// Most bytes ever queued for one event-stream client.
    public let queueHighWater = Atomic<Int>(0)
    /// Requests that presented a wrong token.
    public let tokenFailures = Atomic<Int>(0)
    /// Tokenless connections closed at their deadline or to keep slots for clients with the token.
    public let connectionsCut = Atomic<Int>(0)

    public init() {}
}

import TouchInput

/// A clone in memory: every write, as written, for tests of the session's forwarding (`ForwardTarget.memory`).
/// `failFrom` stands for a clone that went away: the writes from that one on throw.
package final class MemoryClone {
    package struct Gone: Error, CustomStringConvertible {
        package var description: String { "clone gone" }
    }

    /// Each write's events, in order.
    package private(set) var writes: [[InputEvent]] = []
    /// Writes past this many throw (nil: none does).
    package var failFrom: Int?
    /// Writes asked for, including those that threw.
    package private(set) var attempts = 0

    package init(failFrom: Int? = nil) { self.failFrom = failFrom }

    package func write(_ events: UnsafeBufferPointer<InputEvent>) throws {
        attempts += 1
        if let failFrom, attempts > failFrom { throw Gone() }
        writes.append(Array(events))
    }
}

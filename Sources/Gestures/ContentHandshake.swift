import TouchModel

// The claim/yield handshake's vocabulary (issue 37): before a content pan begins, the service asks the region's
// owner whether the pan is the page's, and waits at most `answerWaitMS`.

/// How long the service waits for an owner's answer. One frame at 60 Hz is 16.7 ms: an answer made in the
/// page's next animation frame arrives within it.
public struct ContentHandshakeConfig: Hashable, Sendable {
    public var answerWaitMS: Double

    /// The wait's bounds: below 4 ms no page answers across a process boundary; above 50 ms (three frames) the
    /// back visibly lags the finger.
    public static let answerWaitRangeMS = 4.0...50.0

    public init(answerWaitMS: Double = 17) { self.answerWaitMS = answerWaitMS }

    /// Every problem with the values, each naming its field; empty when valid.
    public func problems() -> [String] {
        let r = Self.answerWaitRangeMS
        guard answerWaitMS.isFinite && r.contains(answerWaitMS) else {
            return ["content answer wait (ms) must be \(Int(r.lowerBound)) to \(Int(r.upperBound)), not \(answerWaitMS)"]
        }
        return []
    }
}

/// What the service asks a region's owner: "is this pan yours?".
public struct ContentQuery: Hashable, Sendable {
    /// Numbers the queries of one service, from 1; an answer names the one it answers.
    public var seq: UInt64
    public var region: ContentRegionID
    public var owner: Int
    /// The finger now, screen mm.
    public var positionMM: Point
    public var direction: ContentDirection
    /// When it was asked; the answer is awaited until `time + answerWaitMS`.
    public var time: Microseconds
}

/// An owner's answer.
public enum ContentAnswer: Hashable, Sendable {
    /// The pan is not the page's: the back begins.
    case claim
    /// The pan is the page's, for this reason.
    case yield(ContentYieldReason)
}

/// An answer the handshake set aside, counted by kind.
public enum IgnoredAnswer: String, Hashable, Sendable, CaseIterable {
    /// For the current query, after its deadline (or after its owner went away) decided it.
    case late
    /// A second answer for a query already answered.
    case duplicate
    /// For a query that is not the current one (an older seq, or one never asked).
    case stale
    /// From a client that does not own the region asked about.
    case notOwner
}

/// What the caller does after a step of the handshake.
public enum HandshakeOutcome: Hashable, Sendable {
    /// Send this query to its owner.
    case ask(ContentQuery)
    /// The owner claimed the pan: begin the back.
    case begin
    /// The pan is the page's: fail the recognizer with this reason.
    case yield(ContentYieldReason)
    /// The answer changed nothing.
    case ignored(IgnoredAnswer)
}

import TouchModel

/// The claim/yield handshake of one touch surface (issue 37), as a state machine: idle → (a pan is ready: ask)
/// awaiting → claimed | yielding; claimed and yielding last until the touch lifts, so one touch begins at most
/// one back, and a touch the page took (a yield, `scrolled` among them) stays the page's. No answer by the
/// deadline is a yield (`timeout`); an owner that goes away while asked yields (`ownerGone`). Answers that come
/// late, twice, for another query or from another client change nothing and are counted.
///
/// Pure: time is a parameter; the caller's timer wakes it at `nextDeadline` (as the arena's). One transition
/// function (`transition`), one cause per call.
public struct ContentClaimHandshake {
    public enum State: String, Hashable, Sendable {
        /// No decision in this touch.
        case idle
        /// A query is out; its deadline is pending.
        case awaiting
        /// The owner claimed this touch's pan: its back began.
        case claimed
        /// The page has this touch until it lifts.
        case yielding
    }

    enum Cause {
        case ask(ContentQueryPoint)
        case answer(seq: UInt64, ContentAnswer, from: Int)
        case deadline
        case ownerGone(Int)
        case lift
    }

    /// What decided the current query, to tell a late answer from a duplicate.
    enum Decider { case answer, deadline, ownerGone }

    public let config: ContentHandshakeConfig
    public private(set) var state = State.idle
    /// The current (or last) query.
    public private(set) var query: ContentQuery?
    /// The reason the page has this touch (in `yielding`).
    public private(set) var yieldReason: ContentYieldReason?
    var decider: Decider?
    var lastSeq: UInt64 = 0
    let wait: Microseconds

    public private(set) var ignoredCounts: [IgnoredAnswer: Int] = [:]
    public var logSink: LogSink?
    public private(set) var bugCount = 0

    public init(config: ContentHandshakeConfig = ContentHandshakeConfig()) throws(ContentHandshakeConfigError) {
        let problems = config.problems()
        guard problems.isEmpty else { throw ContentHandshakeConfigError(problems: problems) }
        self.config = config
        self.wait = Microseconds(milliseconds: config.answerWaitMS)
    }

    /// When the pending query times out, or nil when none is pending.
    public var nextDeadline: Microseconds? {
        guard state == .awaiting, let query else { return nil }
        return query.time &+ wait
    }

    public func ignored(_ kind: IgnoredAnswer) -> Int { ignoredCounts[kind] ?? 0 }

    // MARK: - Causes

    /// A content pan is ready at `point`: ask its owner, or, when this touch is decided already, yield at once.
    public mutating func ask(_ point: ContentQueryPoint, now: Microseconds) -> HandshakeOutcome? {
        transition(.ask(point), now: now)
    }

    /// An answer from client `owner`. An answer at or after the deadline first times the query out (the timer
    /// may not have fired yet), then counts as late.
    public mutating func answer(seq: UInt64, _ answer: ContentAnswer, from owner: Int, now: Microseconds) -> HandshakeOutcome? {
        if let d = nextDeadline, now >= d, let timedOut = transition(.deadline, now: now) {
            _ = transition(.answer(seq: seq, answer, from: owner), now: now)
            return timedOut
        }
        return transition(.answer(seq: seq, answer, from: owner), now: now)
    }

    /// The caller's timer fired.
    public mutating func deadlineReached(now: Microseconds) -> HandshakeOutcome? {
        guard let d = nextDeadline, now >= d else { return nil }
        return transition(.deadline, now: now)
    }

    /// Client `owner` went away (its socket closed).
    public mutating func ownerGone(_ owner: Int, now: Microseconds) -> HandshakeOutcome? {
        guard state == .awaiting, query?.owner == owner else { return nil }
        return transition(.ownerGone(owner), now: now)
    }

    /// Every contact lifted: the next touch is decided afresh.
    public mutating func lift(now: Microseconds) {
        _ = transition(.lift, now: now)
    }

    // MARK: - The transition function

    mutating func transition(_ cause: Cause, now: Microseconds) -> HandshakeOutcome? {
        let from = state
        switch (from, cause) {
        case (.idle, .ask(let point)):
            lastSeq += 1
            let q = ContentQuery(seq: lastSeq, region: point.region.id, owner: point.region.owner,
                                 positionMM: point.positionMM, direction: point.region.direction, time: now)
            query = q
            decider = nil
            state = .awaiting
            log(from, "ask seq \(q.seq) of client \(q.owner)")
            return .ask(q)
        case (.claimed, .ask), (.yielding, .ask):
            // One decision per touch: a second pan in it is the page's, for the reason the first was (or decided).
            let reason = from == .yielding ? (yieldReason ?? .decided) : .decided
            log(from, "ask again in a decided touch: yield (\(reason.rawValue))")
            return .yield(reason)
        case (.awaiting, .answer(let seq, let answer, let owner)):
            guard let q = query, seq == q.seq else { return set(aside: .stale, from, seq) }
            guard owner == q.owner else { return set(aside: .notOwner, from, seq) }
            decider = .answer
            switch answer {
            case .claim:
                state = .claimed
                log(from, "claim seq \(seq)")
                return .begin
            case .yield(let reason):
                return yield(reason, from: from, "yield seq \(seq)")
            }
        case (.awaiting, .deadline):
            decider = .deadline
            return yield(.timeout, from: from, "no answer by the deadline")
        case (.awaiting, .ownerGone):
            decider = .ownerGone
            return yield(.ownerGone, from: from, "owner gone")
        case (.idle, .answer(let seq, _, let owner)), (.claimed, .answer(let seq, _, let owner)),
             (.yielding, .answer(let seq, _, let owner)):
            // Decided already, or nothing asked: only counted.
            guard let q = query, seq == q.seq else { return set(aside: .stale, from, seq) }
            guard owner == q.owner else { return set(aside: .notOwner, from, seq) }
            return set(aside: decider == .answer ? .duplicate : .late, from, seq)
        case (_, .lift):
            state = .idle
            yieldReason = nil
            if from != .idle { log(from, "lift") }
            return nil
        default:
            bugCount += 1
            logSink?(.error, "BUG content handshake: \(from.rawValue) → \(cause) is not a valid transition; ignored")
            return nil
        }
    }

    private mutating func yield(_ reason: ContentYieldReason, from: State, _ why: String) -> HandshakeOutcome {
        state = .yielding
        yieldReason = reason
        log(from, "\(why): yield (\(reason.rawValue))")
        return .yield(reason)
    }

    private mutating func set(aside kind: IgnoredAnswer, _ from: State, _ seq: UInt64) -> HandshakeOutcome {
        ignoredCounts[kind, default: 0] += 1
        logSink?.debug("content handshake: \(from.rawValue) → \(kind.rawValue) answer seq \(seq), ignored → \(from.rawValue)")
        return .ignored(kind)
    }

    private func log(_ from: State, _ cause: @autoclosure () -> String) {
        guard let logSink else { return }
        logSink.debug("content handshake: \(from.rawValue) → \(cause()) → \(state.rawValue)")
    }
}

public struct ContentHandshakeConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    public var problems: [String]
    public var description: String { "content handshake: " + problems.joined(separator: "; ") }
}

import Gestures
import TouchModel

/// What a device's content back needs (issue 37), when `content_swipe` is on: the recognizer's and the
/// handshake's settings.
public struct ContentOptions: Hashable, Sendable {
    public var swipe: ContentSwipeConfig
    public var handshake: ContentHandshakeConfig

    public init(swipe: ContentSwipeConfig = ContentSwipeConfig(), handshake: ContentHandshakeConfig = ContentHandshakeConfig()) {
        self.swipe = swipe
        self.handshake = handshake
    }
}

/// One touch surface's content back: the recognizer and its claim/yield handshake, stepped together. Frames and
/// the handshake's deadline come from the pipeline; answers and the regions from the service. A ready pan is asked
/// of its owner once (`onQuery`, the session core's); a claim begins it, a yield or the deadline fails it.
/// Pure: time is a parameter, and nothing here does I/O.
final class ContentSurface {
    let recognizer: ContentSwipeRecognizer
    private(set) var handshake: ContentClaimHandshake
    /// This step's events (reused; read before the next step).
    private(set) var events: [GestureEvent] = []
    /// Where a query goes as it is made (the session core sends it to the region's owner).
    var onQuery: ((ContentQuery) -> Void)?
    /// Where the seq of a query the deadline decided goes, so the service drops a later answer for it.
    var onTimedOut: ((UInt64) -> Void)?

    init(options: ContentOptions, transform: ScreenTransform, edgeBands: EdgeBands) throws {
        recognizer = try ContentSwipeRecognizer(config: options.swipe, transform: transform, edgeBands: edgeBands)
        handshake = try ContentClaimHandshake(config: options.handshake)
        events.reserveCapacity(8)
    }

    var logSink: LogSink? {
        get { recognizer.logSink }
        set {
            recognizer.logSink = newValue
            handshake.logSink = newValue
        }
    }

    var nextDeadline: Microseconds? { handshake.nextDeadline }

    /// One frame: the recognizer follows it; a pan that became ready is asked about (or, in a touch already
    /// decided, yields at once); the lift of every finger ends the handshake's touch.
    func process(_ frame: TouchFrame, now: Microseconds) -> [GestureEvent] {
        if !events.isEmpty { events.removeAll(keepingCapacity: true) }
        recognizer.advance(frame, now: now, into: &events)
        if handshake.state != .awaiting, let point = recognizer.pendingQuery {
            switch handshake.ask(point, now: now) {
            case .ask(let q)?: onQuery?(q)
            case .yield(let reason)?: recognizer.yield(reason, time: frame.time, into: &events)
            case .begin?, .ignored?, nil: break
            }
        }
        recognizer.finishFrame(frame, into: &events)
        if frame.activeCount == 0 { handshake.lift(now: now) }
        return events
    }

    /// The owner's answer to query `seq` (the handshake's own number).
    func answer(seq: UInt64, _ answer: ContentAnswer, from owner: Int, now: Microseconds) -> [GestureEvent] {
        events.removeAll(keepingCapacity: true)
        decide(handshake.answer(seq: seq, answer, from: owner, now: now), now: now)
        return events
    }

    /// The pipeline's timer reached the handshake's deadline: no answer is a yield (`timeout`).
    func deadlineReached(now: Microseconds) -> [GestureEvent] {
        events.removeAll(keepingCapacity: true)
        let seq = handshake.query?.seq
        let outcome = handshake.deadlineReached(now: now)
        if outcome != nil, let seq { onTimedOut?(seq) }
        decide(outcome, now: now)
        return events
    }

    /// The owner went away: a query out to it yields, and its regions go (a back it began is cancelled).
    func ownerGone(_ owner: Int, now: Microseconds) -> [GestureEvent] {
        events.removeAll(keepingCapacity: true)
        decide(handshake.ownerGone(owner, now: now), now: now)
        recognizer.withdrawAll(owner: owner, time: now, into: &events)
        return events
    }

    /// The regions every client holds now, clipped to this surface's screen: those no longer held are withdrawn
    /// (failing or cancelling a pan in them), the others declared or replaced.
    func setRegions(_ regions: [ContentRegion], now: Microseconds) -> [GestureEvent] {
        events.removeAll(keepingCapacity: true)
        let screen = recognizer.transform.screenSize
        var kept: [ContentRegion] = []
        for var r in regions {
            let x0 = max(r.rectMM.x, 0), y0 = max(r.rectMM.y, 0)
            let x1 = min(r.rectMM.x + r.rectMM.widthMM, screen.widthMM), y1 = min(r.rectMM.y + r.rectMM.heightMM, screen.heightMM)
            guard x1 > x0, y1 > y0 else { continue }
            r.rectMM = ContentRect(x: x0, y: y0, widthMM: x1 - x0, heightMM: y1 - y0)
            kept.append(r)
        }
        for old in recognizer.regions where !kept.contains(where: { $0.id == old.id && $0.owner == old.owner }) {
            recognizer.withdraw(old.id, owner: old.owner, time: now, into: &events)
        }
        for r in kept { recognizer.declare(r) }
        return events
    }

    /// What the handshake decided, applied to a pan still waiting for it.
    private func decide(_ outcome: HandshakeOutcome?, now: Microseconds) {
        guard recognizer.isReadyToBegin else { return }
        switch outcome {
        case .begin?: recognizer.begin(into: &events)
        case .yield(let reason)?: recognizer.yield(reason, time: now, into: &events)
        case .ask?, .ignored?, nil: break
        }
    }
}

import TouchModel

/// Several recognizers on one device, arbitrated UIKit-style. Each frame every recognizer sees the contacts
/// the delegate lets it receive; one that meets activation claims the arena and begins unless
/// - a recognizer it requires to fail is still possible (it waits, still ready, until that one fails: then it
///   begins; or begins: then it fails with `lostArbitration`),
/// - another recognizer is active and the delegate does not allow both at once (`lostArbitration`),
/// - the delegate's `shouldBegin` refuses (`refused(reason)`).
/// At a touch-down in a recognizer's edge zone the delegate's `shouldReceive` is asked first: a refusal fails
/// that recognizer in the same frame (`refused(reason)`), before it follows the contact.
/// A recognizer that begins makes every other one still tracking fail (`lostArbitration`), unless the
/// delegate allows them to run simultaneously. Earlier-added recognizers claim first.
///
/// `process` returns this frame's events in a buffer the arena reuses: read it before the next call and do
/// not keep it, and steady state allocates nothing.
public final class GestureArena {
    @exclusivity(unchecked) public private(set) var recognizers: [EdgeSwipeRecognizer] = []
    /// Held weakly, as UIKit holds its delegates.
    public weak var delegate: (any GestureRecognizerDelegate)?
    public let transform: ScreenTransform
    /// Stamped on every event and begin request of this arena: recognizers of different devices share names.
    public var source = GestureSource(0)
    /// "state → event → state" lines of every recognizer; nil (off) by default.
    public var logSink: LogSink? {
        didSet {
            for i in recognizers.indices { recognizers[i].logSink = logSink }
        }
    }
    /// The paired pen's gate (issue 36): nil, the default, when the device has no pen; touch-downs pay for it only
    /// when set.
    public var penGate: PenGate?
    /// For each recognizer, the recognizers that must fail before it may begin.
    private var mustFail: [[Int]] = []
    @exclusivity(unchecked) private var events: [GestureEvent] = []

    public init(transform: ScreenTransform) {
        self.transform = transform
        events.reserveCapacity(32)
    }

    /// Adds a recognizer; names must be unique.
    @discardableResult
    public func add(_ config: EdgeSwipeConfig) throws -> Int {
        if recognizers.contains(where: { $0.name == config.name }) {
            throw ArenaError.duplicateName(config.name)
        }
        let r = try EdgeSwipeRecognizer(config: config, transform: transform)
        r.logSink = logSink
        recognizers.append(r)
        mustFail.append([])
        waitingForLift = false
        return recognizers.count - 1
    }

    /// `name` may begin only after `other` has failed (UIKit's require(toFail:)).
    public func require(_ name: RecognizerID, toFail other: RecognizerID) throws {
        guard let i = index(of: name) else { throw ArenaError.unknownRecognizer(name) }
        guard let j = index(of: other) else { throw ArenaError.unknownRecognizer(other) }
        guard i != j else { throw ArenaError.requiresItself(name) }
        // A cycle would leave every recognizer in it waiting for the others until the fingers lift.
        guard !waitsFor(j, i) else { throw ArenaError.requirementCycle(name, other) }
        if !mustFail[i].contains(j) { mustFail[i].append(j) }
    }

    /// Whether `a` waits, directly or through others, for `b` to fail.
    private func waitsFor(_ a: Int, _ b: Int) -> Bool {
        var seen = Set<Int>()
        var stack = [a]
        while let k = stack.popLast() {
            if k == b { return true }
            if seen.insert(k).inserted { stack += mustFail[k] }
        }
        return false
    }

    public func index(of name: RecognizerID) -> Int? {
        recognizers.firstIndex { $0.name == name }
    }

    public func state(of name: RecognizerID) -> RecognizerState? {
        index(of: name).map { recognizers[$0].state }
    }

    /// Impossible transitions seen by any recognizer.
    public var bugCount: Int { recognizers.reduce(0) { $0 + $1.bugCount } }

    /// Runs one frame through every recognizer and arbitration.
    public func process(_ frame: TouchFrame, now: Microseconds) -> [GestureEvent] {
        // Most frames have no events: skip the clearing call then.
        if !events.isEmpty { events.removeAll(keepingCapacity: true) }
        let active = frame.activeCount
        let fingerLanded = frame.contacts.contains(where: { $0.phase == .down })
        // Every recognizer has finished with this touch and waits for the last finger to lift: in those states a
        // frame with no new finger changes nothing (their handlers do nothing, none is ready to begin, and the
        // lift itself takes the full path below). Most frames on a kiosk are such frames: touches that were
        // never edge swipes, or the rest of one after it ended.
        if waitingForLift && active > 0 && !fingerLanded {
            return events
        }
        // Touch-downs are rare: only then is the weak delegate loaded, or the pen asked.
        if fingerLanded {
            if hasRejected { reviveOverRejected(frame) }
            if penGate != nil { gateByPen(frame, now: now) }
            if let delegate { askAtTouchDown(frame, now: now, delegate: delegate) }
        }
        for i in recognizers.indices {
            recognizers[i].advance(frame, now: now, into: &events)
        }
        collectRejected()
        resolve()
        for i in recognizers.indices {
            recognizers[i].finishFrame(activeCount: active, time: frame.time, into: &events)
        }
        if active == 0 { hasRejected = false }
        updateDeadline()
        stampSource()
        return events
    }

    /// Marks this frame's events with the arena's source (most frames have none: the loop does nothing).
    @inline(__always)
    private func stampSource() {
        for i in events.indices { events[i].source = source }
    }

    /// Some recognizer has rejected a contact since every contact last lifted (cleared by `finishFrame`'s lift).
    @exclusivity(unchecked) private var hasRejected = false

    /// A recognizer that rejected a contact (a palm, a grip, a hand under the pen): every recognizer ignores it
    /// from now on, so that it keeps none of them from a swipe elsewhere.
    @inline(__always)
    private func collectRejected() {
        for i in recognizers.indices where recognizers[i].rejectedContact >= 0 {
            let id = recognizers[i].rejectedContact
            recognizers[i].rejectedContact = -1
            for r in recognizers where !r.isIgnored(id) { r.ignore(contactID: id) }
            hasRejected = true
        }
    }

    /// A finger lands: a recognizer that failed while every other contact still down is one it ignores (rejected)
    /// starts again, so that finger may swipe beside a resting palm or grip.
    @inline(never)
    private func reviveOverRejected(_ frame: TouchFrame) {
        for r in recognizers where r.swipeState == .failed {
            var onlyRejected = true
            for c in frame.contacts where c.phase == .move && !r.isIgnored(c.id) {
                onlyRejected = false
                break
            }
            if onlyRejected { r.transition(.onlyRejectedContactsDown, time: frame.time, into: &events) }
        }
        waitingForLift = false
    }

    /// Touch-downs while the pen gate is closed: recognizers whose zone holds one fail with `penInProximity`, the
    /// others never see it; either way the contact is rejected until it lifts.
    @inline(never)
    private func gateByPen(_ frame: TouchFrame, now: Microseconds) {
        guard var gate = penGate else { return }
        if gate.noteStuck(now: now) {
            logSink?(.warning, "pen in proximity without moving for \(Int(gate.config.stuckMS)) ms: taken for stuck, touches no longer gated until it moves")
        }
        penGate = gate
        for c in frame.contacts where c.phase == .down {
            let p = transform.screenMM(c)
            guard case .gated(let since) = gate.decision(at: p, now: now) else { continue }
            for r in recognizers {
                if r.zonesForTouchDown(at: p).isEmpty {
                    r.ignore(contactID: c.id)
                } else {
                    r.refuseTouch(contactID: c.id, reason: .pen(msSinceOut: since))
                }
            }
            hasRejected = true
        }
    }

    /// The paired pen's state changed (its node's frame).
    public func penChanged(_ sample: PenSample) {
        penGate?.update(sample)
    }

    /// The delegate's touch-down questions: `shouldReceiveTouch` (false: the recognizer never sees the contact),
    /// then, for a recognizer that would follow it from its edge zone, `shouldReceive` (a refusal fails that
    /// recognizer in this frame with `.refused(reason)`).
    @inline(never)
    private func askAtTouchDown(_ frame: TouchFrame, now: Microseconds, delegate: any GestureRecognizerDelegate) {
        for c in frame.contacts where c.phase == .down {
            let p = transform.screenMM(c)
            for i in recognizers.indices {
                let r = recognizers[i]
                guard delegate.shouldReceiveTouch(recognizer: r.name, atMM: p) else {
                    r.ignore(contactID: c.id)
                    continue
                }
                let zones = r.zonesForTouchDown(at: p)
                guard !zones.isEmpty else { continue }
                let request = TouchDownRequest(recognizer: r.name, contactID: c.id, edges: zones, time: now,
                                               pointMM: p, screenMM: r.screen)
                if case .refuse(let reason, _) = delegate.shouldReceive(request) {
                    r.refuseTouch(contactID: c.id, reason: .refused(reason))
                }
            }
        }
    }

    /// The earliest time-out of any recognizer, for the caller's single timer (on the frames' clock).
    /// Kept up to date by `process` and `deadlineReached`, so reading it costs nothing.
    @inlinable public var nextDeadline: Microseconds? { earliestDeadline }
    /// A computed property in front of it because another module reading a public stored property of a class
    /// accesses the field directly, with a dynamic exclusivity check, whatever this declaration says; the
    /// inlinable getter reads it with none (no swift_beginAccess on the release build's per-frame path).
    @exclusivity(unchecked) @usableFromInline private(set) var earliestDeadline: Microseconds? = nil

    /// True when every recognizer is ended, cancelled or failed: nothing but a new finger or the last lift
    /// can change anything (see `process`). Empty arenas never wait.
    @exclusivity(unchecked) public private(set) var waitingForLift = false

    /// After every change of state: the deadline for the caller's timer, and whether the arena only waits for a lift.
    private func updateDeadline() {
        var best: Microseconds? = nil
        var waiting = !recognizers.isEmpty
        for i in recognizers.indices {
            if let d = recognizers[i].nextDeadline, d < (best ?? .max) { best = d }
            switch recognizers[i].state {
            case .ended, .cancelled, .failed: break
            case .possible, .began, .changed: waiting = false
            }
        }
        earliestDeadline = best
        waitingForLift = waiting
    }

    /// The caller's timer fired. Returns the events (time-out failures, and beginnings they unblock).
    public func deadlineReached(now: Microseconds) -> [GestureEvent] {
        events.removeAll(keepingCapacity: true)
        for i in recognizers.indices {
            recognizers[i].deadlineReached(now: now, into: &events)
        }
        collectRejected()
        resolve()
        updateDeadline()
        stampSource()
        return events
    }

    // MARK: - Arbitration

    private func simultaneous(_ a: Int, _ b: Int) -> Bool {
        delegate?.shouldRecognizeSimultaneously(recognizers[a].name, with: recognizers[b].name) ?? false
    }

    /// Lets ready recognizers begin, in order, until nothing changes (a failure can unblock a waiting one).
    private func resolve() {
        var changed = true
        while changed {
            changed = false
            for i in recognizers.indices where recognizers[i].isReadyToBegin {
                if claim(i) { changed = true }
            }
        }
    }

    /// Decides for one ready recognizer. Returns true when it began or failed.
    private func claim(_ i: Int) -> Bool {
        let time = recognizers[i].frameTime
        for j in mustFail[i] {
            switch recognizers[j].state {
            case .failed:
                continue
            case .possible:
                // Still deciding, unless it follows no contact at all (then it cannot begin on these).
                if recognizers[j].isTracking { return false }
            case .began, .changed, .ended, .cancelled:
                recognizers[i].fail(.lostArbitration(to: recognizers[j].name), time: time, into: &events)
                return true
            }
        }
        for k in recognizers.indices where k != i && recognizers[k].isActive && !simultaneous(i, k) {
            recognizers[i].fail(.lostArbitration(to: recognizers[k].name), time: time, into: &events)
            return true
        }
        if let delegate {
            let r = recognizers[i]
            let request = BeginRequest(recognizer: r.name, edge: r.edge, fingers: r.config.fingers, time: time,
                                       startMM: r.tracked[0].start, screenMM: r.screen, source: source)
            if case .refuse(let reason, _) = delegate.shouldBegin(request) {
                recognizers[i].fail(.refused(reason), time: time, into: &events)
                return true
            }
        }
        recognizers[i].begin(into: &events)
        let winner = recognizers[i].name
        for k in recognizers.indices where k != i && recognizers[k].isTracking {
            if mustFail[k].contains(i) || !simultaneous(i, k) {
                recognizers[k].fail(.lostArbitration(to: winner), time: time, into: &events)
            }
        }
        return true
    }
}

public enum ArenaError: Error, Hashable, Sendable, CustomStringConvertible {
    case duplicateName(RecognizerID)
    case unknownRecognizer(RecognizerID)
    case requiresItself(RecognizerID)
    case requirementCycle(RecognizerID, RecognizerID)

    public var description: String {
        switch self {
        case .duplicateName(let n): return "two recognizers are named \"\(n)\"; names must be unique"
        case .unknownRecognizer(let n): return "no recognizer named \"\(n)\""
        case .requiresItself(let n): return "\"\(n)\" cannot require itself to fail"
        case .requirementCycle(let a, let b):
            return "\"\(a)\" cannot wait for \"\(b)\" to fail: \"\(b)\" already waits for \"\(a)\""
        }
    }
}

import EdgeSwipeCorpus
import Gestures
import Navigation
import Testing
import TouchInput
import TouchModel
@testable import TouchOwnership
@testable import EdgeSwipeDaemon

/// HoldForwarder changes a touch's fate in one place (issue 23): each change logged as "fate → cause → fate",
/// holds, releases and drops counted, an impossible cause reported and ignored. The phone panel of
/// HoldForwardingTests: the left-edge zone is x < 80 units, a swipe begins 96 units in. Expected lines follow from
/// the ownership rules (docs/daemon.md, "Ownership: held, claimed, free").
/// The lines a forwarder logged (one thread at a time; the sink's closure must be Sendable).
final class ForwarderLines: @unchecked Sendable {
    private(set) var all: [String] = []
    var sink: LogSink { LogSink { [self] _, line in all.append(line) } }
}

@Suite struct HoldTransitionTests {
    let phone = SyntheticDevice.phone.description

    func logged(_ run: ForwardingRun) throws -> () -> [String] {
        let forwarder = try #require(run.forwarder)
        let lines = ForwarderLines()
        forwarder.logSink = lines.sink
        let prefix = "\(forwarder.device.label) slot 0: "
        return { lines.all.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : "unexpected: \($0)" } }
    }

    /// A left-edge swipe from 16 to 144 units, lifted at 40 ms: the recognizer takes it.
    static func swipe() -> FrameScript {
        var s = FrameScript()
        s.frame(0, [tid(1), mtx(16), mty(1000), touch(1), absx(16), absy(1000)])
        s.frame(10, [mtx(48), absx(48)])
        s.frame(20, [mtx(96), absx(96)])
        s.frame(30, [mtx(144), absx(144)])
        s.frame(40, [tid(-1), touch(0)])
        return s
    }

    /// A swipe the recognizer takes (held, then claimed: a drop), a tap in the zone (held, then free when the lift
    /// fails the swipe: a release), a touch mid-screen (nobody's: live at once, neither held nor counted).
    @Test func everyChangeOfATouchIsLoggedOnceAndCounted() throws {
        var s = Self.swipe()
        s.frame(100, [tid(2), mtx(20), mty(600), touch(1), absx(20), absy(600)])
        s.frame(160, [tid(-1), touch(0)])
        s.frame(200, [tid(3), mtx(520), mty(600), touch(1), absx(520), absy(600)])
        s.frame(220, [tid(-1), touch(0)])
        let run = try ForwardingRun(phone)
        let lines = try logged(run)
        run.feed(s.events)
        #expect(run.gestures.map(\.phase).contains(.began))
        #expect(lines() == [
            "empty → started (held) → held",
            "held → claimed → suppressed",
            "suppressed → ended → empty",
            "empty → started (held) → held",
            "held → released (free) → live",
            "live → ended → empty",
            "empty → started (free) → live",
            "live → ended → empty",
        ])
        let forwarder = try #require(run.forwarder)
        #expect(forwarder.counts == HoldCounts(holds: 2, releases: 1, drops: 1))
        #expect(forwarder.impossibleTransitions == 0)
    }

    /// A finger resting in the zone: the recognizer's 250 ms deadline releases it with no new event; the removal
    /// of the source later lifts it on the clone and keeps it off (still down), which is not a drop: it was no longer held.
    @Test func theDeadlineReleasesAndARemovalLiftsWhatIsDown() throws {
        var s = FrameScript()
        s.frame(0, [tid(3), mtx(10), mty(900), touch(1), absx(10), absy(900)])
        let run = try ForwardingRun(phone)
        let lines = try logged(run)
        run.feed(s.events)
        run.session.core.fire(upTo: Microseconds(milliseconds: 250))
        let forwarder = try #require(run.forwarder)
        #expect(forwarder.counts == HoldCounts(holds: 1, releases: 1, drops: 0))
        run.session.remove(run.id, now: Microseconds(milliseconds: 300))
        #expect(lines() == [
            "empty → started (held) → held",
            "held → released (deadline) → live",
            "live → all lifted (still down) → suppressed",
        ])
        #expect(forwarder.counts == HoldCounts(holds: 1, releases: 1, drops: 0))
    }

    /// A held touch whose source is removed: its held frames are dropped (counted), it stays off the clone.
    @Test func removingTheSourceDropsAHeldTouch() throws {
        var s = FrameScript()
        s.frame(0, [tid(3), mtx(10), mty(900), touch(1), absx(10), absy(900)])
        let run = try ForwardingRun(phone)
        let lines = try logged(run)
        run.feed(s.events)
        let forwarder = try #require(run.forwarder)
        run.session.remove(run.id, now: Microseconds(milliseconds: 100))
        #expect(lines() == ["empty → started (held) → held", "held → all lifted (still down) → suppressed"])
        #expect(forwarder.counts == HoldCounts(holds: 1, releases: 0, drops: 1))
        #expect(run.target.events.isEmpty)
    }

    /// A cause that cannot happen to a fate (a claim or a release of a touch that is not held; a held touch ending,
    /// or replaced, without being let go first) is counted and logged as a bug, and the fate stays as it was.
    @Test func anImpossibleCauseIsReportedAndChangesNothing() throws {
        let forwarder = try HoldForwarder(device: phone, mode: .recording)
        let lines = ForwarderLines()
        forwarder.logSink = lines.sink
        forwarder.transition(0, .claimed)
        forwarder.transition(0, .released(.free))
        #expect(forwarder.impossibleTransitions == 2)
        #expect(lines.all == [
            "BUG \(phone.label) slot 0: empty → claimed is not a valid transition; ignored",
            "BUG \(phone.label) slot 0: empty → released (free) is not a valid transition; ignored",
        ])
        forwarder.transition(0, .started(.held))
        forwarder.transition(0, .ended)
        forwarder.transition(0, .started(.free))
        #expect(forwarder.impossibleTransitions == 4)
        #expect(forwarder.heldCount == 1)
        #expect(forwarder.counts == HoldCounts(holds: 1, releases: 0, drops: 0))
    }

    /// `--verbose`'s path (issue 34 item 5): one sink set on the session reaches every state machine of a source
    /// already there, and of one added after: the hold forwarder, the recognizer, navigation's arbiter. The swipe
    /// of the first test on a two-screen stack: held then claimed; the recognizer begins; the stack can pop, so the
    /// arbiter allows it, drives the pop and ends with the lift.
    @Test func theSessionsSinkReachesEveryStateMachine() throws {
        let s = Self.swipe()
        let run = try ForwardingRun(phone, navigation: try NavigationSession(stack: "home,detail"))
        let lines = ForwarderLines()
        run.session.logSink = lines.sink
        run.feed(s.events)
        let forwarder = "\(try #require(run.forwarder).device.label) slot 0: "
        #expect(lines.all.filter { $0.hasPrefix(forwarder) } == [
            forwarder + "empty → started (held) → held",
            forwarder + "held → claimed → suppressed",
            forwarder + "suppressed → ended → empty",
        ])
        #expect(lines.all.filter { $0.hasPrefix("pop: ") } == [
            "pop: waiting → allowed → approved", "pop: approved → began → driving", "pop: driving → ended → waiting",
        ])
        #expect(lines.all.contains { $0.hasSuffix(": ready → begin → began") })
        // A source added later logs too.
        let second = try run.session.addFed(phone)
        run.session.feed(InputEvent(time: 100_000, type: EventType.abs, code: AbsCode.mtTrackingID, value: 9), to: second)
        run.session.feed(InputEvent(time: 100_000, type: EventType.syn, code: SynCode.report, value: 0), to: second)
        #expect(lines.all.contains("slot 0: empty -> TRACKING_ID 9 -> pending"))
    }
}

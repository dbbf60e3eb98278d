import EdgeSwipeCorpus
import Gestures
import Navigation
import Testing
import TouchInput
import TouchModel
import TouchOwnership
@testable import EdgeSwipeDaemon

/// Ownership's hold and forward logic through the session, with a clone in memory, on hand-written protocol B
/// frames. The phone panel: 65 × 140 mm at 16 units/mm, so the default left-edge zone (5 mm) is x < 80 and a
/// swipe begins 6 mm (96 units) in. Expected streams are written out from the rules, not from the code.
@Suite struct HoldForwardingTests {
    let phone = SyntheticDevice.phone.description

    /// A finger that lands in the zone and swipes in: the recognizer begins, and nothing of it reaches the clone.
    @Test func recognisedEdgeSwipeNeverReachesTheClone() throws {
        var s = FrameScript()
        s.frame(0, [tid(1), mtx(16), mty(1000), touch(1), absx(16), absy(1000)])
        s.frame(10, [mtx(48), absx(48)])
        s.frame(20, [mtx(96), absx(96)])
        s.frame(30, [mtx(144), absx(144)])
        s.frame(40, [mtx(400), absx(400)])
        s.frame(50, [tid(-1), touch(0)])
        let run = try ForwardingRun(phone)
        run.feed(s.events)
        #expect(run.gestures.map(\.phase) .contains(.began))
        #expect(run.target.events.isEmpty)
    }

    /// Moving along the edge fails the swipe as soon as the early test sees it (5 mm along, nothing inward, in the
    /// second frame): the held frames go out at once, in order, each its own frame, in the call that read the
    /// failing frame; then the touch goes on live. The clone gets the input.
    @Test func failedEdgeContactAppearsCompleteWithItsHeldFramesInOrder() throws {
        var s = FrameScript()
        s.frame(0, [tid(1), mtx(16), mty(1000), touch(1), absx(16), absy(1000)])
        s.frame(10, [mty(1080), absy(1080)])   // 5 mm along the edge: more along than inward, past 1.5 mm: fails
        s.frame(20, [mty(1160), absy(1160)])
        s.frame(30, [mty(1240), absy(1240)])   // 15 mm along: where the drift limit alone would fail it
        s.frame(40, [mty(1320), absy(1320)])
        s.frame(50, [tid(-1), touch(0)])
        let run = try ForwardingRun(phone)
        run.feed(s.events)
        #expect(run.gestures.map(\.phase) == [.failed])
        #expect(run.gestures.first?.failureReason == .movedAlongEdge(mm: 5))
        #expect(run.target.frames == splitFrames(s.events))
        // Nothing before the failing frame's SYN_REPORT, everything up to it right then.
        let failing = s.events.indices.filter { s.events[$0].isSynReport }[1]
        #expect(run.forwardedAfter[failing - 1] == 0)
        #expect(run.forwardedAfter[failing] == 7 + 3)
        #expect(run.target.writes.count == 5)   // the failing frame's call, then one per later frame
    }

    /// A tap in the edge zone comes out as a tap, late by the hold: both frames at the lift.
    @Test func edgeZoneTapIsForwardedAsATap() throws {
        var s = FrameScript()
        s.frame(0, [tid(7), mtx(20), mty(600), touch(1), absx(20), absy(600)])
        s.frame(60, [tid(-1), touch(0)])
        let run = try ForwardingRun(phone)
        run.feed(s.events)
        #expect(run.forwardedAfter[6] == 0)
        #expect(run.target.frames == splitFrames(s.events))
        #expect(run.target.writes.count == 1)
    }

    /// A finger resting in the zone is held at most until the recognizer's deadline (250 ms): the deadline
    /// firing with no new event releases it.
    @Test func deadlineReleasesAHeldContactWithoutANewEvent() throws {
        var s = FrameScript()
        s.frame(0, [tid(3), mtx(10), mty(900), touch(1), absx(10), absy(900)])
        let run = try ForwardingRun(phone)
        run.feed(s.events)
        run.session.core.fire(upTo: Microseconds(milliseconds: 249.9))
        #expect(run.target.events.isEmpty)
        run.session.core.fire(upTo: Microseconds(milliseconds: 250))
        #expect(run.target.frames == splitFrames(s.events))
        var later = FrameScript()
        later.frame(300, [mtx(12), absx(12)])
        run.feed(later.events)
        #expect(run.target.frames == splitFrames(s.events + later.events))
    }

    /// Edge finger first (held), then a finger mid-screen: a second finger fails the one-finger swipe, so the
    /// edge finger's held frame goes out before the frame that failed it. The clone gets the input.
    @Test func secondFingerReleasesAHeldEdgeFinger() throws {
        var s = FrameScript()
        s.frame(0, [tid(1), mtx(16), mty(1000), touch(1), absx(16), absy(1000)])
        s.frame(20, [slot(1), tid(2), mtx(520), mty(1000)])
        s.frame(30, [slot(0), mtx(30), slot(1), mtx(530), absx(30)])
        s.frame(40, [slot(0), tid(-1), slot(1), tid(-1), touch(0)])
        let run = try ForwardingRun(phone)
        run.feed(s.events)
        #expect(run.target.frames == splitFrames(s.events))
        #expect(run.forwardedAfter[6] == 0)   // the edge finger's frame: held
    }

    /// A finger mid-screen first: the swipe can no longer begin until every finger lifts, so a second finger at
    /// the edge is nobody's and goes out live. The clone gets the input, frame for frame, as it comes.
    @Test func edgeFingerAfterAFingerElsewhereIsForwardedLive() throws {
        var s = FrameScript()
        s.frame(0, [tid(1), mtx(520), mty(1000), touch(1), absx(520), absy(1000)])
        s.frame(20, [slot(1), tid(2), mtx(16), mty(1500)])
        s.frame(30, [mtx(200)])
        s.frame(40, [slot(0), tid(-1), slot(1), tid(-1), touch(0)])
        let run = try ForwardingRun(phone)
        run.feed(s.events)
        #expect(run.target.frames == splitFrames(s.events))
        let ends = s.events.indices.filter { s.events[$0].isSynReport }
        #expect(ends.map { run.forwardedAfter[$0] } == [7, 7 + 5, 7 + 5 + 2, 7 + 5 + 2 + 6])
    }

    /// The edge finger swipes while a finger lands mid-screen: that finger reaches the clone on its own slot, the
    /// swipe never does, and the pointer events follow the forwarded finger only (touchpad: BTN_TOOL_* counts).
    @Test func fingerElsewhereGoesOnWhileAnEdgeSwipeRuns() throws {
        let pad = SyntheticDevice.touchpad   // 100 × 60 mm, 40 units/mm: zone x < 200, begins 240 units in
        var options = PipelineOptions()
        options.configuredSize = pad.configuredSize
        let finger = KeyCode.btnToolFinger, double = KeyCode.btnToolDoubleTap
        var s = FrameScript()
        s.frame(0, [tid(1), mtx(80), mty(1200), touch(1), key(finger, 1), absx(80), absy(1200)])
        s.frame(10, [mtx(200), absx(200)])
        s.frame(20, [mtx(400), absx(400)])   // 8 mm in: begins
        s.frame(30, [slot(1), tid(2), mtx(2000), mty(1200), key(finger, 0), key(double, 1)])
        s.frame(40, [slot(0), mtx(800), slot(1), mtx(2040), absx(800)])
        s.frame(50, [slot(0), tid(-1), key(double, 0), key(finger, 1), absx(2040)])
        s.frame(60, [slot(1), tid(-1), touch(0), key(finger, 0)])
        let run = try ForwardingRun(pad.description, options: options)
        run.feed(s.events)
        #expect(run.gestures.map(\.phase).contains(.began))
        var expected = FrameScript()
        expected.frame(30, [slot(1), tid(2), mtx(2000), mty(1200), touch(1), key(finger, 1), absx(2000), absy(1200)])
        expected.frame(40, [mtx(2040), absx(2040)])
        expected.frame(60, [tid(-1), touch(0), key(finger, 0)])
        #expect(run.target.frames == splitFrames(expected.events))
    }

    /// SYN_DROPPED in a recording: every touch on the clone lifts at once; the touch that was down stays off the
    /// clone until its tracking id ends (its state is unknown); the next touch is forwarded as read.
    @Test func synDroppedInARecordingLiftsEverythingOnTheClone() throws {
        var s = FrameScript()
        s.frame(0, [tid(1), mtx(520), mty(1000), touch(1), absx(520), absy(1000)])
        s.events.append(InputEvent(time: Microseconds(milliseconds: 10), type: EventType.abs, code: AbsCode.mtPositionX, value: 530))
        s.synDropped(10)
        s.frame(10, [mtx(540)])
        s.frame(20, [mtx(550), absx(550)])
        s.frame(30, [tid(-1), touch(0)])
        s.frame(40, [tid(5), mtx(600), mty(1000), touch(1), absx(600)])
        let run = try ForwardingRun(phone)
        run.feed(s.events)
        var expected = FrameScript()
        expected.frame(0, [tid(1), mtx(520), mty(1000), touch(1), absx(520), absy(1000)])
        expected.frame(10, [tid(-1), touch(0)])
        expected.frame(40, [tid(5), mtx(600), mty(1000), touch(1), absx(600)])
        #expect(run.target.frames == splitFrames(expected.events))
    }

    /// A live-mode source (SYN_DROPPED brings libevdev's synced state) with a clone in memory, and its feed.
    func liveSource() throws -> (MemoryTarget, ([InputEvent]) -> Void) {
        let target = MemoryTarget()
        let core = SessionCore(navigation: nil, emitFrames: false)
        let pipeline = try DevicePipeline(device: phone, options: PipelineOptions(), mode: .live)
        let source = core.add(pipeline, forwarding: try SourceForwarding(device: phone, mode: .live, target: .memory(target)))
        return (target, { for e in $0 { core.feed(e, to: source) } })
    }

    /// SYN_DROPPED on a live device: libevdev's synced state follows it. Every touch on the clone lifts, then
    /// what is down and free is reported again, with the values the clone lacks.
    @Test func synDroppedLiveLiftsThenReportsWhatIsDown() throws {
        let (target, feed) = try liveSource()
        var s = FrameScript()
        s.frame(0, [tid(1), mtx(520), mty(1000), touch(1), absx(520), absy(1000)])
        s.synDropped(10)
        s.frame(10, [mtx(560), absx(560)])
        s.frame(20, [mtx(570), absx(570)])
        feed(s.events)
        var expected = FrameScript()
        expected.frame(0, [tid(1), mtx(520), mty(1000), touch(1), absx(520), absy(1000)])
        expected.frame(10, [tid(-1), touch(0)])
        expected.frame(10, [tid(1), mtx(560), touch(1), absx(560)])
        expected.frame(20, [mtx(570), absx(570)])
        #expect(target.frames == splitFrames(expected.events))
    }

    /// A removed source goes with its forwarding and clone even while the deadline queue had an entry for it
    /// (an edge touch waits for its recognizer's deadline): the forwarding is the source's for its whole life, so
    /// a stale entry would keep the clone, a uinput device, alive after an unplug.
    @Test func aRemovedSourceLetsItsCloneGoAtOnce() throws {
        let core = SessionCore(navigation: nil, emitFrames: false)
        weak var clone: MemoryClone?
        weak var removed: SessionSource?
        do {
            let target = MemoryClone()
            clone = target
            let pipeline = try DevicePipeline(device: phone, options: PipelineOptions(), mode: .live)
            let source = core.add(pipeline, forwarding: try SourceForwarding(device: phone, mode: .live, target: .memory(target)))
            removed = source
            var s = FrameScript()
            s.frame(0, [tid(1), mtx(16), mty(1000), touch(1), absx(16), absy(1000)])
            for e in s.events { core.feed(e, to: source) }
            #expect(core.nextDeadline != nil)   // held at the edge: its recognizer's deadline is queued
            core.remove(source, now: Microseconds(milliseconds: 5))
        }
        #expect(removed == nil && clone == nil)
    }

    /// The fuzz target's finding (Fuzz/regressions/forwarder): after a SYN_DROPPED whose synced state selects a
    /// slot past the device's last, the source's next events go to that invalid slot and change nothing; the
    /// clone, whose selection stayed on slot 0, must not get them there (its tracking id -1 would end the touch
    /// still down on the source). The clone's tracking ids: the touch, the resync's lift, the touch reported
    /// again, and its real end only.
    @Test func eventsOfAnInvalidSourceSlotNeverReachAValidCloneSlot() throws {
        let (target, feed) = try liveSource()
        var s = FrameScript()
        s.frame(0, [tid(1), mtx(520), mty(1000), touch(1), absx(520), absy(1000)])
        s.synDropped(10)
        s.frame(10, [slot(40)])
        s.frame(20, [tid(-1)])
        s.frame(30, [slot(0), tid(-1), touch(0)])
        feed(s.events)
        let ids = target.events.filter { $0.type == EventType.abs && $0.code == AbsCode.mtTrackingID }.map(\.value)
        #expect(ids == [1, -1, 1, -1])
    }

    /// SYN_DROPPED on a live device while an edge touch is held: it stays held (its recognizer is still
    /// deciding), and when it is released the clone gets it whole from the synced state.
    @Test func synDroppedLiveKeepsAHeldTouchHeld() throws {
        let (target, feed) = try liveSource()
        var s = FrameScript()
        s.frame(0, [tid(1), mtx(16), mty(1000), touch(1), absx(16), absy(1000)])
        s.synDropped(10)
        s.frame(10, [mtx(20), absx(20)])
        feed(s.events)
        #expect(target.events.isEmpty)
        feed([InputEvent(time: Microseconds(milliseconds: 20), type: EventType.abs, code: AbsCode.mtTrackingID, value: -1),
              InputEvent(time: Microseconds(milliseconds: 20), type: EventType.key, code: KeyCode.btnTouch, value: 0),
              InputEvent(time: Microseconds(milliseconds: 20), type: EventType.syn, code: SynCode.report, value: 0)])
        var expected = FrameScript()
        expected.frame(10, [tid(1), mtx(20), mty(1000), touch(1), absx(20), absy(1000)])
        expected.frame(20, [tid(-1), touch(0)])
        #expect(target.frames == splitFrames(expected.events))
    }

    /// A forwarded touch replaced in its slot by a new tracking id (no -1 first) that is held: the clone's touch
    /// ends there (a -1 is written), and the held one follows when released.
    @Test func forwardedTouchReplacedByAHeldOneEndsOnTheClone() throws {
        final class ExcludeTop: GestureRecognizerDelegate {
            func shouldBegin(_ request: BeginRequest) -> BeginDecision { .allow }
            func shouldReceiveTouch(recognizer: RecognizerID, atMM point: Point) -> Bool { point.y >= 30 }
        }
        var s = FrameScript()
        s.frame(0, [tid(1), mtx(520), mty(300), touch(1), absx(520), absy(300)])   // 18.75 mm down: excluded
        s.frame(10, [tid(2), mtx(16), mty(1000), absx(16), absy(1000)])             // in the zone: held
        s.frame(20, [tid(-1), touch(0)])
        let run = try ForwardingRun(phone)
        let delegate = ExcludeTop()
        run.session.pipeline(run.id)!.arena.delegate = delegate
        run.feed(s.events)
        var expected = FrameScript()
        expected.frame(0, [tid(1), mtx(520), mty(300), touch(1), absx(520), absy(300)])
        expected.frame(10, [tid(-1), touch(0)])
        expected.frame(10, [tid(2), mtx(16), mty(1000), touch(1), absx(16), absy(1000)])
        expected.frame(20, [tid(-1), touch(0)])
        #expect(run.target.frames == splitFrames(expected.events))
        withExtendedLifetime(delegate) {}
    }

    /// The source removed with a finger down: the clone's touch lifts.
    @Test func removalLiftsEverythingOnTheClone() throws {
        var s = FrameScript()
        s.frame(0, [tid(1), mtx(520), mty(1000), touch(1), absx(520), absy(1000)])
        s.frame(10, [slot(1), tid(2), mtx(700), mty(1200)])
        let run = try ForwardingRun(phone)
        run.feed(s.events)
        run.session.remove(run.id, now: Microseconds(milliseconds: 20))
        var expected = FrameScript()
        expected.frame(20, [slot(0), tid(-1), slot(1), tid(-1), touch(0)])
        #expect(Array(run.target.frames.dropFirst(2)) == splitFrames(expected.events))
    }

    /// A write that fails is reported once, naming the device; forwarding stops and recognition goes on.
    @Test func writeFailureIsReportedOnceAndRecognitionGoesOn() throws {
        var s = FrameScript()
        s.frame(0, [tid(1), mtx(520), mty(1000), touch(1), absx(520), absy(1000)])
        s.frame(10, [mtx(530), absx(530)])
        s.frame(20, [mtx(540), absx(540)])
        s.frame(30, [tid(-1), touch(0)])
        s.frame(100, [tid(2), mtx(16), mty(1000), touch(1), absx(16), absy(1000)])
        s.frame(110, [mtx(200), absx(200)])
        s.frame(120, [tid(-1), touch(0)])
        let run = try ForwardingRun(phone)
        run.target.failFrom = 1
        run.feed(s.events)
        #expect(run.target.attempts == 2)
        let notes = run.notes.filter { $0.contains("forwarding") }
        #expect(notes.count == 1)
        #expect(notes.first?.contains(phone.label) == true)
        #expect(run.gestures.map(\.phase).contains(.began))
    }

    /// A failed write gives the device back: its grab is released exactly once (every later frame, with
    /// forwarding stopped, leaves it alone), and the one note says so. Without it touch is lost until a restart.
    @Test func writeFailureReleasesTheGrabOnce() throws {
        var s = FrameScript()
        s.frame(0, [tid(1), mtx(520), mty(1000), touch(1), absx(520), absy(1000)])
        s.frame(10, [mtx(530), absx(530)])
        s.frame(20, [mtx(540), absx(540)])
        s.frame(30, [tid(-1), touch(0)])
        s.frame(100, [tid(2), mtx(600), mty(1000), touch(1), absx(600), absy(1000)])
        s.frame(110, [tid(-1), touch(0)])
        let run = try ForwardingRun(phone)
        run.target.failFrom = 2
        run.feed(Array(s.events.prefix(while: { $0.time < Microseconds(milliseconds: 20) })))
        #expect(run.grabReleases == 0)
        run.feed(Array(s.events.drop(while: { $0.time < Microseconds(milliseconds: 20) })))
        #expect(run.target.attempts == 3)
        #expect(run.grabReleases == 1)
        let notes = run.notes.filter { $0.contains("forwarding") }
        #expect(notes.count == 1)
        #expect(notes.first?.contains("\(phone.label)") == true && notes.first?.contains("grab released") == true)
    }

    /// Two fingers land in the zone of a two-finger swipe and lift before it begins: their held frames go out
    /// together, merged as the source grouped them, before the lift. The clone gets the input.
    @Test func twoHeldFingersAreReleasedFrameByFrameAsRead() throws {
        var options = PipelineOptions()
        options.recognizers = [EdgeSwipeConfig(edges: [.left], fingers: 2)]
        var s = FrameScript()
        s.frame(0, [tid(1), mtx(16), mty(800), touch(1), absx(16), absy(800)])
        s.frame(10, [slot(1), tid(2), mtx(20), mty(1200)])
        s.frame(20, [slot(0), mty(840), slot(1), mty(1240), absy(840)])   // 2.5 mm along: under the early test's slop
        s.frame(30, [slot(0), tid(-1), slot(1), tid(-1), touch(0)])
        let run = try ForwardingRun(phone, options: options)
        run.feed(s.events)
        #expect(run.gestures.map(\.phase) == [.failed])
        #expect(run.target.writes.count == 1)
        #expect(run.target.frames == splitFrames(s.events))
    }

    /// A touch-down the recognizers' delegate keeps from every recognizer (an exclusion) is nobody's, even in the
    /// zone: forwarded in the call that read it.
    @Test func touchDownKeptFromTheRecognizersIsForwardedAtOnce() throws {
        final class ExcludeAll: GestureRecognizerDelegate {
            func shouldBegin(_ request: BeginRequest) -> BeginDecision { .allow }
            func shouldReceiveTouch(recognizer: RecognizerID, atMM point: Point) -> Bool { false }
        }
        var s = FrameScript()
        s.frame(0, [tid(7), mtx(20), mty(600), touch(1), absx(20), absy(600)])
        s.frame(60, [tid(-1), touch(0)])
        let run = try ForwardingRun(phone)
        let delegate = ExcludeAll()
        run.session.pipeline(run.id)!.arena.delegate = delegate
        run.feed(s.events)
        #expect(run.forwardedAfter[6] == 7)
        #expect(run.target.frames == splitFrames(s.events))
        withExtendedLifetime(delegate) {}
    }

    /// With navigation's exclusions (issue 16 part 3): a touch-down in the edge zone inside an excluded rectangle
    /// never begins, so it is forwarded in the call that read it; one in the zone below the rectangle is held.
    @Test func touchDownInAnExclusionIsForwardedAtOnce() throws {
        let options = PipelineOptions()
        let navigation = try NavigationSession(stack: "home,inbox", popRecognizer: options.popRecognizer, now: 0)
        navigation.controller.recomputeExclusions(devices: [ExclusionGeometry(screen: PhysicalSize(widthMM: 65, heightMM: 140),
                                                                                     edgeZoneMM: 5)])
        _ = try navigation.controller.setExclusions([ExclusionRect(x: 0, y: 40, width: 10, height: 40)], owner: ExclusionOwner(1))
        var s = FrameScript()
        s.frame(0, [tid(1), mtx(16), mty(960), touch(1), absx(16), absy(960)])    // 60 mm down: excluded
        s.frame(60, [tid(-1), touch(0)])
        s.frame(100, [tid(2), mtx(16), mty(1600), touch(1), absx(16), absy(1600)])  // 100 mm down: held
        let run = try ForwardingRun(phone, options: options, navigation: navigation)
        run.feed(s.events)
        #expect(run.gestures.first?.failureReason == .refused(.excludedArea))
        let ends = s.events.indices.filter { s.events[$0].isSynReport }
        #expect(ends.map { run.forwardedAfter[$0] } == [7, 7 + 3, 7 + 3])
        #expect(run.target.frames == splitFrames(s.events).prefix(2).map { $0 })
    }

    /// Only slotted devices can be owned: a protocol A device is refused, naming it.
    @Test func protocolADeviceCannotBeForwarded() throws {
        let tablet = SyntheticDevice.tablet.description
        #expect(throws: OwnershipError.notSlotted(device: tablet.label)) {
            _ = try ForwardingRun(tablet)
        }
    }
}

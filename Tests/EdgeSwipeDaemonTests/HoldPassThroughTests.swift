import EdgeSwipeCorpus
import Gestures
import Testing
import TouchInput
import TouchModel
import TouchOwnership
@testable import EdgeSwipeDaemon

/// The forwarder's pass-through (`HoldForwarder.passThrough`): a frame in which no touch starts or ends, while
/// no touch is kept, goes out as read in one pass instead of the three of `forward`. It must write exactly what
/// the three passes write: every slotted recording and every slotted corpus sample is forwarded both ways and
/// the clone's writes compared event for event (times included); then the frames at its boundary, each checked
/// for which path it took and what it wrote (phone panel: default left-edge zone x < 80).
@Suite struct HoldPassThroughTests {
    let phone = SyntheticDevice.phone.description

    /// Feeds `events` with the pass-through on or off, then removes the source (its touches lifted on the clone).
    func forward(_ device: DeviceDescription, _ options: PipelineOptions, _ events: [InputEvent],
                 passThrough: Bool) throws -> (writes: [[InputEvent]], counts: HoldCounts, passed: Int) {
        let run = try ForwardingRun(device, options: options)
        let forwarder = try #require(run.forwarder)
        forwarder.passThroughEnabled = passThrough
        run.feed(events)
        run.session.remove(run.id, now: (events.last?.time ?? 0) + 1)
        #expect(forwarder.impossibleTransitions == 0)
        return (run.target.writes, forwarder.counts, forwarder.passedThrough)
    }

    /// Both ways over one input: the same writes and counts; returns the frames passed through.
    func compare(_ name: String, _ device: DeviceDescription, _ options: PipelineOptions, _ events: [InputEvent]) throws -> Int {
        let slow = try forward(device, options, events, passThrough: false)
        let fast = try forward(device, options, events, passThrough: true)
        #expect(slow.passed == 0, "\(name)")
        let first = fast.writes.indices.first { $0 >= slow.writes.count || fast.writes[$0] != slow.writes[$0] }
        #expect(fast.writes.count == slow.writes.count && first == nil,
                "\(name): write \(first ?? fast.writes.count) of \(slow.writes.count) differs")
        #expect(fast.counts == slow.counts, "\(name)")
        return fast.passed
    }

    @Test func everyRecordingWritesTheSameWithAndWithoutThePassThrough() throws {
        let all = try HoldForwardingFixtureTests.slotted()
        #expect(all.count >= 30)
        var passed = 0, frames = 0
        for l in all {
            var options = PipelineOptions()
            options.configuredSize = l.fixture.size
            options.recognizers = [EdgeSwipeConfig(edges: [.left, .right])]
            passed += try compare(l.fixture.file, l.description, options, l.events)
            frames += l.events.filter(\.isSynReport).count
        }
        // Most recorded frames move a touch on: the comparison covers the pass-through, not only the slow path.
        #expect(passed * 2 > frames, "\(passed) of \(frames) frames passed through")
    }

    @Test func everyCorpusSampleWritesTheSameWithAndWithoutThePassThrough() throws {
        let samples = try HoldForwardingCorpusTests.samples()
        #expect(samples.count >= 60)
        var passed = 0, frames = 0
        for sample in samples {
            var options = PipelineOptions()
            options.configuredSize = sample.geometry.size
            options.rotation = sample.rotation
            options.recognizers = Corpus.standardRecognizers
            passed += try compare(sample.name, sample.device, options, sample.events)
            frames += sample.events.filter(\.isSynReport).count
        }
        // Half the corpus are edge touches and swipes, held or taken: fewer frames pass through than in recordings.
        #expect(passed * 3 > frames, "\(passed) of \(frames) frames passed through")
    }

    /// The frames passed through after each of `script`'s frames, and the run.
    func passes(_ script: FrameScript, _ device: DeviceDescription? = nil, options: PipelineOptions = PipelineOptions()) throws -> (ForwardingRun, [Int]) {
        let run = try ForwardingRun(device ?? phone, options: options)
        let forwarder = try #require(run.forwarder)
        var after: [Int] = []
        for frame in splitFrames(script.events) {
            run.feed(frame)
            after.append(forwarder.passedThrough)
        }
        return (run, after)
    }

    /// A touch mid-screen: its start and its end take the three passes, every frame between is passed through.
    @Test func startAndEndTakeTheThreePassesMovesPassThrough() throws {
        var s = FrameScript()
        s.frame(0, [tid(1), mtx(520), mty(1000), touch(1), absx(520), absy(1000)])
        s.frame(10, [mtx(530), absx(530)])
        s.frame(20, [mty(1010), absy(1010)])
        s.frame(30, [tid(-1), touch(0)])
        s.frame(40, [])   // an empty frame: passed through as a SYN_REPORT alone
        let (run, after) = try passes(s)
        #expect(after == [0, 1, 2, 2, 3])
        #expect(run.target.frames == splitFrames(s.events))
    }

    /// A tracking id in a frame, even the slot's current one, is never passed through; nor a second finger's start.
    @Test func anyTrackingIDTakesTheThreePasses() throws {
        var s = FrameScript()
        s.frame(0, [tid(1), mtx(520), mty(1000), touch(1), absx(520), absy(1000)])
        s.frame(10, [tid(1), mtx(530), absx(530)])
        s.frame(20, [slot(1), tid(2), mtx(600), mty(1200)])
        s.frame(30, [slot(0), mtx(540), slot(1), mtx(610), absx(540)])
        s.frame(40, [slot(0), tid(-1), slot(1), tid(-1), touch(0)])
        let (run, after) = try passes(s)
        #expect(after == [0, 0, 0, 1, 1])
        #expect(run.target.frames == splitFrames(s.events))
    }

    /// A held edge finger: its frames are kept (not passed through) until it is released, then its touch is live
    /// and passes through.
    @Test func aHeldTouchIsNeverPassedThrough() throws {
        var s = FrameScript()
        s.frame(0, [tid(1), mtx(16), mty(1000), touch(1), absx(16), absy(1000)])
        s.frame(10, [mtx(20), absx(20)])        // still held: inward 0.25 mm
        s.frame(20, [mty(1080), absy(1080)])    // 5 mm along the edge: fails, released
        s.frame(30, [mty(1160), absy(1160)])    // live
        let (run, after) = try passes(s)
        #expect(after == [0, 0, 0, 1])
        #expect(run.forwardedAfter[9] == 0)   // nothing of the first two frames while held
        #expect(run.target.frames == splitFrames(s.events))
    }

    /// A swipe taken by the recognizer (suppressed) while a finger mid-screen moves: the frames that move only the
    /// live finger still take the three passes (a touch is kept), and after the swipe's finger lifts the source
    /// has slot 1 selected while the clone has slot 0: the frame selecting slot 0 again is not passed through
    /// (the clone must not get a selection it has), the next one is.
    @Test func keptTouchesAndADifferingCloneSlotTakeTheThreePasses() throws {
        var s = FrameScript()
        s.frame(0, [slot(1), tid(1), mtx(16), mty(1000), touch(1), absx(16), absy(1000)])
        s.frame(10, [mtx(48), absx(48)])
        s.frame(20, [mtx(144), absx(144)])      // 9 mm in: begins, suppressed
        s.frame(30, [slot(0), tid(2), mtx(520), mty(1500)])
        s.frame(40, [mtx(530), absx(530), absy(1500)])
        s.frame(50, [slot(1), tid(-1)])
        s.frame(60, [slot(0), mtx(540), absx(540)])
        s.frame(70, [mtx(550), absx(550)])
        let (run, after) = try passes(s)
        #expect(run.gestures.map(\.phase).contains(.began))
        #expect(after == [0, 0, 0, 0, 0, 0, 0, 1])
        var expected = FrameScript()
        expected.frame(30, [tid(2), mtx(520), mty(1500), touch(1), absx(520), absy(1500)])   // the clone has slot 0 selected
        expected.frame(40, [mtx(530), absx(530)])
        expected.frame(60, [mtx(540), absx(540)])
        expected.frame(70, [mtx(550), absx(550)])
        #expect(run.target.frames == splitFrames(expected.events))
    }

    /// A frame passed through while the clone's pointer values differ from the source's (the clone's were
    /// emulated while a swipe was kept from it): the source's values go out after the frame's events, as the
    /// three passes send them when every touch is forwarded; then the two agree and frames go out as read.
    @Test func aFramePassedThroughBringsTheClonesPointerValuesToTheSources() throws {
        var s = FrameScript()
        s.frame(0, [tid(1), mtx(16), mty(1000), touch(1), absx(16), absy(1000)])
        s.frame(10, [mtx(48), absx(48)])
        s.frame(20, [mtx(144), absx(144)])      // begins, suppressed
        s.frame(30, [slot(1), tid(2), mtx(520), mty(1500)])
        s.frame(40, [slot(0), tid(-1), slot(1), mtx(525)])
        s.frame(50, [mtx(530)])
        s.frame(60, [mtx(535)])
        let (run, after) = try passes(s)
        #expect(run.gestures.map(\.phase).contains(.began))
        #expect(after == [0, 0, 0, 0, 0, 1, 2])
        var expected = FrameScript()
        expected.frame(30, [slot(1), tid(2), mtx(520), mty(1500), touch(1), absx(520), absy(1500)])
        expected.frame(40, [mtx(525), absx(525)])
        expected.frame(50, [mtx(530), absx(144), absy(1000)])
        expected.frame(60, [mtx(535)])
        #expect(run.target.frames == splitFrames(expected.events))
        #expect(try compare("pointer out of sync", phone, PipelineOptions(), s.events) == 2)
    }

    /// Frames longer than the forwarder's buffers are at first (64 events read, 128 written): the frame read and
    /// the frames written grow and go out whole, passed through and by the three passes alike; then a held
    /// touch's long frames are released together with its later ones (more than 128 events in one call).
    @Test func framesLongerThanTheBuffersGoOutWhole() throws {
        for length in [63, 64, 65, 127, 128, 129, 300] {
            var s = FrameScript()
            s.frame(0, [tid(1), mtx(520), mty(1000), touch(1), absx(520), absy(1000)])
            s.frame(10, (0..<length).map { mtx(521 + Int32($0)) })
            s.frame(20, [tid(-1), touch(0)])
            let (run, after) = try passes(s)
            #expect(after == [0, 1, 1], "\(length)")
            #expect(run.target.frames == splitFrames(s.events), "\(length)")
            #expect(try compare("frame of \(length)", phone, PipelineOptions(), s.events) == 1)
        }
        var held = FrameScript()
        held.frame(0, [tid(1), mtx(16), mty(1000), touch(1), absx(16), absy(1000)])
        held.frame(10, (0..<100).map { mtx(17 + Int32($0 % 2)) } + [absx(18)])   // still held: 0.125 mm inward
        held.frame(20, (0..<100).map { mtx(16 + Int32($0 % 2)) } + [absx(17)])
        held.frame(30, [mty(1080), absy(1080)])                          // 5 mm along the edge: released
        let (run, _) = try passes(held)
        #expect(run.forwardedAfter[run.forwardedAfter.count - 4] == 0)  // nothing while held
        #expect(run.target.writes.count == 1 && run.target.events.count > 200)
        #expect(run.target.frames.map(\.count) == splitFrames(held.events).map(\.count))
        #expect(try compare("held long frames", phone, PipelineOptions(), held.events) == 0)
    }

    /// SYN_DROPPED and a slot the device does not have are never passed through.
    @Test func synDroppedAndAnInvalidSlotTakeTheSlowPath() throws {
        var s = FrameScript()
        s.frame(0, [tid(1), mtx(520), mty(1000), touch(1), absx(520), absy(1000)])
        s.synDropped(10)
        s.frame(10, [mtx(540)])
        s.frame(20, [slot(99), mtx(1)])
        s.frame(30, [slot(-1), mtx(2)])
        let (_, after) = try passes(s)
        #expect(after == [0, 0, 0, 0])
    }
}

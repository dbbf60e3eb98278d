import EdgeSwipeCorpus
import Gestures
import Testing
import TouchInput
import TouchModel
@testable import EdgeSwipeDaemon

/// The hold and forward logic over the synthesised corpus on its slotted devices (phone, phone turned, touchpad,
/// laptop) at 120 Hz: taps, drags, scrolls and edge touches that must not begin (many of them held, then
/// released), and swipes that must (one each), with noise, jitter and lost frames. What each sample must do is
/// its label; the accuracy run pins that the recognizers do it.
@Suite struct HoldForwardingCorpusTests {
    static func samples() throws -> [CorpusSample] {
        try Corpus.synthesized(rates: [120]).filter { $0.device.slotCount != nil }
    }

    /// The sample through the session with its clone, then removed; the touches read and the touches forwarded.
    func forward(_ sample: CorpusSample) throws -> (ForwardingRun, read: Touches, forwarded: Touches) {
        var options = PipelineOptions()
        options.configuredSize = sample.geometry.size
        options.rotation = sample.rotation
        options.recognizers = Corpus.standardRecognizers
        let run = try ForwardingRun(sample.device, options: options)
        run.feed(sample.events)
        run.session.remove(run.id, now: (sample.events.last?.time ?? 0) + 1)
        let slots = sample.device.slotCount!
        return (run, touches(splitFrames(sample.events).flatMap { $0 }, slots: slots), touches(run.target.events, slots: slots))
    }

    @Test func everyTouchOfASampleWithoutSwipeReachesTheCloneComplete() throws {
        let negatives = try Self.samples().filter { $0.expected == .noBegin }
        #expect(negatives.count >= 40)
        for sample in negatives {
            let (run, read, forwarded) = try forward(sample)
            #expect(read.down.isEmpty)
            #expect(forwarded.complete == read.complete, "\(sample.name)")
            #expect(forwarded.down.isEmpty, "\(sample.name)")
            #expect(run.target.writes.allSatisfy { $0.last?.isSynReport == true }, "\(sample.name)")
        }
    }

    @Test func theSwipeOfASampleNeverReachesTheClone() throws {
        let swipes = try Self.samples().filter { $0.expected != .noBegin }
        #expect(swipes.count >= 20)
        for sample in swipes {
            let (_, read, forwarded) = try forward(sample)
            // Every forwarded touch is a touch read, complete; exactly one touch (the swipe) is missing.
            #expect(forwarded.complete.allSatisfy { read.complete[$0.key] == $0.value }, "\(sample.name)")
            #expect(forwarded.complete.count == read.complete.count - 1, "\(sample.name)")
            #expect(forwarded.down.isEmpty, "\(sample.name)")
        }
    }
}

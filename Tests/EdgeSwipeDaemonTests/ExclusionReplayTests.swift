import FixtureSupport
import Foundation
import Navigation
import Testing
import TouchModel
import TouchTrace
@testable import EdgeSwipeDaemon
import EdgeSwipeControl

/// Issue 16 end to end: the recorded back swipes of samples/demo-back-swipes.evemu replayed through the whole
/// session (decoder, arena, arbiter, navigation), without and with an exclusion. What the recording does comes
/// from its script (samples/make-demo-sample.py): swipe 1 starts 1.5 mm off the left edge at y = 100 mm and
/// completes; swipe 2 at y = 120 begins and cancels; swipe 3 at y = 80 completes; swipe 4 at y = 140 arrives
/// at the root and is handed off (issue 24: it begins, and the stack never sees it). A slider at x 0...10, y 90...110 mm covers the start of swipe 1 only.
@Suite struct ExclusionReplayTests {
    func replay(exclusions: [ExclusionRect], popEnabledOnMessage: Bool = true) throws -> [String] {
        let trace = try TraceReader.read(path: Fixtures.packageRoot.appendingPathComponent("samples/demo-back-swipes.evemu").path)
        var options = PipelineOptions()
        options.stack = try StackSpec.parse("home,inbox:header,message:header")
        let session = try ReplaySession(trace: trace, options: options)
        let controller = try #require(session.navigation?.controller)
        _ = try controller.setExclusions(exclusions, owner: ExclusionOwner(1))
        _ = controller.setInteractivePopEnabled(popEnabledOnMessage, screenNamed: "message")
        var lines: [String] = []
        session.run(sink: { lines.append(EventJSON.output($0, deviceName: { _ in nil })) })
        return lines
    }

    func gestures(_ lines: [String]) -> [String] {
        lines.filter { $0.contains("\"type\":\"gesture\"") && !$0.contains("\"phase\":\"changed\"") }
    }

    @Test func theRecordedBackSwipeBeginsWithoutTheExclusionAndNotWithIt() throws {
        let without = try replay(exclusions: [])
        let with = try replay(exclusions: [ExclusionRect(x: 0, y: 90, width: 10, height: 20)])
        // Without: swipe 1 begins 8 ms after its touch-down (the golden replay's line).
        #expect(gestures(without).first?.hasPrefix(#"{"type":"gesture","phase":"began","edge":"left","fingers":1,"time":0.008333,"#) == true)
        // With: it fails at its touch-down (time 0), and never begins.
        let first = try #require(gestures(with).first)
        #expect(first.hasPrefix(#"{"type":"gesture","phase":"failed","edge":"left","fingers":1,"time":0,"#))
        #expect(first.contains(#""startMM":{"x":1.45,"y":100}"#))
        #expect(first.contains(#""reason":"refused","detail":"refused: excludedArea""#))
        // Without: swipes 1, 2, 3 and 4 begin, 4 handed off at the root. With: 2, 3 and 4 begin, the stack one
        // pop behind all along, so swipe 4 pops inbox instead of being handed off.
        #expect(gestures(without).filter { $0.contains("\"began\"") }.map { $0.contains("\"y\":100}") } == [true, false, false, false])
        #expect(gestures(with).filter { $0.contains("\"began\"") }.count == 3)
        // Swipe 4 (touch-down at 5.5 s, 250 ms at 120 Hz, lifted one frame later) completes.
        #expect(gestures(with).filter { !$0.contains("notInEdgeZone") }.last?
                .contains(#""phase":"ended","edge":"left","fingers":1,"time":5.758333,"outcome":"complete""#) == true)
        #expect(without.filter { $0.contains("\"backDispatched\"") }.map { $0.contains(#""target":"handoff","reason":"noHandler","stack":"root""#) }
                == [false, false, false, true])
        #expect(without.filter { $0.contains("\"popRefused\"") }.isEmpty)
        #expect(with.filter { $0.contains("\"popRefused\"") }.isEmpty)
        #expect(with.filter { $0.contains("\"backDispatched\"") }.allSatisfy { $0.contains(#""target":"navigation""#) })
        #expect(with.filter { $0.contains("\"transitionFinished\"") && $0.contains("\"interactivePop\"") }.count == 2)
    }

    @Test func withTheFlagOffOnTheTopScreenNoSwipeOfItBegins() throws {
        // message on top with its flag off: swipes 1 and 2 fail at touch-down; swipe 3 also finds message on
        // top (nothing popped it) and fails too; so does swipe 4. Nothing ever pops.
        let lines = try replay(exclusions: [], popEnabledOnMessage: false)
        let g = gestures(lines).filter { !$0.contains("notInEdgeZone") }
        #expect(g.count == 4)
        #expect(g.allSatisfy { $0.contains(#""phase":"failed""#) && $0.contains("refused: interactivePopDisabled") })
        #expect(!lines.contains { $0.contains("\"transitionBegan\"") && $0.contains("\"interactivePop\"") })
    }
}

import EdgeSwipeDaemon
import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Gestures
import Testing
import TouchInput
import TouchTrace
import TouchModel

/// A reloaded configuration reaches open devices between touches: a swipe in progress finishes under the
/// settings it began with, the next one uses the new ones.
@Suite struct LiveSessionReconfigureTests {
    @Test func newSettingsWaitForTheLastFingerToLift() throws {
        let trace = try TraceReader.read(path: Fixtures.packageRoot.appendingPathComponent("samples/demo-back-swipes.evemu").path)
        let events = trace.devices[0].events
        let loop = try EventLoop()
        var gestures: [GestureEvent] = []
        let session = try LiveSession(loop: loop, options: PipelineOptions(), navigation: nil) { output in
            if case .gesture(let g, _) = output { gestures.append(g) }
        }
        let id = try session.addFed(trace.devices[0].description)
        // Stroke 1 touches down 1.5 mm from the left edge and is under the finger for 0.26 s
        // (samples/make-demo-sample.py); its first 10 events are down and moving.
        for e in events.prefix(10) { session.feed(e, to: id) }
        #expect(gestures.map(\.phase) == [.began])
        // A 1 mm edge zone arrives mid-swipe: it waits.
        var narrow = PipelineOptions()
        narrow.recognizers = [EdgeSwipeConfig(edges: [.left], edgeZoneMM: 1)]
        try session.reconfigure(id, options: narrow)
        // Stroke 1 runs to its lift (at 0.758 s in the file: first event time + 0.258 s); stroke 2 touches down
        // at 2 mm, outside the new 1 mm zone.
        let stroke2Start = events.firstIndex { $0.time >= 1_500_000 }!
        for e in events[10..<stroke2Start] { session.feed(e, to: id) }
        #expect(gestures.last?.phase == .ended)
        #expect(gestures.last?.outcome == .complete)
        let before = gestures.count
        for e in events[stroke2Start...].prefix(40) { session.feed(e, to: id) }
        let after = gestures[before...]
        #expect(after.map(\.phase) == [.failed])
        #expect(after.first?.failureReason == .notInEdgeZone)
        withExtendedLifetime(loop) {}
    }
}

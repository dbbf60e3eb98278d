import EdgeSwipeSystem
import Foundation
import Synchronization
import Testing
import FixtureSupport
import Gestures
import Navigation
import TouchInput
import TouchTrace
@testable import EdgeSwipeDaemon
import TouchModel
import EdgeSwipeControl

/// `edgeswipe run --replay`'s feeder: a recording played into a live session in recorded time, through the
/// same pipeline as a device, and the transitionSettling event the kiosk page animates from.
@Suite struct HTTPReplayFeederTests {
    /// The first stroke of samples/demo-back-swipes.evemu (make-demo-sample.py, stroke 1): 1.5 -> 110 mm in
    /// 250 ms on the 145.45 mm wide Pixel Tablet surface, ending slowly.
    func firstStroke() throws -> Trace {
        var trace = try TraceReader.read(path: Fixtures.packageRoot.appendingPathComponent("samples/demo-back-swipes.evemu").path)
        let first = trace.devices[0].events[0].time
        trace.devices[0].events = trace.devices[0].events.filter { $0.time <= first + 400_000 }
        return trace
    }

    @Test func feederPlaysAStrokeInRecordedTimeAndAnnouncesTheSettling() throws {
        let trace = try firstStroke()
        let lines = Mutex<[String]>([])
        let startTime = Mutex<Microseconds>(.zero)
        let t0 = Date()
        let loop = LoopThread { loop in
            var options = PipelineOptions()
            options.stack = try StackSpec.parse("home,inbox:header,message:header")
            let navigation = NavigationSession(screens: options.stack!, config: options.navigation,
                                               popRecognizer: options.popRecognizer, now: Monotonic.now())
            let session = try LiveSession(loop: loop, options: options, navigation: navigation) { output in
                switch output {
                case .navigation(let n):
                    lines.withLock { $0.append(EventJSON.navigation(n)) }
                case .gesture(let g, _):
                    lines.withLock { $0.append(EventJSON.gesture(g)) }
                case .frame, .nearMiss, .deviceNote, .exclusions:
                    break
                }
            }
            let feeder = try ReplayFeeder(loop: loop, session: session, trace: trace)
            let start = Monotonic.now() + 20_000
            startTime.withLock { $0 = start }
            try feeder.start(at: start)
            return (KeepAlive([session, feeder]), nil)
        }
        defer { loop.stop() }
        let deadline = Date().addingTimeInterval(5)
        while !lines.withLock({ $0.contains { $0.contains("\"transitionFinished\"") && $0.contains("interactivePop") } }),
              Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        let elapsed = Date().timeIntervalSince(t0)
        let got = lines.withLock { $0 }
        let start = startTime.withLock { $0 }
        func time(of needle: String, and other: String = "") -> Double? {
            guard let line = got.first(where: { $0.contains(needle) && (other.isEmpty || $0.contains(other)) }), let r = line.range(of: "\"time\":") else { return nil }
            return Double(line[r.upperBound...].prefix { $0.isNumber || $0 == "." })
        }
        let began = try #require(time(of: "\"phase\":\"began\""), "\(got.joined(separator: "\n"))")
        let settle = try #require(got.first { $0.contains("transitionSettling") })
        let finished = try #require(time(of: "\"transitionFinished\"", and: "interactivePop"))
        // Times are the recording's, moved onto the live clock: the first frame plays at `start`, the swipe
        // begins at the second frame, 1/120 s later (the sample's 120 Hz), and is released at frame 31.
        #expect(abs(began - (start.seconds + 1.0 / 120)) < 0.0005)
        #expect(got.contains { $0.contains("\"transitionBegan\"") && $0.contains("\"from\":\"message\",\"to\":\"inbox\"") })
        #expect(settle.contains("\"outcome\":\"complete\"") && settle.contains("\"progress\":0.7473"))
        // CompletionTiming: (1 - 0.7473) x 350 ms = 88.4 ms (the fling at 2 mm/s is far slower).
        #expect(settle.contains("\"remainingMs\":88.4"))
        let released = try #require(time(of: "\"phase\":\"ended\""))
        #expect(abs(finished - released - 0.0884) < 0.0005)
        // Played in real time: the finish cannot come before the recorded 258 ms + 88 ms have passed.
        #expect(elapsed >= 0.02 + 0.25 + 0.088)
    }
}

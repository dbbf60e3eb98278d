import EdgeSwipeSystem
import FixtureSupport
import Gestures
import Testing
import TouchInput
import TouchModel
import TouchTrace
@testable import EdgeSwipeDaemon

/// Issue 36 step 3: a pen node paired with a touch node gates its touches, in a replay as live (both run the same
/// `SessionCore` calls). Tests/Fixtures/pen/hover-palm-then-swipe.yml is written by tools/pen_palm.py; its numbers:
/// the pen in proximity from 0 to 600 ms, a palm landing 3 mm from the right edge at 100 ms and sliding 2 mm inward
/// per 10 ms frame until it lifts at 310, a finger landing at 800 and swiping 4 mm per frame until 950.
@Suite struct PenReplayTests {
    static let file = "pen/hover-palm-then-swipe.yml"

    static func rightEdge() -> PipelineOptions {
        var o = PipelineOptions()
        o.recognizers = [EdgeSwipeConfig(edges: [.right], fingers: 1)]
        return o
    }

    /// Gesture events other than `changed`, and device notes, as the replay gives them.
    static func replay(_ options: PipelineOptions, penRequest: PenRequest = .automatic) throws
        -> (gestures: [(SourceID, GestureEvent)], notes: [String]) {
        let trace = try TraceReader.read(path: Fixtures.path(file))
        let session = try ReplaySession(trace: trace, options: options) { device in
            var o = options
            o.penRequest = penRequest
            _ = device
            return o
        }
        var gestures: [(SourceID, GestureEvent)] = []
        var notes: [String] = []
        session.run(sink: { out in
            switch out {
            case .gesture(let g, let d) where g.phase != .changed: gestures.append((d, g))
            case .deviceNote(let n, _): notes.append(n)
            default: break
            }
        })
        return (gestures, notes)
    }

    @Test func thePalmUnderTheHoveringPenIsGatedAndTheSwipeAfterItBegins() throws {
        let (gestures, notes) = try Self.replay(Self.rightEdge())
        #expect(notes.isEmpty, "\(notes)")
        // Every gesture event is the touch device's (source 0); the pen (source 1) has no recognizer.
        #expect(gestures.allSatisfy { $0.0 == SourceID(0) })
        let phases = gestures.map { ($0.1.phase, $0.1.time) }
        #expect(phases.map(\.0) == [.failed, .began, .ended], "\(phases)")
        // The palm fails at its own touch-down (100 ms), while the pen is in proximity (no time since out).
        #expect(gestures.first?.1.time == Microseconds(100_000))
        #expect(gestures.first?.1.failureReason == .penInProximity(msSinceOut: nil))
        // 200 ms after the pen left: the finger begins on its second frame (8 mm in, past the 6 mm activation)
        // and completes at its lift (400 mm/s).
        #expect(gestures.dropFirst().first?.1.time == Microseconds(820_000))
        #expect(gestures.last?.1.time == Microseconds(950_000))
        #expect(gestures.last?.1.outcome == .complete)
    }

    @Test func unpairedByTheConfigurationThePalmIsASwipe() throws {
        let (gestures, notes) = try Self.replay(Self.rightEdge(), penRequest: PenRequest.none)
        let pen = try TraceReader.read(path: Fixtures.path(Self.file)).devices[1].description
        #expect(pen.name == "Demo Panel Stylus")
        #expect(notes == ["pen \(pen.label) pairs with no touch device: its touch device is "
                          + "configured otherwise (\"Demo Panel Touchscreen\" has pen: none)"], "\(notes)")
        // The palm now begins at 130 ms (6 mm in after three 2 mm frames), as any finger would.
        let began = gestures.filter { $0.1.phase == .began && $0.0 == SourceID(0) }.map(\.1.time)
        #expect(began.first == Microseconds(130_000))
    }
}

/// The pen gate through the session core, as the live service drives it: linger, two pens, an unplugged pen.
@Suite struct PenSessionTests {
    static let trace = try! TraceReader.read(path: Fixtures.path(PenReplayTests.file))
    static var touch: DeviceDescription { trace.devices[0].description }
    static var pen: DeviceDescription { trace.devices[1].description }

    final class Rig {
        let core: SessionCore
        let source: SessionSource
        var gestures: [GestureEvent] = []
        var notes: [String] = []
        init() throws {
            core = SessionCore(navigation: nil, emitFrames: false)
            source = core.add(try DevicePipeline(device: PenSessionTests.touch, options: PenReplayTests.rightEdge()))
            core.sink = { [unowned self] out in
                switch out {
                case .gesture(let g, _) where g.phase != .changed: self.gestures.append(g)
                case .deviceNote(let n, _): self.notes.append(n)
                default: break
                }
            }
        }

        func addPen() -> PenSource {
            core.addPen(PenSessionTests.pen, id: core.reserveSourceID(), pairedWith: source, reason: .nameStem("Demo Panel"),
                        config: PenGateConfig())
        }

        func pen(_ p: PenSource, at ms: UInt64, inProximity: Bool) {
            let t = Microseconds(ms * 1000)
            core.feedPen(InputEvent(time: t, type: EventType.key, code: KeyCode.btnToolPen, value: inProximity ? 1 : 0), to: p)
            core.feedPen(InputEvent(time: t, type: EventType.abs, code: AbsCode.x, value: 15000), to: p)
            core.feedPen(InputEvent(time: t, type: EventType.syn, code: SynCode.report, value: 0), to: p)
        }

        /// A finger from 3 mm off the right edge, 4 mm inward per 10 ms frame for 5 frames, then lifted; `during`
        /// runs after its first move (mid-stroke).
        func swipe(at ms: UInt64, id: Int32, during: (() -> Void)? = nil) {
            func frame(_ k: UInt64, _ events: [(UInt16, UInt16, Int32)]) {
                let t = Microseconds((ms + 10 * k) * 1000)
                for (type, code, value) in events + [(EventType.syn, SynCode.report, 0)] {
                    core.feed(InputEvent(time: t, type: type, code: code, value: value), to: source)
                }
            }
            frame(0, [(EventType.abs, AbsCode.mtSlot, 0), (EventType.abs, AbsCode.mtTrackingID, id),
                      (EventType.abs, AbsCode.mtPositionX, 2970), (EventType.abs, AbsCode.mtPositionY, 1000),
                      (EventType.key, KeyCode.btnTouch, 1)])
            for k in 1...5 {
                frame(UInt64(k), [(EventType.abs, AbsCode.mtPositionX, 2970 - 40 * Int32(k))])
                if k == 1 { during?() }
            }
            frame(6, [(EventType.abs, AbsCode.mtTrackingID, -1), (EventType.key, KeyCode.btnTouch, 0)])
        }

        var failures: [GestureFailureReason?] { gestures.filter { $0.phase == .failed }.map(\.failureReason) }
        var beganTimes: [Microseconds] { gestures.filter { $0.phase == .began }.map(\.time) }
    }

    @Test func aTouch50msAfterThePenLeftIsGatedAnd120msAfterItIsNot() throws {
        let rig = try Rig()
        let p = rig.addPen()
        rig.pen(p, at: 0, inProximity: true)
        rig.pen(p, at: 600, inProximity: false)
        rig.swipe(at: 650, id: 1)   // 50 ms after: within the 90 ms linger
        rig.swipe(at: 720, id: 2)   // 120 ms after (the first lifted at 710): open; begins on its second frame
        #expect(rig.failures == [.penInProximity(msSinceOut: 50)])
        #expect(rig.beganTimes == [Microseconds(740_000)])
    }

    @Test func withTwoPensEitherInProximityGates() throws {
        let rig = try Rig()
        let a = rig.addPen(), b = rig.addPen()
        rig.pen(a, at: 0, inProximity: true)
        rig.pen(b, at: 100, inProximity: true)
        rig.pen(a, at: 200, inProximity: false)
        rig.swipe(at: 400, id: 1)   // pen b still in proximity
        rig.pen(b, at: 500, inProximity: false)
        rig.swipe(at: 700, id: 2)   // both out for 200 ms
        #expect(rig.failures == [.penInProximity(msSinceOut: nil)])
        #expect(rig.beganTimes == [Microseconds(720_000)])
    }

    /// The pen unplugged while a hand it gated is still sliding: that hand stays rejected until it lifts (it never
    /// begins), and the next finger swipes.
    @Test func aHandGatedBeforeThePenWasUnpluggedStaysGatedUntilItLifts() throws {
        let rig = try Rig()
        let p = rig.addPen()
        rig.pen(p, at: 0, inProximity: true)
        rig.swipe(at: 100, id: 1, during: { rig.core.remove(p, now: Microseconds(115_000)) })
        rig.swipe(at: 200, id: 2)
        #expect(rig.failures == [.penInProximity(msSinceOut: nil)])
        #expect(rig.beganTimes == [Microseconds(220_000)])
        #expect(rig.notes.count == 1)
    }

    @Test func unpluggingThePenInProximityOpensTheGateAndSaysSoOnce() throws {
        let rig = try Rig()
        let p = rig.addPen()
        rig.pen(p, at: 0, inProximity: true)
        rig.core.remove(p, now: Microseconds(300_000))
        rig.core.remove(p, now: Microseconds(310_000))
        rig.pen(p, at: 320, inProximity: true)   // a late event of the gone node changes nothing
        rig.swipe(at: 330, id: 1)
        #expect(rig.failures.isEmpty)
        #expect(rig.beganTimes == [Microseconds(350_000)])
        #expect(rig.notes.count == 1)
        #expect(rig.notes.first?.contains("went away: touches are no longer gated by a pen") == true, "\(rig.notes)")
    }
}

/// The live session's pen path (`LiveSession.addFed`/`addFedPen`, as `run --replay` and the service use it) gives
/// the replay's gesture events for the fixture, event for event.
@Suite struct PenLiveSessionTests {
    final class Collected: @unchecked Sendable {
        var gestures: [String] = []
    }

    static func line(_ g: GestureEvent) -> String { "\(g.time) \(g.phase) \(g.failureReason.map { "\($0)" } ?? "-")" }

    @Test func liveAndReplayGateAlike() throws {
        let trace = try TraceReader.read(path: Fixtures.path(PenReplayTests.file))
        let options = PenReplayTests.rightEdge()
        let loop = try EventLoop()
        let collected = Collected()
        let session = try LiveSession(loop: loop, options: options, navigation: nil) { out in
            if case .gesture(let g, _) = out, g.phase != .changed { collected.gestures.append(Self.line(g)) }
        }
        let touch = try session.addFed(trace.devices[0].description)
        let pen = try session.addFedPen(trace.devices[1].description, pairedWith: touch, reason: .nameStem("Demo Panel"),
                                        config: options.penGate)
        #expect(session.pens(of: touch).map(\.name) == ["Demo Panel Stylus"])
        // In time order, the touch device first at equal times (the replay's merge), each device's own order kept.
        let tagged = (trace.devices[0].events.map { ($0, touch) } + trace.devices[1].events.map { ($0, pen) }).enumerated()
        let merged = tagged.sorted { ($0.element.0.time, $0.offset) < ($1.element.0.time, $1.offset) }.map(\.element)
        for (event, id) in merged {
            if id == pen { session.feed(event, toPen: id) } else { session.feed(event, to: id) }
        }
        let (replayed, _) = try PenReplayTests.replay(options)
        #expect(collected.gestures == replayed.map { Self.line($0.1) })
        #expect(collected.gestures.first == "100000 failed touched down while the pen was in proximity")
        // The touch source gone, its pen goes with it.
        session.remove(touch, now: Microseconds(2_000_000))
        #expect(session.pens(of: touch).isEmpty)
        withExtendedLifetime(loop) {}
    }
}

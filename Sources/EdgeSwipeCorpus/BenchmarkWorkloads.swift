import TouchInput
import Gestures

/// Ready-made inputs for the release-build benchmark (Benchmarks/edgeswipe-bench): a long protocol-B stream in
/// which `contacts` fingers land, move every frame at 120 Hz and lift, over and over. Finger 0 swipes in from the
/// left edge, so with one contact the recognizers go possible → began → changed… → ended each cycle; with more,
/// they fail at touch-down and wait (the arena still sees and decodes every contact).
public struct BenchmarkWorkload: Sendable {
    public let contacts: Int
    public let device: DeviceDescription
    public let geometry: SurfaceGeometry
    public let events: [InputEvent]
    /// SYN_REPORTs in `events`.
    public let frameCount: Int

    public static let framesPerCycle = 60
    public static let periodUs: UInt64 = 8_333

    public init(contacts: Int, cycles: Int = 50) {
        precondition((1...10).contains(contacts), "benchmark workloads have 1 to 10 contacts")
        let synthetic = SyntheticDevice.laptop
        self.contacts = contacts
        self.device = synthetic.description
        // The laptop panel has resolution: the geometry cannot fail.
        self.geometry = try! synthetic.geometry()
        var events: [InputEvent] = []
        var frames = 0
        var time: UInt64 = 1_000_000
        var trackingID: Int32 = 1
        let xMax = Double(synthetic.xMax), yMax = Double(synthetic.yMax)
        for _ in 0..<cycles {
            for f in 0..<Self.framesPerCycle {
                for c in 0..<contacts {
                    events.append(InputEvent(timeUs: time, type: EventType.abs, code: AbsCode.mtSlot, value: Int32(c)))
                    if f == Self.framesPerCycle - 1 {
                        events.append(InputEvent(timeUs: time, type: EventType.abs, code: AbsCode.mtTrackingID, value: -1))
                        continue
                    }
                    if f == 0 {
                        events.append(InputEvent(timeUs: time, type: EventType.abs, code: AbsCode.mtTrackingID, value: trackingID))
                        trackingID += 1
                    }
                    // Finger 0: from 0.5 % of the width, 0.7 % further per frame; the others drift in the middle.
                    let x = c == 0 ? 0.005 + 0.007 * Double(f) : 0.3 + 0.05 * Double(c) + 0.001 * Double(f)
                    let y = c == 0 ? 0.5 : 0.1 + 0.08 * Double(c) + 0.0005 * Double(f)
                    events.append(InputEvent(timeUs: time, type: EventType.abs, code: AbsCode.mtPositionX, value: Int32(x * xMax)))
                    events.append(InputEvent(timeUs: time, type: EventType.abs, code: AbsCode.mtPositionY, value: Int32(y * yMax)))
                }
                if f == 0 || f == Self.framesPerCycle - 1 {
                    events.append(InputEvent(timeUs: time, type: EventType.key, code: KeyCode.btnTouch, value: f == 0 ? 1 : 0))
                }
                events.append(InputEvent(timeUs: time, type: EventType.syn, code: SynCode.report, value: 0))
                frames += 1
                time += Self.periodUs
            }
            time += 100_000
        }
        self.events = events
        self.frameCount = frames
    }

    /// The recognizers the daemon would run by default on a screen: one finger left and right, two fingers left,
    /// the one-finger left waiting for the two-finger one to fail.
    public func makeArena() -> GestureArena {
        let arena = GestureArena(transform: ScreenTransform(geometry: geometry))
        // Valid constant configurations: adding cannot fail.
        try! arena.add(EdgeSwipeConfig(edges: [.left]))
        try! arena.add(EdgeSwipeConfig(edges: [.right]))
        try! arena.add(EdgeSwipeConfig(edges: [.left], fingers: 2))
        try! arena.require("left-1", toFail: "left-2")
        return arena
    }

    public func makeDecoder() -> MultitouchDecoder {
        MultitouchDecoder(device: device, geometry: geometry)
    }

    /// Decodes and recognises the whole stream once. Returns frames decoded and gesture events produced, which
    /// the caller should use (print or check) so the work cannot be optimised away.
    public func run(decoder: inout MultitouchDecoder, arena: GestureArena) -> (frames: Int, gestureEvents: Int) {
        var frames = 0, gestureEvents = 0
        for event in events {
            if let d = arena.nextDeadline, d <= event.timeUs {
                gestureEvents += arena.deadlineReached(now: d).count
            }
            if let frame = decoder.feed(event) {
                frames += 1
                gestureEvents += arena.process(frame, now: frame.timeUs).count
            }
        }
        return (frames, gestureEvents)
    }

    /// The stream decoded once, for timing recognition alone.
    public func decodedFrames() -> [TouchFrame] {
        var decoder = makeDecoder()
        var frames: [TouchFrame] = []
        frames.reserveCapacity(frameCount)
        for e in events {
            if let f = decoder.feed(e) { frames.append(f) }
        }
        return frames
    }
}

/// The names the lead's benchmark calls.
public enum BenchmarkWorkloads {
    public static func workload(contacts: Int) -> BenchmarkWorkload { BenchmarkWorkload(contacts: contacts) }

    /// Decoded frames with `contacts` fingers, for recognise-only timing.
    public static func frames(contacts: Int) -> [TouchFrame] { BenchmarkWorkload(contacts: contacts).decodedFrames() }
}

import EdgeSwipeCorpus
import TouchInput
import TouchModel

/// Ready-made inputs for the release-build benchmark (Benchmarks/edgeswipe-bench): a long protocol-B stream in
/// which `contacts` fingers land, move every frame at 120 Hz and lift, over and over. Finger 0 swipes in from the
/// left edge, so with one contact the recognizers go possible → began → changed… → ended each cycle; with more,
/// they fail at touch-down and wait (the arena still sees and decodes every contact). With `midScreen`, finger 0
/// drags from 30 % of the width instead (no recognizer considers it: an owned device forwards every frame).
struct BenchmarkWorkload: Sendable {
    let contacts: Int
    let device: DeviceDescription
    let geometry: SurfaceGeometry
    let events: [InputEvent]
    /// SYN_REPORTs in `events`.
    let frameCount: Int

    static let framesPerCycle = 60
    static let period: Microseconds = 8_333

    /// `period`: between frames; `gap`: added after each cycle's lift (0: the next touch lands in the next frame).
    init(contacts: Int, cycles: Int = 50, midScreen: Bool = false, period: Microseconds = BenchmarkWorkload.period,
         gap: Microseconds = 100_000) {
        precondition((1...10).contains(contacts), "benchmark workloads have 1 to 10 contacts")
        let synthetic = SyntheticDevice.laptop
        self.contacts = contacts
        self.device = synthetic.description
        // The laptop panel has resolution: the geometry cannot fail.
        self.geometry = try! synthetic.geometry()
        var events: [InputEvent] = []
        var frames = 0
        var time: Microseconds = 1_000_000
        var trackingID: Int32 = 1
        let xMax = Double(synthetic.xMax), yMax = Double(synthetic.yMax)
        for _ in 0..<cycles {
            for f in 0..<Self.framesPerCycle {
                for c in 0..<contacts {
                    events.append(InputEvent(time: time, type: EventType.abs, code: AbsCode.mtSlot, value: Int32(c)))
                    if f == Self.framesPerCycle - 1 {
                        events.append(InputEvent(time: time, type: EventType.abs, code: AbsCode.mtTrackingID, value: -1))
                        continue
                    }
                    if f == 0 {
                        events.append(InputEvent(time: time, type: EventType.abs, code: AbsCode.mtTrackingID, value: trackingID))
                        trackingID += 1
                    }
                    // Finger 0: from 0.5 % of the width (30 % mid-screen), 0.7 % further per frame; the others drift
                    // in the middle.
                    let x = c == 0 ? (midScreen ? 0.3 : 0.005) + 0.007 * Double(f) : 0.3 + 0.05 * Double(c) + 0.001 * Double(f)
                    let y = c == 0 ? 0.5 : 0.1 + 0.08 * Double(c) + 0.0005 * Double(f)
                    events.append(InputEvent(time: time, type: EventType.abs, code: AbsCode.mtPositionX, value: Int32(x * xMax)))
                    events.append(InputEvent(time: time, type: EventType.abs, code: AbsCode.mtPositionY, value: Int32(y * yMax)))
                }
                if f == 0 || f == Self.framesPerCycle - 1 {
                    events.append(InputEvent(time: time, type: EventType.key, code: KeyCode.btnTouch, value: f == 0 ? 1 : 0))
                }
                events.append(InputEvent(time: time, type: EventType.syn, code: SynCode.report, value: 0))
                frames += 1
                time += period
            }
            time += gap
        }
        self.events = events
        self.frameCount = frames
    }

    func makeDecoder() -> MultitouchDecoder {
        MultitouchDecoder(device: device, geometry: geometry)
    }
}

import TouchInput
import Gestures
import TouchModel

/// How a sample is sampled and disturbed.
public struct SynthesisOptions: Hashable, Sendable {
    public var rateHz: Double
    /// Each frame interval varies uniformly by ± this fraction of the period.
    public var timingJitter: Double
    /// Standard deviation of the position noise per frame and axis, mm (truncated at 3σ).
    public var noiseMM: Double
    /// Share of frames lost (never reported) while fingers only move, as on a busy bus.
    public var dropRate: Double
    /// Time of the first touch-down on the trace clock, µs.
    public var startUs: UInt64

    public init(rateHz: Double, timingJitter: Double = 0.03, noiseMM: Double = 0, dropRate: Double = 0,
                startUs: UInt64 = 1_000_000) {
        self.rateHz = rateHz
        self.timingJitter = timingJitter
        self.noiseMM = noiseMM
        self.dropRate = dropRate
        self.startUs = startUs
    }
}

/// Turns finger strokes into the evdev events a device of that kind would send: protocol B (slots, tracking
/// ids, only changed values) or protocol A (every contact every frame, SYN_MT_REPORT), BTN_TOUCH,
/// BTN_TOOL_* finger counts on touchpads, and single-touch ABS_X/ABS_Y emulation. Decoding them is part of
/// what the corpus tests.
public enum EventSynthesizer {
    public static func events(strokes: [Stroke], device: SyntheticDevice, options: SynthesisOptions,
                              rng: inout SplitMix64) throws -> [InputEvent] {
        let transform = try device.transform()
        let screen = transform.screenSize
        var out: [InputEvent] = []
        var slotState = Array(repeating: FingerState(), count: strokes.count)
        var currentSlot: Int32 = 0
        var fingersReported = 0
        var lastSingle: (Int32, Int32)? = nil
        var nextTrackingID: Int32 = 100
        let period = 1000 / options.rateHz
        let end = (strokes.map(\.upMS).max() ?? 0) + 2 * period
        var t = strokes.map(\.downMS).min() ?? 0

        func units(_ p: Point) -> (Int32, Int32) {
            let n = transform.deviceNormalized(screenMM: p) ?? Point(x: 0, y: 0)
            let x = Int32((n.x * Double(device.xMax)).rounded())
            let y = Int32((n.y * Double(device.yMax)).rounded())
            return (min(max(x, 0), device.xMax), min(max(y, 0), device.yMax))
        }

        while t <= end {
            // A lost frame: only when no finger lands or lifts in it, so every contact still starts and ends.
            let changesPhase = strokes.indices.contains { i in
                let isDown = t >= strokes[i].downMS && t < strokes[i].upMS
                return (slotState[i].phase == .waiting && isDown) || (slotState[i].phase == .down && !isDown)
            }
            if options.dropRate > 0 && !changesPhase && rng.unit() < options.dropRate {
                t += period * (1 + options.timingJitter * (2 * rng.unit() - 1))
                continue
            }
            let time = options.startUs + UInt64((t * 1000).rounded())
            var frame: [(UInt16, UInt16, Int32)] = []
            func emit(_ type: UInt16, _ code: UInt16, _ value: Int32) { frame.append((type, code, value)) }
            var activePositions: [(Int32, Int32)] = []
            var lifted = false

            for (i, s) in strokes.enumerated() {
                let isDown = t >= s.downMS && t < s.upMS
                var p = s.position(atMS: t - s.downMS, screen: screen)
                if options.noiseMM > 0 {
                    p.x += rng.gaussian() * options.noiseMM
                    p.y += rng.gaussian() * options.noiseMM
                }
                let u = units(p)
                switch (slotState[i].phase, isDown) {
                case (.waiting, true):
                    slotState[i].phase = .down
                    if device.touchProtocol == .b {
                        if currentSlot != Int32(i) { emit(EventType.abs, AbsCode.mtSlot, Int32(i)); currentSlot = Int32(i) }
                        emit(EventType.abs, AbsCode.mtTrackingID, nextTrackingID)
                        nextTrackingID += 1
                        emit(EventType.abs, AbsCode.mtPositionX, u.0)
                        emit(EventType.abs, AbsCode.mtPositionY, u.1)
                    }
                    slotState[i].last = u
                    activePositions.append(u)
                case (.down, true):
                    if device.touchProtocol == .b && u != slotState[i].last {
                        if currentSlot != Int32(i) { emit(EventType.abs, AbsCode.mtSlot, Int32(i)); currentSlot = Int32(i) }
                        if u.0 != slotState[i].last.0 { emit(EventType.abs, AbsCode.mtPositionX, u.0) }
                        if u.1 != slotState[i].last.1 { emit(EventType.abs, AbsCode.mtPositionY, u.1) }
                    }
                    slotState[i].last = u
                    activePositions.append(u)
                case (.down, false):
                    slotState[i].phase = .lifted
                    lifted = true
                    if device.touchProtocol == .b {
                        if currentSlot != Int32(i) { emit(EventType.abs, AbsCode.mtSlot, Int32(i)); currentSlot = Int32(i) }
                        emit(EventType.abs, AbsCode.mtTrackingID, -1)
                    }
                case (.waiting, false), (.lifted, _):
                    break
                }
            }

            let count = activePositions.count
            if count != fingersReported {
                if (count > 0) != (fingersReported > 0) { emit(EventType.key, KeyCode.btnTouch, count > 0 ? 1 : 0) }
                if device.kind == .touchpad {
                    if let old = toolKey(fingersReported) { emit(EventType.key, old, 0) }
                    if let new = toolKey(count) { emit(EventType.key, new, 1) }
                }
            }
            if let first = activePositions.first {
                if lastSingle?.0 != first.0 { emit(EventType.abs, AbsCode.x, first.0) }
                if lastSingle?.1 != first.1 { emit(EventType.abs, AbsCode.y, first.1) }
                lastSingle = first
            }
            if device.touchProtocol == .a && (count > 0 || lifted) {
                for u in activePositions {
                    emit(EventType.abs, AbsCode.mtPositionX, u.0)
                    emit(EventType.abs, AbsCode.mtPositionY, u.1)
                    emit(EventType.syn, SynCode.mtReport, 0)
                }
                if count == 0 { emit(EventType.syn, SynCode.mtReport, 0) }
            }
            fingersReported = count
            if !frame.isEmpty {
                for e in frame { out.append(InputEvent(time: Microseconds(time), type: e.0, code: e.1, value: e.2)) }
                out.append(InputEvent(time: Microseconds(time), type: EventType.syn, code: SynCode.report, value: 0))
            }
            if slotState.allSatisfy({ $0.phase == .lifted }) { break }
            t += period * (1 + options.timingJitter * (2 * rng.unit() - 1))
        }
        return out
    }

    private static func toolKey(_ fingers: Int) -> UInt16? {
        switch fingers {
        case 0: return nil
        case 1: return KeyCode.btnToolFinger
        case 2: return KeyCode.btnToolDoubleTap
        default: return KeyCode.btnToolTripleTap
        }
    }

    private struct FingerState {
        enum Phase { case waiting, down, lifted }
        var phase = Phase.waiting
        var last: (Int32, Int32) = (0, 0)
    }
}

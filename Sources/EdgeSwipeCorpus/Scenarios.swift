#if canImport(Glibc)
import Glibc
#endif
import TouchInput
import Gestures
import TouchModel

/// Draws the strokes of one labelled sample. Each generator keeps its parameters away from every decision
/// threshold (with margins larger than the noise), so the label is the truth for any sound recognizer:
/// positives reach 9 mm of inward travel within 200 ms (threshold 6 mm, 250 ms) at under 10° from the inward
/// direction (tolerance 30°); completes end with travel ≥ 0.62 of the screen or release velocity ≥ 337 mm/s;
/// cancels with travel ≤ 0.35 and velocity ≤ 0.
enum Scenarios {
    struct Drawn {
        var strokes: [Stroke]
        var expected: Expectation
    }

    static func draw(_ label: CorpusLabel, edge: Edge, screen: PhysicalSize, rng: inout SplitMix64) -> Drawn {
        let extent = edge.extent(screen: screen)
        let alongExtent = (edge == .left || edge == .right) ? screen.heightMM : screen.widthMM
        let offset = rng.uniform(0.3...0.7) * alongExtent
        let tilt = tan(rng.uniform(-10...10) * .pi / 180)
        func stroke(_ depth: Double, _ keys: [VelocityKey], up: Double, down: Double = 0, offset o: Double? = nil) -> Stroke {
            Stroke(edge: edge, startDepthMM: depth, startOffsetMM: o ?? offset, downMS: down, upMS: down + up, keys: keys)
        }
        func key(_ ms: Double, _ inward: Double) -> VelocityKey {
            VelocityKey(ms: ms, inward: inward, along: inward * tilt)
        }

        switch label {
        case .swipeComplete:
            let vPeak = rng.uniform(150...450), vEnd = rng.uniform(0...120)
            let target = extent * rng.uniform(0.62...0.85)
            // Travel: ramp 50 ms (0.025·vPeak) + cruise + 100 ms deceleration (0.05·(vPeak + vEnd)).
            let cruise = max(10, 1000 * (target - 0.025 * vPeak - 0.05 * (vPeak + vEnd)) / vPeak)
            let tDec = 50 + cruise
            return Drawn(strokes: [stroke(rng.uniform(0.5...4), [key(0, 0), key(50, vPeak), key(tDec, vPeak), key(tDec + 100, vEnd)],
                                          up: tDec + 100)],
                         expected: .swipe(edge, .complete))

        case .fastFlick:
            let vPeak = rng.uniform(450...900)
            let vEnd = vPeak * rng.uniform(0.75...1)
            // Keep the flick on the screen: at most ~0.7 of the extent.
            let maxDuration = 1000 * 0.7 * extent / vPeak
            let duration = min(rng.uniform(50...110), max(45, maxDuration))
            return Drawn(strokes: [stroke(rng.uniform(0.5...4), [key(0, rng.uniform(100...250)), key(25, vPeak), key(duration, vEnd)],
                                          up: duration)],
                         expected: .swipe(edge, .complete))

        case .slowSwipeBack:
            let vIn = rng.uniform(90...180), vOut = rng.uniform(80...200)
            let peak = rng.uniform(max(12, 0.12 * extent)...max(14, 0.3 * extent))
            let t1 = 40 + max(20, 1000 * (peak - 0.02 * vIn - 0.04 * (vIn - vOut)) / vIn)
            var s = stroke(rng.uniform(0.5...4), [key(0, 0), key(40, vIn), key(t1, vIn), key(t1 + 80, -vOut)], up: 0)
            let atTurn = s.displacement(atMS: t1 + 80).inward
            let end = rng.uniform(1...5)
            s.upMS = t1 + 80 + 1000 * max(0, atTurn - end) / vOut
            return Drawn(strokes: [s], expected: .swipe(edge, .cancel))

        case .swipeStopsShort:
            let v = rng.uniform(120...300)
            let depth = rng.uniform(max(12, 0.12 * extent)...max(14, 0.33 * extent))
            let t1 = 40 + max(20, 1000 * (depth - 0.02 * v - 0.04 * v) / v)
            let hold = rng.uniform(60...200)
            return Drawn(strokes: [stroke(rng.uniform(0.5...4), [key(0, 0), key(40, v), key(t1, v), key(t1 + 80, 0)], up: t1 + 80 + hold)],
                         expected: .swipe(edge, .cancel))

        case .tapAtEdge:
            let drift = VelocityKey(ms: 0, inward: rng.uniform(-20...20), along: rng.uniform(-20...20))
            return Drawn(strokes: [stroke(rng.uniform(0.5...4.5), [drift], up: rng.uniform(40...180))], expected: .noBegin)

        case .verticalDragAlongEdge:
            let speed = rng.uniform(80...300)
            let direction: Double = rng.unit() < 0.5 ? 1 : -1
            let angle = rng.uniform(0...25) * .pi / 180
            let distance = min(40, 0.45 * alongExtent)
            let start = direction > 0 ? 0.25 * alongExtent : 0.75 * alongExtent
            let keys = [VelocityKey(ms: 0, inward: 0, along: 0),
                        VelocityKey(ms: 40, inward: speed * tan(angle), along: direction * speed)]
            // Travel along: 0.02·speed in the ramp, then speed per second.
            let up = 40 + 1000 * (distance - 0.02 * speed) / speed
            return Drawn(strokes: [stroke(rng.uniform(0.5...4.5), keys, up: up, offset: start)], expected: .noBegin)

        case .swipeEndingAtEdge:
            let v = rng.uniform(150...400)
            let start = extent * rng.uniform(0.3...0.7), end = rng.uniform(0.5...3)
            // Travel outward: ramp 40 ms from 0.3·v (0.026·v), then v.
            let up = 40 + 1000 * (start - end - 0.026 * v) / v
            return Drawn(strokes: [stroke(start, [key(0, -0.3 * v), key(40, -v)], up: up)], expected: .noBegin)

        case .twoFingerSwipe:
            let vPeak = rng.uniform(150...400)
            let target = extent * rng.uniform(0.3...0.6)
            let cruise = max(10, 1000 * (target - 0.03 * vPeak) / vPeak)
            let keys = [key(0, 0), key(60, vPeak), key(60 + cruise, vPeak)]
            let gap = min(rng.uniform(15...25), 0.3 * alongExtent)
            let second = rng.uniform(0...12)
            let up = 60 + cruise
            return Drawn(strokes: [stroke(rng.uniform(0.5...4), keys, up: up, offset: offset - gap / 2),
                                   stroke(rng.uniform(0.5...4), keys, up: up - second + rng.uniform(-8...8), down: second,
                                          offset: offset + gap / 2)],
                         expected: .noBegin)

        case .restThenMove:
            let rest = rng.uniform(320...700), vPeak = rng.uniform(150...400)
            let target = extent * rng.uniform(0.3...0.7)
            let up = rest + 50 + 1000 * (target - 0.025 * vPeak) / vPeak
            return Drawn(strokes: [stroke(rng.uniform(0.5...4), [key(0, 0), key(rest, 0), key(rest + 50, vPeak)], up: up)],
                         expected: .noBegin)

        case .startOutsideZone:
            let vPeak = rng.uniform(150...450)
            let target = extent * rng.uniform(0.3...0.7)
            let up = 50 + 1000 * (target - 0.025 * vPeak) / vPeak
            return Drawn(strokes: [stroke(rng.uniform(7.5...20), [key(0, 0), key(50, vPeak)], up: up)], expected: .noBegin)

        case .realRecording:
            return Drawn(strokes: [], expected: .noBegin)
        }
    }
}

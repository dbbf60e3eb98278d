import Testing
import TouchInput
@testable import Gestures
import TouchModel

@Suite struct VelocityTrackerTests {
    func tracker(_ fit: VelocityTracker.Fit, _ samples: [(ms: Double, x: Double)]) -> VelocityTracker {
        var t = VelocityTracker(fit: fit)
        for s in samples { t.add(time: Microseconds(milliseconds: s.ms), position: Point(x: s.x, y: -s.x / 2)) }
        return t
    }

    @Test(arguments: [VelocityTracker.Fit.linear, .quadratic])
    func constantVelocityWithUnevenFrameTimesIsExact(fit: VelocityTracker.Fit) {
        // x = 0.5 mm/ms × t at irregular times: 500 mm/s whatever the spacing; y = −x/2 → −250 mm/s.
        let times: [Double] = [0, 7, 19, 25, 41, 48, 63]
        let t = tracker(fit, times.map { ($0, 0.5 * $0) })
        let v = t.velocity(at: 63_000)
        #expect(close(v.x, 500, 1e-6))
        #expect(close(v.y, -250, 1e-6))
    }

    @Test func quadraticFitsAcceleratingMotionLinearGivesTheWindowAverage() {
        // x = 1000 mm/s² × t²: at t = 50 ms the true velocity is 2000 × 0.05 = 100 mm/s.
        // Samples every 10 ms: x = 0, 0.1, 0.4, 0.9, 1.6, 2.5 mm.
        let samples: [(ms: Double, x: Double)] = (0...5).map { k in (ms: Double(k) * 10, x: 0.1 * Double(k * k)) }
        #expect(close(tracker(.quadratic, samples).velocity(at: 50_000).x, 100, 1e-6))
        // A line through them: Σ(k−2.5)·x / Σ(k−2.5)² = 8.75 / 17.5 = 0.5 mm per 10 ms = 50 mm/s.
        #expect(close(tracker(.linear, samples).velocity(at: 50_000).x, 50, 1e-6))
    }

    @Test func samplesOlderThanTheHorizonAreNotUsed() {
        // 0…100 ms at 1 mm/10 ms, then 100…200 ms at 3 mm/10 ms. The window before 200 ms is 100…200 ms,
        // all on the second line (the 100 ms sample is the corner shared by both).
        var samples: [(ms: Double, x: Double)] = []
        for k in 0...20 {
            let x: Double = k <= 10 ? Double(k) : 10 + 3 * Double(k - 10)
            samples.append((ms: Double(k) * 10, x: x))
        }
        #expect(close(tracker(.quadratic, samples).velocity(at: 200_000).x, 300, 1e-6))
        #expect(close(tracker(.linear, samples).velocity(at: 200_000).x, 300, 1e-6))
    }

    @Test func aGapOverFortyMillisecondsMeansTheFingerStopped() {
        // Samples before a 50 ms gap are not used: only 100, 110, 120 ms (2 mm / 10 ms = 200 mm/s).
        let samples: [(ms: Double, x: Double)] = [(0, 0), (10, 9), (20, 18), (30, 27), (80, 27), (90, 29), (100, 31)]
        // After the gap: 80, 90, 100 ms: 27, 29, 31 → 200 mm/s.
        #expect(close(tracker(.quadratic, samples).velocity(at: 100_000).x, 200, 1e-6))
        // Asked 41 ms after the newest sample: stopped.
        #expect(tracker(.quadratic, samples).velocity(at: 141_000) == Point(x: 0, y: 0))
        #expect(close(tracker(.quadratic, samples).velocity(at: 140_000).x, 200, 1e-6))
    }

    @Test func fewerThanTwoSamplesGiveZero() {
        #expect(VelocityTracker().velocity(at: 0) == Point(x: 0, y: 0))
        #expect(tracker(.quadratic, [(0, 5)]).velocity(at: 0) == Point(x: 0, y: 0))
        // Two samples: a line even when a parabola is asked for. 4 mm in 10 ms = 400 mm/s.
        #expect(close(tracker(.quadratic, [(0, 0), (10, 4)]).velocity(at: 10_000).x, 400, 1e-6))
    }

    @Test func sameTimeReplacesAndEarlierTimeIsDropped() {
        var t = VelocityTracker()
        t.add(time: 0, position: Point(x: 0, y: 0))
        t.add(time: 10_000, position: Point(x: 99, y: 0))
        t.add(time: 10_000, position: Point(x: 2, y: 0))   // replaces 99
        t.add(time: 5_000, position: Point(x: 50, y: 0))   // dropped
        #expect(t.count == 2)
        #expect(close(t.velocity(at: 10_000).x, 200, 1e-6))
    }

    @Test func ringKeepsTheNewestTwentySamples() {
        var t = VelocityTracker(fit: .quadratic, horizonMS: 1000)
        // 50 samples every 5 ms; the first 30 at another speed, which must have been overwritten.
        for k in 0..<50 {
            let x = k < 30 ? Double(k) * 10 : 290 + Double(k - 29) * 1
            t.add(time: Microseconds(UInt64(k) * 5000), position: Point(x: x, y: 0))
        }
        #expect(t.count == VelocityTracker.capacity)
        // Samples 30…49: 1 mm per 5 ms = 200 mm/s.
        #expect(close(t.velocity(at: 245_000).x, 200, 1e-6))
    }

    @Test func jitterOfATenthOfAMillimetreMovesTheEstimateLittle() {
        // 300 mm/s at 120 Hz with ±0.1 mm alternating noise. Noise this size changes a quadratic fit over
        // 13 samples by a few mm/s, far from the 200 mm/s completion threshold either way.
        var t = VelocityTracker(fit: .quadratic)
        for k in 0...12 {
            let ms = Double(k) * 1000 / 120
            let noise = k % 2 == 0 ? 0.1 : -0.1
            t.add(time: Microseconds(milliseconds: ms), position: Point(x: 0.3 * ms + noise, y: 0))
        }
        let v = t.velocity(at: 100_000).x
        #expect(abs(v - 300) < 20, "velocity \(v)")
        #expect(abs(v - 300) > 0.001, "noise must have some effect: \(v)")
    }
}

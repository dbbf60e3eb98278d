import Gestures
import Navigation
import Testing

import TouchModel

/// remaining = clamp(min(r × 350 ms, r × W / v⁺), 50, 350) — values worked by hand.
@Suite struct CompletionTimingTests {
    private let config = NavigationConfig()

    private func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    private func ms(_ p: Double, _ o: SwipeOutcome, _ v: Double, _ w: Double? = 100) -> Double {
        CompletionTiming.remainingMs(progress: p, outcome: o, velocityMMs: v, extentMM: w, config: config)
    }

    @Test func slowReleaseUsesTheLinearRest() {
        #expect(close(ms(0.5, .complete, 0), 175))   // 0.5 × 350
        #expect(close(ms(0.2, .complete, 20), 280))  // fling: 0.8 × 100 / 20 = 4 s, linear 280 ms
        #expect(close(ms(0.3, .cancel, 0), 105))     // 0.3 × 350
    }

    @Test func flingFinishesAtTheFingersSpeed() {
        #expect(close(ms(0.4, .complete, 600), 100))  // 0.6 × 100 mm / 600 mm/s = 100 ms
        #expect(close(ms(0.3, .cancel, -400), 75))    // 0.3 × 100 / 400 = 75 ms
    }

    @Test func velocityAwayFromTheTargetIsIgnored() {
        #expect(close(ms(0.3, .cancel, 400), 105))      // moving inward while cancelling: linear
        #expect(close(ms(0.6, .complete, -500), 140))   // 0.4 × 350
    }

    @Test func clampedToMinAndMax() {
        #expect(close(ms(0.9, .complete, 5000), 50))  // 0.1 × 100 / 5000 = 2 ms -> 50
        #expect(close(ms(1.0, .complete, 0), 50))     // nothing left -> still one visible step
        var slow = NavigationConfig()
        slow.maxCompletionMs = 200
        #expect(CompletionTiming.remainingMs(progress: 0, outcome: .complete, velocityMMs: 0, extentMM: nil,
                                             config: slow) == 200)
    }

    @Test func badInputsStayInRange() {
        #expect(close(ms(.nan, .complete, .nan), 350))
        #expect(close(ms(1.7, .cancel, 0), 350))       // progress clamped to 1
        #expect(close(ms(0.5, .complete, .infinity), 175))
        #expect(close(ms(0.5, .complete, 1000, nil), 175))  // unknown extent: linear only
    }

    @Test func arbiterUsesTheReleaseVelocityAndScreenWidth() {
        let rig = Rig(stack: [Screen(name: "a"), Screen(name: "b")])
        rig.recognizer.screen = PhysicalSize(widthMM: 120, heightMM: 200)
        rig.recognizer.begin(at: rig.tick())
        rig.recognizer.move(to: 0.5, at: rig.tick())
        let t = rig.tick()
        rig.recognizer.release(.complete, velocity: 300, at: t)
        // fling 0.5 × 120 mm / 300 mm/s = 200 ms, linear 0.5 × 350 = 175 ms: the shorter, 175 ms
        #expect(rig.nav.nextDeadline == t + 175_000)
        rig.nav.advance(now: t + 175_000)
        #expect(rig.names == ["a"])

        try? rig.nav.push(Screen(name: "c"), animated: false, now: rig.tick())
        rig.recognizer.begin(at: rig.tick())
        rig.recognizer.move(to: 0.5, at: rig.tick())
        let t2 = rig.tick()
        rig.recognizer.release(.complete, velocity: 600, at: t2)
        #expect(rig.nav.nextDeadline == t2 + 100_000)  // 0.5 × 120 / 600 = 100 ms
    }
}

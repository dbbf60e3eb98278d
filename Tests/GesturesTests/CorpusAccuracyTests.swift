import Foundation
import Testing
import TouchInput
import Gestures
import EdgeSwipeCorpus
import FixtureSupport
import TouchModel

@Suite struct CorpusAccuracyTests {
    @Test func everyPositiveIsRecognisedWithTheRightOutcomeAndNoNegativeBegins() throws {
        let report = try Corpus.evaluateAll(fixturesDirectory: Fixtures.directory.path)
        // 400 synthesised samples and the 56 recordings in which nothing may begin (58 less the 2 swipes).
        #expect(report.results.count == 400 + 56)
        print(report.table())
        for f in report.failures {
            Issue.record("\(f.sample): expected \(f.expected), got \(f.observed), \(f.begins) begins; \(f.failures)")
        }
        let table = report.table()
        #expect(table.hasPrefix("label "))
        #expect(table.contains("\nreal-recording            negative   56       56          —   1.000             0       0              0\n"))
        #expect(table.contains("\nall                                 456      456      1.000   1.000             0       0              0\n"))
        #expect(report.precision == 1)
        #expect(report.recall == 1)
        for row in report.labels {
            #expect(row.correct == row.samples, "\(row.label.rawValue)")
        }
    }
}

@Suite struct CorpusShapeTests {
    /// Negatives must be rejected for the reason the label describes, by the recognizer of the swipe's edge
    /// (the other edge's recognizer always fails with notInEdgeZone).
    @Test func negativesAreRejectedForTheirOwnReason() throws {
        let samples = try Corpus.synthesized(devices: [.phone, .tablet, .touchpad], rates: [60, 240], variants: 2)
        let expected: [CorpusLabel: [String]] = [
            // A tap may drift up to 3.6 mm (20 mm/s for 180 ms): past the early test's slop, along the edge.
            .tapAtEdge: ["lifted before the swipe began", "along the edge, more than inward"],
            .verticalDragAlongEdge: ["along the edge, more than inward"],
            .swipeEndingAtEdge: ["touch-down outside the edge zone"],
            .twoFingerSwipe: ["2 fingers down, more than configured"],
            .restThenMove: ["no beginning within 250.0 ms of touch-down"],
            .startOutsideZone: ["touch-down outside the edge zone"],
        ]
        for sample in samples where !sample.label.isPositive {
            let result = try Evaluation.run(sample, recognizers: Corpus.standardRecognizers)
            let edge = sample.name.contains("/left/") ? "left-1" : "right-1"
            let mine = result.failures.filter { $0.hasPrefix(edge + ":") }
            #expect(mine.count == 1, "\(sample.name): \(result.failures)")
            let reasons = expected[sample.label] ?? []
            #expect(mine.allSatisfy { f in reasons.contains { f.contains($0) } }, "\(sample.name): \(mine)")
        }
    }

    @Test func coversDevicesRatesProtocolsNoiseAndIsDeterministic() throws {
        let a = try Corpus.synthesized()
        let b = try Corpus.synthesized()
        #expect(a.map(\.events) == b.map(\.events))
        // 5 devices × 4 rates × 10 labels × 2 variants.
        #expect(a.count == 400)
        #expect(Set(a.map(\.label)) == Set(CorpusLabel.synthesized))
        #expect(Set(a.filter { $0.label.isPositive }.map { $0.expected }).count == 4)   // left/right × complete/cancel
        let protocolA = a.filter { $0.device.has(type: EventType.syn, code: SynCode.mtReport) }
        #expect(protocolA.count == 80)
        #expect(a.filter { $0.device.slotCount != nil }.count == 320)
        #expect(a.filter { $0.geometry.sizeIsConfigured }.count == 80)   // the touchpad without resolution
        #expect(a.filter { $0.rotation == .r90 }.count == 80)
        #expect(a.contains { $0.note.hasPrefix("noise 0.25 mm, jitter ±25 %") })
        #expect(a.contains { $0.note.hasPrefix("noise 0.0 mm, jitter ±3 %") })
        // A different seed gives different samples.
        let c = try Corpus.synthesized(seed: 7, devices: [.phone], rates: [60], variants: 1)
        #expect(c.map(\.events) != Array(a.prefix(c.count)).map(\.events))
    }

    @Test func theDecoderAcceptsEverySynthesisedStream() throws {
        for sample in try Corpus.synthesized(devices: SyntheticDevice.all, rates: [60], variants: 1) {
            var decoder = MultitouchDecoder(device: sample.device, geometry: sample.geometry)
            var frames = 0
            for e in sample.events where decoder.feed(e) != nil { frames += 1 }
            #expect(frames >= 3, "\(sample.name)")
            #expect(decoder.diagnostics.isEmpty, "\(sample.name): \(decoder.diagnostics)")
            #expect(decoder.cancelAll(time: sample.events.last?.time ?? 0) == nil, "\(sample.name): contacts left in flight")
        }
    }

    /// The harness catches a recognizer that breaks the contract: a zone of 20 mm lets the start-outside-zone
    /// samples (7.5–20 mm in) begin, and ignoring release velocity turns the short fast flicks into cancels.
    @Test func aMisTunedRecognizerIsCaught() throws {
        let samples = try Corpus.synthesized(devices: [.phone, .touchpad], rates: [60, 240], variants: 2)
        func tuned(_ change: (inout EdgeSwipeConfig) -> Void) -> [EdgeSwipeConfig] {
            Corpus.standardRecognizers.map { var c = $0; change(&c); return c }
        }
        let wideZone = try Evaluation.evaluate(samples, recognizers: tuned { $0.edgeZoneMM = 20 })
        let outside = try #require(wideZone.labels.first { $0.label == .startOutsideZone })
        #expect(outside.falseBegins > 0)
        #expect(wideZone.precision < 1)
        let noVelocity = try Evaluation.evaluate(samples, recognizers: tuned { $0.completionVelocityMMs = 100_000 })
        let flicks = try #require(noVelocity.labels.first { $0.label == .fastFlick })
        #expect(flicks.wrongOutcome > 0)
        #expect(noVelocity.recall < 1)
    }

    @Test func lostFramesNeverLoseALandingOrALift() throws {
        // One finger, 100 ms at 1 mm/ms from the left edge of the phone, at 100 Hz: 10 moving frames + the lift.
        let stroke = Stroke(edge: .left, startDepthMM: 2, startOffsetMM: 70, downMS: 0, upMS: 100,
                            keys: [VelocityKey(ms: 0, inward: 100)])
        func reports(_ drop: Double) throws -> [InputEvent] {
            var rng = SplitMix64(seed: 3)
            return try EventSynthesizer.events(strokes: [stroke], device: .phone,
                                               options: SynthesisOptions(rateHz: 100, timingJitter: 0, dropRate: drop), rng: &rng)
                .filter { $0.isSynReport }
        }
        let all = try reports(0), some = try reports(0.5)
        #expect(all.count == 11)
        #expect(some.count < all.count)
        // The landing (t = 0) and the lift (t = 100 ms) are never dropped.
        #expect(some.first?.time == 1_000_000)
        #expect(some.last?.time == 1_100_000)
    }

    @Test func splitMixMatchesItsPublishedFirstOutputs() {
        // First outputs for seed 0 (reference values of the SplitMix64 algorithm).
        var g = SplitMix64(seed: 0)
        #expect(g.next() == 0xE220_A839_7B1D_CDAF)
        #expect(g.next() == 0x6E78_9E6A_A1B9_65F4)
    }
}

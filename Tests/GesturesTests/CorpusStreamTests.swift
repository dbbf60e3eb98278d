import Foundation
import Testing
import TouchInput
import Gestures
import EdgeSwipeCorpus
import FixtureSupport
import TouchModel

@Suite struct CorpusStreamTests {
    /// Issue 24: on the whole labelled corpus, every back swipe ends as its last armed state said, or completes by
    /// its release velocity while disarmed (a fling, named); every armed change is at least the hysteresis' travel
    /// or time from the one before (or the beginning), measured on the events' own positions and times.
    @Test func everyBackSwipeEndsAsItsArmedStateSaidOrIsANamedFlingAndNothingFlickers() throws {
        let report = try Corpus.evaluateAll(fixturesDirectory: Fixtures.directory.path)
        let config = EdgeSwipeConfig()
        let swipes = report.results.filter { $0.label.isPositive }
        #expect(swipes.count == 160)   // 4 positive labels × 5 devices × 4 rates × 2 variants
        var flings = 0, changes = 0
        for r in swipes {
            let t = try #require(r.stream, "\(r.sample): no swipe began")
            #expect(t.outcome != nil, "\(r.sample)")
            switch t.decidedBy {
            case .armed?: #expect((t.endArmed == true) == (t.outcome == .complete), "\(r.sample)")
            case .fling?:
                flings += 1
                #expect(t.endArmed == false && t.outcome == .complete, "\(r.sample)")
            case .release?, nil: Issue.record("\(r.sample): decided by \(String(describing: t.decidedBy)), armed \(String(describing: t.endArmed))")
            }
            changes += t.changes
            for g in t.gaps {
                #expect(g.travelMM >= config.armMinTravelMM - 1e-6 || g.intervalMS >= config.armMinIntervalMS - 1e-6,
                        "\(r.sample): a change \(g.travelMM) mm and \(g.intervalMS) ms after the last")
            }
        }
        // Every swipe-complete sample travels past 0.62 of the screen (Scenarios): each arms, by progress, once.
        for r in swipes where r.label == .swipeComplete { #expect(r.stream?.changes == 1, "\(r.sample)") }
        #expect(changes >= 40)
        let stream = StreamReport(report.results)
        #expect(stream.arming.reduce(0) { $0 + $1.disagreements + $1.flickers } == 0)
        #expect(stream.arming.reduce(0) { $0 + $1.flings } == flings)
        print(stream.table())
    }

    /// The recorded flings, from their own rows: when, after touch-down, the recognizer lets the touch go: at the
    /// first row whose motion since touch-down is over the 10 mm drift limit along the edge or (with the early test)
    /// more along the edge than inward and over `slop` along it, or at the 250 ms activation time-out; nil when the
    /// finger lifts first.
    func expectedRelease(_ rows: [(ns: Int64, x: Double, y: Double)], mmPerUnit: Double, slop: Double?) -> Double? {
        guard let first = rows.first else { return nil }
        for r in rows.dropFirst() {
            let ms = Double(r.ns - first.ns) / 1e6
            if ms >= 250 { return 250 }
            // Left of the edge reads as the edge (the panel clamps), so inward is at least −2.5 mm.
            let inward = max((r.x - first.x) * mmPerUnit, -RecordedFlings.startDepthMM)
            let along = abs(r.y - first.y) * mmPerUnit
            if along > 10 { return ms }
            if let slop, along > slop && along > abs(inward) { return ms }
        }
        return nil
    }

    func rows(_ file: String) throws -> (scale: Double, gestures: [String: [(ns: Int64, x: Double, y: Double)]]) {
        let text = try String(contentsOf: Fixtures.url(file), encoding: .utf8)
        var scale = 0.0
        var gestures: [String: [(ns: Int64, x: Double, y: Double)]] = [:]
        for line in text.split(separator: "\n") {
            if line.hasPrefix("# mm_per_unit:") { scale = Double(line.split(separator: " ").last ?? "") ?? 0 }
            let f = line.split(separator: "\t")
            guard f.count == 5, let ns = Int64(f[1]), let x = Double(f[2]), let y = Double(f[3]) else { continue }
            gestures[String(f[0]), default: []].append((ns, x, y))
        }
        return (scale, gestures)
    }

    @Test func recordedFlingsAtTheEdgeNeverBeginAndTheEarlyTestReleasesThemBeforeTheyLift() throws {
        let samples = try RecordedFlings.samples(directory: Fixtures.directory.path)
        #expect(samples.count == 18 + 14)
        let off = Corpus.standardRecognizers.map { c in var c = c; c.alongEdgeSlopMM = 1000; return c }
        let before = try Evaluation.evaluate(samples, recognizers: off).results
        let after = try Evaluation.evaluate(samples).results
        var expectedBefore: [String: Double?] = [:], expectedAfter: [String: Double?] = [:]
        for file in RecordedFlings.files {
            let (scale, gestures) = try rows(file)
            let source = String(file.split(separator: "-")[0])
            for (name, r) in gestures {
                expectedBefore["\(source)-flings/\(name)"] = expectedRelease(r, mmPerUnit: scale, slop: nil)
                expectedAfter["\(source)-flings/\(name)"] = expectedRelease(r, mmPerUnit: scale, slop: EdgeSwipeConfig().alongEdgeSlopMM)
            }
        }
        #expect(expectedAfter.count == samples.count)
        for (results, expected) in [(before, expectedBefore), (after, expectedAfter)] {
            for r in results {
                #expect(r.begins == 0, "\(r.sample)")
                let hold = try #require(r.hold, "\(r.sample): not held at touch-down")
                let release = try #require(expected[r.sample], "\(r.sample)")
                if let release {
                    // Released within a frame (≤ 17 ms) of the row that crosses, as the panel's 1/16 mm steps allow.
                    #expect(!hold.liftedFirst && abs(hold.ms - release) <= 17, "\(r.sample): held \(hold.ms) ms, expected \(release)")
                } else {
                    #expect(hold.liftedFirst, "\(r.sample): held \(hold.ms) ms, expected to lift first")
                }
            }
        }
        // With the early test every one is released before its finger lifts.
        #expect(after.allSatisfy { $0.hold?.liftedFirst == false })
        #expect(before.contains { $0.hold?.liftedFirst == true })
        let table = StreamReport(before).table() + StreamReport(after).table()
        print(table)
    }
}

import Foundation
import Testing
import FixtureSupport

// Issue 38: `replay --explain` on real recordings. The expected numbers are read from the recordings themselves
// here (their raw axis values and ranges), not from the program's output.
@Suite("edgeswipe replay --explain")
struct ReplayExplainTests {
    static let synaptics = "Tests/Fixtures/p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad"

    /// `E: time type code value` lines of an evemu file.
    static func events(_ path: String) throws -> [(time: Double, type: Int, code: Int, value: Int)] {
        let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent(path), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let f = line.split(separator: " ")
            guard f.count == 5, f[0] == "E:", let t = Double(f[1]), let type = Int(f[2], radix: 16),
                  let code = Int(f[3], radix: 16), let value = Int(f[4]) else { return nil }
            return (t, type, code, value)
        }
    }

    /// An `A: code min max ...` line's range.
    static func axis(_ path: String, _ code: String) throws -> (min: Double, max: Double) {
        let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent(path), encoding: .utf8)
        let f = try #require(text.split(separator: "\n").first { $0.hasPrefix("A: \(code) ") }).split(separator: " ")
        return (try #require(Double(f[2])), try #require(Double(f[3])))
    }

    @Test func theSynapticsMoveRecordingIsATouchDownJustOutsideTheLeftBand() throws {
        // The pad as 100 × 60 mm with every edge configured: the finger lands in the frame where BTN_TOUCH goes to
        // 1, at that frame's last ABS_X (2065: 593 of 4000 units, 14.825 mm); its distance from the left edge is
        // (x − min) / (max − min) × 100. The stroke ends at the SYN_REPORT of the frame where BTN_TOUCH goes to 0.
        let path = Self.synaptics + "-move.events"
        let events = try Self.events(path)
        let range = try Self.axis(Self.synaptics + ".desc", "00")
        let down = try #require(events.firstIndex { $0.type == 1 && $0.code == 0x14a && $0.value == 1 })
        let downSyn = try #require(events[down...].firstIndex { $0.type == 0 })
        let x = try #require(events[...downSyn].last { $0.type == 3 && $0.code == 0 }).value
        let distance = (Double(x) - range.min) / (range.max - range.min) * 100
        let up = try #require(events.firstIndex { $0.type == 1 && $0.code == 0x14a && $0.value == 0 })
        let lift = try #require(events[up...].first { $0.type == 0 })
        let start = events[0].time

        let r = try CLI.run(["replay", "--json", "--explain", "--size", "100x60", "--edges", "left,right,top,bottom",
                             "--device", Self.synaptics + ".desc", path])
        #expect(r.status == 0, "\(r.stderr)")
        let misses = try #require(r.jsonObjects).filter { $0["type"] as? String == "nearMiss" }
        #expect(misses.count == 1, "\(misses)")
        let m = try #require(misses.first)
        #expect(m["cause"] as? String == "startedOutsideBand")
        #expect(m["edge"] as? String == "left")
        #expect(abs((m["distanceMM"] as? Double ?? 0) - distance) < 0.01, "\(m) against \(distance)")
        #expect(m["bandMM"] as? Double == 5)
        #expect(m["sentence"] as? String == "started \(String(format: "%.1f", distance)) mm from the left edge; the band is 5.0 mm")
        // Said when the finger lifts.
        #expect(abs((m["time"] as? Double ?? 0) - (lift.time - start)) < 1e-5, "\(m)")

        // The text form: the same sentence on a "near miss" line.
        let text = try CLI.run(["replay", "--explain", "--size", "100x60", "--edges", "left,right,top,bottom",
                                "--device", Self.synaptics + ".desc", path])
        #expect(text.stdout.split(separator: "\n").filter { $0.contains("near miss") }
                == ["   0.680s  near miss  left-1: started \(String(format: "%.1f", distance)) mm from the left edge; the band is 5.0 mm"])
    }

    @Test func theDemosCancelledSwipeQuotesItsReleaseAndTheTapSaysNothing() throws {
        // Second stroke of the demo (ABS_MT_TRACKING_ID set to its second value, to -1): inward = last x − first x,
        // progress = inward ÷ the axis's span (0...1599, 11 units/mm, both in units).
        let path = "samples/demo-back-swipes.evemu"
        let events = try Self.events(path)
        let starts = events.indices.filter { events[$0].type == 3 && events[$0].code == 0x39 && events[$0].value >= 0 }
        let ends = events.indices.filter { events[$0].type == 3 && events[$0].code == 0x39 && events[$0].value == -1 }
        let xs = events[starts[1]...ends[1]].filter { $0.type == 3 && $0.code == 0x35 }.map(\.value)
        let range = try Self.axis(path, "35")
        let progress = Double(try #require(xs.last) - xs[0]) / (range.max - range.min)

        let r = try CLI.run(["replay", "--json", "--explain", path])
        #expect(r.status == 0, "\(r.stderr)")
        let objects = try #require(r.jsonObjects)
        let misses = objects.filter { $0["type"] as? String == "nearMiss" }
        // Five strokes: three backs, one cancelled, one tap 70 mm in (far from the left edge): one near miss.
        #expect(misses.count == 1, "\(misses)")
        let m = try #require(misses.first)
        #expect(m["cause"] as? String == "releasedShort")
        #expect(abs((m["progress"] as? Double ?? 0) - progress) < 1e-3, "\(m) against \(progress)")
        let ended = try #require(objects.first { $0["phase"] as? String == "ended" && $0["outcome"] as? String == "cancel" })
        // The velocity the release decision used is the ended event's.
        #expect(m["velocityMMs"] as? Double == ended["velocityMMs"] as? Double)
        let velocity = try #require(ended["velocityMMs"] as? Double)
        let pct = String(format: "%.1f", progress * 100)
        let v = String(format: "%.1f", velocity)
        #expect(m["sentence"] as? String
                == "released at \(pct) % and \(v.hasSuffix(".0") ? String(v.dropLast(2)) : v) mm/s; completing needs 50 % or 200 mm/s")
    }

    @Test func withoutExplainNoNearMissIsPrinted() throws {
        let r = try CLI.run(["replay", "--json", "samples/demo-back-swipes.evemu"])
        #expect(r.status == 0)
        #expect(try #require(r.jsonObjects).allSatisfy { $0["type"] as? String != "nearMiss" })
        #expect(!r.stdout.contains("nearMiss"))
    }
}

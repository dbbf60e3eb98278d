import FixtureSupport
import Foundation
import Testing

/// `edgeswipe replay` of a recording holding a touchscreen and its pen (Tests/Fixtures/pen, tools/pen_palm.py):
/// the two phys-less nodes pair by their name stem, so the palm landing while the pen hovers fails with
/// penInProximity and the finger swipe 200 ms after the pen left begins; `pen: none` in --config unpairs them.
@Suite struct PenReplayCLITests {
    static let file = Fixtures.path("pen/hover-palm-then-swipe.yml")

    static func gestures(_ r: CLIResult) -> [[String: Any]] {
        (r.jsonObjects ?? []).filter { $0["type"] as? String == "gesture" && $0["phase"] as? String != "changed" }
    }

    @Test func thePalmUnderThePenFailsAndTheLaterSwipeBegins() throws {
        let r = try CLI.run(["replay", "--edges", "right", "--json", Self.file])
        #expect(r.status == 0, "\(r.stderr)")
        let g = Self.gestures(r)
        #expect(g.map { $0["phase"] as? String } == ["failed", "began", "ended"])
        #expect(g.first?["reason"] as? String == "penInProximity")
        #expect(g.first?["time"] as? Double == 0.1)
        // 3 mm from the right edge of 300 mm (raw 2970 of 0..3000 at 10 units/mm), as the script placed it.
        #expect((g.first?["startMM"] as? [String: Any])?["x"] as? Double == 297)
        #expect(g.dropFirst().first?["time"] as? Double == 0.82)
        #expect(g.last?["outcome"] as? String == "complete")
    }

    @Test func penNoneInTheConfigurationUnpairsThem() throws {
        let dir = NSTemporaryDirectory() + "edgeswipe-pen-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try """
            devices:
              - match: { name: "Demo Panel Touchscreen" }
                edges: [right]
                pen: none
            """.write(toFile: dir + "/config.yaml", atomically: true, encoding: .utf8)
        let r = try CLI.run(["replay", "--config", dir + "/config.yaml", "--json", Self.file])
        #expect(r.status == 0, "\(r.stderr)")
        let began = Self.gestures(r).filter { $0["phase"] as? String == "began" && $0["device"] as? String == "Demo Panel Touchscreen" }
        // The palm is a finger like any other now: 6 mm in after three 2 mm frames, at 130 ms.
        #expect(began.first?["time"] as? Double == 0.13)
        #expect(!Self.gestures(r).contains { $0["reason"] as? String == "penInProximity" })
    }
}

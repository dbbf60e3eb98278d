import FixtureSupport
import Foundation
import Testing

/// `edgeswipe accuracy FILE...` on a user's labelled recording and `plot --explain`'s near-miss marks (issue 38),
/// on the tune fixture (Tests/Fixtures/tools/tune_strokes.py: 10 backs landing 6.0–8.0 mm in, which the default
/// 5 mm band misses; 4 taps at 2–4 mm, 3 drags along the edge at 3 mm, 3 swipes from 25–30 mm, 2 that return).
@Suite struct AccuracyLabelsCLITests {
    static let narrow = Fixtures.path("tune/narrow-habit.evemu")

    @Test func theNarrowHabitMissesEveryBackAndNoNegativeFires() throws {
        let r = try CLI.run(["accuracy", Self.narrow])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout == """
            22 labelled strokes in 1 recording

            kind                 strokes  right  false backs  missed
            back                      10      0            0      10
            tap-at-edge                4      4            0       0
            vertical-in-band           3      3            0       0
            too-far-in                 3      3            0       0
            returns                    2      2            0       0

            backs: 0 of 10 right, 10 missed; other strokes: 12 of 12 right, 0 false backs

            """)
    }

    /// The table lines up with a kind longer than its first column's 20 (the corpus's vertical-drag-along-edge, 24):
    /// the same fixture with its drags named so.
    @Test func theTableLinesUpWithALongKindName() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("edgeswipe-accuracy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let copy = dir.appendingPathComponent("strokes.evemu").path
        try FileManager.default.copyItem(atPath: Self.narrow, toPath: copy)
        let labels = try String(contentsOfFile: Self.narrow + ".labels", encoding: .utf8)
        try labels.replacingOccurrences(of: "vertical-in-band", with: "vertical-drag-along-edge").write(toFile: copy + ".labels", atomically: true, encoding: .utf8)
        let r = try CLI.run(["accuracy", copy])
        #expect(r.stdout.contains("""
            kind                      strokes  right  false backs  missed
            back                           10      0            0      10
            tap-at-edge                     4      4            0       0
            vertical-drag-along-edge        3      3            0       0
            """), "\(r.stdout)")
    }

    @Test func withTheRecognizerOfARightEdgeNothingBeginsAndLabelsAreNeeded() throws {
        // --edges right: the left-edge labels still add a left recognizer (as tune does), so the figures stay.
        #expect(try CLI.run(["accuracy", Self.narrow, "--edges", "right"]).stdout.contains("backs: 0 of 10 right"))
        let bare = try CLI.run(["accuracy", "samples/demo-back-swipes.evemu"])
        #expect(bare.status == 1)
        #expect(bare.stderr.contains("samples/demo-back-swipes.evemu.labels cannot be read"), "\(bare.stderr)")
        // The corpus's options with files, or the files' options without: usage errors.
        #expect(try CLI.run(["accuracy", Self.narrow, "--stream"]).status == 64)
        #expect(try CLI.run(["accuracy", "--size", "100x60"]).status == 64)
    }

    @Test func plotExplainMarksEachNearMissWithItsSentence() throws {
        let dir = NSTemporaryDirectory() + "edgeswipe-plot-explain-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let explained = try CLI.run(["plot", Self.narrow, "-o", dir + "/explained.svg", "--explain"])
        #expect(explained.status == 0, "\(explained.stderr)")
        let svg = try String(contentsOfFile: dir + "/explained.svg", encoding: .utf8)
        // Every stroke that touched down within 15 mm (3 bands) of the left edge and did not complete a back: the
        // 10 backs, 4 taps, 3 drags and 2 swipes that return; the swipes from 25–30 mm are too far to be near.
        #expect(svg.components(separatedBy: "data-kind=\"near-miss\"").count - 1 == 19)
        #expect(svg.contains(">near miss: started 6.0 mm from the left edge; the band is 5.0 mm</text>"))
        #expect(svg.contains(">near miss: started 8.0 mm from the left edge; the band is 5.0 mm</text>"))
        let plain = try CLI.run(["plot", Self.narrow, "-o", dir + "/plain.svg"])
        #expect(plain.status == 0)
        #expect(!(try String(contentsOfFile: dir + "/plain.svg", encoding: .utf8)).contains("near-miss"))
    }
}

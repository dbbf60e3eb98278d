import FixtureSupport
import Foundation
import Testing

/// `edgeswipe tune` on the command line: the proposal printed, never applied; each bad input a clear message.
@Suite struct TuneCLITests {
    static let narrow = Fixtures.path("tune/narrow-habit.evemu")

    @Test func theNarrowHabitGetsANineMillimetreBandSnippet() throws {
        let r = try CLI.run(["tune", Self.narrow])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("22 labelled strokes in 1 recording\n"))
        #expect(r.stdout.contains("edge_zone_mm               5         9*  7.5 mm / none on the grid\n"))
        #expect(r.stdout.hasSuffix("thresholds:\n  edge_zone_mm: 9\n\n"))
        // The same input, the same text.
        #expect(try CLI.run(["tune", Self.narrow]).stdout == r.stdout)
    }

    @Test func aRecordingWithoutLabelsOrFromAnotherDeviceIsNamed() throws {
        let bare = try CLI.run(["tune", "samples/demo-back-swipes.evemu"])
        #expect(bare.status == 1)
        #expect(bare.stderr.contains("samples/demo-back-swipes.evemu.labels cannot be read"), "\(bare.stderr)")

        let dir = NSTemporaryDirectory() + "edgeswipe-tune-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The Synaptics touchpad recording, labelled as one tap: another device than the tablet's.
        let other = dir + "/other.events"
        try FileManager.default.copyItem(atPath: Fixtures.path("p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad-tap.events"), toPath: other)
        try "0\t5\tnone\ttap\n".write(toFile: other + ".labels", atomically: true, encoding: .utf8)
        let mixed = try CLI.run(["tune", Self.narrow, other, "--size", "100x60",
                                 "-d", Fixtures.path("p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad.desc")])
        #expect(mixed.status == 1)
        #expect(mixed.stderr.contains("other.events is from another device"), "\(mixed.stderr)")

        // Labels that contradict each other: the file and the line are named.
        let copy = dir + "/narrow.evemu"
        try FileManager.default.copyItem(atPath: Self.narrow, toPath: copy)
        try "0\t2\tnone\ttap\n1\t3\tback:left\tback\n".write(toFile: copy + ".labels", atomically: true, encoding: .utf8)
        let contradicting = try CLI.run(["tune", copy])
        #expect(contradicting.status == 1)
        #expect(contradicting.stderr.contains("narrow.evemu.labels:2: overlaps line 1"), "\(contradicting.stderr)")

        // Too little: two labelled strokes.
        try "0\t0.6\tback:left\tback\n10.6\t10.9\tnone\ttap\n".write(toFile: copy + ".labels", atomically: true, encoding: .utf8)
        let little = try CLI.run(["tune", copy])
        #expect(little.status == 1)
        #expect(little.stdout == "")
        #expect(little.stderr == "edgeswipe tune: too little to tune from: 1 labelled backs and 1 labelled negatives; at least 3 backs and 1 negative (a tap or a drag at the edge) are needed\n")
    }

    @Test func filesAndTheCorpusTogetherOrNeitherAreUsageErrors() throws {
        #expect(try CLI.run(["tune"]).status == 64)
        #expect(try CLI.run(["tune", "--corpus", Self.narrow]).status == 64)
    }
}

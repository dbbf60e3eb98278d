import Foundation
import Testing
import FixtureSupport

/// `--verbose` (issue 34 item 5): the state machines' "state -> event -> state" lines on stderr, stdout as it is
/// without the option. Expected lines come from the demo sample's script (samples/make-demo-sample.py) on
/// home,inbox:header,message:header, as ReplayJSONTests reads it: strokes 1 to 4 start 1.5, 2, 1 and 2 mm from the
/// left edge and begin; 1 completes (message -> inbox), 2 cancels (it comes back to 15 mm), 3 completes
/// (inbox -> home); 4 arrives at the root and is handed off, so the stack never judges it (the arbiter logs
/// nothing for it) although the recognizer completes it; stroke 5 touches down 70 mm in, outside the edge zone.
@Suite("edgeswipe --verbose")
struct VerboseCLITests {
    static let arguments = ["replay", "--json", "--stack", "home,inbox:header,message:header", "samples/demo-back-swipes.evemu"]

    @Test func replayPrintsTheTransitionsOnStderrAndLeavesStdoutAlone() throws {
        let plain = try CLI.run(Self.arguments)
        let verbose = try CLI.run(Self.arguments + ["--verbose"])
        #expect(plain.status == 0 && verbose.status == 0, "\(verbose.stderr)")
        #expect(verbose.stdout == plain.stdout)
        #expect(plain.stderr.isEmpty)
        let lines = verbose.stderr.split(separator: "\n").map(String.init)

        // The navigation arbiter: three strokes judged by the stack, each allowed, driven and ended.
        let pop = ["pop: waiting → allowed → approved", "pop: approved → began → driving", "pop: driving → ended → waiting"]
        #expect(lines.filter { $0.hasPrefix("pop: ") } == pop + pop + pop)
        // The navigation controller: the three driven pops; the second settles back (cancel).
        #expect(lines.filter { $0 == "idle -> popBegan -> tracking" }.count == 3)
        #expect(lines.filter { $0.hasPrefix("tracking -> popReleased(") }.map { $0.split(separator: ",")[0] }
                == ["tracking -> popReleased(complete", "tracking -> popReleased(cancel", "tracking -> popReleased(complete"])

        // The recognizer: four strokes begin; their lifts decide complete, cancel, complete, complete; the fifth
        // touch-down is outside the zone.
        let recognizer = "left-1: "
        #expect(lines.filter { $0 == recognizer + "ready → begin → began" }.count == 4)
        let outcomes = lines.filter { $0.hasPrefix(recognizer + "changed → lift") && $0.hasSuffix("→ ended") }
            .map { $0.contains(": complete,") ? "complete" : $0.contains(": cancel,") ? "cancel" : $0 }
        #expect(outcomes == ["complete", "cancel", "complete", "complete"])
        #expect(lines.filter { $0.contains("touch-down outside the edge zone → failed") }.count == 1)

        // The decoder: the five tracking ids, one per stroke, each starting in slot 0.
        #expect(lines.filter { $0.contains("-> pending") } == (1...5).map { "slot 0: empty -> TRACKING_ID \($0) -> pending" })
        #expect(!lines.contains { $0.hasPrefix("BUG") })
    }

    @Test func theCommandsSayWhatVerboseDoes() throws {
        for command in ["run", "debug-events", "replay"] {
            let r = try CLI.run([command, "--help"])
            let help = r.stdout + r.stderr
            #expect(help.contains("--verbose"), "\(command)")
            #expect(help.contains("state -> event -> state"), "\(command)")
        }
    }
}

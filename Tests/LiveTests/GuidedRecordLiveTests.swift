import FixtureSupport
import Foundation
import Glibc
import Testing
import TouchInput
import TouchModel
import TouchTrace

extension LiveSuite {
    /// Issue 38 item 2 on a real kernel, with a scripted user: `edgeswipe record --guided NODE -o FILE --count 1`
    /// on a uinput touchscreen (ScriptedPanel, 300 x 200 mm at 10 units/mm). The user reads each prompt from the
    /// command's stderr and makes the stroke it asks for at the edge it names: backs land 2 mm in (the band is
    /// 5 mm) and go 80 mm inward at 800 mm/s; the tap is 60 ms still 2 mm in; the drag goes 40 mm along the edge
    /// 2 mm in; the swipe from too far in lands 30 mm in; the return goes 30 mm in and back to 2 mm, then 150 ms
    /// still; the grip is 2.1 s still 2 mm in. Then the labels must be the prompts', span the recorded
    /// touch-downs and lifts, and replay to the same decisions (`accuracy`), and `tune` runs on them. A second
    /// session gets a back landing 9 mm in for its back prompt, and Ctrl-C after it keeps that one stroke.
    @Suite struct GuidedRecordLiveTests {
        static let panel = ScriptedPanel.touchscreen(name: "Live Guided Panel", product: 0x0404)

        /// A position `inward` mm from `edge` and `along` mm along it (from its start), in touchscreen mm.
        static func point(_ edge: String, inward: Double, along: Double) -> (x: Double, y: Double) {
            switch edge {
            case "right": return (ScriptedPanel.widthMM - inward, along)
            case "top": return (along, inward)
            case "bottom": return (along, ScriptedPanel.heightMM - inward)
            default: return (inward, along)
            }
        }

        /// The middle of an edge, along it.
        static func middle(_ edge: String) -> Double { edge == "left" || edge == "right" ? 100 : 150 }

        /// What the prompt asks (kind as the labels file spells it) and at which edge, read from its words.
        static func asked(_ instruction: String) -> (kind: String, edge: String)? {
            let edge = ["left", "right", "top", "bottom"].first { instruction.contains("the \($0) edge") }
            let kinds = [("swipe back from", "back"), ("tap once", "tap-at-edge"), ("drag about 4 cm along", "vertical-in-band"),
                         ("swipe inward as for a back, but touch down", "too-far-in"), ("start a back from", "returns"),
                         ("hold one finger still", "grip")]
            guard let edge, let kind = kinds.first(where: { instruction.hasPrefix($0.0) })?.1 else { return nil }
            return (kind, edge)
        }

        /// The stroke a user makes for `kind` at `edge`; `landMM` moves a back's touch-down (a wrong one on purpose).
        static func stroke(_ device: VirtualDevice, kind: String, edge: String, id: Int32, landMM: Double = 2) -> [ScriptStep] {
            let s = middle(edge)
            func line(_ inward: [Double], along: [Double]) -> [(x: Double, y: Double)] {
                zip(inward, along).map { point(edge, inward: $0, along: $1) }
            }
            switch kind {
            case "back":
                return fingerStroke(device, trackingID: id, startMS: 0,
                                    points: line((0...10).map { landMM + 8 * Double($0) }, along: Array(repeating: s, count: 11)))
            case "tap-at-edge":
                return fingerStroke(device, trackingID: id, startMS: 0, points: [point(edge, inward: 2, along: s)], holdMS: 60)
            case "vertical-in-band":
                return fingerStroke(device, trackingID: id, startMS: 0,
                                    points: line(Array(repeating: 2, count: 11), along: (0...10).map { s - 40 + 4 * Double($0) }))
            case "too-far-in":
                return fingerStroke(device, trackingID: id, startMS: 0,
                                    points: line((0...10).map { 30 + 8 * Double($0) }, along: Array(repeating: s, count: 11)))
            case "returns":
                let out = (0...10).map { 2 + 3 * Double($0) }
                let back = (1...10).map { 32 - 3 * Double($0) }
                return fingerStroke(device, trackingID: id, startMS: 0, points: line(out + back, along: Array(repeating: s, count: 21)),
                                    holdMS: 150)
            default:   // grip
                return fingerStroke(device, trackingID: id, startMS: 0, points: [point(edge, inward: 2, along: s)], holdMS: 2100)
            }
        }

        /// The complete lines the command has written to stderr so far.
        static func lines(_ child: Child) -> [String] {
            let text = child.stderr
            guard let last = text.lastIndex(of: "\n") else { return [] }
            return text[..<last].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }

        /// Waits for the first line after `index` that `match` accepts; returns its index and text.
        static func next(_ child: Child, after index: Int, seconds: Double = 60, _ match: (String) -> Bool) throws -> (Int, String) {
            var found: (Int, String)?
            _ = waitFor(seconds: seconds) {
                let all = lines(child)
                if let i = all.indices.first(where: { $0 > index && match(all[$0]) }) { found = (i, all[i]) }
                return found != nil || !child.isRunning
            }
            if found == nil {
                let all = lines(child)
                if let i = all.indices.first(where: { $0 > index && match(all[$0]) }) { found = (i, all[i]) }
            }
            guard let found else { throw LiveTestError("record --guided said nothing expected; its stderr:\n\(child.stderr)") }
            return found
        }

        static func isPrompt(_ line: String) -> Bool { line.hasPrefix("[") && line.contains("/") && line.contains("] ") }
        static func isVerdict(_ line: String) -> Bool { line.hasPrefix("  right: ") || line.hasPrefix("  not what was asked: ") }

        /// A labels file's stroke lines as (start µs, end µs, EXPECT, KIND, comment), parsed by hand.
        static func labels(_ text: String) -> [(start: Int, end: Int, expect: String, kind: String, comment: String)] {
            func micros(_ s: String) -> Int {
                let parts = s.split(separator: ".")
                return Int(parts[0])! * 1_000_000 + Int(parts[1])!
            }
            return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
                let f = line.split(separator: "\t").map(String.init)
                let kindAndComment = f[3].components(separatedBy: "#")
                return (micros(f[0]), micros(f[1]), f[2], kindAndComment[0].trimmingCharacters(in: .whitespaces),
                        kindAndComment.dropFirst().joined(separator: "#").trimmingCharacters(in: .whitespaces))
            }
        }

        /// Touch-downs and lifts of a recording (BTN_TOUCH 1 / 0), µs from its first event.
        static func touches(_ path: String) throws -> (downs: [Int], lifts: [Int]) {
            let events = try TraceReader.read(path: path).devices[0].events
            let zero = Int(events[0].time.rawValue)
            let key = events.filter { $0.type == EventType.key && $0.code == KeyCode.btnTouch }
            return (key.filter { $0.value == 1 }.map { Int($0.time.rawValue) - zero },
                    key.filter { $0.value == 0 }.map { Int($0.time.rawValue) - zero })
        }

        @Test func aScriptedUserFollowsThePromptsAndEveryLabelIsWhatWasAsked() throws {
            let device = try VirtualDevice(Self.panel)
            let dir = try makeTempDirectory("guided")
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let file = dir + "/strokes.yml"
            let child = try Child([Tools.edgeswipe, "record", "--guided", device.node, "-o", file, "--count", "1",
                                   "--edges", "left,right,top"], output: dir + "/guided")
            try child.waitUntilOpen(device.node)
            // --count 1: one back per edge in the order given, then one of each near miss, their edges in turn
            // (the first, left, for all five with one of each).
            let plan = [("back", "left"), ("back", "right"), ("back", "top"), ("tap-at-edge", "left"), ("vertical-in-band", "left"),
                        ("too-far-in", "left"), ("returns", "left"), ("grip", "left")]
            var at = -1
            var prompts: [(String, String)] = []
            var verdicts: [String] = []
            for n in 1...plan.count {
                let (i, prompt) = try Self.next(child, after: at, Self.isPrompt)
                #expect(prompt.hasPrefix("[\(n)/\(plan.count)] "), "\(prompt)")
                let instruction = String(prompt[prompt.index(after: prompt.firstIndex(of: " ")!)...])
                let asked = try #require(Self.asked(instruction), "a prompt the user cannot read: \(prompt)")
                prompts.append(asked)
                try playScript(Self.stroke(device, kind: asked.kind, edge: asked.edge, id: Int32(n)))
                let (j, verdict) = try Self.next(child, after: i, Self.isVerdict)
                verdicts.append(verdict.trimmingCharacters(in: .whitespaces))
                at = j
            }
            #expect(child.wait(seconds: 60) == 0, "\(child.stderr)")
            print("live-tests: record --guided:\n\(child.stderr)")
            #expect(prompts.map { "\($0.0) \($0.1)" } == plan.map { "\($0.0) \($0.1)" })
            // Every stroke was made as asked: each verdict says right, and says what happened.
            #expect(verdicts == ["right: a back from the left edge", "right: a back from the right edge", "right: a back from the top edge",
                                 "right: nothing began", "right: nothing began", "right: nothing began",
                                 "right: a swipe from the left edge, cancelled on release", "right: nothing began"])
            #expect(child.stderr.contains("done: 8 of 8 strokes did what was asked"))

            // The labels: one per prompt, what was asked, from each recorded touch-down to its lift.
            let labelsText = try String(contentsOfFile: file + ".labels", encoding: .utf8)
            #expect(labelsText.contains("they may share it. Nothing is uploaded."))
            #expect(labelsText.contains("# device: \"Live Guided Panel\", panel 300 x 200 mm"))
            let labels = Self.labels(labelsText)
            #expect(labels.map(\.kind) == plan.map(\.0))
            #expect(labels.map(\.expect) == ["back:left", "back:right", "back:top", "none", "none", "none", "cancel:left", "none"])
            let recorded = try Self.touches(file)
            #expect(recorded.downs.count == 8 && recorded.lifts.count == 8)
            #expect(labels.map(\.start) == recorded.downs, "labels \(labels.map(\.start)) vs touch-downs \(recorded.downs)")
            #expect(labels.map(\.end) == recorded.lifts, "labels \(labels.map(\.end)) vs lifts \(recorded.lifts)")
            // The grip was held 2.1 s as scripted (at least that: the kernel stamps each event as written).
            if labels.count == 8 { #expect(labels[7].end - labels[7].start >= 2_100_000) }

            // The file replays to the same decisions: accuracy finds every stroke right.
            let accuracy = try Subprocess.run(Tools.edgeswipe, ["accuracy", file, "--edges", "left,right,top"])
            #expect(accuracy.status == 0, "\(accuracy.stdout)\(accuracy.stderr)")
            // And tune reads it: every stroke is right under the thresholds used, so nothing changes.
            let tune = try Subprocess.run(Tools.edgeswipe, ["tune", file, "--edges", "left,right,top"])
            print("live-tests: tune:\n\(tune.stdout)\(tune.stderr)")
            #expect(tune.status == 0, "\(tune.stderr)")
            #expect(tune.stdout.hasPrefix("8 labelled strokes in 1 recording"))
            #expect(tune.stdout.contains(", now 8/8\n"))
            #expect(tune.stdout.contains("nothing to change"))
        }

        @Test func aBackLanding9mmInIsToldItsNearMissAndCtrlCKeepsIt() throws {
            let device = try VirtualDevice(Self.panel)
            let dir = try makeTempDirectory("guided-miss")
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let file = dir + "/miss.yml"
            let child = try Child([Tools.edgeswipe, "record", "--guided", device.node, "-o", file, "--count", "1", "--edges", "right"],
                                  output: dir + "/guided")
            try child.waitUntilOpen(device.node)
            let (i, prompt) = try Self.next(child, after: -1, Self.isPrompt)
            #expect(prompt.hasPrefix("[1/6] swipe back from the right edge"), "\(prompt)")
            // 9 mm in: raw x 2910 of 0...3000 at 10 units/mm is 291.0 mm, 300 - 291 = 9.0 mm from the right edge.
            try playScript(Self.stroke(device, kind: "back", edge: "right", id: 1, landMM: 9))
            let (j, verdict) = try Self.next(child, after: i, Self.isVerdict)
            #expect(verdict == "  not what was asked: no back: started 9.0 mm from the right edge; the band is 5.0 mm")
            _ = try Self.next(child, after: j, Self.isPrompt)   // the tap is asked; the user stops instead
            #expect(child.stop(SIGINT, seconds: 60) == 0, "\(child.stderr)")
            #expect(child.stderr.contains("stopped: 1 strokes kept"), "\(child.stderr)")
            let labels = Self.labels(try String(contentsOfFile: file + ".labels", encoding: .utf8))
            #expect(labels.count == 1)
            #expect(labels.first?.expect == "back:right" && labels.first?.kind == "back")
            #expect(labels.first?.comment.hasPrefix("recognizer: none; not what was asked: no back: started 9.0 mm") == true,
                    "\(labels.first?.comment ?? "")")
            let recorded = try Self.touches(file)
            #expect(labels.map(\.start) == recorded.downs && labels.map(\.end) == recorded.lifts)
        }
    }
}

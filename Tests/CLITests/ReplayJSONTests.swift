import Foundation
import Testing
import FixtureSupport

@Suite("edgeswipe replay --json")
struct ReplayJSONTests {
    /// The demo sample's script (samples/make-demo-sample.py) against home,inbox:header,message:header, in
    /// UIKit's appearance order: setScreens shows message; swipe 1 completes (message -> inbox); swipe 2
    /// cancels (inbox stays, home appears and goes again); swipe 3 completes (inbox -> home); swipe 4 hits
    /// the root and is handed off (issue 24: the stack never sees it); the tap does nothing. Each swipe's
    /// target is decided as it begins.
    static let demoNavigation = [
        "willAppear message", "didAppear message",
        "back navigation", "transitionBegan message->inbox", "willDisappear message", "willAppear inbox",
        "didDisappear message", "didAppear inbox", "transitionFinished message->inbox",
        "back navigation", "transitionBegan inbox->home", "willDisappear inbox", "willAppear home",
        "willDisappear home", "didDisappear home", "willAppear inbox", "didAppear inbox", "transitionCancelled inbox->home",
        "back navigation", "transitionBegan inbox->home", "willDisappear inbox", "willAppear home",
        "didDisappear inbox", "didAppear home", "transitionFinished inbox->home",
        "back handoff",
    ]

    static func summary(_ o: [String: Any]) -> String? {
        guard o["type"] as? String == "navigation", let e = o["event"] as? String else { return nil }
        switch e {
        case "willAppear", "didAppear", "willDisappear", "didDisappear": return "\(e) \(o["screen"] as? String ?? "?")"
        case "transitionBegan", "transitionFinished", "transitionCancelled":
            guard o["kind"] as? String == "interactivePop" else { return nil }
            return "\(e) \(o["from"] as? String ?? "nil")->\(o["to"] as? String ?? "nil")"
        case "popRefused": return "popRefused \(o["reason"] as? String ?? "?")"
        case "backDispatched": return "back \(o["target"] as? String ?? "?")"
        default: return nil
        }
    }

    @Test func demoStackFollowsTheScript() throws {
        let r = try CLI.run(["replay", "--json", "--stack", "home,inbox:header,message:header", "samples/demo-back-swipes.evemu"])
        #expect(r.status == 0, "\(r.stderr)")
        let objects = try #require(r.jsonObjects)
        #expect(objects.compactMap(Self.summary) == Self.demoNavigation)
        // Gestures: four swipes end (complete, cancel, complete; the fourth, handed off, complete), the tap fails.
        let ended = objects.filter { $0["type"] as? String == "gesture" && $0["phase"] as? String == "ended" }
        #expect(ended.map { $0["outcome"] as? String } == ["complete", "cancel", "complete", "complete"])
        let failed = objects.filter { $0["type"] as? String == "gesture" && $0["phase"] as? String == "failed" }
        #expect(failed.map { $0["reason"] as? String } == ["notInEdgeZone"])
        // No diagnostics on a plain root with two recipe hosts above it.
        #expect(!objects.contains { $0["event"] as? String == "diagnostic" })
    }

    @Test func demoCommandPrintsTheSameJSON() throws {
        let demo = try CLI.run(["demo", "--json"])
        let replay = try CLI.run(["replay", "--json", "--stack", "home,inbox:header,message:header", "samples/demo-back-swipes.evemu"])
        #expect(demo.status == 0)
        #expect(demo.stdout == replay.stdout)
    }

    @Test func hostAsRootIsDiagnosedAndNeverFreezes() throws {
        let r = try CLI.run(["replay", "--json", "--stack", "inbox:header", "samples/demo-back-swipes.evemu"])
        #expect(r.status == 0)
        let objects = try #require(r.jsonObjects)
        let codes = objects.filter { $0["event"] as? String == "diagnostic" }.compactMap { $0["code"] as? String }
        #expect(codes.contains("nilDelegateAtRoot"))
        // Every swipe that reaches activation is handed off at the root (issue 24): the stack is never asked, so
        // nothing is refused and no transition begins.
        let decisions = objects.filter { $0["event"] as? String == "backDispatched" }
        #expect(decisions.map { "\($0["target"] ?? "?") \($0["stack"] ?? "?")" } == Array(repeating: "handoff root", count: 4))
        #expect(!objects.contains { $0["event"] as? String == "popRefused" })
        #expect(!objects.contains { $0["event"] as? String == "transitionBegan" && $0["kind"] as? String == "interactivePop" })
    }

    @Test func hiddenBarWithoutTheRecipeRefusesTheSwipe() throws {
        let r = try CLI.run(["replay", "--json", "--stack", "home,settings:hidden", "samples/demo-back-swipes.evemu"])
        let objects = try #require(r.jsonObjects)
        let refusals = objects.compactMap { $0["event"] as? String == "popRefused" ? $0["reason"] as? String : nil }
        #expect(refusals.allSatisfy { $0 == "navigationBarHidden" })
        #expect(refusals.count == 4)
    }

    /// Every line on every fixture is one JSON object with the fields issue 5 requires.
    @Test func schemaHoldsOnEveryFixture() throws {
        let dir = Fixtures.directory
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        var checked = 0
        for name in names where name.hasSuffix(".events") || name.hasSuffix(".evemu") {
            var args = ["replay", "--json", "--size", "250x160", "--stack", "home,inbox:header", dir.appendingPathComponent(name).path]
            if let desc = Self.description(for: name, in: names) { args += ["--device", dir.appendingPathComponent(desc).path] }
            let r = try CLI.run(args)
            #expect(r.status == 0, "\(name): \(r.stderr)")
            let objects = try #require(r.jsonObjects, "\(name): a line is not a JSON object")
            for o in objects { try Self.checkSchema(o, file: name) }
            checked += 1
        }
        #expect(checked >= 50)
    }

    static func description(for events: String, in names: [String]) -> String? {
        guard events.hasSuffix(".events") else { return nil }
        // <device>.<recording>.events pairs with <device>.desc (longest matching prefix).
        let candidates = names.filter { $0.hasSuffix(".desc") && events.hasPrefix(String($0.dropLast(5))) }
        return candidates.max { $0.count < $1.count }
    }

    static func checkSchema(_ o: [String: Any], file: String) throws {
        let type = try #require(o["type"] as? String, "\(file): no type")
        #expect(o["time"] is Double || o["time"] is Int || type == "deviceNote", "\(file): no time in \(o)")
        switch type {
        case "gesture":
            let phase = try #require(o["phase"] as? String)
            #expect(["began", "changed", "ended", "failed", "cancelled"].contains(phase))
            #expect(["left", "right", "top", "bottom"].contains(o["edge"] as? String ?? ""))
            #expect((o["fingers"] as? Int).map { (1...5).contains($0) } == true)
            if phase == "ended" { #expect(["complete", "cancel"].contains(o["outcome"] as? String ?? "")) }
        case "navigation":
            let e = try #require(o["event"] as? String)
            switch e {
            case "willAppear", "didAppear", "willDisappear", "didDisappear": #expect(o["screen"] is String)
            case "transitionBegan", "transitionFinished", "transitionCancelled":
                #expect(o.keys.contains("from") && o.keys.contains("to"))
            case "transitionProgress": #expect(o["progress"] is Double || o["progress"] is Int)
            case "popRefused":
                #expect(["root", "navigationBarHidden", "transitionInProgress", "delegate", "touchInNavigationBar", "wrongEdge"]
                    .contains(o["reason"] as? String ?? ""))
            case "diagnostic": #expect(o["code"] is String)
            default: Issue.record("\(file): unknown navigation event \(e)")
            }
        case "deviceNote": #expect(o["detail"] is String)
        default: Issue.record("\(file): unknown type \(type)")
        }
    }
}

@Suite("edgeswipe replay errors")
struct ReplayErrorTests {
    /// A new directory of its own holding `text` as `name`; the caller removes the directory.
    func write(_ text: String, name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("edgeswipe-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test func garbageLineNamesFileAndLine() throws {
        let sample = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("samples/demo-back-swipes.evemu"), encoding: .utf8)
        var lines = sample.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.insert("E: this is not an event", at: 50)   // becomes line 51
        let url = try write(lines.joined(separator: "\n"), name: "garbage.evemu")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let r = try CLI.run(["replay", url.path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("garbage.evemu:51"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test func deviceWithoutResolutionNeedsASize() throws {
        let dir = Fixtures.directory
        let r = try CLI.run(["replay", dir.appendingPathComponent("whot__evemu-devices__touchscreens__N-Trig_MultiTouch.1-finger-drag-NW-SE.events").path,
                             "--device", dir.appendingPathComponent("whot__evemu-devices__touchscreens__N-Trig_MultiTouch.desc").path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("no physical size"))
        #expect(r.stderr.contains("--size"))
    }

    @Test func eventsWithoutDescriptionIsAClearError() throws {
        let dir = Fixtures.directory
        let r = try CLI.run(["replay", dir.appendingPathComponent("whot__evemu-devices__touchscreens__N-Trig_MultiTouch.1-finger-drag-NW-SE.events").path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("N-Trig_MultiTouch.1-finger-drag-NW-SE.events"))
    }
}

@Suite("edgeswipe replay --config")
struct ReplayConfigTests {
    /// A device entry matching the sample's device by name narrows the edge zone to 1 mm and adds a right-edge
    /// recognizer. The sample's strokes touch down 1.5, 2, 1, 2 and 70 mm from the left edge
    /// (samples/make-demo-sample.py), so only the third (1 mm) begins; the right recognizer never does.
    @Test func deviceEntrySettingsApply() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("edgeswipe-replay-\(getpid()).yaml")
        try """
        version: 1
        devices:
          - match:
              name: "NVTCapacitiveTouchScreen"
            edges: [left, right]
            thresholds:
              edge_zone_mm: 1
        """.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let r = try CLI.run(["replay", "--json", "--config", url.path, "samples/demo-back-swipes.evemu"])
        #expect(r.status == 0, "\(r.stderr)")
        let gestures = try #require(r.jsonObjects).filter { $0["type"] as? String == "gesture" }
        let began = gestures.filter { $0["phase"] as? String == "began" }
        #expect(began.map { $0["recognizer"] as? String } == ["left-1"])
        #expect(gestures.filter { $0["phase"] as? String == "ended" }.map { $0["outcome"] as? String } == ["complete"])
        #expect(Set(gestures.compactMap { $0["recognizer"] as? String }) == ["left-1", "right-1"])
        // The command line still wins over the entry: --edges left keeps only the left recognizer.
        let l = try CLI.run(["replay", "--json", "--config", url.path, "--edges", "left", "samples/demo-back-swipes.evemu"])
        let names = Set(try #require(l.jsonObjects).compactMap { $0["recognizer"] as? String })
        #expect(names == ["left-1"])
    }

    @Test func badConfigIsARuntimeErrorNamingKeyAndLine() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("edgeswipe-replay-bad-\(getpid()).yaml")
        try "version: 1\ndefaults:\n  rotation: 45\n".write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let r = try CLI.run(["replay", "--config", url.path, "samples/demo-back-swipes.evemu"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("\(url.lastPathComponent):3"))
        #expect(r.stderr.contains("rotation"))
    }
}

@testable import EdgeSwipeDaemon
import Gestures
import Testing

/// Issue 37 part 2's keys: content_swipe in defaults or a device entry (off unless true), thresholds
/// content_answer_wait_ms (4 to 50, default 17) and content_travel_mm (default 8), read into the pipeline options;
/// bad values refused naming the file, the key and its line.
@Suite struct ContentConfigTests {
    @Test func offUnlessAnEntrySaysTrue() throws {
        let c = try DaemonConfig.parse(text: """
            defaults:
              thresholds:
                content_answer_wait_ms: 33
                content_travel_mm: 12.5
            devices:
              - match: { name: "Kiosk panel" }
                content_swipe: true
              - match: { name: "Tablet" }
                content_swipe: false
            """, source: "t.yaml")
        #expect(try PipelineOptions(settings: c.defaults).content == nil)
        let kiosk = try #require(try PipelineOptions(settings: c.settings(forEntry: 0)).content)
        #expect(kiosk.handshake.answerWaitMS == 33 && kiosk.swipe.travelMM == 12.5)
        // The rest of the recognizer is part 1's (2.5:1, Chromium's kMinRatio).
        #expect(kiosk.swipe.axisRatio == 2.5)
        #expect(try PipelineOptions(settings: c.settings(forEntry: 1)).content == nil)
    }

    @Test func theDefaultsAreOneFrameAndEightMillimetres() throws {
        let c = try DaemonConfig.parse(text: "defaults:\n  content_swipe: true\n", source: "t.yaml")
        let o = try #require(try PipelineOptions(settings: c.defaults).content)
        #expect(o.handshake.answerWaitMS == 17 && o.swipe.travelMM == 8)
    }

    @Test(arguments: [("content_swipe: yes please", "defaults.content_swipe", 2),
                      ("thresholds:\n    content_answer_wait_ms: 3.5", "defaults.thresholds.content_answer_wait_ms", 3),
                      ("thresholds:\n    content_answer_wait_ms: 51", "defaults.thresholds.content_answer_wait_ms", 3),
                      ("thresholds:\n    content_travel_mm: 0", "defaults.thresholds.content_travel_mm", 3),
                      ("thresholds:\n    content_travel_mm: 101", "defaults.thresholds.content_travel_mm", 3)])
    func badValuesAreRefusedByName(setting: String, key: String, line: Int) {
        let found = issues("defaults:\n  \(setting)\n")
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.key == key && found.first?.line == line && found.first?.file == "test.yaml", "\(found)")
    }

    @Test func aWaitBelowFourIsSaidAsWritten() {
        #expect(issues("defaults:\n  thresholds:\n    content_answer_wait_ms: 2\n").first?.message == "2 must be at least 4 ms")
    }
}

@testable import EdgeSwipeDaemon
import Gestures
import Testing
import TouchInput

/// Issue 36's pen keys: thresholds.pen_linger_ms, pen_hand_margin_mm, pen_stuck_ms and the device settings
/// handedness and pen, read into the pipeline options, defaults where not given, bad values refused by name.
@Suite struct PenConfigTests {
    @Test func theKeysReachThePipelineOptions() throws {
        let c = try DaemonConfig.parse(text: """
            defaults:
              thresholds:
                pen_linger_ms: 0
                pen_hand_margin_mm: 25
                pen_stuck_ms: 60000
              handedness: left
            devices:
              - match: { name: "IPTS Touch" }
                pen: IPTS Stylus
              - match: { name: "Wacom*" }
                pen: none
            """, source: "t.yaml")
        let o = try PipelineOptions(settings: c.defaults)
        #expect(o.penGate == PenGateConfig(lingerMS: 0, handMarginMM: 25, stuckMS: 60_000, handedness: .left))
        #expect(o.penRequest == .automatic)
        #expect(try PipelineOptions(settings: c.settings(forEntry: 0)).penRequest == .named("IPTS Stylus"))
        #expect(try PipelineOptions(settings: c.settings(forEntry: 1)).penRequest == PenRequest.none)
        // An entry keeps the defaults' pen settings it does not name.
        #expect(try PipelineOptions(settings: c.settings(forEntry: 1)).penGate.handMarginMM == 25)
    }

    @Test func withoutThemLibinputsNumbers() throws {
        let o = try PipelineOptions(settings: try DaemonConfig.parse(text: "defaults: {}\n", source: "t.yaml").defaults)
        #expect(o.penGate == PenGateConfig(lingerMS: 90, handMarginMM: 20, stuckMS: 30_000, handedness: .fromTilt))
    }

    @Test(arguments: [("thresholds:\n    pen_linger_ms: -1", "defaults.thresholds.pen_linger_ms", 3),
                      ("thresholds:\n    pen_linger_ms: 10001", "defaults.thresholds.pen_linger_ms", 3),
                      ("thresholds:\n    pen_hand_margin_mm: -0.5", "defaults.thresholds.pen_hand_margin_mm", 3),
                      ("thresholds:\n    pen_stuck_ms: 0", "defaults.thresholds.pen_stuck_ms", 3),
                      ("handedness: ambidextrous", "defaults.handedness", 2),
                      ("pen: \"\"", "defaults.pen", 2)])
    func badValuesAreRefusedByName(setting: String, key: String, line: Int) {
        let found = issues("defaults:\n  \(setting)\n")
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.key == key, "\(found)")
        #expect(found.first?.line == line)
    }

    @Test func aNegativeLingerIsSaidAsWritten() {
        #expect(issues("defaults:\n  thresholds:\n    pen_linger_ms: -5\n").first?.message == "-5 must be at least 0 ms")
    }
}

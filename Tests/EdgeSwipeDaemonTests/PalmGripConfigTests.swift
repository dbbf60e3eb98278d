@testable import EdgeSwipeDaemon
import Gestures
import Testing

/// Issue 36's palm and grip thresholds in the configuration: read into every recognizer, defaults where not given,
/// and out-of-range values refused naming the key and its line.
@Suite struct PalmGripConfigTests {
    @Test func theThresholdsReachTheRecognizers() throws {
        let c = try DaemonConfig.parse(text: """
            defaults:
              size: 200x120
              thresholds:
                palm_major_mm: 18
                palm_area_mm2: 300
                palm_pressure: 0.85
                grip_radius_mm: 2
                grip_ms: 500
            """, source: "t.yaml")
        let options = try PipelineOptions(settings: c.defaults)
        let r = try #require(options.recognizers.first)
        #expect(r.palmMajorMM == 18)
        #expect(r.palmAreaMM2 == 300)
        #expect(r.palmPressure == 0.85)
        #expect(r.gripRadiusMM == 2)
        #expect(r.gripTimeMS == 500)
    }

    @Test func withoutThemTheDefaults() throws {
        let c = try DaemonConfig.parse(text: "defaults:\n  size: 200x120\n", source: "t.yaml")
        let r = try #require(try PipelineOptions(settings: c.defaults).recognizers.first)
        #expect(r.palmMajorMM == 20)
        #expect(r.palmAreaMM2 == 400)
        #expect(r.palmPressure == nil)
        #expect(r.gripRadiusMM == 1.5)
        #expect(r.gripTimeMS == 300)
    }

    @Test(arguments: [("palm_major_mm", "-20"), ("palm_area_mm2", "0"), ("palm_pressure", "1.5"), ("grip_radius_mm", "500"),
                      ("grip_ms", "-1"), ("grip_ms", "86400000")])
    func absurdValuesAreRefusedByName(key: String, value: String) {
        let found = issues("defaults:\n  thresholds:\n    \(key): \(value)\n")
        #expect(found.count == 1)
        #expect(found.first?.key == "defaults.thresholds.\(key)", "\(found)")
        #expect(found.first?.line == 3)
    }
}

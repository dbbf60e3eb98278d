import Testing
import TouchInput
import TouchModel

/// `edgeswipe calibrate`'s fit (issue 38, item 5). Expected resolutions are the axis span divided by the side in mm,
/// worked out here by hand, e.g. 4095 / 293 = 13.98 → 14 units per mm.
@Suite("Calibration from traced edges")
struct EdgeTraceCalibrationTests {
    /// A uinput panel as the VM rig makes one: MT and single-touch axes 0…4095, no resolution.
    static func panel(singleTouchMax: Int32 = 4095) -> DeviceDescription {
        DeviceDescription(
            name: "EdgeSwipe test panel", id: InputID(bustype: 0x06, vendor: 0x1234, product: 0xABCD, version: 1),
            codes: [EventType.syn: [0], EventType.key: [KeyCode.btnTouch],
                    EventType.abs: [AbsCode.x, AbsCode.y, AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY, AbsCode.mtTrackingID]],
            absInfo: [AbsCode.x: AbsInfo(minimum: 0, maximum: singleTouchMax), AbsCode.y: AbsInfo(minimum: 0, maximum: singleTouchMax),
                      AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 9),
                      AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 4095), AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 4095),
                      AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535)],
            properties: [InputProperty.direct], origin: "test-panel")
    }

    /// One finger along each named edge, `inset` units inside it, from `from` to `to` of its length.
    static func trace(_ edges: [EdgeTraceCalibration.Edge], inset: Int32 = 10, low: Int32 = 0, high: Int32 = 4095,
                      from: Double = 0.05, to: Double = 0.95) -> [(x: Int32, y: Int32)] {
        var points: [(x: Int32, y: Int32)] = []
        for edge in edges {
            for i in 0..<90 {
                let along = Int32((Double(low) + (Double(high - low)) * (from + (to - from) * Double(i) / 89)).rounded())
                switch edge {
                case .top: points.append((along, low + inset))
                case .bottom: points.append((along, high - inset))
                case .left: points.append((low + inset, along))
                case .right: points.append((high - inset, along))
                }
            }
        }
        return points
    }

    @Test func aPanelWithoutResolutionGetsItsUnitsPerMMFromTheSizeWithin2Percent() throws {
        let fit = try EdgeTraceCalibration.fit(device: Self.panel(), positions: Self.trace([.top, .right, .bottom, .left]),
                                               size: PhysicalSize(widthMM: 293, heightMM: 165))
        // 4095 / 293 = 13.976, 4095 / 165 = 24.818.
        #expect(fit.x.resolution == 14 && fit.y.resolution == 25)
        #expect(abs(fit.x.unitsPerMM - 13.976) < 0.001 && abs(fit.y.unitsPerMM - 24.818) < 0.001)
        #expect(fit.x.roundingError < 0.02 && fit.y.roundingError < 0.02)
        #expect(!fit.x.rangeFromTrace && !fit.y.rangeFromTrace)
        #expect(fit.notes.isEmpty)
        #expect(fit.hwdbText == """
            # EdgeSwipe test panel: traced edges, 293x165 mm (edgeswipe calibrate)
            evdev:input:b0006v1234pABCD*
             EVDEV_ABS_00=0:4095:14
             EVDEV_ABS_01=0:4095:25
             EVDEV_ABS_35=0:4095:14
             EVDEV_ABS_36=0:4095:25

            """)
        #expect(fit.sizeSetting == "devices:\n  - match:\n      name: \"EdgeSwipe test panel\"\n    size: 293x165\n")
    }

    @Test func theSameTraceGivesTheSameTextEveryTimeInAnyOrder() throws {
        let size = PhysicalSize(widthMM: 293, heightMM: 165)
        let a = try EdgeTraceCalibration.fit(device: Self.panel(), positions: Self.trace([.top, .right, .bottom, .left]), size: size)
        let b = try EdgeTraceCalibration.fit(device: Self.panel(), positions: Self.trace([.left, .bottom, .right, .top]), size: size)
        #expect(a.hwdbText == b.hwdbText && a.sizeSetting == b.sizeSetting)
    }

    @Test func singleTouchAxesOfAnotherRangeGetTheSameFractionsOfTheirOwn() throws {
        let fit = try EdgeTraceCalibration.fit(device: Self.panel(singleTouchMax: 32767), positions: Self.trace([.top, .right, .bottom, .left]),
                                               size: PhysicalSize(widthMM: 293, heightMM: 165))
        // 32767 / 293 = 111.83, 32767 / 165 = 198.59.
        #expect(fit.singleTouchX?.resolution == 112 && fit.singleTouchY?.resolution == 199)
        #expect(fit.hwdbText.contains(" EVDEV_ABS_00=0:32767:112\n EVDEV_ABS_01=0:32767:199\n EVDEV_ABS_35=0:4095:14\n"))
    }

    /// The panel reports 0…4095 but the glass shows x 205…3890 only (farther in than 2 % of the range, 82 units):
    /// the traced range is the axis's, (3890 − 205) / 293 = 12.58 → 13, 3.4 % off, said as a note.
    @Test func aRangeWiderThanTheGlassIsTakenFromTheTraceAndARoughRoundingIsSaid() throws {
        var points: [(x: Int32, y: Int32)] = []
        for (x, y) in Self.trace([.top, .right, .bottom, .left], inset: 0, low: 0, high: 4095) {
            // Squeeze x into 205…3890; y keeps the full range (10 units in).
            points.append((Int32(205 + (Double(x) / 4095 * (3890 - 205)).rounded()), max(10, min(4085, y))))
        }
        let fit = try EdgeTraceCalibration.fit(device: Self.panel(), positions: points, size: PhysicalSize(widthMM: 293, heightMM: 165))
        #expect(fit.x.minimum == 205 && fit.x.maximum == 3890 && fit.x.rangeFromTrace)
        #expect(fit.x.resolution == 13 && abs(fit.x.roundingError - 0.0337) < 0.001)
        #expect(fit.y.minimum == 0 && fit.y.maximum == 4095 && !fit.y.rangeFromTrace)
        // ABS_X has the same range, so it carries the same 205…3890 and rounds as badly.
        #expect(fit.singleTouchX?.minimum == 205 && fit.singleTouchX?.maximum == 3890 && fit.singleTouchX?.resolution == 13)
        #expect(fit.notes.count == 3)
        #expect(fit.notes.contains { $0.hasPrefix("ABS_X: 13 units per mm is 3 % off") })
        #expect(fit.notes.contains { $0.hasPrefix("ABS_MT_POSITION_X reports 205…3890 traced inside a wider range") })
        #expect(fit.notes.contains { $0.hasPrefix("ABS_MT_POSITION_X: 13 units per mm is 3 % off the measured 12.6") })
    }

    /// Three edges traced: the left extreme holds only the top and bottom strokes' ends, 2 of 10 parts.
    @Test func aMissedEdgeIsNamedWithTheShareTraced() {
        #expect(throws: EdgeTraceCalibration.Failure.edgesMissed([(.left, 20)])) {
            try EdgeTraceCalibration.fit(device: Self.panel(), positions: Self.trace([.top, .right, .bottom]),
                                         size: PhysicalSize(widthMM: 293, heightMM: 165))
        }
        // Half the left edge (50 %…95 %: parts 5…9) is less than the 60 % asked.
        let half = Self.trace([.top, .right, .bottom]) + Self.trace([.left], from: 0.5, to: 0.95)
        #expect(throws: EdgeTraceCalibration.Failure.edgesMissed([(.left, 50)])) {
            try EdgeTraceCalibration.fit(device: Self.panel(), positions: half, size: PhysicalSize(widthMM: 293, heightMM: 165))
        }
        let text = EdgeTraceCalibration.Failure.edgesMissed([(.left, 20)]).description
        #expect(text == "the trace misses the left edge (20 % of its length traced); each edge needs 60 % of its length traced, one finger sliding along it")
    }

    @Test func tooLittleDataAbsurdSizesAndAxesWithoutRangeAreRefused() {
        let size = PhysicalSize(widthMM: 293, heightMM: 165)
        #expect(throws: EdgeTraceCalibration.Failure.tooFewPoints(count: 39, needed: 40)) {
            try EdgeTraceCalibration.fit(device: Self.panel(), positions: Array(Self.trace([.top])[0..<39]), size: size)
        }
        #expect(throws: EdgeTraceCalibration.Failure.sizeOutOfRange(PhysicalSize(widthMM: 5, heightMM: 165))) {
            try EdgeTraceCalibration.fit(device: Self.panel(), positions: Self.trace([.top, .right, .bottom, .left]),
                                         size: PhysicalSize(widthMM: 5, heightMM: 165))
        }
        var flat = Self.panel()
        flat.absInfo[AbsCode.mtPositionY] = AbsInfo(minimum: 100, maximum: 100)
        #expect(throws: EdgeTraceCalibration.Failure.emptyAxisRange(device: "\"EdgeSwipe test panel\" (test-panel)", axis: "ABS_MT_POSITION_Y")) {
            try EdgeTraceCalibration.fit(device: flat, positions: Self.trace([.top, .right, .bottom, .left]), size: size)
        }
        // A 4095-unit axis over 5000 mm is 0.8 units per mm, which an integer resolution cannot hold.
        #expect(throws: EdgeTraceCalibration.Failure.resolutionBelowOne(axis: "ABS_MT_POSITION_X", unitsPerMM: 4095.0 / 5000)) {
            try EdgeTraceCalibration.fit(device: Self.panel(), positions: Self.trace([.top, .right, .bottom, .left]),
                                         size: PhysicalSize(widthMM: 5000, heightMM: 165))
        }
    }

    @Test func aNameWithQuotesOrControlCharactersStaysOneYAMLScalar() throws {
        var device = Self.panel()
        device.name = "Panel \"A\"\\\u{1B}[2J"
        let fit = try EdgeTraceCalibration.fit(device: device, positions: Self.trace([.top, .right, .bottom, .left]),
                                               size: PhysicalSize(widthMM: 293, heightMM: 165))
        #expect(fit.sizeSetting.contains(#"name: "Panel \"A\"\\\x1B[2J""#))
        #expect(fit.hwdbText.hasPrefix("# Panel \"A\"\\?[2J: traced edges"))
    }
}

import Testing
import TouchInput
import TouchModel

/// A pen node's events read into proximity, the tip's place on its axes and the tilt in degrees; bad values said once.
@Suite struct PenTrackerTests {
    static let pen = DeviceDescription(
        name: "Demo Pen", id: InputID(bustype: 0x18, vendor: 1, product: 1, version: 1),
        codes: [EventType.key: [KeyCode.btnToolPen], EventType.abs: [AbsCode.x, AbsCode.y, AbsCode.tiltX, AbsCode.tiltY]],
        absInfo: [AbsCode.x: AbsInfo(minimum: 0, maximum: 20000, resolution: 100),
                  AbsCode.y: AbsInfo(minimum: 0, maximum: 10000, resolution: 100),
                  AbsCode.tiltX: AbsInfo(minimum: -9000, maximum: 9000, resolution: 5730),
                  AbsCode.tiltY: AbsInfo(minimum: -64, maximum: 63)])

    static func ev(_ ms: Int64, _ type: UInt16, _ code: UInt16, _ value: Int32) -> InputEvent {
        InputEvent(time: Microseconds(UInt64(ms) * 1000), type: type, code: code, value: value)
    }

    static func syn(_ ms: Int64) -> InputEvent { ev(ms, EventType.syn, SynCode.report, 0) }

    @Test func proximityPositionAndTilt() throws {
        var t = PenTracker(device: Self.pen)
        let beforeSyn = t.feed(Self.ev(0, EventType.key, KeyCode.btnToolPen, 1))
        #expect(beforeSyn == nil)
        _ = t.feed(Self.ev(0, EventType.abs, AbsCode.x, 5000))
        _ = t.feed(Self.ev(0, EventType.abs, AbsCode.y, 2500))
        _ = t.feed(Self.ev(0, EventType.abs, AbsCode.tiltX, 573))   // 573 / 5730 = 0.1 rad = 5.73 degrees
        _ = t.feed(Self.ev(0, EventType.abs, AbsCode.tiltY, 63))    // no resolution: -64..63 spans -90..90
        let rReading = t.feed(Self.syn(0))
        let r = try #require(rReading)
        #expect(r.inProximity)
        #expect(r.normalized == Point(x: 0.25, y: 0.25))
        #expect(abs(r.tiltXDegrees - 5.7296) < 0.001)
        #expect(abs(r.tiltYDegrees - (63 - -0.5) / 127 * 180) < 1e-9)
        // A frame that changes nothing gives nothing.
        let unchanged = t.feed(Self.syn(5))
        #expect(unchanged == nil)
        _ = t.feed(Self.ev(10, EventType.key, KeyCode.btnToolPen, 0))
        let outReading = t.feed(Self.syn(10))
        let out = try #require(outReading)
        #expect(!out.inProximity)
        #expect(out.time == Microseconds(10_000))
        #expect(t.diagnostics.isEmpty)
    }

    @Test func absurdTiltIsUnknownAndSaidOnceAndAPositionOffTheAxisIsClamped() throws {
        var t = PenTracker(device: Self.pen)
        _ = t.feed(Self.ev(0, EventType.key, KeyCode.btnToolPen, 1))
        _ = t.feed(Self.ev(0, EventType.abs, AbsCode.tiltX, 30000))
        _ = t.feed(Self.ev(0, EventType.abs, AbsCode.x, 25000))
        let rReading = t.feed(Self.syn(0))
        let r = try #require(rReading)
        #expect(r.tiltXDegrees == 0)
        #expect(r.normalized.x == 1)
        _ = t.feed(Self.ev(10, EventType.abs, AbsCode.tiltX, -30000))
        _ = t.feed(Self.syn(10))
        // Each kind once, in the order first seen (the frame reads the position before the tilt).
        #expect(t.diagnostics == [.positionOutOfRange(axis: "ABS_X", value: 25000, minimum: 0, maximum: 20000),
                                  .tiltOutOfRange(axis: "ABS_TILT_X", value: 30000, minimum: -9000, maximum: 9000)])
    }

    @Test func removingAPenInProximityTakesItOut() throws {
        var t = PenTracker(device: Self.pen)
        let neverIn = t.remove(time: 5)
        #expect(neverIn == nil)
        _ = t.feed(Self.ev(0, EventType.key, KeyCode.btnToolPen, 1))
        _ = t.feed(Self.syn(0))
        let outReading = t.remove(time: Microseconds(40_000))
        let out = try #require(outReading)
        #expect(!out.inProximity)
        #expect(out.time == Microseconds(40_000))
        let removedAgain = t.remove(time: Microseconds(50_000))
        #expect(removedAgain == nil)
    }
}

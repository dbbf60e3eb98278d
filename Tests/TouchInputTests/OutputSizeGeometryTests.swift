import Testing
import TouchInput
import TouchModel

/// Issue 27, item 2: a panel whose axes have no resolution is measured as the output it is on (a touchscreen mapped
/// to an output spans it), when the session reports that output's size and no `size` setting gives one.
@Suite struct OutputSizeGeometryTests {
    static let output = PhysicalSize(widthMM: 200, heightMM: 120)

    @Test func anAxisWithoutResolutionTakesTheOutputsSize() throws {
        for resolution: Int32 in [0, -11] {
            let g = try SurfaceGeometry(device: TestDevices.touchscreenB(resolution: resolution), outputSize: Self.output)
            #expect(g.size == Self.output && g.sizeIsFromOutput && !g.sizeIsConfigured)
            // Axes 0...1000 x 0...500 span the output: the far corner is 200 x 120 mm, the middle 100 x 60.
            #expect(g.millimetres(x: 1000, y: 500) == Point(x: 200, y: 120))
            #expect(g.millimetres(x: 500, y: 250) == Point(x: 100, y: 60))
        }
    }

    @Test func aResolutionOrAConfiguredSizeWinsOverTheOutputs() throws {
        // 1000 units at 10 per mm: 100 x 50 mm, whatever the output says.
        let measured = try SurfaceGeometry(device: TestDevices.touchscreenB(resolution: 10), outputSize: Self.output)
        #expect(measured.size == PhysicalSize(widthMM: 100, heightMM: 50) && !measured.sizeIsFromOutput)
        let configured = try SurfaceGeometry(device: TestDevices.touchscreenB(resolution: 0),
                                             configuredSize: PhysicalSize(widthMM: 90, heightMM: 45), outputSize: Self.output)
        #expect(configured.size == PhysicalSize(widthMM: 90, heightMM: 45) && configured.sizeIsConfigured && !configured.sizeIsFromOutput)
    }

    @Test func withoutAnyOfThemItIsStillTheClearError() {
        #expect(throws: GeometryError.noPhysicalSize(device: "\"Test Touchscreen\" (test-touchscreen)",
                                                     axis: "ABS_MT_POSITION_X", resolution: 0)) {
            try SurfaceGeometry(device: TestDevices.touchscreenB(resolution: 0), outputSize: nil)
        }
    }

    @Test func theDecoderMeasuresAtTheNewSizeAfterAResize() throws {
        let device = TestDevices.touchscreenB(resolution: 0)
        var decoder = MultitouchDecoder(device: device, geometry: try SurfaceGeometry(device: device, outputSize: Self.output))
        func touch(_ x: Int32, _ y: Int32, id: Int32, at t: Microseconds) -> [InputEvent] {
            [InputEvent(time: t, type: EventType.abs, code: AbsCode.mtSlot, value: 0),
             InputEvent(time: t, type: EventType.abs, code: AbsCode.mtTrackingID, value: id),
             InputEvent(time: t, type: EventType.abs, code: AbsCode.mtPositionX, value: x),
             InputEvent(time: t, type: EventType.abs, code: AbsCode.mtPositionY, value: y),
             InputEvent(time: t, type: EventType.syn, code: 0, value: 0)]
        }
        func lift(at t: Microseconds) -> [InputEvent] {
            [InputEvent(time: t, type: EventType.abs, code: AbsCode.mtTrackingID, value: -1),
             InputEvent(time: t, type: EventType.syn, code: 0, value: 0)]
        }
        func frames(_ events: [InputEvent]) -> [TouchFrame] { events.compactMap { decoder.feed($0) } }
        #expect(frames(touch(250, 100, id: 1, at: 1000)).last?.contacts.first?.mm == Point(x: 50, y: 24))
        _ = frames(lift(at: 2000))
        decoder.resize(to: PhysicalSize(widthMM: 400, heightMM: 240))
        #expect(frames(touch(250, 100, id: 2, at: 3000)).last?.contacts.first?.mm == Point(x: 100, y: 48))
    }
}

import Testing
import TouchInput
import TouchModel

@Suite("Physical size")
struct GeometryTests {
    @Test func resolutionZeroWithoutSizeIsAClearError() {
        let device = TestDevices.touchscreenB(resolution: 0)
        #expect(throws: GeometryError.noPhysicalSize(device: "\"Test Touchscreen\" (test-touchscreen)",
                                                     axis: "ABS_MT_POSITION_X", resolution: 0)) {
            try SurfaceGeometry(device: device)
        }
        do {
            _ = try SurfaceGeometry(device: device)
        } catch {
            let text = String(describing: error)
            #expect(text.contains("Test Touchscreen"))
            #expect(text.contains("test-touchscreen"))
            #expect(text.contains("--size"))
        }
    }

    /// Issue 14: a resolution of -11 (a broken device) was reported as "resolution 0".
    @Test func negativeResolutionIsReportedAsItIs() {
        let device = TestDevices.touchscreenB(resolution: -11)
        do {
            _ = try SurfaceGeometry(device: device)
            Issue.record("expected noPhysicalSize")
        } catch {
            #expect(error as? GeometryError == .noPhysicalSize(device: "\"Test Touchscreen\" (test-touchscreen)", axis: "ABS_MT_POSITION_X",
                                                                 resolution: -11))
            #expect("\(error)".contains("ABS_MT_POSITION_X has resolution -11, so this device has no physical size"))
        }
    }

    @Test func resolutionZeroWithConfiguredSizeDecodesInMillimetres() throws {
        let device = TestDevices.touchscreenB(resolution: 0)
        let g = try SurfaceGeometry(device: device, configuredSize: PhysicalSize(widthMM: 200, heightMM: 100))
        #expect(g.sizeIsConfigured)
        var d = MultitouchDecoder(device: device, geometry: g)
        let frames = decode(&d, frame(1, .slot(0), .tid(1), .x(500), .y(125)))
        #expect(frames.first?.contacts.first?.mm == Point(x: 100, y: 25))
    }

    @Test func resolutionGivesTheSize() throws {
        let g = try SurfaceGeometry(device: TestDevices.clickpad())
        // (5472-1472)/40 x (4448-1408)/40
        #expect(g.size == PhysicalSize(widthMM: 100, heightMM: 76))
        #expect(!g.sizeIsConfigured)
    }
}

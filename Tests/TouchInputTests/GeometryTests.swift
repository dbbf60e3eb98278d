import Testing
import TouchInput
import TouchModel

@Suite("Physical size")
struct GeometryTests {
    @Test func resolutionZeroWithoutSizeIsAClearError() {
        let device = TestDevices.touchscreenB(resolution: 0)
        #expect(throws: GeometryError.noPhysicalSize(device: "\"Test Touchscreen\" (test-touchscreen)",
                                                     axis: "ABS_MT_POSITION_X")) {
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

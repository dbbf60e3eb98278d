import Testing
import TouchInput
import TouchTrace
import TouchModel
@testable import Gestures
import FixtureSupport

// Issue 36 on real recordings. The Pixel Tablet's NVT panel (AOSP, Apache-2.0) gives ABS_MT_TOUCH_MAJOR/MINOR with
// resolution 11 units/mm and ABS_MT_PRESSURE 0...256; its first frame says major 82, minor 77, pressure 215 and no
// frame has a major above 83 (read from the file: `E: ... 0003 0030 0082` and so on, values in decimal). The ELAN
// panel's TOUCH_MAJOR has no resolution, so no size in mm.
@Suite struct ContactShapeFixtureTests {
    static let pixel = "aosp-mirror__platform_frameworks_base__tests__Input__res__raw__google_pixel_tablet_touchscreen.evemu"

    func frames(_ file: String, description: String? = nil, size: PhysicalSize? = nil) throws -> (MultitouchDecoder, [TouchFrame]) {
        let trace = try TraceReader.read(path: Fixtures.path(file), description: description.map { Fixtures.path($0) })
        let device = try #require(trace.devices.first)
        var decoder = MultitouchDecoder(device: device.description, geometry: try SurfaceGeometry(device: device.description, configuredSize: size))
        var out: [TouchFrame] = []
        for e in device.events { if let f = decoder.feed(e) { out.append(f) } }
        return (decoder, out)
    }

    @Test func thePixelTabletsFingerIn_mm() throws {
        let (decoder, frames) = try frames(Self.pixel)
        let first = try #require(frames.first?.contacts.first)
        #expect(first.phase == .down)
        #expect(close(first.shape.majorMM, 82.0 / 11))
        #expect(close(first.shape.minorMM, 77.0 / 11))
        #expect(close(first.shape.pressure, 215.0 / 256))
        let largest = frames.flatMap(\.contacts).map(\.shape.majorMM).max() ?? 0
        #expect(close(largest, 83.0 / 11))
        #expect(!decoder.diagnostics.contains(.sizeWithoutResolution))
    }

    /// The palm threshold against the recording: at 7.4 mm (under its 7.45 mm finger) the touch-down is a palm, at
    /// 7.6 mm (over its largest, 7.55 mm) nothing is. The zone is widened to 80 mm so the touch-down at x 810 of
    /// 0...1599 (73.6 mm) is in it.
    @Test(arguments: [(7.4, true), (7.6, false)])
    func thePixelTabletAgainstAPalmThreshold(threshold: Double, palm: Bool) throws {
        let (decoder, frames) = try frames(Self.pixel)
        let r = try EdgeSwipeRecognizer(config: EdgeSwipeConfig(edgeZoneMM: 80, activationTimeoutMS: 10_000, palmMajorMM: threshold),
                                        transform: ScreenTransform(deviceSize: decoder.geometry.size))
        var reasons: [GestureFailureReason] = []
        for f in frames { reasons += r.process(f, now: f.time).compactMap(\.failureReason) }
        #expect(reasons.contains(.palmSize(majorMM: 7.5, minorMM: 7)) == palm, "\(reasons)")
    }

    @Test func theElanPanelsSizeHasNoResolution() throws {
        let (decoder, frames) = try frames("whot__evemu-devices__touchscreens__ELAN_CANDO_Windows7.1-finger-drag-up-down.events",
                                           description: "whot__evemu-devices__touchscreens__ELAN_CANDO_Windows7.desc",
                                           size: PhysicalSize(widthMM: 256, heightMM: 160))
        #expect(decoder.diagnostics.contains(.sizeWithoutResolution))
        #expect(!frames.isEmpty)
        #expect(frames.allSatisfy { $0.contacts.allSatisfy { $0.shape == .none } })
    }
}

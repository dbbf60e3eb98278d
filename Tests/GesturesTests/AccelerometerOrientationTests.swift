import Testing
import TouchModel
@testable import Gestures

/// iio-sensor-proxy's `AccelerometerOrientation` names the native edge of the device that points up (its
/// orientation.c and test-orientation.c: a reading of +1 g along x, gravity towards the native right edge, is
/// `left-up`; -1 g along y, gravity towards the native bottom, is `normal`). The expectations below are worked out
/// from that alone, by turning the device by hand: turned 90° clockwise, the native top goes to the right, right to
/// bottom, bottom to left and left to top, so `left-up` is the clockwise quarter turn and its native bottom edge is
/// the user's left; turned counter-clockwise (top to left, left to bottom, bottom to right, right to top) the right
/// edge is up: `right-up`, native bottom on the user's right; `bottom-up` is upside down, native bottom at the top.
/// The compositors agree: mutter (meta-orientation-manager.c) and phosh (phosh-rotation-manager.c) turn `left-up`
/// into the monitor transform 90, the image rotated counter-clockwise on a panel turned clockwise, whose libinput
/// matrix `0 -1 1 1 0 0` (xrandr's `--rotate left`) sends the native bottom to the left as `ScreenTransform.r90`
/// does. Each case checks where the panel's native edges are for the user through `ScreenTransform`, not the
/// mapping's table.
@Suite struct AccelerometerOrientationTests {
    /// The user's edge a touch at the middle of a native edge is nearest to, once turned.
    private func userEdge(ofNative point: Point, turned rotation: ScreenRotation) -> String {
        let p = ScreenTransform(deviceSize: PhysicalSize(widthMM: 100, heightMM: 160), rotation: rotation).screenNormalized(point)
        let distances = [("left", p.x), ("right", 1 - p.x), ("top", p.y), ("bottom", 1 - p.y)]
        return distances.min { $0.1 < $1.1 }!.0
    }

    private static let nativeTop = Point(x: 0.5, y: 0), nativeBottom = Point(x: 0.5, y: 1)
    private static let nativeLeft = Point(x: 0, y: 0.5), nativeRight = Point(x: 1, y: 0.5)

    @Test(arguments: [
        // (value, the native edge that is up by its name, where the native bottom edge is for the user)
        ("normal", nativeTop, "bottom"),
        ("left-up", nativeLeft, "left"),
        ("right-up", nativeRight, "right"),
        ("bottom-up", nativeBottom, "top"),
    ])
    func theEdgeNamedUpIsAtTheTop(value: String, up: Point, bottomGoesTo: String) throws {
        let rotation = try #require(AccelerometerOrientation(rawValue: value)?.rotation)
        #expect(userEdge(ofNative: up, turned: rotation) == "top")
        #expect(userEdge(ofNative: Self.nativeBottom, turned: rotation) == bottomGoesTo)
    }

    @Test func theRotationsInDegreesClockwise() {
        // The same facts as the configuration's degrees (docs/daemon.md: `rotation` is the clockwise turn).
        #expect(AccelerometerOrientation.leftUp.rotation?.rawValue == 90)
        #expect(AccelerometerOrientation.rightUp.rotation?.rawValue == 270)
        #expect(AccelerometerOrientation.bottomUp.rotation?.rawValue == 180)
        #expect(AccelerometerOrientation.normal.rotation?.rawValue == 0)
        #expect(AccelerometerOrientation.undefined.rotation == nil)
    }

    @Test func flatKeepsTheLastOrientationAndAnUnknownValueIsNamed() {
        var r = AccelerometerRotation()
        #expect(r.rotation == .r0)
        #expect(r.follow("left-up") == .turned(to: .r90))
        #expect(r.follow("left-up") == .unchanged)
        // Laid flat on a table: no edge is up, the panel keeps the last turn (mutter and phosh do the same).
        #expect(r.follow("undefined") == .flat)
        #expect(r.rotation == .r90)
        #expect(r.follow("right-up") == .turned(to: .r270))
        #expect(r.follow("Left-Up") == .unknown("iio-sensor-proxy's AccelerometerOrientation is \"Left-Up\", none of "
                                                 + "undefined, normal, bottom-up, left-up, right-up: the rotation stays 270"))
        #expect(r.follow("") == .unknown("iio-sensor-proxy's AccelerometerOrientation is \"\", none of "
                                          + "undefined, normal, bottom-up, left-up, right-up: the rotation stays 270"))
        #expect(r.rotation == .r270)
        #expect(r.follow("bottom-up") == .turned(to: .r180))
        #expect(r.follow("normal") == .turned(to: .r0))
    }

    @Test func aLongUnknownValueIsCutInTheMessage() {
        var r = AccelerometerRotation()
        guard case .unknown(let message) = r.follow(String(repeating: "x", count: 5000)) else {
            Issue.record("not reported as unknown")
            return
        }
        #expect(message.contains("\"" + String(repeating: "x", count: 64) + "...\""))
        #expect(message.utf8.count < 200)
    }
}

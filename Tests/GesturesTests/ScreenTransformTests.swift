import Testing
import TouchInput
@testable import Gestures
import TouchModel

// A 200 × 100 mm panel; a point at 10 % across and 20 % down its native axes.
@Suite struct ScreenTransformTests {
    let size = PhysicalSize(widthMM: 200, heightMM: 100)
    let p = Point(x: 0.1, y: 0.2)

    func mm(_ r: ScreenRotation, _ cal: CalibrationMatrix = .identity) -> Point {
        ScreenTransform(deviceSize: size, rotation: r, calibration: cal).screenMM(normalized: p)
    }

    func near(_ a: Point, _ b: Point) -> Bool { close(a.x, b.x, 1e-9) && close(a.y, b.y, 1e-9) }

    @Test func unrotatedIsNormalisedTimesSize() {
        #expect(near(mm(.r0), Point(x: 20, y: 20)))
    }

    @Test func turnedClockwise90TheNativeTopIsOnTheRight() {
        // Screen is 100 wide, 200 tall. x = 1 − 0.2 → 80 mm; y = 0.1 → 20 mm.
        #expect(ScreenTransform(deviceSize: size, rotation: .r90).screenSize == PhysicalSize(widthMM: 100, heightMM: 200))
        #expect(near(mm(.r90), Point(x: 80, y: 20)))
    }

    @Test func upsideDownMirrorsBothAxes() {
        // (1 − 0.1) × 200, (1 − 0.2) × 100.
        #expect(near(mm(.r180), Point(x: 180, y: 80)))
    }

    @Test func turned270TheNativeTopIsOnTheLeft() {
        // x = 0.2 × 100 = 20; y = (1 − 0.1) × 200 = 180.
        #expect(near(mm(.r270), Point(x: 20, y: 180)))
    }

    @Test func libinputRotationMatrixAgreesWithRotation90() {
        // libinput documents "0 -1 1 1 0 0" as a 90° clockwise rotation: x' = 1 − y, y' = x.
        let cal = try! #require(CalibrationMatrix(parsing: "0 -1 1 1 0 0"))
        let t = ScreenTransform(deviceSize: size, calibration: cal)
        let r = ScreenTransform(deviceSize: size, rotation: .r90)
        #expect(near(t.screenNormalized(p), r.screenNormalized(p)))
    }

    @Test func calibrationOffsetAppliesBeforeRotation() {
        // Shift 5 % right in device space, then turn 180°: (1 − 0.15) × 200 = 170, (1 − 0.2) × 100 = 80.
        let cal = CalibrationMatrix(a: 1, b: 0, c: 0.05, d: 0, e: 1, f: 0)
        #expect(near(mm(.r180, cal), Point(x: 170, y: 80)))
    }

    @Test func calibrationParsingNeedsSixNumbers() {
        #expect(CalibrationMatrix(parsing: "1 0 0 0 1 0") == .identity)
        #expect(CalibrationMatrix(parsing: "1 0 0") == nil)
        #expect(CalibrationMatrix(parsing: "1 0 0 0 1 x") == nil)
        #expect(CalibrationMatrix(parsing: "1 0 0 0 1 nan") == nil)
        #expect(ScreenRotation(degrees: 45) == nil)
    }

    @Test func swipeFromTheUsersLeftOnAPanelTurned90() throws {
        // Panel 128 × 64 mm turned 90° clockwise: the user's left edge is the panel's native bottom (v = 1),
        // and moving right on screen is moving up (v decreasing) on the panel. Screen is 64 wide.
        let t = ScreenTransform(deviceSize: PhysicalSize(widthMM: 128, heightMM: 64), rotation: .r90)
        let r = try EdgeSwipeRecognizer(config: EdgeSwipeConfig(), transform: t)
        func c(_ phase: ContactPhase, _ screenX: Double) -> Contact {
            // Screen (x, 64 mm down) → native u = y / 128 = 0.5, v = 1 − x / 64.
            Contact(id: 1, slot: 0, phase: phase, deviceX: 0, deviceY: 0, mm: Point(x: 0, y: 0),
                    normalized: Point(x: 0.5, y: 1 - screenX / 64))
        }
        _ = r.process(TouchFrame(time: 0, contacts: [c(.down, 2)]), now: 0)
        _ = r.process(TouchFrame(time: 10_000, contacts: [c(.move, 5)]), now: 10_000)
        let e = r.process(TouchFrame(time: 20_000, contacts: [c(.move, 8)]), now: 20_000)
        // Progress is over the screen's width as seen: 6 / 64.
        check(e, .began, translation: 6, progress: 6.0 / 64, velocity: 300)
        #expect(e.first?.edge == .left)
        #expect(close(e.first?.startMM.y ?? 0, 64))
    }
}

@Suite struct ScreenTransformInverseTests {
    @Test(arguments: ScreenRotation.allCases)
    func inverseUndoesRotationAndCalibration(rotation: ScreenRotation) throws {
        let cal = CalibrationMatrix(a: 0.9, b: 0.05, c: 0.02, d: -0.03, e: 1.1, f: -0.04)
        let t = ScreenTransform(deviceSize: PhysicalSize(widthMM: 200, heightMM: 100), rotation: rotation, calibration: cal)
        let device = Point(x: 0.3, y: 0.7)
        let back = try #require(t.deviceNormalized(screenMM: t.screenMM(normalized: device)))
        #expect(close(back.x, 0.3, 1e-12) && close(back.y, 0.7, 1e-12))
    }

    @Test func singularCalibrationHasNoInverse() {
        let t = ScreenTransform(deviceSize: PhysicalSize(widthMM: 10, heightMM: 10),
                                calibration: CalibrationMatrix(a: 1, b: 1, c: 0, d: 1, e: 1, f: 0))
        #expect(t.deviceNormalized(screenMM: Point(x: 1, y: 1)) == nil)
    }
}

/// The same recognizer on a touchpad: the pad's own surface and physical size, here configured because the
/// pad reports no resolution (axes 0…4000 × 0…2400, configured 100 × 60 mm, so 40 units per mm).
@Suite struct TouchpadTests {
    let device = DeviceDescription(
        name: "test pad", id: InputID(bustype: 0x11, vendor: 2, product: 7, version: 1),
        codes: [EventType.abs: [AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY, AbsCode.mtTrackingID]],
        absInfo: [AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 4), AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 4000),
                  AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 2400), AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535)],
        properties: [InputProperty.pointer, InputProperty.buttonpad])

    @Test func withoutAConfiguredSizeThereIsNoGeometry() {
        #expect(throws: GeometryError.self) { try SurfaceGeometry(device: device) }
    }

    @Test func swipeFromThePadsRightEdgeUsesThePadSize() throws {
        let geometry = try SurfaceGeometry(device: device, configuredSize: PhysicalSize(widthMM: 100, heightMM: 60))
        let r = try EdgeSwipeRecognizer(config: EdgeSwipeConfig(edges: [.right]), transform: ScreenTransform(deviceSize: geometry.size))
        func c(_ phase: ContactPhase, _ x: Int32) -> Contact {
            Contact(id: 1, slot: 0, phase: phase, deviceX: x, deviceY: 1200, mm: geometry.millimetres(x: x, y: 1200),
                    normalized: geometry.normalized(x: x, y: 1200))
        }
        // x = 3920 → 98 mm, 2 mm from the right edge.
        #expect(r.process(TouchFrame(time: 0, contacts: [c(.down, 3920)]), now: 0) == [])
        // 3800 → 95 mm: 3 mm inward.
        #expect(r.process(TouchFrame(time: 10_000, contacts: [c(.move, 3800)]), now: 10_000) == [])
        // 3680 → 92 mm: 6 mm inward, 300 mm/s; progress 6 / 100 = 0.06.
        let e = r.process(TouchFrame(time: 20_000, contacts: [c(.move, 3680)]), now: 20_000)
        check(e, .began, translation: 6, progress: 0.06, velocity: 300)
        #expect(e.first?.edge == .right)
        // Lift 60 mm in (x = 1520 → 38 mm), long after the last move: progress 0.6 → complete.
        _ = r.process(TouchFrame(time: 30_000, contacts: [c(.move, 1520)]), now: 30_000)
        let end = r.process(TouchFrame(time: 100_000, contacts: [c(.up, 1520)]), now: 100_000)
        check(end, .ended, translation: 60, progress: 0.6, velocity: 0, outcome: .complete)
    }

    /// Issue 22: `--rotation` took any multiple of 90 (450, -90) while the configuration takes only the four
    /// angles. Every whole degree over two turns either way: exactly 0, 90, 180 and 270 are rotations.
    @Test func rotationAcceptsExactlyTheFourAngles() {
        for degrees in -720...720 {
            let expected: ScreenRotation? = switch degrees {
            case 0: .r0
            case 90: .r90
            case 180: .r180
            case 270: .r270
            default: nil
            }
            #expect(ScreenRotation(degrees: degrees) == expected, "\(degrees)")
        }
    }
}

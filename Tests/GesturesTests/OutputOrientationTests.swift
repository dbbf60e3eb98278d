import Testing
import TouchModel
@testable import Gestures

/// Output transforms as touches see them (Gestures/OutputOrientation.swift), in sway's clockwise naming: a plain
/// transform is the panel turned counter-clockwise by its angle, a flipped one is turned clockwise by its angle and
/// mirrored left to right after; wl_output's own values are the inverse.
@Suite struct OutputOrientationTests {
    /// Sway's names in the order of wl_output.transform's enum (wayland.xml: normal 0, 90 1, 180 2, 270 3, flipped 4,
    /// flipped_90 5, flipped_180 6, flipped_270 7).
    @Test func theEnumAndSwaysNames() {
        let expected: [(Int, ScreenRotation, Bool, String)] = [
            (0, .r0, false, "normal"), (1, .r90, false, "90"), (2, .r180, false, "180"), (3, .r270, false, "270"),
            (4, .r0, true, "flipped"), (5, .r90, true, "flipped-90"), (6, .r180, true, "flipped-180"),
            (7, .r270, true, "flipped-270"),
        ]
        for (value, rotation, flipped, name) in expected {
            let o = OutputOrientation(namedIndex: value)
            #expect(o == OutputOrientation(transform: rotation, flipped: flipped), "\(value)")
            #expect(o?.name == name)
            #expect(OutputOrientation(name: name) == o)
        }
        for bad in [-1, 8, 90] { #expect(OutputOrientation(namedIndex: bad) == nil) }
        for bad in ["", "0", "flipped-0", "flipped90", "45", "Normal", "normal "] { #expect(OutputOrientation(name: bad) == nil, "\(bad)") }
    }

    /// wl_output's values as a client receives them are the inverse of sway's names: sway's `transform 90` reached
    /// `edgeswipe feedback` as 3 under sway in the VM (sway's invert_rotation_direction swaps 90 and 270, flipped-90 and
    /// flipped-270); Hyprland's monitor transform is wl_output's value itself. 0, 2, 4 and 6 are their own inverses.
    @Test func wlOutputsValuesAreTheInverseOfSwaysNames() {
        let expected = ["normal", "270", "180", "90", "flipped", "flipped-270", "flipped-180", "flipped-90"]
        for (value, name) in expected.enumerated() {
            #expect(OutputOrientation(wlOutputTransform: value)?.name == name, "wl_output \(value)")
        }
        // A panel turned 90 degrees clockwise (its native bottom on the user's left) is wl_output's 90: rotation 90.
        #expect(OutputOrientation(wlOutputTransform: 1)?.rotation == .r90)
        #expect(OutputOrientation(wlOutputTransform: 3)?.rotation == .r270)
        for bad in [-1, 8, 90] { #expect(OutputOrientation(wlOutputTransform: bad) == nil) }
    }

    /// Where each native edge of a panel ends up for the user, for all eight transforms, worked out by hand:
    /// turning a sheet clockwise by 90 moves its left side to the top, its top to the right, its right to the
    /// bottom, its bottom to the left; a plain transform of N is N counter-clockwise (360 − N clockwise); a flipped
    /// one N clockwise, then left and right swapped. The VM under sway gives the same for `transform 90`: a touch at the
    /// native bottom reaches the client at the output's right edge (Tests/VM/compositor/run-screen).
    @Test(arguments: 0..<8)
    func everyNativeEdgeLandsWhereTheUserSeesIt(value: Int) throws {
        let o = try #require(OutputOrientation(namedIndex: value))
        let clockwise: [Edge: Edge] = [.left: .top, .top: .right, .right: .bottom, .bottom: .left]
        let mirrored: [Edge: Edge] = [.left: .right, .right: .left, .top: .top, .bottom: .bottom]
        let t = ScreenTransform(deviceSize: PhysicalSize(widthMM: 160, heightMM: 90), rotation: o.rotation, flipped: o.flipped)
        // A point 1 % inside each native edge, half way along it.
        let inside: [Edge: Point] = [.left: Point(x: 0.01, y: 0.5), .right: Point(x: 0.99, y: 0.5),
                                     .top: Point(x: 0.5, y: 0.01), .bottom: Point(x: 0.5, y: 0.99)]
        for native in Edge.allCases {
            var expected = native
            let turns = o.flipped ? o.transform.rawValue / 90 : (4 - o.transform.rawValue / 90) % 4
            for _ in 0..<turns { expected = clockwise[expected]! }
            if o.flipped { expected = mirrored[expected]! }
            let p = t.screenNormalized(inside[native]!)
            let nearest: Edge = p.x < 0.05 ? .left : p.x > 0.95 ? .right : p.y < 0.05 ? .top : .bottom
            #expect(nearest == expected, "\(o.name): native \(native) seen at \(p)")
            // And back: the inverse finds the same device point.
            let back = try #require(t.deviceNormalized(screenMM: t.screenMM(normalized: inside[native]!)))
            #expect(abs(back.x - inside[native]!.x) < 1e-9 && abs(back.y - inside[native]!.y) < 1e-9)
        }
    }

    /// The example: a swipe from the physical bottom of a panel turned 90 degrees clockwise (sway's
    /// `transform 270`) is a left swipe. A 128 × 64 mm panel: the finger starts 2 mm above the native bottom and
    /// moves 6 mm up.
    @Test func aSwipeFromThePhysicalBottomAtTransform270IsALeftSwipe() throws {
        let o = try #require(OutputOrientation(namedIndex: 3))
        #expect(o.rotation == .r90)
        let t = ScreenTransform(deviceSize: PhysicalSize(widthMM: 128, heightMM: 64), rotation: o.rotation, flipped: o.flipped)
        let r = try EdgeSwipeRecognizer(config: EdgeSwipeConfig(edges: Set(Edge.allCases)), transform: t)
        func c(_ phase: ContactPhase, _ upMM: Double) -> Contact {
            Contact(id: 1, slot: 0, phase: phase, deviceX: 0, deviceY: 0, mm: Point(x: 0, y: 0),
                    normalized: Point(x: 0.5, y: 1 - upMM / 64))
        }
        _ = r.process(TouchFrame(time: 0, contacts: [c(.down, 2)]), now: 0)
        _ = r.process(TouchFrame(time: 10_000, contacts: [c(.move, 5)]), now: 10_000)
        let e = r.process(TouchFrame(time: 20_000, contacts: [c(.move, 8)]), now: 20_000)
        #expect(e.first?.phase == .began)
        #expect(e.first?.edge == .left)
        // Seen from the user: 2 mm from the left, half way down the 128 mm tall screen.
        #expect(abs((e.first?.startMM.x ?? -1) - 2) < 1e-9 && abs((e.first?.startMM.y ?? -1) - 64) < 1e-9)
    }

    /// The flipped transforms mirror after turning: at flipped-90 the physical bottom is on the user's right.
    @Test func flippedMirrorsAfterTurning() {
        let t = ScreenTransform(deviceSize: PhysicalSize(widthMM: 100, heightMM: 50), rotation: .r90, flipped: true)
        // Native (0.3, 0.9): turned (1 − 0.9, 0.3) = (0.1, 0.3), mirrored (0.9, 0.3); screen is 50 × 100 mm.
        let p = t.screenMM(normalized: Point(x: 0.3, y: 0.9))
        #expect(abs(p.x - 45) < 1e-9 && abs(p.y - 30) < 1e-9)
    }
}

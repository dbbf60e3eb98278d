import Testing
import TouchInput
import TouchModel

@Suite("Decoder: protocol A, single touch, finger counts")
struct OtherProtocolsDecoderTests {
    let size = PhysicalSize(widthMM: 96, heightMM: 72)

    @Test func protocolAMatchesByNearestPosition() throws {
        var d = try TestDevices.decoder(TestDevices.protocolA(), size: size)
        let frames = decode(&d,
                            frame(1000, .abs(AbsCode.x, 1000), .x(1000), .y(1000), .mtReport, .touch(1)),
                            // Report order does not follow the fingers: matching is by distance.
                            frame(2000, .x(5000), .y(5000), .mtReport, .x(1010), .y(1000), .mtReport),
                            frame(3000, .x(1020), .y(1000), .mtReport, .x(4990), .y(5000), .mtReport),
                            frame(4000, .x(4980), .y(5000), .mtReport),
                            // An empty SYN_MT_REPORT: nothing is touching.
                            frame(5000, .mtReport, .touch(0)),
                            frame(6000))
        #expect(frames.map(summary) == [
            ["1 s0 down (1000,1000)"],
            ["1 s0 move (1010,1000)", "2 s1 down (5000,5000)"],
            ["1 s0 move (1020,1000)", "2 s1 move (4990,5000)"],
            ["1 s0 up (1020,1000)", "2 s1 move (4980,5000)"],
            ["2 s0 up (4980,5000)"],
            [],
        ])
        #expect(frames[1].contacts[1].mm == Point(x: 50, y: 50))
        #expect(d.diagnostics.isEmpty)
    }

    @Test func protocolAUsesTrackingIDWhenSent() throws {
        var d = try TestDevices.decoder(TestDevices.protocolA(trackingID: true), size: size)
        let frames = decode(&d,
                            frame(1000, .tid(10), .x(1000), .y(1000), .mtReport, .tid(11), .x(2000), .y(1000), .mtReport),
                            // The fingers cross: nearest matching would swap them, the ids do not.
                            frame(2000, .tid(11), .x(1100), .y(1000), .mtReport, .tid(10), .x(1900), .y(1000), .mtReport),
                            frame(3000, .tid(12), .x(1900), .y(1000), .mtReport, .tid(11), .x(1100), .y(1000), .mtReport))
        #expect(frames.map(summary) == [
            ["1 s0 down (1000,1000)", "2 s1 down (2000,1000)"],
            ["1 s0 move (1900,1000)", "2 s1 move (1100,1000)"],
            ["1 s0 up (1900,1000)", "2 s1 move (1100,1000)", "3 s2 down (1900,1000)"],
        ])
    }

    @Test func protocolAContactWithoutBothAxesIsIgnoredAndCounted() throws {
        var d = try TestDevices.decoder(TestDevices.protocolA(), size: size)
        let frames = decode(&d, frame(1000, .x(3000), .mtReport, .x(100), .y(200), .mtReport))
        #expect(frames.map(summary) == [["1 s0 down (100,200)"]])
        #expect(d.diagnostics == [.incompleteContact(count: 1)])
    }

    @Test func protocolAPalmIsCancelledAndStaysOut() throws {
        var d = try TestDevices.decoder(TestDevices.protocolA(toolType: true), size: size)
        let palm = MTToolType.palm
        let frames = decode(&d,
                            frame(1000, .x(1000), .y(1000), .mtReport),
                            frame(2000, .x(1010), .y(1000), .tool(palm), .mtReport),
                            frame(3000, .x(1020), .y(1000), .tool(palm), .mtReport),
                            frame(4000, .mtReport))
        #expect(frames.map(summary) == [["1 s0 down (1000,1000)"], ["1 s0 cancelled (1010,1000)"], [], []])
    }

    @Test func singleTouchUsesBtnTouch() throws {
        var d = try TestDevices.decoder(TestDevices.singleTouch())
        let x = AbsCode.x, y = AbsCode.y
        let frames = decode(&d,
                            frame(1000, .abs(x, 2000), .abs(y, 1500), .touch(1)),
                            frame(2000, .abs(x, 2100)),
                            frame(3000, .touch(0)),
                            // Hovering: positions without BTN_TOUCH are not contacts.
                            frame(4000, .abs(x, 10)),
                            frame(5000, .touch(1)),
                            frame(6000, .abs(y, 3100)))
        #expect(frames.map(summary) == [
            ["1 s0 down (2000,1500)"],
            ["1 s0 move (2100,1500)"],
            ["1 s0 up (2100,1500)"],
            [],
            ["2 s0 down (10,1500)"],
            ["2 s0 move (10,3000)!"],
        ])
        // 0...4000 and 0...3000 at 20 units/mm: 200 x 150 mm.
        #expect(frames[0].contacts[0].mm == Point(x: 100, y: 75))
        #expect(d.diagnostics == [.clamped(axis: y, count: 1)])
    }

    @Test func singleTouchWaitsForAPosition() throws {
        var d = try TestDevices.decoder(TestDevices.singleTouch())
        let frames = decode(&d,
                            frame(1000, .touch(1)),
                            frame(2000, .abs(AbsCode.x, 40)),
                            frame(3000, .abs(AbsCode.y, 60)),
                            frame(4000, .touch(0)),
                            frame(5000, .touch(1)),
                            frame(6000, .touch(0)))
        #expect(frames.map(summary) == [[], [], ["1 s0 down (40,60)"], ["1 s0 up (40,60)"],
                                        ["2 s0 down (40,60)"], ["2 s0 up (40,60)"]])
        var e = try TestDevices.decoder(TestDevices.singleTouch())
        _ = decode(&e, frame(1000, .touch(1)), frame(2000, .touch(0)))
        #expect(e.diagnostics == [.unpositionedContacts(count: 1)])
    }

    @Test func toolKeysReportMoreFingersThanSlots() throws {
        var d = try TestDevices.decoder(TestDevices.clickpad())
        let finger = KeyCode.btnToolFinger, two = KeyCode.btnToolDoubleTap, three = KeyCode.btnToolTripleTap
        let five = KeyCode.btnToolQuintTap
        let frames = decode(&d,
                            frame(1000, .slot(0), .tid(1), .x(2000), .y(2000), .key(finger, 1), .touch(1)),
                            frame(2000, .slot(1), .tid(2), .x(3000), .y(3000), .key(finger, 0), .key(two, 1)),
                            frame(3000, .key(two, 0), .key(three, 1)),
                            frame(4000, .key(three, 0), .key(five, 1)),
                            frame(5000, .slot(0), .tid(-1), .slot(1), .tid(-1), .key(five, 0), .touch(0)))
        #expect(frames.map(\.fingerCount) == [1, 2, 3, 5, 0])
        #expect(frames.map(\.activeCount) == [1, 2, 2, 2, 0])
        #expect(frames[4].contacts.map(\.phase) == [.up, .up])
    }

    @Test func nTrigDoubleTapKeyIsNotAFingerCount() throws {
        // hid-ntrig sends BTN_TOOL_DOUBLETAP with one finger and declares no BTN_TOOL_FINGER.
        var device = TestDevices.protocolA()
        device.codes[EventType.key] = [KeyCode.btnTouch, KeyCode.btnToolDoubleTap]
        var d = try TestDevices.decoder(device, size: size)
        let frames = decode(&d,
                            frame(1000, .x(1588), .y(6097), .mtReport, .key(KeyCode.btnToolDoubleTap, 1), .touch(1)),
                            frame(2000, .mtReport, .key(KeyCode.btnToolDoubleTap, 0), .touch(0)))
        #expect(frames.map(\.fingerCount) == [1, 0])
        #expect(frames.map(summary) == [["1 s0 down (1588,6097)"], ["1 s0 up (1588,6097)"]])
    }

    @Test func steadyStateReusesTheContactBuffer() throws {
        var d = try TestDevices.decoder(TestDevices.touchscreenB())
        var addresses = Set<UInt>()
        var count = 0
        for i in 0..<200 {
            let events = i == 0 ? frame(1, .slot(0), .tid(1), .x(10), .y(10)) : frame(Microseconds(UInt64(i)), .x(Int32(10 + i % 50)))
            for e in events {
                guard let f = d.feed(e) else { continue }
                count += f.contacts.count
                addresses.insert(f.contacts.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) })
            }
        }
        #expect(count == 200)
        #expect(addresses.count == 1)
    }
}

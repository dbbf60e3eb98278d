import Testing
import TouchInput
import TouchModel

@Suite("Decoder: protocol B")
struct ProtocolBDecoderTests {
    @Test func downMoveUpWithUnits() throws {
        var d = try TestDevices.decoder(TestDevices.touchscreenB())
        let frames = decode(&d,
                            frame(1000, .slot(0), .tid(40), .x(250), .y(100), .touch(1)),
                            frame(2000, .x(260)),
                            frame(3000, .tid(-1), .touch(0)))
        #expect(frames.map(summary) == [["1 s0 down (250,100)"], ["1 s0 move (260,100)"], ["1 s0 up (260,100)"]])
        #expect(frames.map(\.time) == [1000, 2000, 3000])
        #expect(frames.map(\.fingerCount) == [1, 1, 0])
        let first = try #require(frames.first?.contacts.first)
        // 250/1000 of 100 mm, 100/500 of 50 mm.
        #expect(first.normalized == Point(x: 0.25, y: 0.2))
        #expect(first.mm == Point(x: 25, y: 10))
        #expect(frames.allSatisfy { !$0.resynced })
        #expect(d.diagnostics.isEmpty)
    }

    @Test func everySynReportIsAFrameEvenWithoutContacts() throws {
        var d = try TestDevices.decoder(TestDevices.touchscreenB())
        let frames = decode(&d, frame(10), frame(20))
        #expect(frames.map(\.contacts.count) == [0, 0])
        #expect(frames.map(\.time) == [10, 20])
    }

    @Test func trackingIDReuseGivesNewContactIDs() throws {
        var d = try TestDevices.decoder(TestDevices.touchscreenB())
        let frames = decode(&d,
                            frame(1000, .slot(0), .tid(5), .x(100), .y(100)),
                            frame(2000, .tid(-1)),
                            // The device hands out tracking id 5 again: a new touch, a new contact id.
                            frame(3000, .tid(5), .x(300)),
                            // A new id without -1 first: the old touch ended, a new one began, same slot.
                            frame(4000, .tid(6), .x(700), .y(400)),
                            frame(5000, .x(710)))
        #expect(frames.map(summary) == [
            ["1 s0 down (100,100)"],
            ["1 s0 up (100,100)"],
            ["2 s0 down (300,100)"],
            ["2 s0 up (300,100)", "3 s0 down (700,400)"],
            ["3 s0 move (710,400)"],
        ])
    }

    @Test func twoSlotsInSlotOrderKeepTheirPositionsAcrossContacts() throws {
        var d = try TestDevices.decoder(TestDevices.touchscreenB())
        let frames = decode(&d,
                            frame(1000, .slot(1), .tid(8), .x(900), .y(50), .slot(0), .tid(7), .x(10), .y(20)),
                            frame(2000, .slot(1), .y(60)),
                            frame(3000, .tid(-1)),
                            // The kernel does not repeat an unchanged value: slot 1 keeps x=900, y=60.
                            frame(4000, .tid(9)))
        // Ids are handed out as contacts are first reported, in slot order within a frame.
        #expect(frames.map(summary) == [
            ["1 s0 down (10,20)", "2 s1 down (900,50)"],
            ["1 s0 move (10,20)", "2 s1 move (900,60)"],
            ["1 s0 move (10,20)", "2 s1 up (900,60)"],
            ["1 s0 move (10,20)", "3 s1 down (900,60)"],
        ])
        #expect(frames.map(\.fingerCount) == [2, 2, 1, 2])
    }

    /// `report` visits only slots with a live touch or an ended contact (a bit mask): touches far apart on a
    /// 64-slot panel, ending in different ways, still come out in slot order, each end exactly once.
    @Test func scatteredSlotsOfAWidePanelComeOutInSlotOrderAndEndOnce() throws {
        var d = try TestDevices.decoder(TestDevices.touchscreenB(slots: 64))
        let frames = decode(&d,
                            frame(1000, .slot(63), .tid(1), .x(600), .y(60), .slot(5), .tid(2), .x(50), .y(5)),
                            frame(2000, .slot(40), .tid(3), .x(400), .y(40)),
                            // Slot 5 lifts, slot 63 becomes a palm, slot 40 moves.
                            frame(3000, .slot(5), .tid(-1), .slot(63), .tool(2), .slot(40), .x(410)),
                            // Nothing changes: only slot 40 is still ours (63 is ignored until its id changes).
                            frame(4000),
                            // A new touch in slot 5, slot 63's palm lifts (nothing to report), slot 40 lifts.
                            frame(5000, .slot(5), .tid(4), .x(70), .y(7), .slot(63), .tid(-1), .tool(0),
                                  .slot(40), .tid(-1)),
                            frame(6000))
        #expect(frames.map(summary) == [
            ["1 s5 down (50,5)", "2 s63 down (600,60)"],
            ["1 s5 move (50,5)", "3 s40 down (400,40)", "2 s63 move (600,60)"],
            ["1 s5 up (50,5)", "3 s40 move (410,40)", "2 s63 cancelled (600,60)"],
            ["3 s40 move (410,40)"],
            ["4 s5 down (70,7)", "3 s40 up (410,40)"],
            ["4 s5 move (70,7)"],
        ])
        #expect(frames.map(\.fingerCount) == [2, 3, 1, 1, 1, 1])
    }

    @Test func slotBeyondSlotCountIsIgnoredAndCounted() throws {
        var d = try TestDevices.decoder(TestDevices.touchscreenB(slots: 2))
        let frames = decode(&d,
                            frame(1000, .slot(0), .tid(1), .x(100), .y(100), .slot(1), .tid(2), .x(200), .y(200)),
                            // A third finger in slot 2 of a 2-slot device: its events go nowhere.
                            frame(2000, .slot(2), .tid(3), .x(300), .y(300), .slot(0), .x(110)),
                            frame(3000, .slot(2), .x(333), .slot(1), .x(210)),
                            frame(4000, .slot(-1), .tid(-1)))
        #expect(frames.map(summary) == [
            ["1 s0 down (100,100)", "2 s1 down (200,200)"],
            ["1 s0 move (110,100)", "2 s1 move (200,200)"],
            ["1 s0 move (110,100)", "2 s1 move (210,200)"],
            // Slot -1 is also out of range: the tracking id -1 after it must not lift slot 1.
            ["1 s0 move (110,100)", "2 s1 move (210,200)"],
        ])
        #expect(d.diagnostics == [.slotOverflow(count: 3)])
    }

    @Test func outOfRangeValuesAreClampedAndFlagged() throws {
        var d = try TestDevices.decoder(TestDevices.touchscreenB())
        let frames = decode(&d,
                            frame(1000, .slot(0), .tid(1), .x(1005), .y(-3)),
                            frame(2000, .x(990)),
                            frame(3000, .y(20)),
                            frame(4000, .x(-50)))
        #expect(frames.map(summary) == [
            ["1 s0 down (1000,0)!"],
            ["1 s0 move (990,0)!"],   // y is still the clamped -3
            ["1 s0 move (990,20)"],
            ["1 s0 move (0,20)!"],
        ])
        let first = try #require(frames.first?.contacts.first)
        #expect(first.normalized == Point(x: 1, y: 0))
        #expect(Set(d.diagnostics) == [.clamped(axis: AbsCode.mtPositionX, count: 2),
                                       .clamped(axis: AbsCode.mtPositionY, count: 1)])
    }

    @Test func palmToolTypeCancelsTheContact() throws {
        var d = try TestDevices.decoder(TestDevices.touchscreenB())
        let lines = LogLines()
        d.logSink = LogSink { _, line in lines.append(line) }
        let palm = MTToolType.palm, finger = MTToolType.finger
        let frames = decode(&d,
                            frame(1000, .slot(0), .tid(1), .x(100), .y(100), .slot(1), .tid(2), .x(500), .y(300)),
                            frame(2000, .slot(0), .x(120), .tool(palm)),
                            // Still the same touch: stays ignored even if the device calls it a finger again.
                            frame(3000, .x(130), .tool(finger)),
                            frame(4000, .tid(-1)),
                            frame(5000, .tid(3), .x(140)),
                            // A touch that is a palm from its first frame never appears.
                            frame(6000, .slot(1), .tid(-1), .tool(palm), .tid(4)),
                            frame(7000, .tid(-1)))
        #expect(frames.map(summary) == [
            ["1 s0 down (100,100)", "2 s1 down (500,300)"],
            ["1 s0 cancelled (120,100)", "2 s1 move (500,300)"],
            ["2 s1 move (500,300)"],
            ["2 s1 move (500,300)"],
            ["3 s0 down (140,100)", "2 s1 move (500,300)"],
            ["3 s0 move (140,100)", "2 s1 up (500,300)"],
            ["3 s0 move (140,100)"],
        ])
        #expect(lines.all.filter { $0.contains("palm") } == ["slot 0: active(1) -> palm -> ignored",
                                                             "slot 1: pending -> palm -> ignored"])
    }

    @Test func mtOnlyDeviceWithoutAbsXOrBtnTouch() throws {
        var d = try TestDevices.decoder(TestDevices.mtOnly(), size: PhysicalSize(widthMM: 68, heightMM: 121))
        let frames = decode(&d,
                            frame(100, .slot(0), .tid(17), .x(1535), .y(0)),
                            frame(200, .slot(3), .tid(18), .x(0), .y(2559)),
                            frame(300, .slot(0), .tid(-1), .slot(3), .tid(-1)))
        #expect(frames.map(summary) == [
            ["1 s0 down (1535,0)"],
            ["1 s0 move (1535,0)", "2 s3 down (0,2559)"],
            ["1 s0 up (1535,0)", "2 s3 up (0,2559)"],
        ])
        let corner = try #require(frames[1].contacts.last)
        #expect(corner.mm == Point(x: 0, y: 121))
        #expect(frames[0].contacts[0].mm == Point(x: 68, y: 0))
    }

    @Test func contactWaitsUntilItsPositionIsKnown() throws {
        // Like the Cypress three-finger-tap recording: slot 1 gets a tracking id but, having the values it had
        // before the recording began, no position. It must not appear at (0,0), a screen edge.
        var d = try TestDevices.decoder(TestDevices.touchscreenB())
        let frames = decode(&d,
                            frame(1000, .slot(0), .tid(393), .x(642), .y(252), .slot(1), .tid(394)),
                            frame(2000, .x(650)),
                            frame(3000, .y(260)),
                            frame(4000, .slot(0), .tid(-1), .slot(1), .tid(-1)),
                            frame(5000, .tid(395)),
                            frame(6000, .tid(-1)))
        #expect(frames.map(summary) == [
            ["1 s0 down (642,252)"],
            ["1 s0 move (642,252)"],
            ["1 s0 move (642,252)", "2 s1 down (650,260)"],
            ["1 s0 up (642,252)", "2 s1 up (650,260)"],
            // Slot 1's position is known from now on: the kernel would not resend unchanged values.
            ["3 s1 down (650,260)"],
            ["3 s1 up (650,260)"],
        ])
        #expect(d.diagnostics.isEmpty)
    }

    @Test func contactEndingWithoutAnyPositionIsLeftOutAndCounted() throws {
        var d = try TestDevices.decoder(TestDevices.touchscreenB())
        let frames = decode(&d, frame(1000, .slot(1), .tid(7)), frame(2000, .tid(-1)), frame(3000, .tid(8), .x(5), .y(6)))
        // The unpositioned touch was never shown and took no id.
        #expect(frames.map(summary) == [[], [], ["1 s1 down (5,6)"]])
        #expect(d.diagnostics == [.unpositionedContacts(count: 1)])
    }

    @Test func absurdDescriptionDoesNotTrapOrAllocateBillionsOfSlots() throws {
        var device = TestDevices.touchscreenB()
        device.absInfo[AbsCode.mtSlot] = AbsInfo(minimum: 0, maximum: .max)
        device.absInfo[AbsCode.mtPositionX] = AbsInfo(minimum: .min, maximum: .max)
        device.absInfo[AbsCode.mtPositionY] = AbsInfo(minimum: .min, maximum: .max)
        var d = try TestDevices.decoder(device, size: PhysicalSize(widthMM: 100, heightMM: 50))
        let frames = decode(&d,
                            frame(1000, .slot(1_000_000), .tid(1), .x(5), .y(5)),
                            frame(2000, .slot(63), .tid(2), .x(.max), .y(.min)))
        #expect(frames.map(summary) == [[], ["1 s63 down (2147483647,-2147483648)"]])
        let c = try #require(frames.last?.contacts.first)
        #expect(c.normalized == Point(x: 1, y: 0))
        #expect(c.mm == Point(x: 100, y: 0))
        #expect(d.diagnostics == [.slotOverflow(count: 1)])
    }

    @Test func undeclaredEventsAreCountedNotApplied() throws {
        var d = try TestDevices.decoder(TestDevices.touchscreenB())
        let pressure = AbsCode.mtPressure
        let frames = decode(&d,
                            frame(1000, .slot(0), .tid(1), .x(100), .y(100), .abs(pressure, 30)),
                            frame(2000, .abs(pressure, 31), .other(type: EventType.rel, code: 0, value: 1)))
        #expect(frames.map(summary) == [["1 s0 down (100,100)"], ["1 s0 move (100,100)"]])
        #expect(d.diagnostics == [.unknownEvent(type: EventType.abs, code: pressure, count: 2),
                                  .unknownEvent(type: EventType.rel, code: 0, count: 1)])
    }
}

@testable import EdgeSwipeDaemon
import Testing
import TouchInput

/// list-devices' Pen rows: each pair, named from both sides with the rule that paired it, and an unpaired pen's why.
@Suite struct PenListingTests {
    static func device(_ name: String, pen: Bool, phys: String) -> DeviceDescription {
        let axis = AbsInfo(minimum: 0, maximum: 4095, resolution: 14)
        let abs: Set<UInt16> = pen ? [AbsCode.x, AbsCode.y] : [AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY]
        return DeviceDescription(name: name, id: InputID(bustype: 3, vendor: 0x056a, product: 0x5256, version: 1),
                                 codes: [EventType.key: pen ? [KeyCode.btnToolPen] : [KeyCode.btnTouch], EventType.abs: abs],
                                 absInfo: pen ? [AbsCode.x: axis, AbsCode.y: axis] : [AbsCode.mtPositionX: axis, AbsCode.mtPositionY: axis],
                                 phys: phys)
    }

    @Test func aPairIsShownFromBothSidesAndALonePenSaysWhy() {
        let rows = PenListing.rows([
            ("/dev/input/event5", Self.device("Wacom HID 5256 Finger", pen: false, phys: "usb-0000:00:14.0-1/input0")),
            ("/dev/input/event6", Self.device("Wacom HID 5256 Pen", pen: true, phys: "usb-0000:00:14.0-1/input1")),
            ("/dev/input/event7", nil),
            ("/dev/input/event8", Self.device("Other Pen", pen: true, phys: "usb-0000:00:14.0-4/input0")),
        ])
        #expect(rows[0] == "pen: Wacom HID 5256 Pen (phys group usb-0000:00:14.0-1)")
        #expect(rows[1] == "pairs with Wacom HID 5256 Finger (/dev/input/event5, phys group usb-0000:00:14.0-1)")
        #expect(rows[2] == nil)
        #expect(rows[3] == "pairs with nothing: no touch device in its phys group usb-0000:00:14.0-4")
    }
}

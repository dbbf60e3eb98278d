import Testing
import TouchInput
import TouchModel

/// Issue 36's pairing of a pen node with its touch node: libinput's group rule (udev LIBINPUT_DEVICE_GROUP, else
/// the phys path without its last component), the phys-less fallback (vendor, product and name stem), and the
/// configuration's `pen: NAME` / `pen: none`.
@Suite struct PenPairingTests {
    static func touch(_ name: String, vendor: UInt16 = 0x056a, product: UInt16 = 0x5256, phys: String = "",
                      udev: [String: String] = [:]) -> DeviceDescription {
        let axis = AbsInfo(minimum: 0, maximum: 4095, resolution: 14)
        return DeviceDescription(name: name, id: InputID(bustype: 0x18, vendor: vendor, product: product, version: 1),
                                 codes: [EventType.key: [KeyCode.btnTouch],
                                         EventType.abs: [AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY, AbsCode.mtTrackingID]],
                                 absInfo: [AbsCode.mtPositionX: axis, AbsCode.mtPositionY: axis], properties: [InputProperty.direct],
                                 udevProperties: udev, phys: phys)
    }

    static func pen(_ name: String, vendor: UInt16 = 0x056a, product: UInt16 = 0x5256, phys: String = "",
                    udev: [String: String] = [:]) -> DeviceDescription {
        let axis = AbsInfo(minimum: 0, maximum: 30000, resolution: 100)
        return DeviceDescription(name: name, id: InputID(bustype: 0x18, vendor: vendor, product: product, version: 1),
                                 codes: [EventType.key: [KeyCode.btnToolPen, KeyCode.btnTouch], EventType.abs: [AbsCode.x, AbsCode.y]],
                                 absInfo: [AbsCode.x: axis, AbsCode.y: axis], properties: [InputProperty.direct],
                                 udevProperties: udev, phys: phys)
    }

    @Test func aPenNodeIsAPenAndATouchNodeIsNot() {
        #expect(PenPairing.isPen(Self.pen("Wacom HID 5256 Pen")))
        #expect(!PenPairing.isPen(Self.touch("Wacom HID 5256 Finger")))
    }

    @Test func physWithoutItsLastComponentPairsInput0WithInput1() {
        let t = Self.touch("Wacom HID 5256 Finger", phys: "usb-0000:00:14.0-1/input0")
        let p = Self.pen("Wacom HID 5256 Pen", phys: "usb-0000:00:14.0-1/input1")
        #expect(PenPairing.automaticReason(touch: t, pen: p) == .physGroup("usb-0000:00:14.0-1"))
        // Another port is another device, whatever the names say.
        let other = Self.pen("Wacom HID 5256 Pen", phys: "usb-0000:00:14.0-2/input1")
        #expect(PenPairing.automaticReason(touch: t, pen: other) == nil)
        #expect(PenPairing.physGroup("i2c-WCOM5256:00") == "i2c-WCOM5256:00")
        #expect(PenPairing.physGroup("") == nil)
    }

    @Test func theUdevGroupDecidesBeforeThePhys() {
        let t = Self.touch("A Finger", phys: "usb-1/input0", udev: ["LIBINPUT_DEVICE_GROUP": "3/56a/5256:usb-1"])
        let same = Self.pen("B Pen", phys: "usb-9/input1", udev: ["LIBINPUT_DEVICE_GROUP": "3/56a/5256:usb-1"])
        let differs = Self.pen("A Pen", phys: "usb-1/input1", udev: ["LIBINPUT_DEVICE_GROUP": "3/56a/5257:usb-1"])
        #expect(PenPairing.automaticReason(touch: t, pen: same) == .deviceGroup("3/56a/5256:usb-1"))
        #expect(PenPairing.automaticReason(touch: t, pen: differs) == nil)
    }

    @Test func physLessNodesPairBySameIdsAndNameStem() {
        // iptsd's uinput nodes: no phys, the same ids, "IPTS Touch" and "IPTS Stylus".
        let t = Self.touch("IPTS Touch", vendor: 0x045e, product: 0x0c1a)
        let p = Self.pen("IPTS Stylus", vendor: 0x045e, product: 0x0c1a)
        #expect(PenPairing.automaticReason(touch: t, pen: p) == .nameStem("IPTS"))
        #expect(PenPairing.nameStem("Wacom HID 5256 Finger") == "Wacom HID 5256")
        #expect(PenPairing.nameStem("ELAN9008:00 04F3:2C82 Stylus") == "ELAN9008:00 04F3:2C82")
        // Another product, or another stem, or a phys on one side only: not paired.
        #expect(PenPairing.automaticReason(touch: t, pen: Self.pen("IPTS Stylus", vendor: 0x045e, product: 0x0c1b)) == nil)
        #expect(PenPairing.automaticReason(touch: t, pen: Self.pen("IPTX Stylus", vendor: 0x045e, product: 0x0c1a)) == nil)
        #expect(PenPairing.automaticReason(touch: t, pen: Self.pen("IPTS Stylus", vendor: 0x045e, product: 0x0c1a,
                                                                     phys: "usb-1/input1")) == nil)
    }

    @Test func theConfigurationPairsANamedPenAndUnpairsWithNone() {
        let t = Self.touch("Panel", vendor: 1, product: 1)
        let p = Self.pen("Some Other Pen", vendor: 2, product: 2)
        let named = PenPairing.pair(touches: [(t, .named("Some Other Pen"))], pens: [p])
        #expect(named == [PenPairOutcome(touch: 0, reason: .configured("Some Other Pen"), unpaired: nil)])
        let nothing = PenPairing.pair(touches: [(t, .automatic)], pens: [p])
        #expect(nothing.first?.touch == nil)
        #expect(nothing.first?.unpaired == "no phys, and no phys-less touch device with id 0002:0002 and name stem \"Some Other\"")

        let t2 = Self.touch("IPTS Touch")
        let p2 = Self.pen("IPTS Stylus")
        let refused = PenPairing.pair(touches: [(t2, PenRequest.none)], pens: [p2])
        #expect(refused.first?.touch == nil)
        #expect(refused.first?.unpaired == "its touch device is configured otherwise (\"IPTS Touch\" has pen: none)")
    }

    @Test func twoPensPairWithOneTouchDeviceAndEachPenWithOneOnly() {
        let a = Self.touch("Wacom HID 5256 Finger", phys: "usb-1/input0")
        let b = Self.touch("Wacom HID 5256 Finger", phys: "usb-1/input2")  // a second node of the same group
        let pen = Self.pen("Wacom HID 5256 Pen", phys: "usb-1/input1")
        let eraser = Self.pen("Wacom HID 5256 Eraser", phys: "usb-1/input3")
        let outcomes = PenPairing.pair(touches: [(a, .automatic), (b, .automatic)], pens: [pen, eraser])
        #expect(outcomes.map(\.touch) == [0, 0])
        #expect(outcomes.map(\.reason) == [.physGroup("usb-1"), .physGroup("usb-1")])
        #expect(PenPairReason.physGroup("usb-1").description == "phys group usb-1")
    }
}

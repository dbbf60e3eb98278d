@testable import EdgeSwipeDaemon
import Testing
import TouchInput

/// The service pairs a pen with a touchscreen read through libinput by the same rule as list-devices and the doctor:
/// udev's LIBINPUT_DEVICE_GROUP first. The live run (PenLiveTests) showed the service pairing such a pair "by phys
/// group" while list-devices said "device group": the libinput touchscreen's node was read again through libevdev
/// without the udev properties udev had tagged it with. The ids and phys are the VM test's: 0018:2d1f:0101 on
/// usb-live-1/input0 and /input1; libinput's udev helper (udev/libinput-device-group.c) names their group
/// "bustype/vendor/product:phys without its last component" in hex, 18/2d1f/101:usb-live-1.
@Suite struct PenLibinputPairingTests {
    static let group = "18/2d1f/101:usb-live-1"
    static let node = "/dev/input/event1"

    static func touchscreen() -> DeviceDescription {
        let axis = AbsInfo(minimum: 0, maximum: 3000, resolution: 10)
        return DeviceDescription(name: "Live Pen Panel Touchscreen", id: InputID(bustype: 0x18, vendor: 0x2d1f, product: 0x0101, version: 1),
                                 codes: [EventType.key: [KeyCode.btnTouch], EventType.abs: [AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY]],
                                 absInfo: [AbsCode.mtPositionX: axis, AbsCode.mtPositionY: axis], origin: node, phys: "usb-live-1/input0")
    }

    static func pen(group: String) -> DeviceDescription {
        let axis = AbsInfo(minimum: 0, maximum: 30000, resolution: 100)
        return DeviceDescription(name: "Live Pen Panel Pen", id: InputID(bustype: 0x18, vendor: 0x2d1f, product: 0x0101, version: 1),
                                 codes: [EventType.key: [KeyCode.btnToolPen], EventType.abs: [AbsCode.x, AbsCode.y]],
                                 absInfo: [AbsCode.x: axis, AbsCode.y: axis],
                                 udevProperties: ["ID_INPUT_TABLET": "1", "LIBINPUT_DEVICE_GROUP": group], phys: "usb-live-1/input1")
    }

    /// The touchscreen as the service reads it for the rule: its node through libevdev (no udev properties), with
    /// the properties udev tagged it with.
    static func libinputTouchscreen(udevGroup: String) -> DeviceDescription? {
        EdgeSwipeService.pairingDescription(reader: .libinput, pipeline: nil, node: node,
                                            udevProperties: ["ID_INPUT_TOUCHSCREEN": "1", "LIBINPUT_DEVICE_GROUP": udevGroup],
                                            open: { $0 == node ? touchscreen() : nil })
    }

    @Test func aLibinputTouchscreenPairsByItsUdevDeviceGroup() throws {
        let touch = try #require(Self.libinputTouchscreen(udevGroup: Self.group))
        #expect(touch.udevProperties["LIBINPUT_DEVICE_GROUP"] == Self.group)
        #expect(touch.phys == "usb-live-1/input0")
        #expect(PenPairing.automaticReason(touch: touch, pen: Self.pen(group: Self.group)) == .deviceGroup(Self.group))
    }

    /// A rule or hwdb entry that puts the nodes in different groups keeps them apart in libinput; the service
    /// must not pair them by their phys instead.
    @Test func differentUdevGroupsDoNotPairThoughThePhysGroupsAgree() throws {
        let touch = try #require(Self.libinputTouchscreen(udevGroup: "18/2d1f/101:usb-live-1-touch"))
        let outcome = PenPairing.pair(touches: [(touch, .automatic)], pens: [Self.pen(group: Self.group)])
        #expect(outcome == [PenPairOutcome(unpaired: "no touch device in its device group \(Self.group)")])
    }

    @Test func anEvdevSourceIsReadAsOpenedAndARecordingsDeviceNot() {
        var opened = Self.touchscreen()
        opened.udevProperties = ["LIBINPUT_DEVICE_GROUP": Self.group]
        let evdev = EdgeSwipeService.pairingDescription(reader: .evdev, pipeline: opened, node: Self.node,
                                                        udevProperties: ["LIBINPUT_DEVICE_GROUP": "ignored"], open: { _ in nil })
        #expect(evdev == opened)
        #expect(EdgeSwipeService.pairingDescription(reader: .recording, pipeline: opened, node: nil, udevProperties: [:],
                                                    open: { _ in Self.touchscreen() }) == nil)
        // A libinput node that cannot be opened again has nothing for the rule.
        #expect(EdgeSwipeService.pairingDescription(reader: .libinput, pipeline: nil, node: "/dev/input/event9",
                                                    udevProperties: [:], open: { _ in nil }) == nil)
    }
}

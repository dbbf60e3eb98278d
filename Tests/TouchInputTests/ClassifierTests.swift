import Testing
import TouchInput
import TouchModel

/// Descriptions modelled on real devices (properties, keys and axes as their evemu descriptions list them).
@Suite("Classification")
struct ClassifierTests {
    static let mtB: [UInt16] = [AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY, AbsCode.mtTrackingID]
    static let mtA: [UInt16] = [AbsCode.mtPositionX, AbsCode.mtPositionY]
    static let st: [UInt16] = [AbsCode.x, AbsCode.y]
    static let touchpadKeys: [UInt16] = [KeyCode.btnLeft, KeyCode.btnTouch, KeyCode.btnToolFinger,
                                         KeyCode.btnToolDoubleTap, KeyCode.btnToolTripleTap]
    static let btnStylus = EventCodeNames.code(type: EventType.key, named: "BTN_STYLUS")!
    static let btnRight = EventCodeNames.code(type: EventType.key, named: "BTN_RIGHT")!
    static let btnTrigger = EventCodeNames.code(type: EventType.key, named: "BTN_TRIGGER")!
    static let absZ = EventCodeNames.code(type: EventType.abs, named: "ABS_Z")!
    static let accelerometer = UInt16(6)  // INPUT_PROP_ACCELEROMETER

    static func device(_ name: String, properties: Set<UInt16> = [], keys: [UInt16] = [], abs: [UInt16],
                       udev: [String: String] = [:]) -> DeviceDescription {
        var codes: [UInt16: Set<UInt16>] = [EventType.syn: [0], EventType.abs: Set(abs)]
        if !keys.isEmpty { codes[EventType.key] = Set(keys) }
        var info: [UInt16: AbsInfo] = [:]
        for a in abs { info[a] = AbsInfo(minimum: 0, maximum: a == AbsCode.mtSlot ? 9 : 4095) }
        return DeviceDescription(name: name, id: InputID(bustype: 3, vendor: 1, product: 1, version: 1), codes: codes,
                                 absInfo: info, properties: properties, udevProperties: udev)
    }

    struct Case: Sendable, CustomStringConvertible {
        var device: DeviceDescription
        var kind: DeviceKind
        var reasonContains: String
        var description: String { device.name }
    }

    static let cases: [Case] = [
        // Touchscreens with INPUT_PROP_DIRECT.
        Case(device: device("NVTCapacitiveTouchScreen (Pixel Tablet)", properties: [InputProperty.direct],
                            keys: [KeyCode.btnTouch], abs: mtB), kind: .touchscreen, reasonContains: "INPUT_PROP_DIRECT set"),
        Case(device: device("touch_dev (n4, MT only)", properties: [InputProperty.direct], abs: mtB + [AbsCode.mtPressure]),
             kind: .touchscreen, reasonContains: "INPUT_PROP_DIRECT set"),
        Case(device: device("Wacom ISDv4 E6 Finger", properties: [InputProperty.direct], keys: [KeyCode.btnTouch],
                            abs: st + mtB), kind: .touchscreen, reasonContains: "INPUT_PROP_DIRECT set"),
        Case(device: device("Atmel maXTouch Touchscreen", properties: [InputProperty.direct], keys: [KeyCode.btnTouch],
                            abs: st + mtB), kind: .touchscreen, reasonContains: "INPUT_PROP_DIRECT"),
        Case(device: device("EP0430M09", properties: [InputProperty.direct], keys: [KeyCode.btnTouch], abs: st + mtB),
             kind: .touchscreen, reasonContains: "INPUT_PROP_DIRECT"),
        Case(device: device("QUANTA OpticalTouchScreen", properties: [InputProperty.direct], keys: [KeyCode.btnTouch],
                            abs: st + mtB), kind: .touchscreen, reasonContains: "INPUT_PROP_DIRECT"),
        Case(device: device("ELAN CANDO Windows7", properties: [InputProperty.direct], keys: [KeyCode.btnTouch],
                            abs: st + mtB), kind: .touchscreen, reasonContains: "INPUT_PROP_DIRECT"),
        // Touchscreens without any property: the stated fallback.
        Case(device: device("N-Trig MultiTouch", keys: [KeyCode.btnTouch, KeyCode.btnToolDoubleTap], abs: st + mtA),
             kind: .touchscreen, reasonContains: "fallback"),
        Case(device: device("N-Trig MultiTouch (older kernel)", keys: [KeyCode.btnTouch], abs: st + mtA),
             kind: .touchscreen, reasonContains: "fallback"),
        Case(device: device("MT-only panel without properties", abs: mtB), kind: .touchscreen, reasonContains: "fallback"),
        // Touchpads by property.
        Case(device: device("SynPS/2 Synaptics TouchPad (clickpad)", properties: [InputProperty.pointer, InputProperty.buttonpad],
                            keys: touchpadKeys + [KeyCode.btnToolQuadTap, KeyCode.btnToolQuintTap], abs: st + mtB),
             kind: .touchpad, reasonContains: "INPUT_PROP_BUTTONPAD set"),
        Case(device: device("SynPS/2 Synaptics TouchPad (no MT)", properties: [InputProperty.pointer],
                            keys: touchpadKeys + [btnRight], abs: st),
             kind: .touchpad, reasonContains: "INPUT_PROP_POINTER set"),
        Case(device: device("AlpsPS/2 ALPS DualPoint TouchPad", properties: [InputProperty.semiMT],
                            keys: touchpadKeys, abs: st + mtB), kind: .touchpad, reasonContains: "INPUT_PROP_SEMI_MT set"),
        Case(device: device("ETPS/2 Elantech Touchpad", properties: [InputProperty.semiMT], keys: touchpadKeys, abs: st + mtB),
             kind: .touchpad, reasonContains: "INPUT_PROP_SEMI_MT"),
        Case(device: device("CyPS/2 Cypress Trackpad", properties: [InputProperty.buttonpad, InputProperty.semiMT],
                            keys: touchpadKeys, abs: st + mtB), kind: .touchpad, reasonContains: "INPUT_PROP_BUTTONPAD"),
        Case(device: device("bcm5974", properties: [InputProperty.buttonpad], keys: touchpadKeys, abs: st + mtA),
             kind: .touchpad, reasonContains: "INPUT_PROP_BUTTONPAD"),
        // Touchpads without properties: fallback on finger tools and buttons.
        Case(device: device("SynPS/2 Synaptics TouchPad (fdo23890)", keys: touchpadKeys, abs: st),
             kind: .touchpad, reasonContains: "fallback"),
        Case(device: device("AlpsPS/2 ALPS DualPoint TouchPad (non-MT)",
                            keys: [KeyCode.btnLeft, KeyCode.btnTouch, KeyCode.btnToolFinger], abs: st),
             kind: .touchpad, reasonContains: "BTN_TOOL_FINGER"),
        // Tablets: a pen or stylus, on a display or not.
        Case(device: device("Wacom ISDv4 E6 Pen", properties: [InputProperty.direct],
                            keys: [KeyCode.btnToolPen, KeyCode.btnTouch, btnStylus], abs: st + [AbsCode.pressure]),
             kind: .tablet, reasonContains: "BTN_TOOL_PEN"),
        Case(device: device("Wacom Intuos Pen", properties: [InputProperty.pointer],
                            keys: [KeyCode.btnToolPen, KeyCode.btnTouch, btnStylus], abs: st),
             kind: .tablet, reasonContains: "BTN_TOOL_PEN"),
        Case(device: device("Stylus-only digitiser", keys: [KeyCode.btnTouch, btnStylus], abs: st),
             kind: .tablet, reasonContains: "BTN_STYLUS"),
        // Other.
        Case(device: device("Keyboard", keys: [KeyCode.keyBack], abs: []), kind: .other, reasonContains: "no ABS_X"),
        Case(device: device("Joystick", keys: [btnTrigger], abs: st + [absZ]), kind: .other, reasonContains: "not a touch surface"),
        Case(device: device("Accelerometer", properties: [accelerometer], abs: st + [absZ]), kind: .other,
             reasonContains: "INPUT_PROP_ACCELEROMETER"),
        // udev wins when known.
        Case(device: device("udev touchscreen", keys: [KeyCode.btnTouch, KeyCode.btnToolFinger], abs: st + mtB,
                            udev: ["ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1"]),
             kind: .touchscreen, reasonContains: "udev ID_INPUT_TOUCHSCREEN=1"),
        Case(device: device("udev touchpad", properties: [InputProperty.direct], keys: [KeyCode.btnTouch], abs: st,
                            udev: ["ID_INPUT_TOUCHPAD": "1"]), kind: .touchpad, reasonContains: "udev ID_INPUT_TOUCHPAD=1"),
        Case(device: device("udev tablet", keys: [KeyCode.btnTouch], abs: st, udev: ["ID_INPUT_TABLET": "1"]),
             kind: .tablet, reasonContains: "udev ID_INPUT_TABLET=1"),
        Case(device: device("udev says 0", properties: [InputProperty.direct], keys: [KeyCode.btnTouch], abs: st,
                            udev: ["ID_INPUT_TOUCHPAD": "0"]), kind: .touchscreen, reasonContains: "INPUT_PROP_DIRECT"),
    ]

    @Test(arguments: cases)
    func classifies(_ c: Case) {
        let result = classify(c.device)
        #expect(result.kind == c.kind)
        #expect(result.reason.contains(c.reasonContains), "reason: \(result.reason)")
    }

    @Test func fallbackReasonNamesTheEvidence() {
        let r = classify(Self.device("N-Trig MultiTouch", keys: [KeyCode.btnTouch], abs: Self.st + Self.mtA))
        #expect(r.reason.contains("no INPUT_PROP_DIRECT"))
        #expect(r.reason.contains("BTN_TOUCH"))
        #expect(r.reason.contains("multitouch"))
    }
}

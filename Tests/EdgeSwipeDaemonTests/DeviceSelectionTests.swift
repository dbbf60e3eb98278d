import EdgeSwipeDaemon
import FixtureSupport
import Testing
import TouchInput
import TouchTrace
import TouchModel

private func key(_ name: String) -> UInt16 { EventCodeNames.code(type: EventType.key, named: name)! }

/// A USB keyboard as libevdev describes one: letters, digits, Enter, LEDs, and udev's keyboard tags.
private let keyboard = DeviceDescription(
    name: "Dell KB216 Wired Keyboard", id: InputID(bustype: 3, vendor: 0x413c, product: 0x2113, version: 0x111),
    codes: [EventType.syn: [0], EventType.key: Set(["KEY_ESC", "KEY_1", "KEY_Q", "KEY_A", "KEY_Z", "KEY_ENTER", "KEY_SPACE"].map(key)),
            EventType.msc: [4], EventType.led: [0, 1, 2]],
    udevProperties: ["ID_INPUT": "1", "ID_INPUT_KEY": "1", "ID_INPUT_KEYBOARD": "1"], origin: "/dev/input/event2")

private let mouse = DeviceDescription(
    name: "Logitech USB Optical Mouse", id: InputID(bustype: 3, vendor: 0x46d, product: 0xc077, version: 0x111),
    codes: [EventType.syn: [0], EventType.key: [KeyCode.btnLeft], EventType.rel: [0, 1, 8]],
    udevProperties: ["ID_INPUT": "1", "ID_INPUT_MOUSE": "1"], origin: "/dev/input/event4")

private func fixture(_ name: String, udev: [String: String] = [:]) throws -> DeviceDescription {
    var d = try TraceReader.read(path: Fixtures.path(name)).devices[0].description
    d.udevProperties = udev
    return d
}

private func decide(_ d: DeviceDescription, node: String? = nil, _ selectors: [DeviceSelector] = [],
                    mode: SelectionMode = .all) -> DeviceDecision {
    DeviceSelection.decide(d, node: node, classification: classify(d), selectors: selectors, mode: mode)
}

@Suite struct DeviceSelectionTests {
    static let touchscreen = "whot__evemu-devices__touchscreens__N-Trig_MultiTouch.desc"
    static let touchpad = "whot__evemu-devices__touchpads__SynPS2_Synaptics_TouchPad.desc"

    @Test func keyboardIsNeverChosenWhateverTheConfigSays() {
        let everything = [DeviceSelector(name: "*"), DeviceSelector(node: "/dev/input/event2"),
                          DeviceSelector(udevProperties: ["ID_INPUT_KEYBOARD": "1"])]
        for mode in SelectionMode.allCases {
            let d = decide(keyboard, node: "/dev/input/event2", everything, mode: mode)
            #expect(!d.use)
            #expect(d.reason.contains("keyboard"))
        }
        var untagged = keyboard
        untagged.udevProperties = [:]
        let d = decide(untagged, [DeviceSelector(name: "*")])
        #expect(!d.use)
        #expect(d.reason.contains("can type"))
    }

    @Test func mouseIsNeverChosen() {
        #expect(!decide(mouse, [DeviceSelector(name: "*")]).use)
        var untagged = mouse
        untagged.udevProperties = [:]
        #expect(decide(untagged).reason.contains("EV_REL"))
    }

    @Test func touchscreenWithTypingKeysIsRefused() throws {
        var combo = try fixture(Self.touchscreen)
        combo.codes[EventType.key, default: []].insert(key("KEY_A"))
        let d = decide(combo, [DeviceSelector(name: combo.name)])
        #expect(!d.use)
        #expect(d.reason.contains("KEY_A"))
    }

    @Test func realTouchDevicesAreUsedByDefault() throws {
        let screen = decide(try fixture(Self.touchscreen))
        #expect(screen.use)
        #expect(screen.reason.hasPrefix("touchscreen"))
        let pad = decide(try fixture(Self.touchpad))
        #expect(pad.use)
        #expect(pad.reason.hasPrefix("touchpad"))
    }

    @Test func selectorsByNameNodeUdevAndKind() throws {
        let screen = try fixture(Self.touchscreen, udev: ["ID_INPUT_TOUCHSCREEN": "1", "ID_PATH": "pci-0000:00:14.0-usb-0:4:1.0"])
        let node = "/dev/input/event7"
        #expect(decide(screen, node: node, [DeviceSelector(name: "N-Trig*")], mode: .listed).selectorIndex == 0)
        #expect(decide(screen, node: node, [DeviceSelector(name: "Atmel*"), DeviceSelector(node: node)], mode: .listed).selectorIndex == 1)
        #expect(decide(screen, node: node, [DeviceSelector(udevProperties: ["ID_PATH": "pci-0000:00:14.0-usb-0:4:1.0"])],
                       mode: .listed).use)
        #expect(decide(screen, node: node, [DeviceSelector(kind: .touchscreen)], mode: .listed).use)
        let miss = decide(screen, node: node, [DeviceSelector(kind: .touchpad), DeviceSelector(name: "N-Trig*", node: "/dev/input/event9")],
                          mode: .listed)
        #expect(!miss.use)
        #expect(miss.reason.contains("listed"))
        // In "all" mode an unmatched touch device is still used, with default settings.
        let all = decide(screen, node: node, [DeviceSelector(kind: .touchpad)], mode: .all)
        #expect(all.use)
        #expect(all.selectorIndex == nil)
    }

    @Test func ignoreEntryExcludes() throws {
        let pad = try fixture(Self.touchpad)
        let d = decide(pad, [DeviceSelector(kind: .touchpad, ignore: true), DeviceSelector(name: "*")])
        #expect(!d.use)
        #expect(d.selectorIndex == 0)
    }

    @Test func penTabletIsNotATouchDevice() {
        // A pen tablet as the kernel describes one: pen tool, stylus buttons, pressure, absolute axes.
        let pen = DeviceDescription(
            name: "Wacom Intuos S Pen", id: InputID(bustype: 3, vendor: 0x56a, product: 0x374, version: 0x110),
            codes: [EventType.syn: [0], EventType.key: Set(["BTN_TOOL_PEN", "BTN_TOOL_RUBBER", "BTN_TOUCH", "BTN_STYLUS"].map(key)),
                    EventType.abs: [AbsCode.x, AbsCode.y, AbsCode.pressure]],
            absInfo: [AbsCode.x: AbsInfo(minimum: 0, maximum: 15200, resolution: 100),
                      AbsCode.y: AbsInfo(minimum: 0, maximum: 9500, resolution: 100),
                      AbsCode.pressure: AbsInfo(minimum: 0, maximum: 4095)],
            origin: "/dev/input/event9")
        #expect(classify(pen).kind == .tablet)
        let d = decide(pen, [DeviceSelector(name: "*")])
        #expect(!d.use)
        #expect(d.reason.hasPrefix("not a touchscreen or touchpad: tablet"))
    }
}

import TouchInput
import TouchModel

/// Hand-built events and devices for decoder tests.
enum Ev {
    case abs(UInt16, Int32)
    case key(UInt16, Int32)
    case mtReport
    case dropped
    case other(type: UInt16, code: UInt16, value: Int32)

    static func slot(_ s: Int32) -> Ev { .abs(AbsCode.mtSlot, s) }
    static func tid(_ t: Int32) -> Ev { .abs(AbsCode.mtTrackingID, t) }
    static func x(_ v: Int32) -> Ev { .abs(AbsCode.mtPositionX, v) }
    static func y(_ v: Int32) -> Ev { .abs(AbsCode.mtPositionY, v) }
    static func tool(_ v: Int32) -> Ev { .abs(AbsCode.mtToolType, v) }
    static func touch(_ v: Int32) -> Ev { .key(KeyCode.btnTouch, v) }

    func event(at t: Microseconds) -> InputEvent {
        switch self {
        case .abs(let c, let v): return InputEvent(time: t, type: EventType.abs, code: c, value: v)
        case .key(let c, let v): return InputEvent(time: t, type: EventType.key, code: c, value: v)
        case .mtReport: return InputEvent(time: t, type: EventType.syn, code: SynCode.mtReport, value: 0)
        case .dropped: return InputEvent(time: t, type: EventType.syn, code: SynCode.dropped, value: 0)
        case .other(let type, let code, let v): return InputEvent(time: t, type: type, code: code, value: v)
        }
    }
}

/// The events of one frame at `t`, ending with SYN_REPORT.
func frame(_ t: Microseconds, _ items: Ev...) -> [InputEvent] {
    items.map { $0.event(at: t) } + [InputEvent(time: t, type: EventType.syn, code: SynCode.report, value: 0)]
}

/// Feeds events; returns the frames produced (copied, as a caller that keeps them would).
func decode(_ decoder: inout MultitouchDecoder, _ groups: [InputEvent]...) -> [TouchFrame] {
    var out: [TouchFrame] = []
    for group in groups {
        for e in group {
            if let f = decoder.feed(e) { out.append(f) }
        }
    }
    return out
}

/// "id slot phase (x,y)" per contact, with "!" when clamped: compact and exact.
func summary(_ frame: TouchFrame) -> [String] {
    frame.contacts.map { "\($0.id) s\($0.slot) \($0.phase.rawValue) (\($0.deviceX),\($0.deviceY))\($0.clamped ? "!" : "")" }
}

enum TestDevices {
    static let abs = EventType.abs, key = EventType.key

    /// A 2-slot protocol B touchscreen, 0...1000 x 0...500 at 10 units/mm (100 x 50 mm).
    static func touchscreenB(slots: Int32 = 2, resolution: Int32 = 10) -> DeviceDescription {
        DeviceDescription(
            name: "Test Touchscreen", id: InputID(bustype: 0x18, vendor: 1, product: 2, version: 1),
            codes: [EventType.syn: [0, 2, 3], key: [KeyCode.btnTouch],
                    abs: [AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY, AbsCode.mtTrackingID,
                          AbsCode.mtToolType, AbsCode.x, AbsCode.y]],
            absInfo: [AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: slots - 1),
                      AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 1000, resolution: resolution),
                      AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 500, resolution: resolution),
                      AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
                      AbsCode.mtToolType: AbsInfo(minimum: 0, maximum: 2),
                      AbsCode.x: AbsInfo(minimum: 0, maximum: 1000, resolution: resolution),
                      AbsCode.y: AbsInfo(minimum: 0, maximum: 500, resolution: resolution)],
            properties: [InputProperty.direct], origin: "test-touchscreen")
    }

    /// Synaptics-like clickpad: 2 slots, BTN_TOOL_FINGER...QUINTTAP, 1472...5472 x 1408...4448, res 40/mm? (here 40).
    static func clickpad() -> DeviceDescription {
        DeviceDescription(
            name: "Test Clickpad", id: InputID(bustype: 0x11, vendor: 2, product: 7, version: 0x1b1),
            codes: [EventType.syn: [0], key: [KeyCode.btnLeft, KeyCode.btnTouch, KeyCode.btnToolFinger,
                                              KeyCode.btnToolDoubleTap, KeyCode.btnToolTripleTap,
                                              KeyCode.btnToolQuadTap, KeyCode.btnToolQuintTap],
                    abs: [AbsCode.x, AbsCode.y, AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY,
                          AbsCode.mtTrackingID]],
            absInfo: [AbsCode.x: AbsInfo(minimum: 1472, maximum: 5472, resolution: 40),
                      AbsCode.y: AbsInfo(minimum: 1408, maximum: 4448, resolution: 40),
                      AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 1),
                      AbsCode.mtPositionX: AbsInfo(minimum: 1472, maximum: 5472, resolution: 40),
                      AbsCode.mtPositionY: AbsInfo(minimum: 1408, maximum: 4448, resolution: 40),
                      AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535)],
            properties: [InputProperty.pointer, InputProperty.buttonpad], origin: "test-clickpad")
    }

    /// N-Trig-like protocol A touchscreen: no slots, no input properties, 0...9600 x 0...7200, no resolution.
    static func protocolA(trackingID: Bool = false, toolType: Bool = false) -> DeviceDescription {
        var codes: Set<UInt16> = [AbsCode.x, AbsCode.y, AbsCode.mtPositionX, AbsCode.mtPositionY]
        var absInfo: [UInt16: AbsInfo] = [AbsCode.x: AbsInfo(minimum: 0, maximum: 9600),
                                          AbsCode.y: AbsInfo(minimum: 0, maximum: 7200),
                                          AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 9600),
                                          AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 7200)]
        if trackingID {
            codes.insert(AbsCode.mtTrackingID)
            absInfo[AbsCode.mtTrackingID] = AbsInfo(minimum: 0, maximum: 255)
        }
        if toolType {
            codes.insert(AbsCode.mtToolType)
            absInfo[AbsCode.mtToolType] = AbsInfo(minimum: 0, maximum: 2)
        }
        return DeviceDescription(name: "Test Protocol A", id: InputID(bustype: 3, vendor: 0x1b96, product: 1, version: 0),
                                 codes: [EventType.syn: [0, 2], key: [KeyCode.btnTouch], abs: codes],
                                 absInfo: absInfo, origin: "test-protocol-a")
    }

    /// Single-touch: ABS_X/ABS_Y + BTN_TOUCH, 0...4000 x 0...3000 at 20 units/mm.
    static func singleTouch() -> DeviceDescription {
        DeviceDescription(name: "Test Single Touch", id: InputID(bustype: 3, vendor: 5, product: 6, version: 0),
                          codes: [EventType.syn: [0], key: [KeyCode.btnTouch], abs: [AbsCode.x, AbsCode.y]],
                          absInfo: [AbsCode.x: AbsInfo(minimum: 0, maximum: 4000, resolution: 20),
                                    AbsCode.y: AbsInfo(minimum: 0, maximum: 3000, resolution: 20)],
                          properties: [InputProperty.direct], origin: "test-single")
    }

    /// Like the n4 phone panel: MT only (no ABS_X, no BTN_TOUCH, no keys), 10 slots, no resolution.
    static func mtOnly() -> DeviceDescription {
        DeviceDescription(name: "touch_dev", id: InputID(bustype: 0, vendor: 0, product: 0, version: 0),
                          codes: [EventType.syn: [0], abs: [AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY,
                                                           AbsCode.mtTrackingID]],
                          absInfo: [AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 9),
                                    AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 1535),
                                    AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 2559),
                                    AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535)],
                          properties: [InputProperty.direct], origin: "test-mt-only")
    }

    static func decoder(_ device: DeviceDescription, size: PhysicalSize? = nil,
                        mode: MultitouchDecoder.Mode = .recording) throws -> MultitouchDecoder {
        MultitouchDecoder(device: device, geometry: try SurfaceGeometry(device: device, configuredSize: size), mode: mode)
    }
}

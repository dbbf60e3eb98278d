import CEvdev

/// Decides whether a device is a touchscreen, touchpad, tablet or something else.
///
/// Evidence in order of trust: udev's `ID_INPUT_*` (when the description came from a live system),
/// a pen or stylus (tablet, even on a display), the input properties the kernel driver sets,
/// and last a stated fallback for the many older drivers that set no property at all.
public func classify(_ device: DeviceDescription) -> Classification {
    if let fromUdev = classifyFromUdev(device.udevProperties) { return fromUdev }

    let abs = EventType.abs, key = EventType.key
    let hasMT = device.has(type: abs, code: AbsCode.mtPositionX) && device.has(type: abs, code: AbsCode.mtPositionY)
    let hasST = device.has(type: abs, code: AbsCode.x) && device.has(type: abs, code: AbsCode.y)
    if device.has(property: InputProperty.accelerometer) {
        return Classification(kind: .other, reason: "\(propName(InputProperty.accelerometer)) set")
    }
    guard hasMT || hasST else {
        return Classification(kind: .other, reason: "no ABS_X/ABS_Y or ABS_MT_POSITION_X/Y axes")
    }
    if device.has(type: key, code: KeyCode.btnToolPen) || device.has(type: key, code: KeyCode.btnStylus) {
        let tool = device.has(type: key, code: KeyCode.btnToolPen) ? keyName(KeyCode.btnToolPen) : keyName(KeyCode.btnStylus)
        let onDisplay = device.has(property: InputProperty.direct) ? " (with \(propName(InputProperty.direct)): a display tablet)" : ""
        return Classification(kind: .tablet, reason: "\(tool) present: a pen or stylus device\(onDisplay)")
    }
    if device.has(property: InputProperty.direct) {
        return Classification(kind: .touchscreen, reason: "\(propName(InputProperty.direct)) set")
    }
    for property in [InputProperty.buttonpad, InputProperty.semiMT, InputProperty.topButtonpad, InputProperty.pointer]
    where device.has(property: property) {
        return Classification(kind: .touchpad, reason: "\(propName(property)) set and no \(propName(InputProperty.direct))")
    }
    return classifyWithoutProperties(device, hasMT: hasMT)
}

/// udev's input_id builtin has already weighed the same evidence (and hwdb quirks), so it wins when known.
private func classifyFromUdev(_ udev: [String: String]) -> Classification? {
    let order: [(String, DeviceKind)] = [("ID_INPUT_TOUCHSCREEN", .touchscreen), ("ID_INPUT_TOUCHPAD", .touchpad),
                                         ("ID_INPUT_TABLET", .tablet)]
    for (property, kind) in order where udev[property] == "1" {
        return Classification(kind: kind, reason: "udev \(property)=1")
    }
    return nil
}

/// No input property at all: older drivers (N-Trig, ALPS, early Synaptics) set none. Touchpads announce
/// finger-count tools or buttons; an absolute surface with BTN_TOUCH (or MT axes) and neither is taken as a
/// touchscreen, and the reason says it is a fallback.
private func classifyWithoutProperties(_ device: DeviceDescription, hasMT: Bool) -> Classification {
    let key = EventType.key
    let touchpadKeys = [KeyCode.btnToolFinger, KeyCode.btnLeft].filter { device.has(type: key, code: $0) }
    let hasTouch = device.has(type: key, code: KeyCode.btnTouch)
    if !touchpadKeys.isEmpty && (hasTouch || hasMT) {
        let names = touchpadKeys.map(keyName).joined(separator: " and ")
        return Classification(kind: .touchpad,
                              reason: "fallback: no input properties; absolute axes, BTN_TOUCH and \(names) as on a touchpad")
    }
    if hasTouch || hasMT {
        let axes = hasMT ? "absolute multitouch axes" : "ABS_X/ABS_Y"
        let touch = hasTouch ? " and BTN_TOUCH" : ""
        return Classification(kind: .touchscreen,
                              reason: "fallback: no \(propName(InputProperty.direct)), but \(axes)\(touch) without BTN_TOOL_FINGER or BTN_LEFT, taken as a touchscreen")
    }
    return Classification(kind: .other, reason: "absolute axes without BTN_TOUCH or multitouch axes: not a touch surface (joystick, tablet pad...)")
}

private func propName(_ p: UInt16) -> String { EventCodeNames.propertyName(p) ?? "property \(p)" }
private func keyName(_ k: UInt16) -> String { EventCodeNames.codeName(type: EventType.key, code: k) ?? "key \(k)" }

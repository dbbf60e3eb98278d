import CEvdev
import TouchModel

/// One evdev event on the trace clock. What the zero is depends on the source
/// (a recording normalises to its first event, a live device uses CLOCK_MONOTONIC).
public struct InputEvent: Hashable, Sendable {
    public var time: Microseconds
    public var type: UInt16
    public var code: UInt16
    public var value: Int32

    public init(time: Microseconds, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }

    public var isSynReport: Bool { type == EventType.syn && code == SynCode.report }
}

/// Event types used by the engine, straight from linux/input-event-codes.h.
public enum EventType {
    public static let syn = UInt16(EV_SYN)
    public static let key = UInt16(EV_KEY)
    public static let rel = UInt16(EV_REL)
    public static let abs = UInt16(EV_ABS)
    public static let msc = UInt16(EV_MSC)
    public static let sw = UInt16(EV_SW)
    public static let led = UInt16(EV_LED)
    public static let snd = UInt16(EV_SND)
    public static let rep = UInt16(EV_REP)
    public static let ff = UInt16(EV_FF)
    public static let pwr = UInt16(EV_PWR)
    public static let ffStatus = UInt16(EV_FF_STATUS)
    public static let max = UInt16(EV_MAX)
}

public enum SynCode {
    public static let report = UInt16(SYN_REPORT)
    public static let config = UInt16(SYN_CONFIG)
    public static let mtReport = UInt16(SYN_MT_REPORT)
    public static let dropped = UInt16(SYN_DROPPED)
}

public enum AbsCode {
    public static let x = UInt16(ABS_X)
    public static let y = UInt16(ABS_Y)
    public static let pressure = UInt16(ABS_PRESSURE)
    public static let mtSlot = UInt16(ABS_MT_SLOT)
    public static let mtTouchMajor = UInt16(ABS_MT_TOUCH_MAJOR)
    public static let mtTouchMinor = UInt16(ABS_MT_TOUCH_MINOR)
    public static let mtPositionX = UInt16(ABS_MT_POSITION_X)
    public static let mtPositionY = UInt16(ABS_MT_POSITION_Y)
    public static let mtToolType = UInt16(ABS_MT_TOOL_TYPE)
    public static let mtTrackingID = UInt16(ABS_MT_TRACKING_ID)
    public static let mtPressure = UInt16(ABS_MT_PRESSURE)
    public static let tiltX = UInt16(ABS_TILT_X)
    public static let tiltY = UInt16(ABS_TILT_Y)
    public static let distance = UInt16(ABS_DISTANCE)
    public static let max = UInt16(ABS_MAX)
}

public enum KeyCode {
    public static let btnTouch = UInt16(BTN_TOUCH)
    public static let btnLeft = UInt16(BTN_LEFT)
    public static let btnToolFinger = UInt16(BTN_TOOL_FINGER)
    public static let btnToolPen = UInt16(BTN_TOOL_PEN)
    public static let btnStylus = UInt16(BTN_STYLUS)
    public static let btnToolRubber = UInt16(BTN_TOOL_RUBBER)
    public static let btnToolDoubleTap = UInt16(BTN_TOOL_DOUBLETAP)
    public static let btnToolTripleTap = UInt16(BTN_TOOL_TRIPLETAP)
    public static let btnToolQuadTap = UInt16(BTN_TOOL_QUADTAP)
    public static let btnToolQuintTap = UInt16(BTN_TOOL_QUINTTAP)
    public static let keyBack = UInt16(KEY_BACK)
}

public enum InputProperty {
    public static let pointer = UInt16(INPUT_PROP_POINTER)
    public static let direct = UInt16(INPUT_PROP_DIRECT)
    public static let buttonpad = UInt16(INPUT_PROP_BUTTONPAD)
    public static let semiMT = UInt16(INPUT_PROP_SEMI_MT)
    public static let topButtonpad = UInt16(INPUT_PROP_TOPBUTTONPAD)
    public static let accelerometer = UInt16(INPUT_PROP_ACCELEROMETER)
    public static let max = UInt16(INPUT_PROP_MAX)
}

/// `ABS_MT_TOOL_TYPE` values.
public enum MTToolType {
    public static let finger = Int32(MT_TOOL_FINGER)
    public static let pen = Int32(MT_TOOL_PEN)
    public static let palm = Int32(MT_TOOL_PALM)
}

import TouchInput
import TouchModel

/// The single-pointer events a multitouch device sends beside its slots: BTN_TOUCH, BTN_TOOL_FINGER ...
/// BTN_TOOL_QUINTTAP, ABS_X, ABS_Y, ABS_PRESSURE. While a touch is kept from the clone they must describe only
/// the forwarded ones, so they are computed from the clone's slots as the kernel does it (drivers/input/input-mt.c,
/// input_mt_report_pointer_emulation): BTN_TOUCH when any slot has a touch; the finger count in the BTN_TOOL_*
/// keys (the kernel sends them on pointer devices, which are the ones that declare them); ABS_X, ABS_Y and (with
/// ABS_MT_PRESSURE) ABS_PRESSURE from the oldest touch, ABS_PRESSURE 0 when there is none. Only codes the device
/// declares are sent. While every touch is forwarded, the source's own values are used unchanged (a semi-MT
/// touchpad counts more fingers than it has slots).
struct PointerEmulation {
    enum Role: Equatable { case touch, fingers(Int), x, y, pressure }

    /// The declared codes, in the order their changes are appended to a frame.
    let codes: [(type: UInt16, code: UInt16, role: Role)]
    /// As the source last sent them, and as the clone last got them (the first `codes.count` of each; inline, so
    /// a forwarded value is stored without an array's uniqueness check).
    private(set) var source = Values(repeating: 0)
    private(set) var clone = Values(repeating: 0)
    /// `clone` equals `source`: a frame passed through needs no pointer events of its own.
    private(set) var inSync = true
    private var wanted = Values(repeating: 0)
    typealias Values = InlineArray<9, Int32>
    private let hasMTPressure: Bool

    init(device: DeviceDescription) {
        let all: [(UInt16, UInt16, Role)] = [
            (EventType.key, KeyCode.btnTouch, .touch),
            (EventType.key, KeyCode.btnToolFinger, .fingers(1)),
            (EventType.key, KeyCode.btnToolDoubleTap, .fingers(2)),
            (EventType.key, KeyCode.btnToolTripleTap, .fingers(3)),
            (EventType.key, KeyCode.btnToolQuadTap, .fingers(4)),
            (EventType.key, KeyCode.btnToolQuintTap, .fingers(5)),
            (EventType.abs, AbsCode.x, .x),
            (EventType.abs, AbsCode.y, .y),
            (EventType.abs, AbsCode.pressure, .pressure),
        ]
        codes = all.filter { device.has(type: $0.0, code: $0.1) }.map { (type: $0.0, code: $0.1, role: $0.2) }
        for i in codes.indices where codes[i].type == EventType.abs { source[i] = device.absInfo[codes[i].code]?.value ?? 0 }
        clone = source
        wanted = source
        hasMTPressure = device.has(type: EventType.abs, code: AbsCode.mtPressure)
    }

    /// The index of a legacy pointer code, nil for any other event.
    @inline(__always)
    func index(type: UInt16, code: UInt16) -> Int? {
        guard type == EventType.key || type == EventType.abs else { return nil }
        for i in codes.indices where codes[i].code == code && codes[i].type == type { return i }
        return nil
    }

    /// The source sent value `v` of code `i`; the clone did not get it.
    mutating func sourceSent(_ i: Int, _ v: Int32) {
        source[i] = v
        if v != clone[i] { inSync = false }
    }

    /// The source sent value `v` of code `i`, and the clone got it as sent.
    mutating func forwarded(_ i: Int, _ v: Int32) {
        source[i] = v
        clone[i] = v
    }

    /// Appends what the clone must get so its pointer events say `wanted`: the source's values when `asSource`,
    /// else the kernel's emulation over the clone's slots (`reference`: the tracking id after the newest seen).
    mutating func appendChanges(asSource: Bool, slots: UnsafeMutableBufferPointer<SlotRecord>, reference: Int32, time: Microseconds,
                                into out: inout EventBuffer) {
        if asSource {
            for i in codes.indices { wanted[i] = source[i] }
        } else {
            emulate(slots: slots, reference: reference)
        }
        for i in codes.indices where wanted[i] != clone[i] {
            clone[i] = wanted[i]
            out.append(InputEvent(time: time, type: codes[i].type, code: codes[i].code, value: wanted[i]))
        }
        inSync = asSource || codes.indices.allSatisfy { clone[$0] == source[$0] }
    }

    private mutating func emulate(slots: UnsafeMutableBufferPointer<SlotRecord>, reference: Int32) {
        var oldest: Int? = nil
        var oldID = reference
        var count = 0
        for s in slots.indices {
            let id = slots[s].clone.trackingID
            if id < 0 { continue }
            if (id &- oldID) & 0x8000 != 0 {
                oldest = s
                oldID = id
            }
            count += 1
        }
        let x = SlotValues.index(of: AbsCode.mtPositionX)!
        let y = SlotValues.index(of: AbsCode.mtPositionY)!
        let p = SlotValues.index(of: AbsCode.mtPressure)!
        for i in codes.indices {
            switch codes[i].role {
            case .touch: wanted[i] = count > 0 ? 1 : 0
            case .fingers(let n): wanted[i] = count == n ? 1 : 0
            case .x: wanted[i] = oldest.flatMap { slots[$0].clone.value(x) } ?? clone[i]
            case .y: wanted[i] = oldest.flatMap { slots[$0].clone.value(y) } ?? clone[i]
            case .pressure:
                if !hasMTPressure { wanted[i] = clone[i] } else { wanted[i] = oldest.flatMap { slots[$0].clone.value(p) } ?? 0 }
            }
        }
    }
}

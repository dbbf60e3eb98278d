/// BTN_TOOL_FINGER ... BTN_TOOL_QUINTTAP: how many fingers the device says are down, which on
/// touchpads can exceed the slots it tracks.
struct FingerKeys {
    var down: UInt8 = 0

    @inline(__always)
    mutating func key(_ code: UInt16, value: Int32) {
        let bit: UInt8
        switch code {
        case KeyCode.btnToolFinger: bit = 1 << 0
        case KeyCode.btnToolDoubleTap: bit = 1 << 1
        case KeyCode.btnToolTripleTap: bit = 1 << 2
        case KeyCode.btnToolQuadTap: bit = 1 << 3
        case KeyCode.btnToolQuintTap: bit = 1 << 4
        default: return
        }
        if value != 0 { down |= bit } else { down &= ~bit }
    }

    /// The highest tool key held (the kernel sends exactly one at a time).
    var count: Int { down == 0 ? 0 : 8 - down.leadingZeroBitCount }
}

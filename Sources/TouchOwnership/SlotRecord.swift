import TouchInput

/// The per-slot ABS_MT_* values (ABS_MT_TOUCH_MAJOR ... ABS_MT_TOOL_Y), as last sent by the source or as last
/// written to the clone. The kernel sends only values that change, so when a touch starts being forwarded after
/// suppressed ones the clone may lack values the source will never repeat: comparing the two finds them.
struct SlotValues {
    static let first = AbsCode.mtTouchMajor          // 0x30
    static let count = 14                             // up to ABS_MT_TOOL_Y (0x3d)
    static let trackingIndex = Int(AbsCode.mtTrackingID - first)

    var values = InlineArray<14, Int32>(repeating: 0)
    /// One bit per value that has been set at least once.
    var known: UInt16 = 0

    static func index(of code: UInt16) -> Int? {
        code >= first && code < first + UInt16(count) ? Int(code - first) : nil
    }

    init() {
        values[Self.trackingIndex] = -1
        known = 1 << UInt16(Self.trackingIndex)
    }

    var trackingID: Int32 { values[Self.trackingIndex] }

    mutating func set(_ i: Int, _ value: Int32) {
        values[i] = value
        known |= 1 << UInt16(i)
    }

    func value(_ i: Int) -> Int32? { known & (1 << UInt16(i)) != 0 ? values[i] : nil }
}

/// One slot of the source as the forwarder follows it.
struct SlotRecord {
    var source = SlotValues()
    var clone = SlotValues()
    /// The fate of the touch in the slot now (the source's current tracking id).
    var fate = TouchFate.empty
    /// The decoder's contact id of the touch, once a frame has shown it (-1 before): what claims are asked about.
    var contactID = -1

    /// Value `i` of the slot as sent by the source and forwarded to the clone unchanged.
    @inline(__always)
    mutating func forwarded(_ i: Int, _ value: Int32) {
        source.set(i, value)
        clone.set(i, value)
    }
}

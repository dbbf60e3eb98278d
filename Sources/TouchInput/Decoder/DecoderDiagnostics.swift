/// Something the decoder noticed in its input that a user or developer may want to know about.
/// Counted, never accumulated one entry per event, so a long bad trace costs no memory.
public enum DecoderDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// Values of this axis fell outside its absinfo range and were clamped.
    case clamped(axis: UInt16, count: Int)
    /// `ABS_MT_SLOT` selected a slot beyond the device's slot count; that slot's events were ignored.
    case slotOverflow(count: Int)
    /// Events whose type or code the device description does not declare (first few distinct codes kept).
    case unknownEvent(type: UInt16, code: UInt16, count: Int)
    /// More distinct unknown codes than are kept individually.
    case otherUnknownEvents(count: Int)
    /// `SYN_DROPPED` markers seen.
    case synDropped(count: Int)
    /// Events discarded after a `SYN_DROPPED` up to the next `SYN_REPORT` (recording mode).
    case droppedEvents(count: Int)
    /// Protocol A contacts without both position axes, ignored.
    case incompleteContact(count: Int)
    /// Protocol A frames with more contacts than the decoder tracks; the extra ones were ignored.
    case tooManyContacts(count: Int)
    /// Touches that ended before any position was reported for them (a recording that starts mid-touch);
    /// they were left out rather than placed at a made-up position.
    case unpositionedContacts(count: Int)
    /// Single-touch device without BTN_TOUCH or BTN_TOOL_FINGER: nothing says when a finger is down.
    case noTouchKey
    /// ABS_MT_TOUCH_MAJOR without a resolution: its units are no millimetres, so the palm size gate is off for the
    /// device (a pressure threshold, when configured, still applies).
    case sizeWithoutResolution

    public var description: String {
        switch self {
        case .clamped(let axis, let n):
            return "\(n) value(s) of \(EventCodeNames.describe(type: EventType.abs, code: axis)) outside its range, clamped"
        case .slotOverflow(let n):
            return "\(n) ABS_MT_SLOT value(s) beyond the slot count, ignored"
        case .unknownEvent(let type, let code, let n):
            return "\(n) event(s) \(EventCodeNames.describe(type: type, code: code)) not declared by the device, ignored"
        case .otherUnknownEvents(let n):
            return "\(n) more undeclared event(s), ignored"
        case .synDropped(let n):
            return "\(n) SYN_DROPPED"
        case .droppedEvents(let n):
            return "\(n) event(s) after SYN_DROPPED discarded"
        case .incompleteContact(let n):
            return "\(n) protocol A contact(s) without both positions, ignored"
        case .tooManyContacts(let n):
            return "\(n) protocol A contact(s) beyond the tracked maximum, ignored"
        case .unpositionedContacts(let n):
            return "\(n) touch(es) ended before any position was reported, left out"
        case .noTouchKey:
            return "single-touch device has neither BTN_TOUCH nor BTN_TOOL_FINGER: no contacts can be reported"
        case .sizeWithoutResolution:
            return "ABS_MT_TOUCH_MAJOR has no resolution: contact sizes are not known in mm, the palm size gate is off"
        }
    }
}

/// Fixed-size counters behind `MultitouchDecoder.diagnostics`.
struct DiagnosticCounters {
    static let keptUnknownCodes = 8

    var clampedPerAxis: [Int] = Array(repeating: 0, count: Int(AbsCode.max) + 1)
    var slotOverflow = 0
    var unknownCodes: [(type: UInt16, code: UInt16, count: Int)] = []
    var otherUnknown = 0
    var synDropped = 0
    var droppedEvents = 0
    var incompleteContact = 0
    var tooManyContacts = 0
    var unpositionedContacts = 0
    var noTouchKey = false
    var sizeWithoutResolution = false

    init() {
        unknownCodes.reserveCapacity(Self.keptUnknownCodes)
    }

    mutating func countClamped(axis: UInt16) {
        if Int(axis) < clampedPerAxis.count { clampedPerAxis[Int(axis)] += 1 }
    }

    mutating func countUnknown(type: UInt16, code: UInt16) {
        for i in unknownCodes.indices where unknownCodes[i].type == type && unknownCodes[i].code == code {
            unknownCodes[i].count += 1
            return
        }
        if unknownCodes.count < Self.keptUnknownCodes {
            unknownCodes.append((type, code, 1))
        } else {
            otherUnknown += 1
        }
    }

    var list: [DecoderDiagnostic] {
        var out: [DecoderDiagnostic] = []
        for (axis, n) in clampedPerAxis.enumerated() where n > 0 { out.append(.clamped(axis: UInt16(axis), count: n)) }
        if slotOverflow > 0 { out.append(.slotOverflow(count: slotOverflow)) }
        for u in unknownCodes { out.append(.unknownEvent(type: u.type, code: u.code, count: u.count)) }
        if otherUnknown > 0 { out.append(.otherUnknownEvents(count: otherUnknown)) }
        if synDropped > 0 { out.append(.synDropped(count: synDropped)) }
        if droppedEvents > 0 { out.append(.droppedEvents(count: droppedEvents)) }
        if incompleteContact > 0 { out.append(.incompleteContact(count: incompleteContact)) }
        if tooManyContacts > 0 { out.append(.tooManyContacts(count: tooManyContacts)) }
        if unpositionedContacts > 0 { out.append(.unpositionedContacts(count: unpositionedContacts)) }
        if noTouchKey { out.append(.noTouchKey) }
        if sizeWithoutResolution { out.append(.sizeWithoutResolution) }
        return out
    }
}

import TouchInput

/// Event type limits from libevdev, looked up once (the hot read loops check every event).
enum EventTable {
    static let maxType = Int(EventType.max)

    /// Highest code per type; -1 for types libevdev does not know.
    static let maxCodes: [Int] = (0...Int(EventType.max)).map { EventCodeNames.maxCode(type: UInt16($0)) }

    static func maxCode(_ type: UInt16) -> Int {
        Int(type) < maxCodes.count ? maxCodes[Int(type)] : -1
    }

    /// Whether libevdev knows this type and code (any integers, as read from a file); a failure says
    /// which part is unknown.
    @inline(__always)
    static func check(type: Int64, code: Int64) -> TraceError.Problem? {
        guard type >= 0, type <= Int64(maxType), maxCodes[Int(type)] >= 0 else { return .unknownEventType(type) }
        guard code >= 0, code <= Int64(maxCodes[Int(type)]) else { return .unknownEventCode(type: UInt16(type), code: code) }
        return nil
    }

    static func typeName(_ type: UInt16) -> String {
        EventCodeNames.typeName(type) ?? "type \(type)"
    }
}

extension EventTable {
    /// "EV_ABS / ABS_X", from libevdev.
    static func describe(type: UInt16, code: UInt16) -> String {
        "\(typeName(type)) / \(EventCodeNames.codeName(type: type, code: code) ?? "code \(code)")"
    }
}

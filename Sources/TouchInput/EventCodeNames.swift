import CEvdev

/// Event type, code and property names, from libevdev's own tables (never a table written here).
public enum EventCodeNames {
    public static func typeName(_ type: UInt16) -> String? {
        libevdev_event_type_get_name(UInt32(type)).map { String(cString: $0) }
    }

    public static func codeName(type: UInt16, code: UInt16) -> String? {
        libevdev_event_code_get_name(UInt32(type), UInt32(code)).map { String(cString: $0) }
    }

    public static func propertyName(_ property: UInt16) -> String? {
        libevdev_property_get_name(UInt32(property)).map { String(cString: $0) }
    }

    /// A readable name for any event, with a hex fallback for codes libevdev does not know.
    public static func describe(type: UInt16, code: UInt16) -> String {
        let t = typeName(type) ?? String(format16: type)
        let c = codeName(type: type, code: code) ?? String(format16: code)
        return "\(t) \(c)"
    }

    public static func type(named name: String) -> UInt16? {
        let v = libevdev_event_type_from_name(name)
        return v < 0 ? nil : UInt16(v)
    }

    public static func code(type: UInt16, named name: String) -> UInt16? {
        let v = libevdev_event_code_from_name(UInt32(type), name)
        return v < 0 ? nil : UInt16(v)
    }

    /// Highest valid code for a type, as libevdev reports it (-1 when the type is invalid).
    public static func maxCode(type: UInt16) -> Int {
        Int(libevdev_event_type_get_max(UInt32(type)))
    }
}

extension String {
    init(format16 value: UInt16) {
        let hex = String(value, radix: 16)
        self = "0x" + String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex
    }
}

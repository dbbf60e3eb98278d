import CSystemdBus

/// A value a call sends: the basic types the project's calls take, and a property dictionary (`a{sv}`) of them.
/// sd-bus's own appender is variadic (which Swift cannot call), so each value is appended by type
/// (`append(to:)`), one basic value or container at a time.
public indirect enum BusValue: Hashable, Sendable {
    case string(String)
    case objectPath(String)
    case int32(Int32)
    case uint32(UInt32)
    case bool(Bool)
    case double(Double)
    /// `a{sv}`: names to variants (feedbackd's hints), appended in the order of their names.
    case properties([String: BusValue])

    /// Its D-Bus signature.
    public var signature: String {
        switch self {
        case .string: return "s"
        case .objectPath: return "o"
        case .int32: return "i"
        case .uint32: return "u"
        case .bool: return "b"
        case .double: return "d"
        case .properties: return "a{sv}"
        }
    }

    /// Appends the value to `message` (sd-bus's negative errno on failure).
    func append(to message: OpaquePointer) -> Int32 {
        switch self {
        case .string(let text): return BusMessage.append(message, "s", text)
        case .objectPath(let path): return BusMessage.append(message, "o", path)
        case .int32(var value): return sd_bus_message_append_basic(message, BusMessage.type("i"), &value)
        case .uint32(var value): return sd_bus_message_append_basic(message, BusMessage.type("u"), &value)
        case .bool(let flag):
            var value: Int32 = flag ? 1 : 0
            return sd_bus_message_append_basic(message, BusMessage.type("b"), &value)
        case .double(var value): return sd_bus_message_append_basic(message, BusMessage.type("d"), &value)
        case .properties(let entries):
            var result = sd_bus_message_open_container(message, BusMessage.type("a"), "{sv}")
            for name in entries.keys.sorted() where result >= 0 {
                let value = entries[name]!
                result = sd_bus_message_open_container(message, BusMessage.type("e"), "sv")
                if result >= 0 { result = BusMessage.append(message, "s", name) }
                if result >= 0 { result = sd_bus_message_open_container(message, BusMessage.type("v"), value.signature) }
                if result >= 0 { result = value.append(to: message) }
                if result >= 0 { result = sd_bus_message_close_container(message) }
                if result >= 0 { result = sd_bus_message_close_container(message) }
            }
            if result >= 0 { result = sd_bus_message_close_container(message) }
            return result
        }
    }
}

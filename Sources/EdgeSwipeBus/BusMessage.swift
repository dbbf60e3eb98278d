import CSystemdBus

/// sd-bus message building and reading the project needs, for the calls whose C forms are variadic (which Swift
/// cannot call): one basic value at a time, and a property dictionary (`a{sv}`) of strings and booleans.
public enum BusMessage {
    /// A D-Bus type code as sd-bus takes it.
    public static func type(_ code: Unicode.Scalar) -> CChar { CChar(UInt8(ascii: code)) }

    /// Appends one string-like basic value (`s`, `o`, `g`).
    public static func append(_ message: OpaquePointer, _ code: Unicode.Scalar, _ text: String) -> Int32 {
        text.withCString { sd_bus_message_append_basic(message, type(code), $0) }
    }

    /// Reads one string-like basic value, or nil.
    public static func readString(_ message: OpaquePointer, _ code: Unicode.Scalar = "s") -> String? {
        var text: UnsafePointer<CChar>?
        guard sd_bus_message_read_basic(message, type(code), &text) > 0, let text else { return nil }
        return String(cString: text)
    }

    /// A property's value, as far as the project reads them.
    public enum Value: Hashable, Sendable {
        case string(String)
        case bool(Bool)
        /// Another type (its signature): not read.
        case other(String)
    }

    /// Reads an `a{sv}` (GetAll's reply, PropertiesChanged's second argument). Nil when the message is not one.
    public static func readProperties(_ message: OpaquePointer) -> [String: Value]? {
        guard sd_bus_message_enter_container(message, type("a"), "{sv}") > 0 else { return nil }
        var properties: [String: Value] = [:]
        while sd_bus_message_enter_container(message, type("e"), "sv") > 0 {
            guard let name = readString(message) else { return nil }
            var kind: CChar = 0
            var contents: UnsafePointer<CChar>?
            guard sd_bus_message_peek_type(message, &kind, &contents) > 0, let contents else { return nil }
            let signature = String(cString: contents)
            guard sd_bus_message_enter_container(message, type("v"), contents) > 0 else { return nil }
            switch signature {
            case "s":
                guard let text = readString(message) else { return nil }
                properties[name] = .string(text)
            case "b":
                var flag: Int32 = 0
                guard sd_bus_message_read_basic(message, type("b"), &flag) > 0 else { return nil }
                properties[name] = .bool(flag != 0)
            default:
                guard sd_bus_message_skip(message, contents) >= 0 else { return nil }
                properties[name] = .other(signature)
            }
            guard sd_bus_message_exit_container(message) >= 0, sd_bus_message_exit_container(message) >= 0 else { return nil }
        }
        guard sd_bus_message_exit_container(message) >= 0 else { return nil }
        return properties
    }

    /// The error a reply carries: its name and message, or nil for a method return.
    public static func error(of reply: OpaquePointer) -> (name: String, message: String)? {
        guard let error = sd_bus_message_get_error(reply), sd_bus_error_is_set(error) != 0 else { return nil }
        return (error.pointee.name.map { String(cString: $0) } ?? "unknown error",
                error.pointee.message.map { String(cString: $0) } ?? "")
    }
}

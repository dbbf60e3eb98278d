import CSystemdBus
import Glibc

/// A message handed to a reply or signal handler, read in order: valid only during the handler (sd-bus frees it
/// after). Each read takes the next argument; a read of the wrong type gives nil.
public struct BusReply {
    let message: OpaquePointer

    init(_ message: OpaquePointer) { self.message = message }

    /// The unique name of the sender (":1.42"; "org.freedesktop.DBus" for the bus itself).
    public var sender: String? { sd_bus_message_get_sender(message).map { String(cString: $0) } }

    /// The error the reply carries (an error reply, or the one sd-bus makes of a timeout), or nil.
    public var error: (name: String, message: String)? { BusMessage.error(of: message) }

    /// The method or signal's member, interface and object path (nil on a reply).
    public var member: String? { sd_bus_message_get_member(message).map { String(cString: $0) } }
    public var interface: String? { sd_bus_message_get_interface(message).map { String(cString: $0) } }
    public var path: String? { sd_bus_message_get_path(message).map { String(cString: $0) } }

    /// The arguments' signature.
    public var signature: String { sd_bus_message_get_signature(message, 1).map { String(cString: $0) } ?? "" }

    /// The next argument as a string (`s`), or nil.
    public func readString() -> String? { BusMessage.readString(message, "s") }

    /// The next argument as an object path (`o`), or nil.
    public func readObjectPath() -> String? { BusMessage.readString(message, "o") }

    public func readUInt32() -> UInt32? {
        var value: UInt32 = 0
        return sd_bus_message_read_basic(message, BusMessage.type("u"), &value) > 0 ? value : nil
    }

    public func readInt32() -> Int32? {
        var value: Int32 = 0
        return sd_bus_message_read_basic(message, BusMessage.type("i"), &value) > 0 ? value : nil
    }

    public func readBool() -> Bool? {
        var value: Int32 = 0
        return sd_bus_message_read_basic(message, BusMessage.type("b"), &value) > 0 ? value != 0 : nil
    }

    /// The next argument as an `a{sv}` (GetAll's reply, PropertiesChanged's second argument), or nil.
    public func readProperties() -> [String: BusMessage.Value]? { BusMessage.readProperties(message) }

    /// The next argument as an `as` (PropertiesChanged's invalidated names), or nil.
    public func readStrings() -> [String]? {
        var strings: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        guard sd_bus_message_read_strv(message, &strings) > 0, let strings else { return nil }
        // sd-bus hands over a NULL-terminated array it allocated: each string and the array freed here.
        var names: [String] = []
        var i = 0
        while let name = strings[i] {
            names.append(String(cString: name))
            free(name)
            i += 1
        }
        free(strings)
        return names
    }
}

/// A method call to send: whom, which method, and its typed arguments (`BusConnection.call`, `send`).
public struct BusMethodCall: Hashable, Sendable {
    public var destination: String
    public var path: String
    public var interface: String
    public var member: String
    public var arguments: [BusValue]

    public init(destination: String, path: String, interface: String, member: String, arguments: [BusValue] = []) {
        self.destination = destination
        self.path = path
        self.interface = interface
        self.member = member
        self.arguments = arguments
    }

    /// The arguments' signature: what the receiver checks the call against.
    public var signature: String { arguments.map(\.signature).joined() }

    /// The standard interface every object's properties are read through.
    public static let propertiesInterface = "org.freedesktop.DBus.Properties"

    /// `Properties.GetAll(interface)`: every property of `interface` at `path`; the reply is an `a{sv}`
    /// (`BusReply.readProperties`).
    public static func getAllProperties(destination: String, path: String, interface: String) -> BusMethodCall {
        BusMethodCall(destination: destination, path: path, interface: propertiesInterface, member: "GetAll",
                      arguments: [.string(interface)])
    }

    /// `Properties.Get(interface, name)`: one property; the reply is a variant.
    public static func getProperty(destination: String, path: String, interface: String, name: String) -> BusMethodCall {
        BusMethodCall(destination: destination, path: path, interface: propertiesInterface, member: "Get",
                      arguments: [.string(interface), .string(name)])
    }
}

/// Which signals to be handed (`BusConnection.watch`): a D-Bus match rule of type `signal`, from its parts. A part
/// left nil matches anything.
public struct BusSignalMatch: Hashable, Sendable {
    public var sender: String?
    public var path: String?
    public var interface: String
    public var member: String
    /// The first argument, when it is a string (a bus name, an interface).
    public var arg0: String?

    public init(sender: String? = nil, path: String? = nil, interface: String, member: String, arg0: String? = nil) {
        self.sender = sender
        self.path = path
        self.interface = interface
        self.member = member
        self.arg0 = arg0
    }

    /// The bus daemon's own `NameOwnerChanged` for `name`: it appeared, left, or changed hands.
    public static func nameOwnerChanged(_ name: String) -> BusSignalMatch {
        BusSignalMatch(sender: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                       member: "NameOwnerChanged", arg0: name)
    }

    /// `PropertiesChanged` of `interface` at `path`, from any sender (a match on a well-known name would be
    /// compared with the unique name that sends: the receiver checks the sender itself).
    public static func propertiesChanged(path: String, interface: String) -> BusSignalMatch {
        BusSignalMatch(path: path, interface: BusMethodCall.propertiesInterface, member: "PropertiesChanged", arg0: interface)
    }

    /// The rule as the bus takes it: `key='value'` pairs, comma-separated. A quote in a value is written as the
    /// D-Bus specification says: the quoted part closed, an escaped quote, the quoted part opened again.
    public var rule: String {
        var parts = ["type='signal'"]
        func add(_ key: String, _ value: String?) {
            guard let value else { return }
            parts.append("\(key)='\(value.replacing("'", with: #"'\''"#))'")
        }
        add("sender", sender)
        add("path", path)
        add("interface", interface)
        add("member", member)
        add("arg0", arg0)
        return parts.joined(separator: ",")
    }
}

/// Range and resolution of one absolute axis, as in `struct input_absinfo`.
/// `resolution` is in units per millimetre for position axes (0 when the device does not say).
public struct AbsInfo: Hashable, Sendable {
    public var minimum: Int32
    public var maximum: Int32
    public var fuzz: Int32
    public var flat: Int32
    public var resolution: Int32
    public var value: Int32

    public init(minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0, value: Int32 = 0) {
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
        self.value = value
    }
}

/// `struct input_id`.
public struct InputID: Hashable, Sendable {
    public var bustype: UInt16
    public var vendor: UInt16
    public var product: UInt16
    public var version: UInt16

    public init(bustype: UInt16, vendor: UInt16, product: UInt16, version: UInt16) {
        self.bustype = bustype
        self.vendor = vendor
        self.product = product
        self.version = version
    }
}

/// What a device says about itself: the same facts whether read from a live node (libevdev),
/// an evemu description, or a `libinput record` device block.
public struct DeviceDescription: Hashable, Sendable {
    public var name: String
    public var id: InputID
    /// Supported event codes per event type. A type present with an empty set is supported with no codes.
    public var codes: [UInt16: Set<UInt16>]
    /// Axis information for each supported `EV_ABS` code.
    public var absInfo: [UInt16: AbsInfo]
    public var properties: Set<UInt16>
    /// udev properties when known (live devices), e.g. `ID_INPUT_TOUCHSCREEN=1`.
    public var udevProperties: [String: String]
    /// Where the description came from, for error messages: a node path, or a file name.
    public var origin: String
    /// The kernel's physical path (`EVIOCGPHYS`, e.g. `usb-0000:00:14.0-1/input0`), empty when unknown: uinput
    /// nodes without one, and recordings (neither `libinput record` nor evemu writes it).
    public var phys: String

    public init(name: String, id: InputID, codes: [UInt16: Set<UInt16>] = [:], absInfo: [UInt16: AbsInfo] = [:],
                properties: Set<UInt16> = [], udevProperties: [String: String] = [:], origin: String = "", phys: String = "") {
        self.name = name
        self.id = id
        self.codes = codes
        self.absInfo = absInfo
        self.properties = properties
        self.udevProperties = udevProperties
        self.origin = origin
        self.phys = phys
    }

    public var supportedTypes: Set<UInt16> { Set(codes.keys) }

    public func has(type: UInt16) -> Bool { codes[type] != nil }

    public func has(type: UInt16, code: UInt16) -> Bool { codes[type]?.contains(code) ?? false }

    public func has(property: UInt16) -> Bool { properties.contains(property) }

    /// Number of multitouch slots (protocol B), or nil for protocol A and single-touch devices.
    public var slotCount: Int? {
        guard let slot = absInfo[AbsCode.mtSlot], has(type: EventType.abs, code: AbsCode.mtSlot) else { return nil }
        return Int(slot.maximum) - Int(slot.minimum) + 1
    }

    /// A short name for messages: `"Atmel maXTouch" (/dev/input/event3)`.
    public var label: String { origin.isEmpty ? "\"\(name)\"" : "\"\(name)\" (\(origin))" }
}

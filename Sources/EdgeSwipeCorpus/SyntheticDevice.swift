import TouchInput
import Gestures
import TouchModel

/// How a synthetic device reports several contacts.
public enum TouchProtocol: String, Hashable, Sendable {
    /// Slots and tracking ids; only changed values are sent.
    case b = "B"
    /// Anonymous contacts separated by SYN_MT_REPORT, all of them in every frame while touching.
    case a = "A"
}

/// A made-up but realistic touch device: size, axis ranges, resolution (or none), protocol, rotation.
public struct SyntheticDevice: Hashable, Sendable {
    public var name: String
    public var kind: DeviceKind
    public var sizeMM: PhysicalSize
    public var xMax: Int32
    public var yMax: Int32
    /// False: the axes have resolution 0 and the size must be configured (as for many PS/2 touchpads).
    public var hasResolution: Bool
    public var touchProtocol: TouchProtocol
    public var slots: Int
    public var rotation: ScreenRotation

    public init(name: String, kind: DeviceKind, sizeMM: PhysicalSize, xMax: Int32, yMax: Int32, hasResolution: Bool,
                touchProtocol: TouchProtocol, slots: Int = 10, rotation: ScreenRotation = .r0) {
        self.name = name
        self.kind = kind
        self.sizeMM = sizeMM
        self.xMax = xMax
        self.yMax = yMax
        self.hasResolution = hasResolution
        self.touchProtocol = touchProtocol
        self.slots = slots
        self.rotation = rotation
    }

    /// Phone panel, 65 × 140 mm at 16 units/mm, protocol B, portrait.
    public static let phone = SyntheticDevice(name: "phone", kind: .touchscreen, sizeMM: PhysicalSize(widthMM: 65, heightMM: 140),
                                              xMax: 1040, yMax: 2240, hasResolution: true, touchProtocol: .b)
    /// The same panel turned 90° clockwise: the user's screen is 140 × 65 mm.
    public static let phoneLandscape: SyntheticDevice = {
        var d = phone
        d.name = "phone-landscape"
        d.rotation = .r90
        return d
    }()
    /// Tablet, 250 × 170 mm at 10 units/mm, protocol A.
    public static let tablet = SyntheticDevice(name: "tablet", kind: .touchscreen, sizeMM: PhysicalSize(widthMM: 250, heightMM: 170),
                                               xMax: 2500, yMax: 1700, hasResolution: true, touchProtocol: .a)
    /// Touchpad, 100 × 60 mm, no resolution (configured size), protocol B with BTN_TOOL_* finger counts.
    public static let touchpad = SyntheticDevice(name: "touchpad", kind: .touchpad, sizeMM: PhysicalSize(widthMM: 100, heightMM: 60),
                                                 xMax: 4000, yMax: 2400, hasResolution: false, touchProtocol: .b, slots: 5)
    /// Laptop touchscreen, 290 × 165 mm at 12 units/mm, protocol B.
    public static let laptop = SyntheticDevice(name: "laptop", kind: .touchscreen, sizeMM: PhysicalSize(widthMM: 290, heightMM: 165),
                                               xMax: 3480, yMax: 1980, hasResolution: true, touchProtocol: .b)

    public static let all: [SyntheticDevice] = [.phone, .phoneLandscape, .tablet, .touchpad, .laptop]

    /// Size to configure: only for a device without resolution.
    public var configuredSize: PhysicalSize? { hasResolution ? nil : sizeMM }

    public var description: DeviceDescription {
        let xRes: Int32 = hasResolution ? Int32((Double(xMax) / sizeMM.widthMM).rounded()) : 0
        let yRes: Int32 = hasResolution ? Int32((Double(yMax) / sizeMM.heightMM).rounded()) : 0
        let x = AbsInfo(minimum: 0, maximum: xMax, resolution: xRes)
        let y = AbsInfo(minimum: 0, maximum: yMax, resolution: yRes)
        var abs: [UInt16: AbsInfo] = [AbsCode.x: x, AbsCode.y: y, AbsCode.mtPositionX: x, AbsCode.mtPositionY: y]
        var syn: Set<UInt16> = [SynCode.report, SynCode.dropped]
        var keys: Set<UInt16> = [KeyCode.btnTouch]
        switch touchProtocol {
        case .b:
            abs[AbsCode.mtSlot] = AbsInfo(minimum: 0, maximum: Int32(slots - 1))
            abs[AbsCode.mtTrackingID] = AbsInfo(minimum: 0, maximum: 65535)
        case .a:
            syn.insert(SynCode.mtReport)
        }
        var properties: Set<UInt16> = [InputProperty.direct]
        if kind == .touchpad {
            properties = [InputProperty.pointer, InputProperty.buttonpad]
            keys.formUnion([KeyCode.btnLeft, KeyCode.btnToolFinger, KeyCode.btnToolDoubleTap, KeyCode.btnToolTripleTap])
        }
        return DeviceDescription(name: "EdgeSwipe synthetic \(name)", id: InputID(bustype: 0x06, vendor: 0x1234, product: 0x5678, version: 1),
                                 codes: [EventType.syn: syn, EventType.key: keys, EventType.abs: Set(abs.keys)],
                                 absInfo: abs, properties: properties, origin: "synthetic:\(name)")
    }

    public func geometry() throws -> SurfaceGeometry {
        try SurfaceGeometry(device: description, configuredSize: configuredSize)
    }

    public func transform() throws -> ScreenTransform {
        ScreenTransform(deviceSize: try geometry().size, rotation: rotation)
    }
}

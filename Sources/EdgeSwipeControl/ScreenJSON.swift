import Gestures
import TouchModel

/// One touch device's screen as the user sees it, as the service publishes it in the hello, the `state` reply and
/// the `screens` event (docs/protocol.md, "Connecting"): `{"widthMM","heightMM","rotation","flipped","output"}`, the
/// size after rotation (the millimetres exclusions and `positionMM` are in), the rotation in degrees clockwise, and
/// the display output the panel is on (`reportOutput`; `null`: not reported). A page converts its CSS pixels to
/// these millimetres. The service encodes it (`ScreenJSON`) and clients decode it (`ServiceLine`) here, one shape.
public struct ServiceScreen: Sendable, Hashable {
    /// As published: a client checks the range it needs (`PhysicalSize.isScreenSized`).
    public var widthMM: Double
    public var heightMM: Double
    public var rotation: ScreenRotation
    public var flipped: Bool
    public var output: String?

    public init(widthMM: Double, heightMM: Double, rotation: ScreenRotation, flipped: Bool = false, output: String? = nil) {
        self.widthMM = widthMM
        self.heightMM = heightMM
        self.rotation = rotation
        self.flipped = flipped
        self.output = output
    }

    /// A device's screen: its size after its transform's rotation.
    public init(_ transform: ScreenTransform, output: String?) {
        self.init(widthMM: transform.screenSize.widthMM, heightMM: transform.screenSize.heightMM, rotation: transform.rotation,
                  flipped: transform.flipped, output: output)
    }

    public var size: PhysicalSize { PhysicalSize(widthMM: widthMM, heightMM: heightMM) }

    public var encoded: JSONValue {
        .object(["widthMM": .number(widthMM), "heightMM": .number(heightMM), "rotation": .integer(Int64(rotation.rawValue)),
                 "flipped": .bool(flipped), "output": output.map { .string($0) } ?? .null])
    }

    /// A published entry; nil when it is not of the shape (a size that is no finite number, a rotation other than
    /// 0, 90, 180, 270). `flipped` absent: false (services before protocol 4 had none).
    public init?(_ value: JSONValue) {
        guard let w = ServiceLine.number(value["widthMM"]), let h = ServiceLine.number(value["heightMM"]),
              case .integer(let degrees)? = value["rotation"], let rotation = ScreenRotation(degrees: Int(clamping: degrees)) else {
            return nil
        }
        var output: String?
        if case .string(let name)? = value["output"] { output = name }
        self.init(widthMM: w, heightMM: h, rotation: rotation, flipped: value["flipped"] == .bool(true), output: output)
    }

    /// A `screens` array; nil when it is not an array or an entry is not of the shape.
    static func list(_ value: JSONValue?) -> [ServiceScreen]? {
        guard case .array(let items)? = value else { return nil }
        var screens: [ServiceScreen] = []
        for item in items {
            guard let screen = ServiceScreen(item) else { return nil }
            screens.append(screen)
        }
        return screens
    }
}

/// The service's side of `ServiceScreen`: the screens array of the hello, the `state` reply and the `screens` event.
package enum ScreenJSON {
    package static func screens(_ screens: [(transform: ScreenTransform, output: String?)]) -> JSONValue {
        .array(screens.map { ServiceScreen($0.transform, output: $0.output).encoded })
    }
}

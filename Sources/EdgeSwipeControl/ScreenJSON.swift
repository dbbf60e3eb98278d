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
    /// The edge bands swipes start in, on the screen as the user sees it (issue 38's band preview); empty when the
    /// service names none (before this field, or a device with no edges). Encoded only when not empty.
    public var bands: [ServiceBand]

    public init(widthMM: Double, heightMM: Double, rotation: ScreenRotation, flipped: Bool = false, output: String? = nil,
                bands: [ServiceBand] = []) {
        self.widthMM = widthMM
        self.heightMM = heightMM
        self.rotation = rotation
        self.flipped = flipped
        self.output = output
        self.bands = bands
    }

    /// A device's screen: its size after its transform's rotation.
    public init(_ transform: ScreenTransform, output: String?, bands: [ServiceBand] = []) {
        self.init(widthMM: transform.screenSize.widthMM, heightMM: transform.screenSize.heightMM, rotation: transform.rotation,
                  flipped: transform.flipped, output: output, bands: bands)
    }

    public var size: PhysicalSize { PhysicalSize(widthMM: widthMM, heightMM: heightMM) }

    public var encoded: JSONValue {
        var fields: [String: JSONValue] = ["widthMM": .number(widthMM), "heightMM": .number(heightMM), "rotation": .integer(Int64(rotation.rawValue)),
                                           "flipped": .bool(flipped), "output": output.map { .string($0) } ?? .null]
        if !bands.isEmpty { fields["bands"] = .array(bands.map(\.encoded)) }
        return .object(fields)
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
        // Bands: each entry of the shape, the rest left out (a client draws what it can read).
        var bands: [ServiceBand] = []
        if case .array(let items)? = value["bands"] { bands = items.compactMap(ServiceBand.init) }
        self.init(widthMM: w, heightMM: h, rotation: rotation, flipped: value["flipped"] == .bool(true), output: output, bands: bands)
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

/// An edge band of a screen: `{"edge":"left","widthMM":5}`, the edge as the user sees it and how far from it a
/// swipe may start (the widest `edge_zone_mm` of the recognizers on that edge).
public struct ServiceBand: Sendable, Hashable {
    public var edge: Edge
    public var widthMM: Double

    public init(edge: Edge, widthMM: Double) {
        self.edge = edge
        self.widthMM = widthMM
    }

    public var encoded: JSONValue { .object(["edge": .string(edge.rawValue), "widthMM": .number(widthMM)]) }

    /// Nil when not of the shape: an edge other than the four, a width that is not a finite number above 0.
    public init?(_ value: JSONValue) {
        guard case .string(let name)? = value["edge"], let edge = Edge(rawValue: name),
              let width = ServiceLine.number(value["widthMM"]), width.isFinite, width > 0 else { return nil }
        self.init(edge: edge, widthMM: width)
    }

    /// The bands of recognizers' configurations: per edge (in Edge's order), the widest zone.
    public static func of(_ configs: [EdgeSwipeConfig]) -> [ServiceBand] {
        widest(configs.flatMap { config in config.edges.map { ServiceBand(edge: $0, widthMM: config.edgeZoneMM) } })
    }

    /// One band per edge, in Edge's order: the widest of those given for it.
    public static func widest(_ bands: [ServiceBand]) -> [ServiceBand] {
        var widest: [Edge: Double] = [:]
        for band in bands { widest[band.edge] = max(widest[band.edge] ?? band.widthMM, band.widthMM) }
        return Edge.allCases.compactMap { edge in widest[edge].map { ServiceBand(edge: edge, widthMM: $0) } }
    }
}

/// The service's side of `ServiceScreen`: the screens array of the hello, the `state` reply and the `screens` event.
package enum ScreenJSON {
    package static func screens(_ screens: [(transform: ScreenTransform, output: String?)]) -> JSONValue {
        .array(screens.map { ServiceScreen($0.transform, output: $0.output).encoded })
    }

    package static func screens(_ screens: [(transform: ScreenTransform, output: String?, bands: [ServiceBand])]) -> JSONValue {
        .array(screens.map { ServiceScreen($0.transform, output: $0.output, bands: $0.bands).encoded })
    }
}

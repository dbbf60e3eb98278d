/// A point in millimetres or normalised units. x grows to the right, y grows downwards (device order).
@frozen
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    @inlinable @inline(__always)
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// Physical size of a surface in millimetres.
public struct PhysicalSize: Hashable, Sendable, CustomStringConvertible {
    public var widthMM: Double
    public var heightMM: Double

    @inlinable
    public init(widthMM: Double, heightMM: Double) {
        self.widthMM = widthMM
        self.heightMM = heightMM
    }

    /// Longest side a configured or typed size may have: a large touch wall, with room to spare. Larger
    /// values are typing mistakes, and near Double's range the millimetre arithmetic overflows to infinity.
    public static let maxSideMM = 5000.0

    /// Shortest side a screen's size may have where it comes from outside (the control protocol, an output's
    /// report): a watch's screen is about 25 mm; a smaller side is a mistake (or an EDID's aspect ratio, 16x9), and
    /// divided into an output's pixels it makes millions of pixels per mm (issue 33: 0.3 mm trapped the arrow).
    public static let minSideMM = 10.0

    /// Whether both sides are within `minSideMM...maxSideMM`.
    public var isScreenSized: Bool {
        (Self.minSideMM...Self.maxSideMM).contains(widthMM) && (Self.minSideMM...Self.maxSideMM).contains(heightMM)
    }

    /// What `init?(parsing:)` accepts, for messages.
    public static let parsingRule = "WxH in millimetres, each side more than 0 and at most \(Int(maxSideMM))"

    /// Parses `WxH` in millimetres, e.g. `218x136` or `218.5x136`, each side more than 0 and at most `maxSideMM`.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              w > 0, h > 0, w <= PhysicalSize.maxSideMM, h <= PhysicalSize.maxSideMM else { return nil }
        self.init(widthMM: w, heightMM: h)
    }

    public var description: String { "\(Self.format(widthMM))x\(Self.format(heightMM)) mm" }

    /// Whole millimetres without a fraction, else one decimal.
    static func format(_ v: Double) -> String {
        // Int() only within its range: a size from outside may be any finite number.
        guard abs(v) < 1e15 else { return String(v) }
        return v == v.rounded() ? String(Int(v)) : String((v * 10).rounded() / 10)
    }
}

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

    /// Parses `WxH` in millimetres, e.g. `218x136` or `218.5x136`.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              w.isFinite, h.isFinite, w > 0, h > 0 else { return nil }
        self.init(widthMM: w, heightMM: h)
    }

    public var description: String { "\(Self.format(widthMM))x\(Self.format(heightMM)) mm" }

    /// Whole millimetres without a fraction, else one decimal.
    static func format(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String((v * 10).rounded() / 10)
    }
}

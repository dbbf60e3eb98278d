import Gestures
import TouchModel

/// A region where the app keeps its own touches (a slider or a map at an edge), as Android's system-gesture
/// exclusion rectangles: a touch-down inside it never begins an edge swipe. Screen millimetres, as the
/// recognizers see the screen after ScreenTransform: x to the right, y down, from the top-left corner.
public struct ExclusionRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// The screen it belongs to: it applies only while a screen of that name is on top. Nil: on every screen.
    public var screen: String?

    public init(x: Double, y: Double, width: Double, height: Double, screen: String? = nil) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.screen = screen
    }

    /// Borders included: a touch on the rim of a slider belongs to the slider.
    @inline(__always)
    public func contains(_ p: Point) -> Bool {
        p.x >= x && p.x <= x + width && p.y >= y && p.y <= y + height
    }

    /// Whether it applies while `top` is the top screen's name.
    @inline(__always)
    public func applies(onTop top: String?) -> Bool {
        guard let screen else { return true }
        return screen == top
    }

    /// Its length along an edge: the height for the left and right edges, the width for top and bottom.
    func length(along edge: Edge) -> Double {
        edge == .left || edge == .right ? height : width
    }

    /// Shortened along `edge` to `length`, keeping its start (top or left end).
    func shortened(along edge: Edge, to length: Double) -> ExclusionRect {
        var r = self
        if edge == .left || edge == .right { r.height = length } else { r.width = length }
        return r
    }

    /// The largest coordinate or size accepted: PhysicalSize's largest side, so the arithmetic stays finite.
    public static let maxMagnitudeMM = PhysicalSize.maxSideMM

    /// What is wrong with it, naming the field, or nil.
    public var problem: String? {
        for (name, v) in [("x", x), ("y", y), ("width", width), ("height", height)] {
            guard v.isFinite else { return "\(name) is not a finite number" }
            guard abs(v) <= Self.maxMagnitudeMM else { return "\(name) is \(v) mm, beyond ±\(Int(Self.maxMagnitudeMM)) mm" }
        }
        if width <= 0 { return "width is \(width) mm; it must be more than 0" }
        if height <= 0 { return "height is \(height) mm; it must be more than 0" }
        if let screen, !ScreenSpec.isAcceptedName(screen) {
            return "screen must be a non-empty name of at most \(ScreenSpec.maxNameBytes) bytes"
        }
        return nil
    }

    public var description: String {
        "\(x),\(y) \(width)x\(height) mm" + (screen.map { " on \($0)" } ?? "")
    }
}

/// Who set a group of rectangles: they go when it goes (a control connection, an HTTP page's event stream).
public struct ExclusionOwner: Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt64
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }
    public var description: String { "owner \(rawValue)" }
}

#if canImport(Glibc)
import Glibc
#endif
import TouchModel

/// A triangle in buffer pixels, what pixman rasterises.
public struct Triangle: Sendable, Hashable {
    public var a, b, c: Point
    public init(_ a: Point, _ b: Point, _ c: Point) {
        self.a = a
        self.b = b
        self.c = c
    }
}

/// One picture of the arrow in buffer pixels: the bulge and the chevron as triangles with their colours.
public struct ArrowPicture: Sendable, Hashable {
    public var body: [Triangle]
    public var chevron: [Triangle]
    public var bodyColour: ARGB
    public var chevronColour: ARGB
    /// The bulge's centre line (the finger's height, clamped so the bulge stays on the output), buffer px.
    public var centreY: Double
    /// How far the bulge reaches from the edge, buffer px.
    public var reach: Double
    /// Half the bulge's height along the edge, buffer px (what the GNOME Shell extension draws it from).
    public var halfHeight: Double
}

/// The layer surface the arrow lives in (a strip along one edge, the output's height) and where in it the arrow
/// goes for a pose. The strip is as wide as the largest bulge, so the surface never moves or resizes during a
/// gesture: only its buffer changes.
public struct ArrowGeometry: Sendable, Hashable {
    public var style: ArrowStyle
    public var mapping: ScreenMapping
    /// The output's scale (wl_output.scale): buffer pixels per logical pixel.
    public var scale: Int

    /// Segments of the bulge's half-ellipse.
    static let bulgeSegments = 16

    public init(style: ArrowStyle = .standard, mapping: ScreenMapping, scale: Int) {
        self.style = style
        self.mapping = mapping
        self.scale = max(scale, 1)
    }

    /// Longest side of a buffer: pixman's 16.16 fixed point reaches 32 767 px.
    public static let maxBufferSide = 32_767

    /// The strip's logical size: the largest reach (whole pixels, rounded up) by the output's height, each at most
    /// the output's and within `maxBufferSide` at the scale. Converted with bounds: a mapping from odd sizes (a
    /// screen of 0.001 mm) gives any Double, which `Int()` traps on (issue 33).
    public var surfaceWidth: Int { Self.pixels(min(style.maxReachMM * mapping.pxPerMMX, mapping.outputWidth), .up, scale) }
    public var surfaceHeight: Int { Self.pixels(mapping.outputHeight, .toNearestOrAwayFromZero, scale) }
    public var bufferWidth: Int { surfaceWidth * scale }
    public var bufferHeight: Int { surfaceHeight * scale }

    /// `logical` rounded to whole pixels, 1 to `maxBufferSide / scale`; NaN gives 1.
    static func pixels(_ logical: Double, _ rule: FloatingPointRoundingRule, _ scale: Int) -> Int {
        guard logical >= 1 else { return 1 }
        return Int(min(logical.rounded(rule), Double(maxBufferSide / scale)))
    }

    public func picture(_ pose: ArrowPose) -> ArrowPicture {
        let s = Double(scale)
        let bufferH = Double(bufferHeight)
        // Both within the buffer whatever the mapping: the bulge at most the strip's height, the reach its width.
        let halfHeight = min(style.heightMM / 2 * mapping.pxPerMMY * s, bufferH / 2)
        let reach = min(style.reachMM(progress: pose.progress) * mapping.pxPerMMX * s, Double(bufferWidth))
            * min(max(pose.presence, 0), 1)
        let y = pose.yMM * mapping.pxPerMMY * s
        let centreY = bufferH >= 2 * halfHeight ? min(max(y, halfHeight), bufferH - halfHeight) : bufferH / 2
        // Built for the left edge (x from the edge inward), mirrored for the right.
        let x: (Double) -> Double = pose.side == .left ? { $0 } : { Double(bufferWidth) - $0 }
        func point(_ inward: Double, _ y: Double) -> Point { Point(x: x(inward), y: y) }

        var body: [Triangle] = []
        let centre = point(0, centreY)
        var previous = point(0, centreY - halfHeight)
        for i in 1...Self.bulgeSegments {
            let theta = -Double.pi / 2 + Double.pi * Double(i) / Double(Self.bulgeSegments)
            let next = point(reach * cos(theta), centreY + halfHeight * sin(theta))
            body.append(Triangle(centre, previous, next))
            previous = next
        }

        // A "<" pointing at the edge (back), centred in the bulge: two bars from the tip.
        let armHeight = halfHeight * 0.4, armWidth = armHeight * 0.5, thickness = halfHeight * 0.16
        let middle = reach * 0.5
        let tip = (middle - armWidth, centreY)
        var chevron: [Triangle] = []
        for end in [(middle + armWidth, centreY - armHeight), (middle + armWidth, centreY + armHeight)] {
            let dx = end.0 - tip.0, dy = end.1 - tip.1
            let length = (dx * dx + dy * dy).squareRoot()
            let nx = -dy / length * thickness / 2, ny = dx / length * thickness / 2
            let a = point(tip.0 + nx, tip.1 + ny), b = point(tip.0 - nx, tip.1 - ny)
            let c = point(end.0 - nx, end.1 - ny), d = point(end.0 + nx, end.1 + ny)
            chevron += [Triangle(a, b, c), Triangle(a, c, d)]
        }
        let presence = min(max(pose.presence, 0), 1)
        return ArrowPicture(body: body, chevron: chevron,
                            bodyColour: (pose.armed ? style.armedBody : style.body).faded(presence),
                            chevronColour: (pose.armed ? style.armedChevron : style.chevron).faded(presence),
                            centreY: centreY, reach: reach, halfHeight: halfHeight)
    }
}

import CPixman
import EdgeSwipeFeedback
import TouchModel

/// Rasterises an `ArrowPicture` into a pixman image: each shape's triangles through an antialiased a8 mask,
/// composited OVER in its solid colour.
enum ArrowPainter {
    static func paint(_ picture: ArrowPicture, into image: OpaquePointer) {
        fill(picture.body, picture.bodyColour, image)
        fill(picture.chevron, picture.chevronColour, image)
    }

    /// A rectangle (x0, y0, x1, y1 in buffer pixels) of one colour, as two triangles (the band preview's strips).
    static func fillRectangle(_ r: (Double, Double, Double, Double), _ colour: ARGB, into image: OpaquePointer) {
        let a = Point(x: r.0, y: r.1), b = Point(x: r.2, y: r.1), c = Point(x: r.2, y: r.3), d = Point(x: r.0, y: r.3)
        fill([Triangle(a, b, c), Triangle(a, c, d)], colour, image)
    }

    private static func fill(_ triangles: [Triangle], _ colour: ARGB, _ image: OpaquePointer) {
        guard !triangles.isEmpty, colour.alpha > 0 else { return }
        let c = colour.premultiplied16
        var pixmanColour = pixman_color_t(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha)
        guard let source = pixman_image_create_solid_fill(&pixmanColour) else { return }
        defer { pixman_image_unref(source) }
        let fixed = triangles.map { t in
            pixman_triangle_t(p1: point(t.a), p2: point(t.b), p3: point(t.c))
        }
        fixed.withUnsafeBufferPointer { list in
            pixman_composite_triangles(PIXMAN_OP_OVER, source, image, PIXMAN_a8, 0, 0, 0, 0, Int32(list.count), list.baseAddress)
        }
    }

    /// pixman's 16.16 fixed point. Clamped to what it holds: ArrowGeometry keeps pictures within its buffer, and a
    /// coordinate past 32 767 px would trap the conversion (issue 33), where pixman clips a clamped one.
    private static func point(_ p: Point) -> pixman_point_fixed_t {
        pixman_point_fixed_t(x: fixed(p.x), y: fixed(p.y))
    }

    private static func fixed(_ v: Double) -> pixman_fixed_t {
        let most = Double(ArrowGeometry.maxBufferSide)
        return pixman_fixed_t((min(max(v.isNaN ? 0 : v, -most), most) * 65536).rounded())
    }
}

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

    /// pixman's 16.16 fixed point.
    private static func point(_ p: Point) -> pixman_point_fixed_t {
        pixman_point_fixed_t(x: pixman_fixed_t((p.x * 65536).rounded()), y: pixman_fixed_t((p.y * 65536).rounded()))
    }
}

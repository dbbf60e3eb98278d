import TouchModel

/// The valid range of one position axis; values outside are clamped and flagged rather than passed on.
struct AxisClamp {
    var minimum: Int32
    var maximum: Int32

    init(_ info: AbsInfo) {
        minimum = info.minimum
        maximum = info.maximum
    }

    @inline(__always)
    func clamp(_ value: Int32) -> (value: Int32, clamped: Bool) {
        if value < minimum { return (minimum, true) }
        if value > maximum { return (maximum, true) }
        return (value, false)
    }
}

/// A position as the decoder keeps it: device units after clamping, and whether clamping happened.
struct RawPosition {
    var x: Int32 = 0
    var y: Int32 = 0
    var xClamped = false
    var yClamped = false
    /// Each axis has been reported at least once. A recording can start mid-touch, and the kernel only
    /// sends values that change, so until then the position is unknown (not 0).
    var hasX = false
    var hasY = false
    /// ABS_MT_TOUCH_MAJOR, _MINOR and ABS_MT_PRESSURE in device units, as last reported (0 until then).
    var major: Int32 = 0
    var minor: Int32 = 0
    var pressure: Int32 = 0

    var clamped: Bool { xClamped || yClamped }
    var isKnown: Bool { hasX && hasY }
}

extension SurfaceGeometry {
    @inline(__always)
    func contact(id: Int, slot: Int, phase: ContactPhase, at p: RawPosition, shape: ContactShapeAxes = .none) -> Contact {
        // In Double: an axis range from a bad description can span all of Int32, where Int32 arithmetic traps.
        let n = Point(x: (Double(p.x) - Double(xAxis.minimum)) / (Double(xAxis.maximum) - Double(xAxis.minimum)),
                      y: (Double(p.y) - Double(yAxis.minimum)) / (Double(yAxis.maximum) - Double(yAxis.minimum)))
        return Contact(id: id, slot: slot, phase: phase, deviceX: p.x, deviceY: p.y,
                       mm: Point(x: n.x * size.widthMM, y: n.y * size.heightMM), normalized: n, clamped: p.clamped,
                       shape: shape.isNone ? .none : shape.shape(of: p))
    }
}

import TouchModel

public enum GeometryError: Error, Equatable, CustomStringConvertible {
    case noPositionAxes(device: String)
    /// The axis's resolution is 0 (none) or, from a broken device or file, negative.
    case noPhysicalSize(device: String, axis: String, resolution: Int32)
    case emptyAxisRange(device: String, axis: String)

    public var description: String {
        switch self {
        case .noPositionAxes(let d):
            return "\(d): no ABS_X/ABS_Y or ABS_MT_POSITION_X/Y axes: not a touch surface"
        case .noPhysicalSize(let d, let axis, let resolution):
            return "\(d): \(axis) has resolution \(resolution), so this device has no physical size; give one with --size WxH (mm) on replay, or a 'size' setting (defaults.size or the device's entry) for the service"
        case .emptyAxisRange(let d, let axis):
            return "\(d): \(axis) has an empty range (maximum <= minimum)"
        }
    }
}

/// Maps device units to millimetres and 0...1 for one surface.
public struct SurfaceGeometry: Hashable, Sendable {
    public var xAxis: AbsInfo
    public var yAxis: AbsInfo
    public var size: PhysicalSize
    /// Whether the size came from the device's resolution or from configuration.
    public var sizeIsConfigured: Bool
    /// The size is that of the output the device is on (its axes have no resolution and none is configured):
    /// it follows the output's reports.
    public var sizeIsFromOutput = false

    /// Uses the MT position axes when present, else ABS_X/ABS_Y. A configured size wins over resolution; an axis
    /// without resolution takes `outputSize` (its output's, as the session reported it: a touchscreen mapped to an
    /// output spans it); without any of them, this throws `noPhysicalSize` rather than guessing.
    public init(device: DeviceDescription, configuredSize: PhysicalSize? = nil, outputSize: PhysicalSize? = nil) throws {
        let useMT = device.absInfo[AbsCode.mtPositionX] != nil && device.absInfo[AbsCode.mtPositionY] != nil
        let xc = useMT ? AbsCode.mtPositionX : AbsCode.x
        let yc = useMT ? AbsCode.mtPositionY : AbsCode.y
        guard let x = device.absInfo[xc], let y = device.absInfo[yc] else {
            throw GeometryError.noPositionAxes(device: device.label)
        }
        let xName = EventCodeNames.codeName(type: EventType.abs, code: xc) ?? "ABS_X"
        let yName = EventCodeNames.codeName(type: EventType.abs, code: yc) ?? "ABS_Y"
        guard x.maximum > x.minimum else { throw GeometryError.emptyAxisRange(device: device.label, axis: xName) }
        guard y.maximum > y.minimum else { throw GeometryError.emptyAxisRange(device: device.label, axis: yName) }
        xAxis = x
        yAxis = y
        if let configuredSize {
            size = configuredSize
            sizeIsConfigured = true
        } else if let outputSize, x.resolution <= 0 || y.resolution <= 0 {
            size = outputSize
            sizeIsConfigured = false
            sizeIsFromOutput = true
        } else {
            guard x.resolution > 0 else { throw GeometryError.noPhysicalSize(device: device.label, axis: xName, resolution: x.resolution) }
            guard y.resolution > 0 else { throw GeometryError.noPhysicalSize(device: device.label, axis: yName, resolution: y.resolution) }
            // In Double: an axis may span nearly all of Int32, which Int32 subtraction would overflow.
            size = PhysicalSize(widthMM: (Double(x.maximum) - Double(x.minimum)) / Double(x.resolution),
                                heightMM: (Double(y.maximum) - Double(y.minimum)) / Double(y.resolution))
            sizeIsConfigured = false
        }
    }

    /// `fromOutput`: the size is the device's output's (a frame source without resolution).
    public init(xAxis: AbsInfo, yAxis: AbsInfo, size: PhysicalSize, fromOutput: Bool = false) {
        self.xAxis = xAxis
        self.yAxis = yAxis
        self.size = size
        self.sizeIsConfigured = !fromOutput
        self.sizeIsFromOutput = fromOutput
    }

    @inline(__always)
    public func normalized(x: Int32, y: Int32) -> Point {
        Point(x: (Double(x) - Double(xAxis.minimum)) / (Double(xAxis.maximum) - Double(xAxis.minimum)),
              y: (Double(y) - Double(yAxis.minimum)) / (Double(yAxis.maximum) - Double(yAxis.minimum)))
    }

    @inline(__always)
    public func millimetres(x: Int32, y: Int32) -> Point {
        let n = normalized(x: x, y: y)
        return Point(x: n.x * size.widthMM, y: n.y * size.heightMM)
    }
}

import TouchModel

/// libinput-style calibration: a 2×3 matrix applied to normalised device coordinates (0...1),
/// x' = a·x + b·y + c, y' = d·x + e·y + f (the LIBINPUT_CALIBRATION_MATRIX udev property's six numbers).
public struct CalibrationMatrix: Hashable, Sendable, CustomStringConvertible {
    public var a, b, c, d, e, f: Double

    public static let identity = CalibrationMatrix(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0)

    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.e = e; self.f = f
    }

    /// Largest magnitude of an entry: libinput's matrices hold scale and offset factors near 0 and 1, and near
    /// Double's range the coordinate arithmetic would overflow to infinity.
    public static let maxMagnitude = 1000.0

    /// Six finite numbers in row order, each at most `maxMagnitude` in size, or nil.
    public init?(_ values: [Double]) {
        guard values.count == 6, values.allSatisfy({ $0.isFinite && abs($0) <= CalibrationMatrix.maxMagnitude }) else { return nil }
        self.init(a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5])
    }

    /// Parses the udev form: six numbers separated by spaces, e.g. "1 0 0 0 1 0".
    public init?(parsing text: String) {
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { Double($0) }
        guard numbers.allSatisfy({ $0 != nil }) else { return nil }
        self.init(numbers.map { $0! })
    }

    @inline(__always)
    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + b * p.y + c, y: d * p.x + e * p.y + f)
    }

    public var description: String { "\(a) \(b) \(c) \(d) \(e) \(f)" }
}

/// Maps a contact from device coordinates to millimetres on the screen as the user sees it, so "left edge"
/// is the user's left. Calibration comes first (in device space, as libinput does), then rotation.
public struct ScreenTransform: Hashable, Sendable {
    /// Physical size of the surface in its native orientation.
    public var deviceSize: PhysicalSize
    public var rotation: ScreenRotation
    public var calibration: CalibrationMatrix
    /// Mirrored left to right as the user sees it, after the rotation (a flipped Wayland output, `OutputOrientation`).
    public var flipped: Bool

    public init(deviceSize: PhysicalSize, rotation: ScreenRotation = .r0, calibration: CalibrationMatrix = .identity,
                flipped: Bool = false) {
        self.deviceSize = deviceSize
        self.rotation = rotation
        self.calibration = calibration
        self.flipped = flipped
    }

    /// Size as the user sees it: width and height swap for 90° and 270°.
    public var screenSize: PhysicalSize {
        switch rotation {
        case .r0, .r180: return deviceSize
        case .r90, .r270: return PhysicalSize(widthMM: deviceSize.heightMM, heightMM: deviceSize.widthMM)
        }
    }

    /// Normalised device coordinates to normalised screen coordinates.
    @inline(__always)
    public func screenNormalized(_ device: Point) -> Point {
        let p = calibration.apply(device)
        let turned: Point
        switch rotation {
        case .r0: turned = p
        case .r90: turned = Point(x: 1 - p.y, y: p.x)
        case .r180: turned = Point(x: 1 - p.x, y: 1 - p.y)
        case .r270: turned = Point(x: p.y, y: 1 - p.x)
        }
        return flipped ? Point(x: 1 - turned.x, y: turned.y) : turned
    }

    /// Normalised device coordinates to screen millimetres.
    @inline(__always)
    public func screenMM(normalized device: Point) -> Point {
        let n = screenNormalized(device)
        let s = screenSize
        return Point(x: n.x * s.widthMM, y: n.y * s.heightMM)
    }

    @inline(__always)
    public func screenMM(_ contact: Contact) -> Point {
        screenMM(normalized: contact.normalized)
    }

    /// The inverse: where on the device (normalised) a point of the screen (mm) is. Nil when the calibration
    /// matrix cannot be inverted. Synthesisers and tests use it to place touches the user would see.
    public func deviceNormalized(screenMM p: Point) -> Point? {
        let s = screenSize
        let seen = Point(x: p.x / s.widthMM, y: p.y / s.heightMM)
        let n = flipped ? Point(x: 1 - seen.x, y: seen.y) : seen
        let q: Point
        switch rotation {
        case .r0: q = n
        case .r90: q = Point(x: n.y, y: 1 - n.x)
        case .r180: q = Point(x: 1 - n.x, y: 1 - n.y)
        case .r270: q = Point(x: 1 - n.y, y: n.x)
        }
        let m = calibration
        let det = m.a * m.e - m.b * m.d
        guard abs(det) > 1e-12 else { return nil }
        let x = q.x - m.c, y = q.y - m.f
        return Point(x: (m.e * x - m.b * y) / det, y: (-m.d * x + m.a * y) / det)
    }
}

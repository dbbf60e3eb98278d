import TouchModel

/// `edgeswipe calibrate`: what a finger traced along the four edges of a panel says about its axes, and the udev
/// hwdb lines (`EVDEV_ABS_00/01/35/36` with resolution) and the `size` setting that give a panel without resolution
/// its millimetres. Pure: fed contacts in device units, it decides nothing by clock or file.
///
/// The rule, stated because it is a choice:
/// - An edge is traced when points near it (within `nearFraction` of the traced span from the extreme) cover at least
///   `coveredBins` of `bins` equal parts of the edge's length. The corners of the other three edges reach two parts
///   only, so a missed edge is seen as missed rather than taken from their ends.
/// - A traced extreme within `reachFraction` of the axis's own end means the axis spans the screen: the axis's range
///   is kept. Farther in, the panel reports more than its glass shows (as libinput's `measure touchpad-size` finds
///   on touchpads) and the traced extreme becomes the range.
/// - Resolution is units per mm rounded to an integer (the kernel's `input_absinfo` holds an integer); when rounding
///   moves it by more than `roundingLimit`, the result says so and the `size` setting, which is exact, is the one
///   to use.
public struct EdgeTraceCalibration: Sendable, Equatable {
    public static let bins = 10
    public static let coveredBins = 6
    public static let nearFraction = 0.03
    public static let reachFraction = 0.02
    public static let roundingLimit = 0.02
    /// Fewer points than this along all four edges is too little to say anything.
    public static let minimumPoints = 40

    /// One position axis as fitted.
    public struct AxisFit: Sendable, Equatable {
        public var code: UInt16
        public var minimum: Int32
        public var maximum: Int32
        /// Units per mm, rounded (what the hwdb line carries), and before rounding.
        public var resolution: Int32
        public var unitsPerMM: Double
        /// The range came from the trace (the axis reports more than the screen), not from the axis.
        public var rangeFromTrace: Bool

        /// |rounded − exact| ÷ exact.
        public var roundingError: Double { abs(Double(resolution) - unitsPerMM) / unitsPerMM }
    }

    public enum Edge: String, Sendable, CaseIterable { case top, right, bottom, left }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case noPositionAxes(device: String)
        case emptyAxisRange(device: String, axis: String)
        case sizeOutOfRange(PhysicalSize)
        case tooFewPoints(count: Int, needed: Int)
        /// Each missed edge with the share of its length the trace covered.
        case edgesMissed([(edge: Edge, coveredPercent: Int)])
        case resolutionBelowOne(axis: String, unitsPerMM: Double)

        public static func == (a: Failure, b: Failure) -> Bool { a.description == b.description }

        public var description: String {
            switch self {
            case .noPositionAxes(let d): return "\(d): no ABS_X/ABS_Y or ABS_MT_POSITION_X/Y axes: not a touch surface"
            case .emptyAxisRange(let d, let axis): return "\(d): \(axis) has an empty range (maximum <= minimum)"
            case .sizeOutOfRange(let s):
                return "a size of \(Self.mm(s.widthMM))x\(Self.mm(s.heightMM)) mm is not a screen's: each side must be \(Int(PhysicalSize.minSideMM))–\(Int(PhysicalSize.maxSideMM)) mm"
            case .tooFewPoints(let n, let needed):
                return "the trace has \(n) touch positions; at least \(needed) are needed: slide one finger along all four edges"
            case .edgesMissed(let missed):
                let parts = missed.map { "the \($0.edge.rawValue) edge (\($0.coveredPercent) % of its length traced)" }
                return "the trace misses " + parts.joined(separator: ", ") + "; each edge needs \(coveredBins * 100 / bins) % of its length traced, one finger sliding along it"
            case .resolutionBelowOne(let axis, let u):
                return "\(axis) has \(Self.mm(u)) units per mm, under 1, which the hwdb cannot carry; use the size setting"
            }
        }

        /// Tenths as the shortest decimal: 293.0 → "293", 293.46 → "293.5".
        static func mm(_ v: Double) -> String {
            let tenths = Int((v * 10).rounded())
            let a = abs(tenths)
            return (tenths < 0 ? "-" : "") + (a % 10 == 0 ? "\(a / 10)" : "\(a / 10).\(a % 10)")
        }
    }

    public var deviceName: String
    public var id: InputID
    public var size: PhysicalSize
    /// x and y as fitted on the axes the contacts are in (MT position when the device has them).
    public var x: AxisFit
    public var y: AxisFit
    /// ABS_X/ABS_Y when the device also has them beside the MT axes: the same fractions of their own ranges.
    public var singleTouchX: AxisFit?
    public var singleTouchY: AxisFit?
    public var pointCount: Int

    /// Fits from the contacts' device positions. `size` is the panel's in its native orientation (width along x).
    public static func fit(device: DeviceDescription, positions: [(x: Int32, y: Int32)], size: PhysicalSize) throws(Failure) -> EdgeTraceCalibration {
        guard size.isScreenSized else { throw .sizeOutOfRange(size) }
        let useMT = device.absInfo[AbsCode.mtPositionX] != nil && device.absInfo[AbsCode.mtPositionY] != nil
        let xc = useMT ? AbsCode.mtPositionX : AbsCode.x
        let yc = useMT ? AbsCode.mtPositionY : AbsCode.y
        guard let xa = device.absInfo[xc], let ya = device.absInfo[yc] else { throw .noPositionAxes(device: device.label) }
        guard xa.maximum > xa.minimum else { throw .emptyAxisRange(device: device.label, axis: name(xc)) }
        guard ya.maximum > ya.minimum else { throw .emptyAxisRange(device: device.label, axis: name(yc)) }
        guard positions.count >= minimumPoints else { throw .tooFewPoints(count: positions.count, needed: minimumPoints) }
        let coverage = Self.coverage(positions)
        let missed = Edge.allCases.compactMap { e -> (edge: Edge, coveredPercent: Int)? in
            let bins = coverage[e] ?? 0
            return bins >= coveredBins ? nil : (e, bins * 100 / Self.bins)
        }
        guard missed.isEmpty else { throw .edgesMissed(missed) }
        let xs = positions.map(\.x), ys = positions.map(\.y)
        let x = try fitAxis(code: xc, axis: xa, traced: xs.min()!...xs.max()!, mm: size.widthMM)
        let y = try fitAxis(code: yc, axis: ya, traced: ys.min()!...ys.max()!, mm: size.heightMM)
        var result = EdgeTraceCalibration(deviceName: device.name, id: device.id, size: size, x: x, y: y, pointCount: positions.count)
        if useMT, let sx = device.absInfo[AbsCode.x], let sy = device.absInfo[AbsCode.y], sx.maximum > sx.minimum, sy.maximum > sy.minimum {
            result.singleTouchX = try scaled(x, from: xa, onto: sx, code: AbsCode.x, mm: size.widthMM)
            result.singleTouchY = try scaled(y, from: ya, onto: sy, code: AbsCode.y, mm: size.heightMM)
        }
        return result
    }

    /// How many of `bins` parts of each edge's length have a point near that edge.
    public static func coverage(_ positions: [(x: Int32, y: Int32)]) -> [Edge: Int] {
        guard let minX = positions.map(\.x).min(), let maxX = positions.map(\.x).max(),
              let minY = positions.map(\.y).min(), let maxY = positions.map(\.y).max(), maxX > minX, maxY > minY else { return [:] }
        let spanX = Double(maxX) - Double(minX), spanY = Double(maxY) - Double(minY)
        var filled: [Edge: Set<Int>] = [:]
        func bin(_ v: Int32, _ lo: Int32, _ span: Double) -> Int { min(bins - 1, Int((Double(v) - Double(lo)) / span * Double(bins))) }
        for p in positions {
            if Double(p.y) - Double(minY) <= nearFraction * spanY { filled[.top, default: []].insert(bin(p.x, minX, spanX)) }
            if Double(maxY) - Double(p.y) <= nearFraction * spanY { filled[.bottom, default: []].insert(bin(p.x, minX, spanX)) }
            if Double(p.x) - Double(minX) <= nearFraction * spanX { filled[.left, default: []].insert(bin(p.y, minY, spanY)) }
            if Double(maxX) - Double(p.x) <= nearFraction * spanX { filled[.right, default: []].insert(bin(p.y, minY, spanY)) }
        }
        return filled.mapValues(\.count)
    }

    static func fitAxis(code: UInt16, axis: AbsInfo, traced: ClosedRange<Int32>, mm: Double) throws(Failure) -> AxisFit {
        let range = Double(axis.maximum) - Double(axis.minimum)
        let lowReached = Double(traced.lowerBound) - Double(axis.minimum) <= reachFraction * range
        let highReached = Double(axis.maximum) - Double(traced.upperBound) <= reachFraction * range
        let lo = lowReached ? axis.minimum : traced.lowerBound
        let hi = highReached ? axis.maximum : traced.upperBound
        let units = (Double(hi) - Double(lo)) / mm
        guard units >= 1 else { throw .resolutionBelowOne(axis: name(code), unitsPerMM: units) }
        return AxisFit(code: code, minimum: lo, maximum: hi, resolution: Int32(units.rounded()), unitsPerMM: units,
                       rangeFromTrace: !(lowReached && highReached))
    }

    /// The MT fit's fractions of its axis carried onto ABS_X/ABS_Y's own range.
    static func scaled(_ fit: AxisFit, from mt: AbsInfo, onto st: AbsInfo, code: UInt16, mm: Double) throws(Failure) -> AxisFit {
        let mtRange = Double(mt.maximum) - Double(mt.minimum), stRange = Double(st.maximum) - Double(st.minimum)
        func carry(_ v: Int32) -> Int32 { Int32((Double(st.minimum) + (Double(v) - Double(mt.minimum)) / mtRange * stRange).rounded()) }
        let lo = carry(fit.minimum), hi = carry(fit.maximum)
        let units = (Double(hi) - Double(lo)) / mm
        guard units >= 1 else { throw .resolutionBelowOne(axis: name(code), unitsPerMM: units) }
        return AxisFit(code: code, minimum: lo, maximum: hi, resolution: Int32(units.rounded()), unitsPerMM: units, rangeFromTrace: fit.rangeFromTrace)
    }

    static func name(_ code: UInt16) -> String { EventCodeNames.codeName(type: EventType.abs, code: code) ?? "ABS_\(code)" }

    /// The axes a hwdb entry sets, in code order.
    public var axes: [AxisFit] { ([singleTouchX, singleTouchY, x, y].compactMap { $0 }).sorted { $0.code < $1.code } }

    /// The hwdb entry (`/etc/udev/hwdb.d/61-evdev-local.hwdb`): matched by bus, vendor and product as in systemd's
    /// 60-evdev.hwdb; the same text for the same trace, with no date in it.
    public var hwdbText: String {
        var lines = ["# \(Self.printable(deviceName)): traced edges, \(Failure.mm(size.widthMM))x\(Failure.mm(size.heightMM)) mm (edgeswipe calibrate)"]
        lines.append("evdev:input:b\(Self.hex(id.bustype))v\(Self.hex(id.vendor))p\(Self.hex(id.product))*")
        for a in axes {
            lines.append(" EVDEV_ABS_\(Self.hex(a.code, width: 2))=\(a.minimum):\(a.maximum):\(a.resolution)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The device's entry for the service's configuration, exact where the hwdb's integer resolution is not.
    public var sizeSetting: String {
        "devices:\n  - match:\n      name: \(Self.quoted(deviceName))\n    size: \(Failure.mm(size.widthMM))x\(Failure.mm(size.heightMM))\n"
    }

    /// Notes for the user: an axis whose range came from the trace, a resolution rounding moved too far.
    public var notes: [String] {
        var out: [String] = []
        for a in [x, y] where a.rangeFromTrace {
            out.append("\(Self.name(a.code)) reports \(a.minimum)…\(a.maximum) traced inside a wider range: the panel's axis spans more than the screen, so the traced range is used")
        }
        for a in axes where a.roundingError > Self.roundingLimit {
            out.append("\(Self.name(a.code)): \(a.resolution) units per mm is \(Int((a.roundingError * 100).rounded())) % off the measured \(Failure.mm(a.unitsPerMM)); the hwdb holds integers only, so use the size setting")
        }
        return out
    }

    /// The name on one comment line: control characters as `?`, so a name cannot end the comment.
    static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
    }

    /// A YAML double-quoted scalar: backslash and quote escaped, control characters as \\xNN.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for u in text.unicodeScalars {
            switch u {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case _ where u.value < 0x20 || u.value == 0x7F: out += "\\x" + hex(UInt16(u.value), width: 2)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    static func hex(_ v: UInt16, width: Int = 4) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }
}

import TouchModel

/// A pen node's state at one SYN_REPORT: proximity, the tip as a fraction of the pen's axes (0...1, x right, y
/// down) and the tilt in degrees (positive x: the pen's top leans right). Mapping onto the paired touch surface is
/// the caller's: the pen knows nothing of it.
public struct PenReading: Hashable, Sendable {
    public var time: Microseconds
    public var inProximity: Bool
    public var normalized: Point
    public var tiltXDegrees: Double
    public var tiltYDegrees: Double

    public init(time: Microseconds, inProximity: Bool, normalized: Point, tiltXDegrees: Double = 0, tiltYDegrees: Double = 0) {
        self.time = time
        self.inProximity = inProximity
        self.normalized = normalized
        self.tiltXDegrees = tiltXDegrees
        self.tiltYDegrees = tiltYDegrees
    }
}

/// Something wrong with a pen node's events, said once per kind.
public enum PenDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// A tilt value outside its axis's range: that frame's tilt is taken as unknown (0).
    case tiltOutOfRange(axis: String, value: Int32, minimum: Int32, maximum: Int32)
    /// A position outside its axis's range: clamped to the edge.
    case positionOutOfRange(axis: String, value: Int32, minimum: Int32, maximum: Int32)

    public var description: String {
        switch self {
        case .tiltOutOfRange(let a, let v, let lo, let hi):
            return "pen \(a) \(v) is outside its range \(lo)...\(hi): tilt taken as unknown for such frames"
        case .positionOutOfRange(let a, let v, let lo, let hi):
            return "pen \(a) \(v) is outside its range \(lo)...\(hi): clamped to the edge"
        }
    }
}

/// Reads a pen node's events (BTN_TOOL_PEN or BTN_TOOL_RUBBER proximity, ABS_X/Y, ABS_TILT_X/Y) into a
/// `PenReading` at each SYN_REPORT that changed something. Pure: no I/O, time from the events. Memory is fixed.
public struct PenTracker: Sendable {
    private let xAxis: AbsInfo
    private let yAxis: AbsInfo
    private let tiltX: AbsInfo?
    private let tiltY: AbsInfo?
    private var proximity = false
    private var x: Int32
    private var y: Int32
    private var rawTiltX: Int32 = 0
    private var rawTiltY: Int32 = 0
    private var changed = false
    private var last: PenReading?
    /// At most one of each kind, in the order first seen.
    public private(set) var diagnostics: [PenDiagnostic] = []
    private var saidTilt = false
    private var saidPosition = false

    public init(device: DeviceDescription) {
        xAxis = device.absInfo[AbsCode.x] ?? AbsInfo(minimum: 0, maximum: 1)
        yAxis = device.absInfo[AbsCode.y] ?? AbsInfo(minimum: 0, maximum: 1)
        tiltX = device.absInfo[AbsCode.tiltX]
        tiltY = device.absInfo[AbsCode.tiltY]
        x = xAxis.minimum
        y = yAxis.minimum
    }

    /// Takes one event; at a SYN_REPORT after a change, the pen's new state.
    public mutating func feed(_ e: InputEvent) -> PenReading? {
        switch e.type {
        case EventType.key where e.code == KeyCode.btnToolPen || e.code == KeyCode.btnToolRubber:
            proximity = e.value != 0
            changed = true
        case EventType.abs:
            switch e.code {
            case AbsCode.x: x = e.value; changed = true
            case AbsCode.y: y = e.value; changed = true
            case AbsCode.tiltX: rawTiltX = e.value; changed = true
            case AbsCode.tiltY: rawTiltY = e.value; changed = true
            default: break
            }
        case EventType.syn where e.code == SynCode.report:
            guard changed else { return nil }
            changed = false
            let reading = PenReading(time: e.time, inProximity: proximity,
                                     normalized: Point(x: fraction(x, xAxis, "ABS_X"), y: fraction(y, yAxis, "ABS_Y")),
                                     tiltXDegrees: degrees(rawTiltX, tiltX, "ABS_TILT_X"),
                                     tiltYDegrees: degrees(rawTiltY, tiltY, "ABS_TILT_Y"))
            guard reading != last else { return nil }
            last = reading
            return reading
        default:
            break
        }
        return nil
    }

    /// The pen went away (unplug, end of a recording): out of proximity at `time`, if it was in.
    public mutating func remove(time: Microseconds) -> PenReading? {
        guard let l = last, l.inProximity else { return nil }
        proximity = false
        var out = l
        out.time = time
        out.inProximity = false
        last = out
        return out
    }

    private mutating func fraction(_ v: Int32, _ axis: AbsInfo, _ name: String) -> Double {
        let span = Double(axis.maximum) - Double(axis.minimum)
        guard span > 0 else { return 0 }
        if v < axis.minimum || v > axis.maximum, !saidPosition {
            saidPosition = true
            diagnostics.append(.positionOutOfRange(axis: name, value: v, minimum: axis.minimum, maximum: axis.maximum))
        }
        return min(1, max(0, (Double(v) - Double(axis.minimum)) / span))
    }

    /// Degrees from a tilt axis: the kernel states tilt resolution in units per radian (hid-input converts HID
    /// degrees so); without one, the range spans -90..+90 degrees (Chromium's ozone tablet converter does the
    /// same). A value outside the range is not believed: unknown, 0.
    private mutating func degrees(_ v: Int32, _ axis: AbsInfo?, _ name: String) -> Double {
        guard let axis, axis.maximum > axis.minimum else { return 0 }
        guard v >= axis.minimum, v <= axis.maximum else {
            if !saidTilt {
                saidTilt = true
                diagnostics.append(.tiltOutOfRange(axis: name, value: v, minimum: axis.minimum, maximum: axis.maximum))
            }
            return 0
        }
        if axis.resolution > 0 { return Double(v) / Double(axis.resolution) * 180 / Double.pi }
        let span = Double(axis.maximum) - Double(axis.minimum)
        let centre = (Double(axis.maximum) + Double(axis.minimum)) / 2
        return (Double(v) - centre) / span * 180
    }
}

/// How a touch device's configuration asks for its pen (`pen:` in a device entry).
public enum PenRequest: Hashable, Sendable {
    /// By the group rule, else the phys-less fallback (`PenPairing.automaticReason`).
    case automatic
    /// The pen node with exactly this name, whatever the rule says (`pen: NAME`).
    case named(String)
    /// Never paired (`pen: none`).
    case none
}

/// Why a pen node and a touch node are taken for one physical device.
public enum PenPairReason: Hashable, Sendable, CustomStringConvertible {
    /// Both carry this udev `LIBINPUT_DEVICE_GROUP`.
    case deviceGroup(String)
    /// Both have this phys path once its last component is dropped (`usb-0000:00:14.0-1/input0` and `/input1`).
    case physGroup(String)
    /// Neither has a phys path (uinput nodes: iptsd's); same vendor and product and this name stem.
    case nameStem(String)
    /// The touch device's entry names the pen (`pen: NAME`).
    case configured(String)

    public var description: String {
        switch self {
        case .deviceGroup(let g): return "device group \(g)"
        case .physGroup(let g): return "phys group \(g)"
        case .nameStem(let s): return "no phys; same vendor and product, name stem \"\(s)\""
        case .configured(let n): return "configured: pen \"\(n)\""
        }
    }
}

/// One pen's outcome: the touch device (an index into the touch list) it pairs with and why, or why none.
public struct PenPairOutcome: Hashable, Sendable {
    public var touch: Int?
    public var reason: PenPairReason?
    /// Why the pen pairs with nothing (nil when paired).
    public var unpaired: String?

    public init(touch: Int? = nil, reason: PenPairReason? = nil, unpaired: String? = nil) {
        self.touch = touch
        self.reason = reason
        self.unpaired = unpaired
    }
}

/// Which pen node belongs to which touch node. libinput's rule (udev's libinput-device-group helper: the first
/// parent's phys without its last `/` component names the group, read into `LIBINPUT_DEVICE_GROUP`), and for
/// nodes with no phys at all (uinput nodes such as iptsd's) a fallback: same vendor and product and the same
/// name once a " Pen", " Stylus", " Touchscreen", " Finger" or " Touch" suffix is dropped. Pure.
public enum PenPairing {
    /// Suffixes the fallback drops from a name (Wacom's "... Finger"/"... Pen", iptsd's "IPTS Touch"/"IPTS Stylus").
    static let nameSuffixes = [" Touchscreen", " Stylus", " Finger", " Touch", " Pen"]

    /// A pen node: BTN_TOOL_PEN with absolute ABS_X/ABS_Y (a tablet tool, never a touch device).
    public static func isPen(_ d: DeviceDescription) -> Bool {
        d.has(type: EventType.key, code: KeyCode.btnToolPen)
            && d.has(type: EventType.abs, code: AbsCode.x) && d.has(type: EventType.abs, code: AbsCode.y)
            && !d.has(type: EventType.abs, code: AbsCode.mtPositionX)
    }

    /// The phys path without its last component; nil when there is no phys.
    public static func physGroup(_ phys: String) -> String? {
        guard !phys.isEmpty else { return nil }
        guard let slash = phys.lastIndex(of: "/") else { return phys }
        return String(phys[..<slash])
    }

    /// The name without one trailing tool suffix (case-insensitive), trimmed.
    public static func nameStem(_ name: String) -> String {
        let trimmed = name.trimmingSpaces
        for suffix in nameSuffixes where trimmed.lowercased().hasSuffix(suffix.lowercased()) {
            return String(trimmed.dropLast(suffix.count)).trimmingSpaces
        }
        return trimmed
    }

    /// Why `pen` belongs with `touch` by the automatic rules, or nil. A udev group on both decides alone; else
    /// phys on both; the name fallback only when neither has a phys (a phys on one side means a real device).
    public static func automaticReason(touch: DeviceDescription, pen: DeviceDescription) -> PenPairReason? {
        let key = "LIBINPUT_DEVICE_GROUP"
        if let a = touch.udevProperties[key], let b = pen.udevProperties[key], !a.isEmpty {
            return a == b ? .deviceGroup(a) : nil
        }
        if let a = physGroup(touch.phys), let b = physGroup(pen.phys) {
            return a == b ? .physGroup(a) : nil
        }
        guard touch.phys.isEmpty, pen.phys.isEmpty, touch.id.vendor == pen.id.vendor, touch.id.product == pen.id.product
        else { return nil }
        let stem = nameStem(touch.name)
        return !stem.isEmpty && stem == nameStem(pen.name) ? .nameStem(stem) : nil
    }

    /// Pairs every pen with at most one touch device. A touch device's `pen: NAME` takes that pen first; `pen: none`
    /// takes none; the rest go by the automatic rule, to the first touch device that matches. Several pens may
    /// pair with one touch device (any in proximity gates it).
    public static func pair(touches: [(device: DeviceDescription, request: PenRequest)],
                            pens: [DeviceDescription]) -> [PenPairOutcome] {
        pens.map { pen in
            if let t = touches.firstIndex(where: { $0.request == .named(pen.name) }) {
                return PenPairOutcome(touch: t, reason: .configured(pen.name))
            }
            var refusedBy: [String] = []
            for (t, touch) in touches.enumerated() {
                guard let reason = automaticReason(touch: touch.device, pen: pen) else { continue }
                switch touch.request {
                case .automatic: return PenPairOutcome(touch: t, reason: reason)
                case .none: refusedBy.append("\"\(touch.device.name)\" has pen: none")
                case .named(let other): refusedBy.append("\"\(touch.device.name)\" has pen: \(other)")
                }
            }
            if !refusedBy.isEmpty {
                return PenPairOutcome(unpaired: "its touch device is configured otherwise (" + refusedBy.joined(separator: "; ") + ")")
            }
            return PenPairOutcome(unpaired: unpairedReason(pen))
        }
    }

    /// What the pen would have needed, for list-devices and the doctor.
    static func unpairedReason(_ pen: DeviceDescription) -> String {
        if let g = pen.udevProperties["LIBINPUT_DEVICE_GROUP"], !g.isEmpty { return "no touch device in its device group \(g)" }
        if let g = physGroup(pen.phys) { return "no touch device in its phys group \(g)" }
        let id = hex4(pen.id.vendor) + ":" + hex4(pen.id.product)
        return "no phys, and no phys-less touch device with id \(id) and name stem \"\(nameStem(pen.name))\""
    }

    static func hex4(_ v: UInt16) -> String {
        let h = String(v, radix: 16)
        return String(repeating: "0", count: max(0, 4 - h.count)) + h
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}

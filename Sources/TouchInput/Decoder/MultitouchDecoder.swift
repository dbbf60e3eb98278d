import TouchModel

/// Turns evdev events into one `TouchFrame` per `SYN_REPORT`.
///
/// Handles protocol B (slots), protocol A (`SYN_MT_REPORT`) and single-touch devices; contact ids are the
/// decoder's own, stable for a contact's life and never reused. Pure logic: no I/O, time comes with the events.
///
/// The returned frame's `contacts` shares storage with a buffer the decoder reuses, so steady-state decoding
/// allocates nothing as long as the caller lets go of each frame before feeding the next event.
public struct MultitouchDecoder: Sendable {
    public enum Mode: Sendable {
        /// A trace: after `SYN_DROPPED` the device state is unknown, so contacts in flight are cancelled.
        case recording
        /// A libevdev source: after `SYN_DROPPED` it delivers the synced state (`LIBEVDEV_READ_FLAG_SYNC`),
        /// which the decoder takes as the next frame.
        case live
    }

    enum Layout { case protocolB, protocolA, singleTouch }

    public let device: DeviceDescription
    public private(set) var geometry: SurfaceGeometry
    public let mode: Mode
    /// Receives "state -> event -> state" lines (debug): SYN_DROPPED handling and protocol B slot lifecycles.
    public var logSink: LogSink? {
        didSet { slotsB.log = logSink }
    }

    let layout: Layout
    var sync = SyncState.normal
    var slotsB: ProtocolBSlots
    var contactsA: ProtocolAContacts
    var single: SingleTouchContact
    var fingerKeys = FingerKeys()
    let usesFingerKeys: Bool
    var nextContactID = 1
    var frameContacts: [Contact] = []
    var declared: DeclaredCodes
    var counters = DiagnosticCounters()

    /// The surface measured at another size (its output's, reported anew; SurfaceGeometry.sizeIsFromOutput). Its
    /// caller does it between touches, so no contact changes scale; the axes, and so the clamps, stay.
    public mutating func resize(to size: PhysicalSize) {
        geometry.size = size
    }

    public init(device: DeviceDescription, geometry: SurfaceGeometry, mode: Mode = .recording) {
        self.device = device
        self.geometry = geometry
        self.mode = mode
        let xRange = AxisClamp(geometry.xAxis)
        let yRange = AxisClamp(geometry.yAxis)
        let hasMT = device.has(type: EventType.abs, code: AbsCode.mtPositionX)
            && device.has(type: EventType.abs, code: AbsCode.mtPositionY)
        let slotCount = device.slotCount
        if slotCount != nil {
            layout = .protocolB
        } else if hasMT {
            layout = .protocolA
        } else {
            layout = .singleTouch
        }
        let initialSlot = Int(device.absInfo[AbsCode.mtSlot]?.value ?? 0)
        // Size and pressure per contact: protocol B only (protocol A panels are read through mtdev when owned, and
        // the protocol A recordings at hand give their size no resolution).
        let shapeAxes = layout == .protocolB ? ContactShapeAxes(device) : .none
        slotsB = ProtocolBSlots(count: layout == .protocolB ? (slotCount ?? 1) : 0, initialSlot: initialSlot,
                                xRange: xRange, yRange: yRange, shapeAxes: shapeAxes)
        counters.sizeWithoutResolution = shapeAxes.sizeWithoutResolution
        contactsA = ProtocolAContacts(xRange: xRange, yRange: yRange)
        let touchKey: UInt16? = device.has(type: EventType.key, code: KeyCode.btnTouch) ? KeyCode.btnTouch
            : device.has(type: EventType.key, code: KeyCode.btnToolFinger) ? KeyCode.btnToolFinger : nil
        single = SingleTouchContact(xRange: xRange, yRange: yRange, touchKey: touchKey)
        if layout == .singleTouch && touchKey == nil { counters.noTouchKey = true }
        // Touchpads that count fingers with BTN_TOOL_*TAP always declare BTN_TOOL_FINGER; N-Trig panels
        // declare only BTN_TOOL_DOUBLETAP and send it for a single finger, so it is no count there.
        usesFingerKeys = device.has(type: EventType.key, code: KeyCode.btnToolFinger)
        declared = DeclaredCodes(device)
        let capacity = layout == .protocolB ? 2 * slotsB.slots.count : 2 * ProtocolAContacts.capacity
        frameContacts.reserveCapacity(capacity)
    }

    /// Feed one event; returns a frame at each SYN_REPORT (nil otherwise).
    public mutating func feed(_ event: InputEvent) -> TouchFrame? {
        switch sync {
        case .normal: return handleNormal(event)
        case .dropping: return handleDropping(event)
        case .resyncing: return handleResyncing(event)
        }
    }

    /// Ends every contact in flight with phase .cancelled (unplug, end of a trace, SYN_DROPPED in recordings).
    /// Returns nil when nothing was in flight. The touches stay ignored until the device lifts them.
    public mutating func cancelAll(time: Microseconds) -> TouchFrame? {
        if sync != .dropping { frameContacts.removeAll(keepingCapacity: true) }
        cancelContacts()
        guard !frameContacts.isEmpty else { return nil }
        let frame = TouchFrame(time: time, contacts: frameContacts, fingerCount: 0, resynced: false)
        // Cancellations pending from a SYN_DROPPED are delivered here, not again at its SYN_REPORT.
        frameContacts.removeAll(keepingCapacity: true)
        return frame
    }

    /// Clamped values, slot overflow, undeclared codes, dropped events... with counts.
    public var diagnostics: [DecoderDiagnostic] {
        var all = counters
        all.unpositionedContacts = slotsB.unpositionedContacts + single.unpositionedContacts
        return all.list
    }

    // MARK: - Event handling

    @inline(__always)
    mutating func apply(_ event: InputEvent) {
        guard declared.contains(type: event.type, code: event.code) else {
            counters.countUnknown(type: event.type, code: event.code)
            return
        }
        if event.type == EventType.abs {
            applyAbs(code: event.code, value: event.value)
        } else if event.type == EventType.key {
            applyKey(code: event.code, value: event.value)
        }
        // Other types (MSC, REL, SW, LED...) carry no touch positions.
    }

    @inline(__always)
    mutating func applyAbs(code: UInt16, value: Int32) {
        switch layout {
        case .protocolB:
            switch code {
            case AbsCode.mtSlot:
                if !slotsB.select(Int(value)) { counters.slotOverflow += 1 }
            case _ where slotsB.currentIsInvalid:
                return
            case AbsCode.mtPositionX:
                if slotsB.positionX(value) { counters.countClamped(axis: code) }
            case AbsCode.mtPositionY:
                if slotsB.positionY(value) { counters.countClamped(axis: code) }
            case AbsCode.mtTrackingID:
                slotsB.trackingID(value)
            case AbsCode.mtToolType:
                slotsB.slots[slotsB.current].toolType = value
            case AbsCode.mtTouchMajor:
                slotsB.slots[slotsB.current].position.major = value
            case AbsCode.mtTouchMinor:
                slotsB.slots[slotsB.current].position.minor = value
            case AbsCode.mtPressure:
                slotsB.slots[slotsB.current].position.pressure = value
            default:
                return
            }
        case .protocolA:
            switch code {
            case AbsCode.mtPositionX:
                if contactsA.positionX(value) { counters.countClamped(axis: code) }
            case AbsCode.mtPositionY:
                if contactsA.positionY(value) { counters.countClamped(axis: code) }
            case AbsCode.mtTrackingID:
                contactsA.trackingID(value)
            case AbsCode.mtToolType:
                contactsA.toolType(value)
            default:
                return
            }
        case .singleTouch:
            switch code {
            case AbsCode.x:
                if single.positionX(value) { counters.countClamped(axis: code) }
            case AbsCode.y:
                if single.positionY(value) { counters.countClamped(axis: code) }
            default:
                return
            }
        }
    }

    @inline(__always)
    mutating func applyKey(code: UInt16, value: Int32) {
        fingerKeys.key(code, value: value)
        if layout == .singleTouch { single.key(code, value: value) }
    }

    /// SYN_MT_REPORT ends one protocol A contact; other devices should not send it.
    mutating func applyMTReport() {
        if layout == .protocolA { contactsA.endContact(diagnostics: &counters) }
    }

    /// Builds the frame for a SYN_REPORT from the current state.
    mutating func report(time: Microseconds, resynced: Bool) -> TouchFrame {
        frameContacts.removeAll(keepingCapacity: true)
        switch layout {
        case .protocolB:
            slotsB.report(into: &frameContacts, geometry: geometry, nextContactID: &nextContactID)
        case .protocolA:
            contactsA.report(into: &frameContacts, geometry: geometry, nextContactID: &nextContactID,
                             diagnostics: &counters)
        case .singleTouch:
            single.report(into: &frameContacts, geometry: geometry, nextContactID: &nextContactID)
        }
        var active = 0
        for c in frameContacts where c.isActive { active += 1 }
        let fingers = usesFingerKeys ? max(fingerKeys.count, active) : active
        return TouchFrame(time: time, contacts: frameContacts, fingerCount: fingers, resynced: resynced)
    }

    /// Appends a cancellation for every contact in flight to `frameContacts`.
    mutating func cancelContacts() {
        switch layout {
        case .protocolB:
            slotsB.cancelAll(into: &frameContacts, geometry: geometry)
        case .protocolA:
            contactsA.cancelAll(into: &frameContacts, geometry: geometry)
        case .singleTouch:
            single.cancelAll(into: &frameContacts, geometry: geometry)
        }
    }
}

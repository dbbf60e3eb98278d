/// Where a contact is in its life, for this frame.
public enum ContactPhase: String, Hashable, Sendable {
    /// First frame of the contact.
    case down
    /// Still down (moved or not).
    case move
    /// Lifted normally; this is the contact's last frame.
    case up
    /// Ended without a normal lift (palm, SYN_DROPPED in a recording, unplug); its last frame.
    case cancelled
}

/// How large and how hard a contact is, from `ABS_MT_TOUCH_MAJOR`/`MINOR` (the contact ellipse's axes, in mm by
/// their own resolution) and `ABS_MT_PRESSURE` (a fraction of its range: evdev gives pressure no unit). 0 where
/// the device does not report the axis, or reports size without a resolution (then no millimetres can be had).
public struct ContactShape: Hashable, Sendable {
    public var majorMM: Double
    public var minorMM: Double
    /// 0...1 over the pressure axis's range.
    public var pressure: Double

    public init(majorMM: Double = 0, minorMM: Double = 0, pressure: Double = 0) {
        self.majorMM = majorMM
        self.minorMM = minorMM
        self.pressure = pressure
    }

    public static let none = ContactShape()

    /// The box of the ellipse's axes (major × minor): 20 × 20 mm is 400 mm², as palm rules count it.
    @inlinable public var areaMM2: Double { majorMM * minorMM }
}

/// One finger in one frame.
public struct Contact: Hashable, Sendable {
    /// Stable for the contact's life and never reused within one decoder (tracking ids are reused by devices).
    public var id: Int
    /// Slot it came from (protocol B) or its index in the frame (protocol A, single touch).
    public var slot: Int
    public var phase: ContactPhase
    /// Position in device units, after clamping to the axis range.
    public var deviceX: Int32
    public var deviceY: Int32
    /// Position in millimetres from the axis minimum.
    public var mm: Point
    /// Position normalised to 0...1 over the axis range.
    public var normalized: Point
    /// True when the device reported a value outside its absinfo range (and it was clamped).
    public var clamped: Bool
    /// The contact's size and pressure where the device reports them (`ContactShape.none` where it does not).
    public var shape: ContactShape

    public init(id: Int, slot: Int, phase: ContactPhase, deviceX: Int32, deviceY: Int32, mm: Point, normalized: Point,
                clamped: Bool = false, shape: ContactShape = .none) {
        self.id = id
        self.slot = slot
        self.phase = phase
        self.deviceX = deviceX
        self.deviceY = deviceY
        self.mm = mm
        self.normalized = normalized
        self.clamped = clamped
        self.shape = shape
    }

    /// Down or moving: still touching after this frame. Inlinable (as `activeCount`): the modules above read it
    /// for every contact of every frame.
    @inlinable @inline(__always) public var isActive: Bool { phase == .down || phase == .move }
}

/// Everything that is true of the surface at one `SYN_REPORT`.
public struct TouchFrame: Hashable, Sendable {
    /// Time of the `SYN_REPORT` on the trace clock.
    public var time: Microseconds
    /// Contacts touching, plus those that ended in this frame (phase up or cancelled).
    public var contacts: [Contact]
    /// Fingers the device says are down (`BTN_TOOL_*TAP`), which can exceed the tracked contacts.
    public var fingerCount: Int
    /// The frame follows a `SYN_DROPPED` resync.
    public var resynced: Bool

    /// Inlinable: the decoder makes one per frame, from another module.
    @inlinable
    public init(time: Microseconds, contacts: [Contact], fingerCount: Int? = nil, resynced: Bool = false) {
        self.time = time
        self.contacts = contacts
        self.fingerCount = fingerCount ?? contacts.lazy.filter { $0.isActive }.count
        self.resynced = resynced
    }

    /// Contacts still touching after this frame. Always inlined: the modules above read it for every frame,
    /// across a module boundary the optimizer does not inline over on its own.
    @inlinable @inline(__always) public var activeCount: Int {
        var n = 0
        for c in contacts where c.isActive { n += 1 }
        return n
    }
}

import Gestures
import TouchInput
import TouchModel

/// Why a device cannot be owned.
public enum OwnershipError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Only slotted multitouch devices (protocol B, or protocol A read through libmtdev) can have single contacts
    /// held back from the clone.
    case notSlotted(device: String)

    public var description: String {
        switch self {
        case .notSlotted(let device):
            return "\(device) has no multitouch slots (ABS_MT_SLOT): ownership holds back single contacts, so it needs"
                + " a multitouch device (protocol B, or protocol A converted by libmtdev)"
        }
    }

    /// Why `device` (as it will be read: a protocol A device after its conversion) cannot be owned, or nil.
    public static func refusal(_ device: DeviceDescription) -> OwnershipError? {
        device.slotCount == nil ? .notSlotted(device: device.label) : nil
    }
}

/// Decides, frame by frame, which of an owned device's events go on to its clone: the touches no gesture wants
/// are forwarded as the source sent them, on their own slots and with their own tracking ids; a touch that lands
/// in a recognizer's start zone is held until that recognizer decides; a touch a gesture took is never forwarded.
///
///     empty -- started, contact free    --> live        (forwarded in the same call)
///           -- started, contact held    --> held        (its frames kept, in order)
///           -- started, contact claimed --> suppressed
///     held  -- released (free, lifted, deadline) --> live  (held frames first, each its own frame)
///           -- claimed (a recognizer began)      --> suppressed (held frames dropped)
///     live, suppressed -- ended, or started again --> empty (or the new touch's fate)
///     any   -- all lifted, resynced --> by what is down
///
/// Feed it every raw event as read (`take`), and at each SYN_REPORT the decoder's frame after the recognizers
/// have seen it (`report`); after a recognizer deadline fired, `claimsChanged`. Each leaves whole frames, each
/// ending in SYN_REPORT, for the clone, lent by `withOutput` until the next call (a buffer it reuses). While every
/// touch is forwarded the output equals the input, event for event. Legacy pointer events describe only the
/// forwarded touches (`PointerEmulation`). After SYN_DROPPED every touch is lifted on the clone, then what is
/// down and free is reported again. Pure: no I/O; times are the source's (uinput stamps its own).
///
/// A touch's fate changes only in `transition` (HoldForwarder+Transition.swift), which logs each change to
/// `logSink`, counts holds, releases and drops (`counts`) and impossible transitions (`impossibleTransitions`).
public final class HoldForwarder {
    public let device: DeviceDescription
    public let mode: MultitouchDecoder.Mode

    // The state below is read and written for every event and frame of an owned device: unchecked exclusivity,
    // as for the decoder's and the session's per-event state (one thread, no overlapping access; the dynamic
    // check is a runtime call per access: about 35 for a one-contact frame, which was 70 % of the forwarder's
    // instructions; edgeswipe-bench's owned cases, BENCHMARKS.md 2026-12-01 20:30).
    /// One record per slot, in memory the forwarder owns (allocated in init, freed in deinit): a frame writes
    /// a slot's values for each event, and an array would check its uniqueness (a runtime call) at each write.
    let slots: UnsafeMutableBufferPointer<SlotRecord>
    @exclusivity(unchecked) var held: [HeldFrames]
    @exclusivity(unchecked) var pointer: PointerEmulation
    /// The raw events of the frame being read, up to its SYN_REPORT.
    @exclusivity(unchecked) var pending: EventBuffer
    /// What the last call gives the clone; lent to the caller by `withOutput`.
    @exclusivity(unchecked) var out: EventBuffer
    /// The slot the source's events go to (-1: an invalid one), and the one the clone's go to.
    @exclusivity(unchecked) var sourceSlot: Int
    @exclusivity(unchecked) var cloneSlot: Int
    /// Frames reported so far: held frames are tagged with it, so touches released together merge by frame.
    @exclusivity(unchecked) var sequence = 0
    /// The tracking id after the newest one seen: the kernel's reference for "oldest" (PointerEmulation).
    @exclusivity(unchecked) var reference: Int32 = 0
    /// A SYN_DROPPED was read in the frame being read.
    @exclusivity(unchecked) var dropped = false
    /// The frame being read has no tracking id and selects only valid slots: no touch starts or ends in it, so
    /// while no touch is kept it goes out as read (`passThrough`).
    @exclusivity(unchecked) var plain = true
    /// Off only in tests, to compare `passThrough` with the three passes it stands for. Read at every frame:
    /// unchecked, as the state above.
    @exclusivity(unchecked) package var passThroughEnabled = true
    /// Frames that went out through `passThrough`.
    @exclusivity(unchecked) package internal(set) var passedThrough = 0
    /// Slots whose touch is held or suppressed (bit s): with the slots a frame's events and contacts name, the
    /// only ones a frame looks at (a device has up to 64 slots, a frame names a few).
    @exclusivity(unchecked) var keptMask: UInt64 = 0
    /// The slots the frame being reported looks at: its events', its contacts', and the kept ones.
    @exclusivity(unchecked) var touchedMask: UInt64 = 0

    /// What the frame being reported does to each slot: per-frame scratch, sized once.
    @exclusivity(unchecked) var changes: [SlotChanges]

    /// Where "slot: fate → cause → fate" lines go; off (nil) by default, and then no line is formatted.
    @exclusivity(unchecked) public var logSink: LogSink?
    /// Touches held back, released and dropped so far.
    @exclusivity(unchecked) public internal(set) var counts = HoldCounts()
    /// Causes that could not happen to a touch's fate (bugs), ignored: zero unless the forwarder is wrong.
    @exclusivity(unchecked) public internal(set) var impossibleTransitions = 0

    /// `cloneSlot`: the slot the clone's kernel has selected (nil: the source's initial slot, as a clone created
    /// from the device's description has). Throws for a device without slots.
    public init(device: DeviceDescription, mode: MultitouchDecoder.Mode, cloneSlot: Int? = nil) throws(OwnershipError) {
        guard let count = device.slotCount else { throw .notSlotted(device: device.label) }
        let n = min(max(count, 1), 64)
        self.device = device
        self.mode = mode
        slots = .allocate(capacity: n)
        slots.initialize(repeating: SlotRecord())
        held = Array(repeating: HeldFrames(), count: n)
        pointer = PointerEmulation(device: device)
        let initial = Int(device.absInfo[AbsCode.mtSlot]?.value ?? 0)
        sourceSlot = initial < n ? initial : -1
        self.cloneSlot = cloneSlot ?? sourceSlot
        changes = Array(repeating: SlotChanges(), count: n)
        pending = EventBuffer(capacity: 64)
        out = EventBuffer(capacity: 128)
    }

    deinit { slots.deallocate() }

    /// Touches held back from the clone now.
    public var heldCount: Int { slots.reduce(0) { $0 + ($1.fate == .held ? 1 : 0) } }

    /// One event that does not end a frame (anything but SYN_REPORT): kept until its frame is complete.
    @inline(__always)
    public func take(_ event: InputEvent) {
        if event.type == EventType.abs {
            if event.code == AbsCode.mtTrackingID || (event.code == AbsCode.mtSlot && UInt(bitPattern: Int(event.value)) >= UInt(slots.count)) {
                plain = false
            }
        } else if event.type == EventType.syn && event.code == SynCode.dropped {
            dropped = true
        }
        pending.append(event)
    }

    /// The SYN_REPORT `syn` completed `frame` (the decoder's frame of these events, after the recognizers saw
    /// it). Leaves the events for the clone (`withOutput`): held frames released by this frame's claims, then this
    /// frame.
    public func report(_ syn: InputEvent, frame: TouchFrame, claims: some ContactClaims) {
        out.removeAll()
        sequence += 1
        if dropped {
            resync(syn, frame: frame, claims: claims)
        } else if plain && keptMask == 0 && sourceSlot >= 0 && cloneSlot == sourceSlot && passThroughEnabled {
            passThrough(syn)
        } else {
            forward(syn, frame: frame, claims: claims)
        }
        pending.removeAll()
        dropped = false
        plain = true
    }

    /// Claims changed with no new event (a recognizer's deadline fired at `time`): releases the held touches now
    /// free and drops those now claimed. Leaves the released frames for the clone (often none).
    public func claimsChanged(claims: some ContactClaims, time: Microseconds) {
        out.removeAll()
        var any = false
        for s in slots.indices where slots[s].fate == .held && slots[s].contactID >= 0 {
            switch claims.claim(ofContact: slots[s].contactID) {
            case .held: continue
            case .claimed:
                held[s].removeAll()
                transition(s, .claimed)
            case .free:
                changes[s].releasing = true
                transition(s, .released(.deadline))
                any = true
            }
        }
        if any { releaseHeld() }
        recomputeKept()
    }

    /// Lifts every touch on the clone (the source is gone, or its contacts were cancelled at `time`). Touches
    /// still down on the source stay off the clone until their tracking id ends. Leaves the lifting frame for the
    /// clone.
    public func liftAll(time: Microseconds) {
        out.removeAll()
        pending.removeAll()
        dropped = false
        plain = true
        liftClone(time: time)
        for s in slots.indices {
            held[s].removeAll()
            transition(s, .liftedAll(stillDown: slots[s].source.trackingID >= 0))
        }
        recomputeKept()
    }

    /// What the last `report`, `claimsChanged` or `liftAll` left for the clone, lent to `body`: whole frames (or
    /// none), valid only inside it. The caller writes them there; the next call forgets them. Not generic: across
    /// the module boundary a generic would run unspecialised; this is one closure call per frame.
    public func withOutput(_ body: (UnsafeBufferPointer<InputEvent>) throws -> Void) rethrows {
        try out.withEvents(body)
    }

    // MARK: - Writing to the clone

    /// Appends an event of slot `s`, selecting the slot on the clone first when needed (as the kernel does).
    @inline(__always)
    func emit(_ event: InputEvent, slot s: Int) {
        if cloneSlot != s {
            out.append(InputEvent(time: event.time, type: EventType.abs, code: AbsCode.mtSlot, value: Int32(s)))
            cloneSlot = s
        }
        out.append(event)
        if let i = SlotValues.index(of: event.code) { slots[s].clone.set(i, event.value) }
    }

    /// Values of slot `s` the clone lacks (sent before, while the slot's touches were kept from it).
    func catchUp(_ s: Int, time: Microseconds, into sink: (InputEvent) -> Void) {
        for i in 0..<SlotValues.count where i != SlotValues.trackingIndex {
            guard let v = slots[s].source.value(i), slots[s].clone.value(i) != v else { continue }
            sink(InputEvent(time: time, type: EventType.abs, code: SlotValues.first + UInt16(i), value: v))
        }
    }

    /// Ends a frame on the clone: legacy pointer events, then SYN_REPORT, unless the frame is empty (`from`: where
    /// it began in `out`) and `keepEmpty` is false.
    func endFrame(time: Microseconds, from start: Int, pointerAsSource: Bool, keepEmpty: Bool = false) {
        pointer.appendChanges(asSource: pointerAsSource, slots: slots, reference: reference, time: time, into: &out)
        guard out.count > start || keepEmpty else { return }
        out.append(InputEvent(time: time, type: EventType.syn, code: SynCode.report, value: 0))
    }

    /// One frame lifting every touch the clone has.
    func liftClone(time: Microseconds) {
        let start = out.count
        for s in slots.indices where slots[s].clone.trackingID >= 0 {
            emit(InputEvent(time: time, type: EventType.abs, code: AbsCode.mtTrackingID, value: -1), slot: s)
        }
        endFrame(time: time, from: start, pointerAsSource: false)
    }

    /// Every touch now is forwarded or there is none: the source's own pointer events are true of the clone.
    var allForwarded: Bool { keptMask == 0 }

    /// `keptMask` from every slot's fate, after a change outside the per-frame path (claims, lift, resync).
    func recomputeKept() {
        keptMask = 0
        for s in slots.indices { updateKept(s) }
    }

    @inline(__always)
    func updateKept(_ s: Int) {
        let bit: UInt64 = 1 << UInt64(s)
        if slots[s].fate == .held || slots[s].fate == .suppressed { keptMask |= bit } else { keptMask &= ~bit }
    }

    /// Calls `body` with each slot of `mask`, lowest first.
    @inline(__always)
    func forEachSlot(in mask: UInt64, _ body: (Int) -> Void) {
        var m = mask
        while m != 0 {
            body(m.trailingZeroBitCount)
            m &= m &- 1
        }
    }
}

extension HoldForwarder {
    /// What the held frames take now, all slots together: what the forwarder fuzz target checks stays bounded
    /// (`HeldFrames.eventLimit` events a slot, at most one frame an event).
    package var heldStorage: (events: Int, frames: Int) {
        held.reduce((0, 0)) { ($0.0 + $1.events.count, $0.1 + $1.frames.count) }
    }

    /// The most events one slot's hold keeps.
    package static var heldEventLimit: Int { HeldFrames.eventLimit }
}

import TouchModel

/// Protocol B state: one record per slot, sized once at init. The kernel only sends values that change,
/// so positions and tool type stay in the slot across contacts.
struct ProtocolBSlots {
    /// A slot's touch, as far as the frames go.
    ///
    ///     empty   -- tracking id -> pending
    ///     pending -- report with position known -> active (.down)      -- palm/cancel -> ignored (never shown)
    ///     active  -- report -> active (.move)   -- tracking id -1 or new id -> empty/pending (.up)
    ///             -- palm/cancel -> ignored (.cancelled)
    ///     ignored -- tracking id -1 -> empty    -- new tracking id -> pending
    enum State: Equatable {
        case empty
        /// A new touch not reported yet: begun since the last SYN_REPORT, or its position is still unknown.
        /// It gets its contact id when first reported, so ids rise in the order contacts appear.
        case pending
        /// Reported at least once.
        case active(id: Int)
        /// The device still has a touch here but we ended ours (palm, SYN_DROPPED, cancelAll):
        /// its events are ignored until the tracking id changes.
        case ignored

        var name: String {
            switch self {
            case .empty: return "empty"
            case .pending: return "pending"
            case .active(let id): return "active(\(id))"
            case .ignored: return "ignored"
            }
        }

        /// A touch of ours is in the slot (shown or about to be).
        var isLive: Bool {
            switch self {
            case .pending, .active: return true
            case .empty, .ignored: return false
            }
        }
    }

    struct Slot {
        var state = State.empty
        /// The device's tracking id, -1 when the slot is empty.
        var trackingID: Int32 = -1
        var position = RawPosition()
        var toolType: Int32 = MTToolType.finger
        /// A contact that ended since the last SYN_REPORT, reported once more with this phase.
        var endedID = -1
        var endedPhase = ContactPhase.up
        var endedPosition = RawPosition()
    }

    var slots: [Slot]
    /// The slots `report` visits, one bit per slot (at most `maxSlots` = 64): a touch of ours is live there, or
    /// an ended contact waits to be reported once more. Empty and ignored slots add nothing to a frame, and most
    /// of a panel's slots are empty, so `report` goes through the few live ones instead of every slot.
    var reportable: UInt64 = 0
    var current = 0
    /// The current slot is out of range: its events are ignored until the next valid ABS_MT_SLOT.
    var currentIsInvalid = false
    /// Contacts that ended before their slot ever had a position (left out).
    var unpositionedContacts = 0
    let xRange: AxisClamp
    let yRange: AxisClamp
    /// Size and pressure to mm and fractions (`ContactShapeAxes.none` when the device reports neither).
    let shapeAxes: ContactShapeAxes
    /// "slot N: state -> event -> state" lines, when debugging.
    var log: LogSink?

    /// Slots tracked at most (libevdev keeps 256; real panels have 10-20). A bad description claiming
    /// billions must not allocate them; slots beyond are ignored and counted as slot overflow.
    static let maxSlots = 64

    init(count: Int, initialSlot: Int, xRange: AxisClamp, yRange: AxisClamp, shapeAxes: ContactShapeAxes = .none) {
        slots = Array(repeating: Slot(), count: min(max(count, 1), Self.maxSlots))
        self.xRange = xRange
        self.yRange = yRange
        self.shapeAxes = shapeAxes
        select(initialSlot)
    }

    /// Returns false when the slot is beyond the slot count (the caller counts a slotOverflow).
    @discardableResult
    mutating func select(_ slot: Int) -> Bool {
        if slot >= 0 && slot < slots.count {
            current = slot
            currentIsInvalid = false
            return true
        }
        currentIsInvalid = true
        return false
    }

    // MARK: - Transitions

    /// Leaves the touch of slot `i`: an active contact is reported once more with `phase`; a pending one
    /// was never shown and just disappears. Then the slot is `next`.
    mutating func move(_ i: Int, to next: State, on event: @autoclosure () -> String) {
        if let log, slots[i].state != next { log.debug("slot \(i): \(slots[i].state.name) -> \(event()) -> \(next.name)") }
        slots[i].state = next
        if next.isLive { reportable |= 1 << UInt64(i) }
    }

    mutating func end(_ i: Int, phase: ContactPhase, next: State, on event: @autoclosure () -> String) {
        switch slots[i].state {
        case .empty, .ignored:
            break
        case .pending:
            if !slots[i].position.isKnown { unpositionedContacts += 1 }
        case .active(let id):
            slots[i].endedID = id
            slots[i].endedPhase = phase
            slots[i].endedPosition = slots[i].position
            reportable |= 1 << UInt64(i)
        }
        move(i, to: next, on: event())
    }

    mutating func trackingID(_ value: Int32) {
        let i = current
        if value < 0 {
            end(i, phase: .up, next: .empty, on: "TRACKING_ID -1")
            slots[i].trackingID = -1
            return
        }
        if value == slots[i].trackingID && slots[i].state != .empty { return }   // repeated, not a new touch
        // A new id without a -1 first also ends the previous touch in this slot.
        end(i, phase: .up, next: .pending, on: "TRACKING_ID \(value)")
        slots[i].trackingID = value
    }

    /// Returns true when the value was clamped.
    @inline(__always)
    mutating func positionX(_ value: Int32) -> Bool {
        let c = xRange.clamp(value)
        slots[current].position.x = c.value
        slots[current].position.hasX = true
        slots[current].position.xClamped = c.clamped
        return c.clamped
    }

    @inline(__always)
    mutating func positionY(_ value: Int32) -> Bool {
        let c = yRange.clamp(value)
        slots[current].position.y = c.value
        slots[current].position.hasY = true
        slots[current].position.yClamped = c.clamped
        return c.clamped
    }

    /// Appends this frame's contacts in slot order and clears the per-frame marks.
    mutating func report(into contacts: inout [Contact], geometry: SurfaceGeometry, nextContactID: inout Int) {
        var visit = reportable
        while visit != 0 {
            let i = visit.trailingZeroBitCount
            visit &= visit - 1
            // A palm is decided at the report, so the order of TOOL_TYPE and TRACKING_ID within a frame does not matter.
            if slots[i].toolType == MTToolType.palm && slots[i].state.isLive {
                end(i, phase: .cancelled, next: .ignored, on: "palm")
            }
            if slots[i].endedID >= 0 {
                contacts.append(geometry.contact(id: slots[i].endedID, slot: i, phase: slots[i].endedPhase,
                                                 at: slots[i].endedPosition, shape: shapeAxes))
                slots[i].endedID = -1
            }
            switch slots[i].state {
            case .empty, .ignored:
                break
            case .pending:
                // Not shown until its position is known (a recording that starts mid-touch).
                guard slots[i].position.isKnown else { break }
                let id = nextContactID
                nextContactID += 1
                contacts.append(geometry.contact(id: id, slot: i, phase: .down, at: slots[i].position, shape: shapeAxes))
                move(i, to: .active(id: id), on: "SYN_REPORT")
            case .active(let id):
                contacts.append(geometry.contact(id: id, slot: i, phase: .move, at: slots[i].position, shape: shapeAxes))
            }
            if !slots[i].state.isLive { reportable &= ~(1 << UInt64(i)) }   // its ended contact was reported above
        }
    }

    /// Appends contacts that ended before the report, then cancels every live contact; the touches stay
    /// ignored until their tracking id changes. Contacts never reported are dropped.
    mutating func cancelAll(into contacts: inout [Contact], geometry: SurfaceGeometry) {
        for i in slots.indices {
            end(i, phase: .cancelled, next: slots[i].state == .empty ? .empty : .ignored, on: "cancel")
            if slots[i].endedID >= 0 {
                contacts.append(geometry.contact(id: slots[i].endedID, slot: i, phase: slots[i].endedPhase,
                                                 at: slots[i].endedPosition, shape: shapeAxes))
                slots[i].endedID = -1
            }
        }
        reportable = 0   // every slot is now empty or ignored, with nothing left to report
    }
}

/// Protocol B state: one record per slot, sized once at init. The kernel only sends values that change,
/// so positions and tool type stay in the slot across contacts.
struct ProtocolBSlots {
    struct Slot {
        /// The device's tracking id, -1 when the slot is empty.
        var trackingID: Int32 = -1
        var position = RawPosition()
        var toolType: Int32 = MTToolType.finger
        /// Our contact id while a contact is live in this slot, -1 otherwise.
        var contactID = -1
        /// The contact started since the last SYN_REPORT (reported as .down).
        var isNew = false
        /// The device still has a touch here but we ended ours (palm, SYN_DROPPED, cancelAll):
        /// its events are ignored until the tracking id changes.
        var ignored = false
        /// A contact that ended since the last SYN_REPORT, reported once more with this phase.
        var endedID = -1
        var endedPhase = ContactPhase.up
        var endedPosition = RawPosition()
    }

    var slots: [Slot]
    var current = 0
    /// The current slot is out of range: its events are ignored until the next valid ABS_MT_SLOT.
    var currentIsInvalid = false
    /// Contacts that ended before their slot ever had a position (left out).
    var unpositionedContacts = 0
    let xRange: AxisClamp
    let yRange: AxisClamp

    init(count: Int, initialSlot: Int, xRange: AxisClamp, yRange: AxisClamp) {
        slots = Array(repeating: Slot(), count: max(count, 1))
        self.xRange = xRange
        self.yRange = yRange
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

    /// Ends the live contact of slot `i` with `phase`; a contact never yet reported is dropped silently.
    mutating func end(_ i: Int, phase: ContactPhase) {
        guard slots[i].contactID >= 0 else { return }
        if !slots[i].isNew {
            slots[i].endedID = slots[i].contactID
            slots[i].endedPhase = phase
            slots[i].endedPosition = slots[i].position
        } else if !slots[i].position.isKnown {
            unpositionedContacts += 1
        }
        slots[i].contactID = -1
        slots[i].isNew = false
    }

    mutating func trackingID(_ value: Int32, nextContactID: inout Int) {
        let i = current
        if value < 0 {
            end(i, phase: .up)
            slots[i].trackingID = -1
            slots[i].ignored = false
            return
        }
        if value == slots[i].trackingID && (slots[i].contactID >= 0 || slots[i].ignored) { return }
        // A new id without a -1 first: the previous touch in this slot is over.
        end(i, phase: .up)
        slots[i].trackingID = value
        slots[i].ignored = false
        slots[i].contactID = nextContactID
        slots[i].isNew = true
        nextContactID += 1
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
    mutating func report(into contacts: inout [Contact], geometry: SurfaceGeometry) {
        for i in slots.indices {
            // A palm is decided at the report, so the order of TOOL_TYPE and TRACKING_ID within a frame does not matter.
            if slots[i].contactID >= 0 && slots[i].toolType == MTToolType.palm {
                end(i, phase: .cancelled)
                slots[i].ignored = true
            }
            if slots[i].endedID >= 0 {
                contacts.append(geometry.contact(id: slots[i].endedID, slot: i, phase: slots[i].endedPhase,
                                                 at: slots[i].endedPosition))
                slots[i].endedID = -1
            }
            // A contact is not reported until its slot's position is known (a recording that starts
            // mid-touch); it stays new until then.
            if slots[i].contactID >= 0 && slots[i].position.isKnown {
                contacts.append(geometry.contact(id: slots[i].contactID, slot: i,
                                                 phase: slots[i].isNew ? .down : .move, at: slots[i].position))
                slots[i].isNew = false
            }
        }
    }

    /// Appends contacts that ended before the report, then cancels every live contact; the touches stay
    /// ignored until their tracking id changes. Contacts never reported are dropped.
    mutating func cancelAll(into contacts: inout [Contact], geometry: SurfaceGeometry) {
        for i in slots.indices {
            if slots[i].contactID >= 0 {
                end(i, phase: .cancelled)
                slots[i].ignored = true
            }
            if slots[i].endedID >= 0 {
                contacts.append(geometry.contact(id: slots[i].endedID, slot: i, phase: slots[i].endedPhase,
                                                 at: slots[i].endedPosition))
                slots[i].endedID = -1
            }
        }
    }
}

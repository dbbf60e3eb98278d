import Gestures
import TouchInput
import TouchModel

/// What the frame being reported does to one slot: HoldForwarder's per-frame scratch, reset for the slots it looked at.
struct SlotChanges {
    /// The slot's touch ended in the frame (tracking id -1, or replaced by a new one).
    var ended = false
    /// Touches that start in the frame, counted down as their tracking ids are routed.
    var starts = 0
    /// The claim of the contact of the last touch that starts (free when the frame does not show it).
    var startClaim = ContactClaim.free
    /// Its held frames go out in this frame (or after this deadline).
    var releasing = false
    /// The decoder's contact in the slot: the active one, and the one that ended there.
    var currentContact = -1
    var endedContact = -1
    /// The slot's tracking id as the first pass goes through the frame's events.
    var trackingID: Int32 = -1
    /// A touch started being routed: values the clone lacks are added after the frame's events.
    var startedTouch = false
    /// `releaseHeld`'s next held frame of the slot.
    var cursor = 0
}

// One frame of the source, in three steps: find the touches that start and end in it; decide each touch's fate
// from the claims (releasing or dropping held ones); then route the frame's events in order.
extension HoldForwarder {
    func forward(_ syn: InputEvent, frame: TouchFrame, claims: some ContactClaims) {
        findTouchChanges()
        index(frame)
        // Only the slots this frame names or that are kept: every other slot's touch stays as it is.
        var passthrough = keptMask == 0
        var anyRelease = false
        forEachSlot(in: touchedMask) { s in
            if slots[s].fate == .held {
                // Its contact in this frame: the one that ended if the touch ended, else the current one, or the
                // one the decoder cancelled (a palm) while the device keeps the touch.
                let ended = changes[s].ended
                let id = ended || changes[s].currentContact < 0 ? changes[s].endedContact : changes[s].currentContact
                if id >= 0 { slots[s].contactID = id }
                switch id >= 0 ? claims.claim(ofContact: id) : ContactClaim.held {
                case .held where !ended: break
                case .held:
                    // A lifted touch cannot wait any longer: whatever still considers it has not taken it.
                    release(s, .lifted)
                    anyRelease = true
                case .claimed:
                    held[s].removeAll()
                    transition(s, .claimed)
                case .free:
                    release(s, .free)
                    anyRelease = true
                }
            }
            if changes[s].starts > 0 {
                // A touch the frame does not show (no position yet) is nobody's: holding it could not end, as
                // nothing will decide about it.
                let id = changes[s].currentContact
                changes[s].startClaim = id >= 0 ? claims.claim(ofContact: id) : .free
                if changes[s].startClaim != .free { passthrough = false }
            }
        }
        if anyRelease { releaseHeld() }
        route(syn: syn, passthrough: passthrough)
        forEachSlot(in: touchedMask) { s in
            changes[s].ended = false
            changes[s].starts = 0
            changes[s].currentContact = -1
            changes[s].endedContact = -1
        }
    }

    /// A held touch goes on live: its held frames go out at the next `releaseHeld`.
    @inline(__always)
    private func release(_ s: Int, _ reason: ReleaseReason) {
        changes[s].releasing = true
        transition(s, .released(reason))
    }

    /// First pass over the frame's events: which slots' touches end (tracking id -1, or replaced) and how many
    /// start, and which slots the frame names (`touchedMask`, with the kept ones), without changing anything.
    private func findTouchChanges() {
        var slot = sourceSlot
        var named: UInt64 = 0
        pending.withEvents { events in for e in events where e.type == EventType.abs {
            if e.code == AbsCode.mtSlot {
                slot = e.value >= 0 && Int(e.value) < slots.count ? Int(e.value) : -1
                continue
            }
            guard slot >= 0, SlotValues.index(of: e.code) != nil else { continue }
            let bit: UInt64 = 1 << UInt64(slot)
            if named & bit == 0 {
                named |= bit
                changes[slot].trackingID = slots[slot].source.trackingID
            }
            if e.code == AbsCode.mtTrackingID {
                let current = changes[slot].trackingID
                if e.value < 0 {
                    if current >= 0 && changes[slot].starts == 0 { changes[slot].ended = true }
                    changes[slot].trackingID = -1
                } else if e.value != current {
                    if current >= 0 && changes[slot].starts == 0 { changes[slot].ended = true }
                    changes[slot].starts += 1
                    changes[slot].trackingID = e.value
                }
            }
        } }
        touchedMask = named | keptMask
    }

    /// Which contact of the frame is each slot's current touch, and which one ended there.
    private func index(_ frame: TouchFrame) {
        for c in frame.contacts where c.slot >= 0 && c.slot < slots.count {
            if c.isActive { changes[c.slot].currentContact = c.id } else { changes[c.slot].endedContact = c.id }
            touchedMask |= 1 << UInt64(c.slot)
        }
        forEachSlot(in: touchedMask) { s in
            let current = changes[s].currentContact
            if current >= 0 && changes[s].starts == 0 && slots[s].contactID < 0 { slots[s].contactID = current }
        }
    }

    /// Second pass: each event to the clone, to its touch's held frames, or nowhere.
    private func route(syn: InputEvent, passthrough: Bool) {
        let start = out.count
        pending.withEvents { events in for e in events {
            if e.type == EventType.abs && e.code == AbsCode.mtSlot {
                let next = e.value >= 0 && Int(e.value) < slots.count ? Int(e.value) : -1
                // Copied as read, unless the clone has that slot selected already (after frames that left out
                // events) while the source changed it: then the kernel of the clone would drop it anyway.
                if passthrough && (Int(e.value) != cloneSlot || next == sourceSlot) {
                    out.append(e)
                    cloneSlot = Int(e.value)
                }
                sourceSlot = next
                continue
            }
            if e.type == EventType.abs, let i = SlotValues.index(of: e.code) {
                guard sourceSlot >= 0 else {
                    // The source's slot is invalid: the event changes nothing there. As read only while the
                    // clone's selection is invalid too (its kernel ignores it alike): on a valid clone slot (after
                    // a resync that left the source's selection off the clone) it would change another touch.
                    if passthrough && !slots.indices.contains(cloneSlot) { out.append(e) }
                    continue
                }
                routeSlotEvent(e, index: i, slot: sourceSlot, passthrough: passthrough)
                continue
            }
            if let i = pointer.index(type: e.type, code: e.code) {
                if passthrough {
                    out.append(e)
                    pointer.forwarded(i, e.value)
                } else {
                    pointer.sourceSent(i, e.value)
                }
                continue
            }
            out.append(e)
        } }
        forEachSlot(in: touchedMask) { s in
            guard changes[s].startedTouch else { return }
            changes[s].startedTouch = false
            switch slots[s].fate {
            case .live: catchUp(s, time: syn.time) { emit($0, slot: s) }
            case .held:
                // Values the held events of this frame set themselves are not repeated.
                let open = held[s].frames.last?.end ?? 0
                catchUp(s, time: syn.time) { e in
                    if !held[s].events[open...].contains(where: { $0.code == e.code }) { held[s].append(e) }
                }
            case .empty, .suppressed: break
            }
        }
        forEachSlot(in: touchedMask) { s in
            updateKept(s)
            if slots[s].fate == .held { held[s].close(sequence: sequence, time: syn.time) }
        }
        // The source's pointer events describe the clone's touches only if no touch was kept from it in this frame.
        endFrame(time: syn.time, from: start, pointerAsSource: passthrough && allForwarded, keepEmpty: pending.isEmpty)
    }

    private func routeSlotEvent(_ e: InputEvent, index i: Int, slot s: Int, passthrough: Bool) {
        if i == SlotValues.trackingIndex {
            let current = slots[s].source.trackingID
            if e.value < 0 {
                deliver(e, slot: s, passthrough: passthrough)
                if current >= 0 { transition(s, .ended) }
            } else if e.value != current {
                reference = e.value &+ 1
                changes[s].starts -= 1
                let last = changes[s].starts == 0
                let wasLive = slots[s].fate == .live
                // Only the frame's last touch in the slot can be seen by the recognizers: any before it is free.
                transition(s, .started(last ? changes[s].startClaim : .free))
                // A touch replaced without a -1 first: end it on the clone unless the new one takes its place there.
                if wasLive && slots[s].fate != .live && slots[s].clone.trackingID >= 0 {
                    emit(InputEvent(time: e.time, type: EventType.abs, code: AbsCode.mtTrackingID, value: -1), slot: s)
                }
                slots[s].contactID = -1
                slots[s].source.set(i, e.value)
                deliver(e, slot: s, passthrough: passthrough)
                if last {
                    slots[s].contactID = changes[s].currentContact
                    changes[s].startedTouch = true
                }
                return
            } else {
                deliver(e, slot: s, passthrough: passthrough)
            }
            slots[s].source.set(i, e.value)
            return
        }
        slots[s].source.set(i, e.value)
        deliver(e, slot: s, passthrough: passthrough)
    }

    @inline(__always)
    private func deliver(_ e: InputEvent, slot s: Int, passthrough: Bool) {
        switch slots[s].fate {
        case .live: emit(e, slot: s)
        case .held: held[s].append(e)
        case .empty: if passthrough { emit(e, slot: s) }
        case .suppressed: break
        }
    }
}

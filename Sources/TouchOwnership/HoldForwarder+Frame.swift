import Gestures
import TouchInput
import TouchModel

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
            let before = slots[s].fate
            segment[s] = before
            if before == .held {
                // Its contact in this frame: the one that ended if the touch ended, else the current one, or the
                // one the decoder cancelled (a palm) while the device keeps the touch.
                let id = ended[s] || currentContact[s] < 0 ? endedContact[s] : currentContact[s]
                if id >= 0 { slots[s].contactID = id }
                var claim = id >= 0 ? claims.claim(ofContact: id) : ContactClaim.held
                // A lifted touch cannot wait any longer: whatever still considers it has not taken it.
                if ended[s] && claim == .held { claim = .free }
                switch claim {
                case .held: break
                case .claimed:
                    held[s].removeAll()
                    segment[s] = .suppressed
                case .free:
                    releasing[s] = true
                    segment[s] = .live
                    anyRelease = true
                }
            }
            if starts[s] > 0 {
                // A touch the frame does not show (no position yet) is nobody's: holding it could not end, as
                // nothing will decide about it.
                let id = currentContact[s]
                switch id >= 0 ? claims.claim(ofContact: id) : .free {
                case .held: newFate[s] = .held
                case .claimed: newFate[s] = .suppressed
                case .free: newFate[s] = .live
                }
                if newFate[s] != .live { passthrough = false }
            }
        }
        if anyRelease {
            forEachSlot(in: touchedMask) { s in if releasing[s] { slots[s].fate = .live } }
            releaseHeld()
        }
        route(syn: syn, passthrough: passthrough)
        forEachSlot(in: touchedMask) { s in
            ended[s] = false
            starts[s] = 0
            currentContact[s] = -1
            endedContact[s] = -1
        }
    }

    /// First pass over the frame's events: which slots' touches end (tracking id -1, or replaced) and how many
    /// start, and which slots the frame names (`touchedMask`, with the kept ones), without changing anything.
    private func findTouchChanges() {
        var slot = sourceSlot
        var named: UInt64 = 0
        for e in pending where e.type == EventType.abs {
            if e.code == AbsCode.mtSlot {
                slot = e.value >= 0 && Int(e.value) < slots.count ? Int(e.value) : -1
                continue
            }
            guard slot >= 0, SlotValues.index(of: e.code) != nil else { continue }
            let bit: UInt64 = 1 << UInt64(slot)
            if named & bit == 0 {
                named |= bit
                ids[slot] = slots[slot].source.trackingID
            }
            if e.code == AbsCode.mtTrackingID {
                let current = ids[slot]
                if e.value < 0 {
                    if current >= 0 && starts[slot] == 0 { ended[slot] = true }
                    ids[slot] = -1
                } else if e.value != current {
                    if current >= 0 && starts[slot] == 0 { ended[slot] = true }
                    starts[slot] += 1
                    ids[slot] = e.value
                }
            }
        }
        touchedMask = named | keptMask
    }

    /// Which contact of the frame is each slot's current touch, and which one ended there.
    private func index(_ frame: TouchFrame) {
        for c in frame.contacts where c.slot >= 0 && c.slot < slots.count {
            if c.isActive { currentContact[c.slot] = c.id } else { endedContact[c.slot] = c.id }
            touchedMask |= 1 << UInt64(c.slot)
        }
        forEachSlot(in: touchedMask) { s in
            if currentContact[s] >= 0 && starts[s] == 0 && slots[s].contactID < 0 { slots[s].contactID = currentContact[s] }
        }
    }

    /// Second pass: each event to the clone, to its touch's held frames, or nowhere.
    private func route(syn: InputEvent, passthrough: Bool) {
        let start = out.count
        for e in pending {
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
                    if passthrough { out.append(e) }
                    continue
                }
                routeSlotEvent(e, index: i, slot: sourceSlot, passthrough: passthrough)
                continue
            }
            if let i = pointer.index(type: e.type, code: e.code) {
                pointer.source[i] = e.value
                if passthrough {
                    out.append(e)
                    pointer.clone[i] = e.value
                }
                continue
            }
            out.append(e)
        }
        forEachSlot(in: touchedMask) { s in
            guard startedTouch[s] else { return }
            startedTouch[s] = false
            switch segment[s] {
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
            slots[s].fate = segment[s]
            updateKept(s)
            if segment[s] == .held { held[s].close(sequence: sequence, time: syn.time) }
        }
        // The source's pointer events describe the clone's touches only if no touch was kept from it in this frame.
        endFrame(time: syn.time, from: start, pointerAsSource: passthrough && allForwarded, keepEmpty: pending.isEmpty)
    }

    private func routeSlotEvent(_ e: InputEvent, index i: Int, slot s: Int, passthrough: Bool) {
        if i == SlotValues.trackingIndex {
            let current = slots[s].source.trackingID
            if e.value < 0 {
                deliver(e, slot: s, passthrough: passthrough)
                if current >= 0 { segment[s] = .empty }
            } else if e.value != current {
                reference = e.value &+ 1
                starts[s] -= 1
                let fate = starts[s] == 0 ? newFate[s] : .live
                // A touch replaced without a -1 first: end it on the clone unless the new one takes its place there.
                if segment[s] == .live && fate != .live && slots[s].clone.trackingID >= 0 {
                    emit(InputEvent(time: e.time, type: EventType.abs, code: AbsCode.mtTrackingID, value: -1), slot: s)
                }
                segment[s] = fate
                slots[s].contactID = -1
                slots[s].source.set(i, e.value)
                deliver(e, slot: s, passthrough: passthrough)
                if starts[s] == 0 {
                    slots[s].contactID = currentContact[s]
                    startedTouch[s] = true
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
        switch segment[s] {
        case .live: emit(e, slot: s)
        case .held: held[s].append(e)
        case .empty: if passthrough { emit(e, slot: s) }
        case .suppressed: break
        }
    }
}

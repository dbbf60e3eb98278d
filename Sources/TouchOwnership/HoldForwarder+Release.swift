import Gestures
import TouchInput
import TouchModel

extension HoldForwarder {
    /// Writes the held frames of every `releasing` slot, oldest first, frames of the same source frame together,
    /// each its own frame on the clone; then forgets them.
    func releaseHeld() {
        for s in slots.indices where changes[s].releasing { changes[s].cursor = 0 }
        while true {
            var next = Int.max
            for s in slots.indices where changes[s].releasing && changes[s].cursor < held[s].frames.count {
                next = min(next, held[s].frames[changes[s].cursor].sequence)
            }
            guard next != .max else { break }
            let start = out.count
            var time: Microseconds = 0
            for s in slots.indices where changes[s].releasing && changes[s].cursor < held[s].frames.count
                && held[s].frames[changes[s].cursor].sequence == next {
                for e in held[s].events(of: changes[s].cursor) { emit(e, slot: s) }
                time = held[s].frames[changes[s].cursor].time
                changes[s].cursor += 1
            }
            endFrame(time: time, from: start, pointerAsSource: false)
        }
        for s in slots.indices where changes[s].releasing {
            if held[s].truncated, let last = held[s].frames.last {
                // The events past the hold's limit were left out: the slot's current values stand for them.
                let start = out.count
                catchUp(s, time: last.time) { emit($0, slot: s) }
                endFrame(time: last.time, from: start, pointerAsSource: false)
            }
            held[s].removeAll()
            changes[s].releasing = false
        }
    }

    /// The frame after a SYN_DROPPED (its events are the synced state, live; or the rest of a cut frame, in a
    /// recording): every touch on the clone lifts, then the touches down and free are reported again, in a frame
    /// of their own. In a recording the state after the drop is unknown: nothing is reported again, and the
    /// touches still down stay off the clone until their tracking ids end (as the decoder ignores them).
    func resync(_ syn: InputEvent, frame: TouchFrame, claims: some ContactClaims) {
        var afterDrop = false
        pending.withEvents { events in for e in events {
            if e.type == EventType.syn && e.code == SynCode.dropped { afterDrop = true }
            guard e.type == EventType.abs || e.type == EventType.key else { continue }
            if e.type == EventType.abs && e.code == AbsCode.mtSlot {
                sourceSlot = e.value >= 0 && Int(e.value) < slots.count ? Int(e.value) : -1
                continue
            }
            if afterDrop && mode == .recording { continue }
            if e.type == EventType.abs, let i = SlotValues.index(of: e.code) {
                guard sourceSlot >= 0 else { continue }
                if i == SlotValues.trackingIndex && e.value >= 0 && e.value != slots[sourceSlot].source.trackingID {
                    reference = e.value &+ 1
                }
                slots[sourceSlot].source.set(i, e.value)
            } else if let i = pointer.index(type: e.type, code: e.code) {
                pointer.sourceSent(i, e.value)
            }
        } }
        for c in frame.contacts where c.isActive && c.slot >= 0 && c.slot < slots.count { changes[c.slot].currentContact = c.id }
        for s in slots.indices {
            held[s].removeAll()
            let contact = changes[s].currentContact
            slots[s].contactID = contact
            let touch: ResyncedTouch = slots[s].source.trackingID < 0 ? .none
                : mode != .live ? .unknown
                : .down(contact >= 0 ? claims.claim(ofContact: contact) : .free)
            transition(s, .resynced(touch))
        }
        liftClone(time: syn.time)
        let start = out.count
        let tracking = SlotValues.first + UInt16(SlotValues.trackingIndex)
        for s in slots.indices {
            let id = InputEvent(time: syn.time, type: EventType.abs, code: tracking, value: slots[s].source.trackingID)
            switch slots[s].fate {
            case .live:
                emit(id, slot: s)
                catchUp(s, time: syn.time) { emit($0, slot: s) }
            case .held:
                held[s].append(id)
                catchUp(s, time: syn.time) { held[s].append($0) }
                held[s].close(sequence: sequence, time: syn.time)
            case .empty, .suppressed:
                break
            }
            changes[s].currentContact = -1
        }
        recomputeKept()
        endFrame(time: syn.time, from: start, pointerAsSource: allForwarded)
    }
}

import TouchInput

// The frames of a touch moving on while nothing is kept: most frames of an owned device.
extension HoldForwarder {
    /// A frame in which no touch starts or ends (`plain`), while no touch is kept and the clone has the source's
    /// slot selected: every touch is live (or the slot empty), so the three passes of `forward` would copy each
    /// event as read and decide nothing. One pass does the same: the events go out as read, and the slots' and
    /// pointer's values of source and clone follow them. `slots[s].contactID` is left as it is: it is read only
    /// for held touches, and a touch becomes held only when it starts or after a SYN_DROPPED, which set it.
    /// Called with `out` empty; when the clone's pointer values are the source's (almost always), the frame read
    /// becomes `out` as it is, SYN_REPORT appended, and `pending` takes the emptied buffer: nothing is copied.
    func passThrough(_ syn: InputEvent) {
        passedThrough += 1
        var slot = sourceSlot
        pending.withEvents { events in for e in events where e.type == EventType.abs || e.type == EventType.key {
            if e.type == EventType.abs {
                if e.code == AbsCode.mtSlot {
                    slot = Int(e.value)
                    continue
                }
                if let i = SlotValues.index(of: e.code) {
                    slots[slot].forwarded(i, e.value)
                    continue
                }
            }
            if let i = pointer.index(type: e.type, code: e.code) { pointer.forwarded(i, e.value) }
        } }
        sourceSlot = slot
        cloneSlot = slot
        if pointer.inSync {
            pending.append(InputEvent(time: syn.time, type: EventType.syn, code: SynCode.report, value: 0))
            swap(&out, &pending)
        } else {
            out.append(contentsOf: pending)
            endFrame(time: syn.time, from: 0, pointerAsSource: true, keepEmpty: true)
        }
    }
}

import TouchModel

/// What the decoder does with events around `SYN_DROPPED`.
///
///     normal    -- SYN_DROPPED (recording) --> dropping   (contacts in flight cancelled)
///     normal    -- SYN_DROPPED (live)      --> resyncing
///     dropping  -- SYN_REPORT              --> normal     (frame of the cancellations, resynced)
///     resyncing -- SYN_REPORT              --> normal     (frame of the synced state, resynced)
enum SyncState: String, Sendable {
    case normal
    /// Recording: the rest of the interrupted frame is discarded up to its SYN_REPORT.
    case dropping
    /// Live: libevdev is delivering the synced device state, ending with a SYN_REPORT.
    case resyncing
}

extension MultitouchDecoder {
    mutating func transition(to next: SyncState, on event: String) {
        logSink?.debug("\(sync.rawValue) -> \(event) -> \(next.rawValue)")
        sync = next
    }

    @inline(__always)
    mutating func handleNormal(_ event: InputEvent) -> TouchFrame? {
        if event.type == EventType.syn {
            switch event.code {
            case SynCode.report:
                return report(time: event.time, resynced: false)
            case SynCode.mtReport:
                applyMTReport()
            case SynCode.dropped:
                counters.synDropped += 1
                switch mode {
                case .recording:
                    frameContacts.removeAll(keepingCapacity: true)
                    cancelContacts()
                    transition(to: .dropping, on: "SYN_DROPPED")
                case .live:
                    transition(to: .resyncing, on: "SYN_DROPPED")
                }
            default:
                break
            }
            return nil
        }
        apply(event)
        return nil
    }

    mutating func handleDropping(_ event: InputEvent) -> TouchFrame? {
        if event.isSynReport {
            transition(to: .normal, on: "SYN_REPORT")
            // Only cancellations: nothing is touching as far as this frame knows.
            return TouchFrame(time: event.time, contacts: frameContacts, fingerCount: 0, resynced: true)
        }
        if event.type == EventType.syn && event.code == SynCode.dropped {
            counters.synDropped += 1
            return nil
        }
        // The fragment's slot selection and key states are still true afterwards (the kernel will not repeat
        // them), so they are kept; positions and tracking ids are not.
        if layout == .protocolB && event.type == EventType.abs && event.code == AbsCode.mtSlot {
            if !slotsB.select(Int(event.value)) { counters.slotOverflow += 1 }
        }
        if event.type == EventType.key && declared.contains(type: event.type, code: event.code) {
            fingerKeys.key(event.code, value: event.value)
            if layout == .singleTouch { single.keyWithoutPosition(event.code, value: event.value) }
        }
        counters.droppedEvents += 1
        return nil
    }

    mutating func handleResyncing(_ event: InputEvent) -> TouchFrame? {
        if event.isSynReport {
            transition(to: .normal, on: "SYN_REPORT")
            return report(time: event.time, resynced: true)
        }
        if event.type == EventType.syn && event.code == SynCode.dropped {
            counters.synDropped += 1
            return nil
        }
        return handleNormal(event)
    }
}

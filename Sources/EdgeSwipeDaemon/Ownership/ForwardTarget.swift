import TouchInput

/// Where an owned device's forwarded events go: its uinput clone live, a clone in memory in tests. A concrete
/// enum rather than a protocol: each owned frame's write is a switch and a direct call, not a witness-table call
/// through an existential (docs/hacking.md, the hot path).
package enum ForwardTarget {
    case clone(UInputClone)
    case memory(MemoryClone)

    /// Writes whole frames, each ending in SYN_REPORT (the forwarder's buffer: valid during the call). Throws when
    /// the target is gone.
    @inline(__always)
    func write(_ events: UnsafeBufferPointer<InputEvent>) throws {
        switch self {
        case .clone(let clone): try clone.write(events)
        case .memory(let memory): try memory.write(events)
        }
    }
}

import TouchInput

/// Forwards an owned device's events to its target one whole frame at a time, as they were read: what a reader
/// of the clone sees is what a reader of the source would have seen. SYN_DROPPED is not written (the input core
/// would ignore it); libevdev's resync after it (the device's current state, then SYN_REPORT) is, so the clone
/// catches up with the source.
final class FrameForwarder {
    let target: ForwardTarget
    private var pending: [InputEvent] = []
    /// The first write error, reported once (the target keeps failing once it is gone).
    private(set) var failure: Error?

    init(target: ForwardTarget) {
        self.target = target
        pending.reserveCapacity(64)
    }

    /// One event as read. Returns an error the first time a write fails.
    func feed(_ event: InputEvent) -> Error? {
        if event.type == EventType.syn && event.code == SynCode.dropped { return nil }
        pending.append(event)
        guard event.isSynReport else { return nil }
        defer { pending.removeAll(keepingCapacity: true) }
        guard failure == nil else { return nil }
        do {
            try target.write(pending)
        } catch {
            failure = error
            return error
        }
        return nil
    }
}

import TouchInput
import TouchModel

/// The frames of held touches, kept in one flat buffer per slot so a hold allocates only while its buffers grow.
/// Each held frame is the slot's events of one source frame, tagged with the frame's sequence number, so frames
/// of several touches released together go out merged as the source grouped them.
struct HeldFrames {
    struct Frame {
        var sequence: Int
        var time: Microseconds
        /// End of its events in `events`.
        var end: Int
    }

    var events: [InputEvent] = []
    var frames: [Frame] = []
    /// Events were left out past `eventLimit`: the release ends with the slot's current values instead.
    var truncated = false

    /// A hold keeps at most this many events, so memory stays bounded whatever the device sends; the values the
    /// frames past it would have set are sent from the source's current state at release (`truncated`).
    static let eventLimit = 4096

    mutating func append(_ event: InputEvent) {
        if events.count < Self.eventLimit { events.append(event) } else { truncated = true }
    }

    /// Closes the events appended since the last close as the frame `sequence`.
    mutating func close(sequence: Int, time: Microseconds) {
        guard events.count > (frames.last?.end ?? 0) else { return }
        frames.append(Frame(sequence: sequence, time: time, end: events.count))
    }

    mutating func removeAll() {
        events.removeAll(keepingCapacity: true)
        frames.removeAll(keepingCapacity: true)
        truncated = false
    }

    func events(of k: Int) -> ArraySlice<InputEvent> {
        events[(k == 0 ? 0 : frames[k - 1].end)..<frames[k].end]
    }
}

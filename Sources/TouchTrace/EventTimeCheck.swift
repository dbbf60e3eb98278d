/// The file times one device's events had when its recording was checked, checked again as each event is
/// read back for play. A file rewritten in place since then (a recorder or an editor writing it again) stops
/// the play with an error naming the event's time, rather than wrapping the trace clock below its zero or
/// waiting for a time the check never saw.
struct EventTimeCheck {
    /// The file's time of the device's first and last played event (µs, as the file writes them).
    let first: UInt64
    let last: UInt64
    private var previous: UInt64?

    init(first: UInt64, last: UInt64) {
        self.first = first
        self.last = last
    }

    /// nil when `fileTime`, the next event's time, is one the check allowed; else what changed.
    mutating func admit(_ fileTime: UInt64) -> String? {
        defer { previous = fileTime }
        if let previous {
            if fileTime < previous { return "an event at \(formatTime(fileTime)) now follows one at \(formatTime(previous))" }
        } else if fileTime != first {
            return "its first event is at \(formatTime(fileTime)), checked at \(formatTime(first))"
        }
        if fileTime > last {
            return "an event is at \(formatTime(fileTime)), after the last checked at \(formatTime(last))"
        }
        return nil
    }
}

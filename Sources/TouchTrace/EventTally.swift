import TouchInput
import TouchModel

/// What a reader knows of a device's events without keeping them: how many, how many up to the last
/// SYN_REPORT (what a cut keeps), and their first and last times as recorded.
struct EventTally {
    private(set) var count = 0
    private(set) var completeCount = 0
    private var firstTime: Microseconds?
    private(set) var lastTime: Microseconds?
    /// Time of the last SYN_REPORT: the last event kept.
    private(set) var lastReportTime: Microseconds?

    /// The first event's time, when it is kept (the first frame is complete).
    var firstKeptTime: Microseconds? { completeCount > 0 ? firstTime : nil }

    @inline(__always)
    mutating func add(_ event: InputEvent) {
        count += 1
        if firstTime == nil { firstTime = event.time }
        lastTime = event.time
        if event.isSynReport {
            completeCount = count
            lastReportTime = event.time
        }
    }

    /// Forgets the events after the last SYN_REPORT.
    mutating func dropIncompleteFrame() {
        count = completeCount
        lastTime = lastReportTime
    }
}

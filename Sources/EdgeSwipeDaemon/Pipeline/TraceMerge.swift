import TouchInput
import TouchTrace
import TouchModel

/// The events of every device of a recording as one stream in time order: the earliest first, the device
/// declared first among events at the same time. A heap holds each device's next event, so the cost of an
/// event does not grow with the number of devices the recording declares.
struct TraceMerge {
    private let trace: Trace
    private var cursors: [Int]
    private var heap = TimeHeap<Int>()

    init(_ trace: Trace) {
        self.trace = trace
        cursors = [Int](repeating: 0, count: trace.devices.count)
        for (d, device) in trace.devices.enumerated() {
            if let first = device.events.first { heap.push(time: first.time, rank: d, payload: d) }
        }
    }

    /// The time of the next event, nil at the end.
    var nextTime: Microseconds? { heap.first?.time }

    /// The next event and the index of its device; nil at the end.
    mutating func next() -> (device: Int, event: InputEvent)? {
        guard let top = heap.popFirst() else { return nil }
        let d = top.payload
        let events = trace.devices[d].events
        let event = events[cursors[d]]
        cursors[d] += 1
        if cursors[d] < events.count { heap.push(time: events[cursors[d]].time, rank: d, payload: d) }
        return (d, event)
    }
}

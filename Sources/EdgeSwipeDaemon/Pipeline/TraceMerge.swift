import TouchInput
import TouchTrace
import TouchModel

/// The events of every device of a recording as one stream in time order: the earliest first, the device
/// declared first among events at the same time. A heap holds each device's next event, so the cost of an
/// event does not grow with the number of devices the recording declares, and memory holds one event per
/// device: each device's cursor reads the rest from the file as it is needed.
struct TraceMerge {
    private var cursors: [TraceEvents] = []
    private var heap = TimeHeap<InputEvent>()
    /// Set when a device's events could not be read again (the file changed or went away since it was
    /// checked); the merge then ends.
    private(set) var failure: TraceError?

    init(_ trace: Trace) {
        self.init(TraceStream(trace))
    }

    init(_ stream: TraceStream) {
        do throws(TraceError) {
            for d in stream.devices.indices { cursors.append(try stream.events(ofDevice: d)) }
            for (d, cursor) in cursors.enumerated() {
                if let first = try cursor.next() { heap.push(time: first.time, rank: d, payload: first) }
            }
        } catch {
            stop(error)
        }
    }

    /// The time of the next event, nil at the end.
    var nextTime: Microseconds? { heap.firstTime }

    /// The next event and the index of its device; nil at the end.
    mutating func next() -> (device: Int, event: InputEvent)? {
        guard let top = heap.popFirst() else { return nil }
        let d = top.rank
        do throws(TraceError) {
            if let following = try cursors[d].next() { heap.push(time: following.time, rank: d, payload: following) }
        } catch {
            stop(error)
            return nil
        }
        return (d, top.payload)
    }

    private mutating func stop(_ error: TraceError) {
        failure = error
        heap = TimeHeap()
        cursors = []
    }
}

import TouchInput
import TouchModel

/// A recording read as a stream (`TraceReader.open`): checked whole first, keeping only its device
/// descriptions and a count of each device's events, then played from the file one event at a time, each
/// device by a cursor of its own. Memory holds the descriptions, one line or libyaml's buffers per cursor, and
/// the events in flight, never the file. The same errors and cut as `TraceReader.read`, before any event plays.
public final class TraceStream {
    public let source: String
    public let format: TraceFormat
    /// Set when the file stops early; only its complete frames play.
    public let cut: TraceCut?
    /// The devices' descriptions, in the file's order.
    public let devices: [DeviceDescription]
    /// Events each device plays (its complete frames).
    public let eventCounts: [Int]
    /// Trace time of each device's last event played (zero for a device without events).
    public let lastEventTimes: [Microseconds]
    private let storage: Storage

    enum Storage {
        /// A recording already in memory.
        case trace(Trace)
        /// An evemu file and the times its check saw.
        case evemu(ByteSource, times: EventTimeCheck)
        /// A `libinput record` file, what its trace clock subtracts from the recorded times, and per device
        /// the times its check saw.
        case libinputRecord(ByteSource, clockShift: UInt64, times: [EventTimeCheck])
    }

    /// The events of a recording in memory, as a stream.
    public convenience init(_ trace: Trace) {
        self.init(source: trace.source, format: trace.format, cut: trace.cut, devices: trace.devices.map(\.description),
                  eventCounts: trace.devices.map(\.events.count),
                  lastEventTimes: trace.devices.map { $0.events.last?.time ?? .zero }, storage: .trace(trace))
    }

    init(source: String, format: TraceFormat, cut: TraceCut?, devices: [DeviceDescription], eventCounts: [Int],
         lastEventTimes: [Microseconds], storage: Storage) {
        self.source = source
        self.format = format
        self.cut = cut
        self.devices = devices
        self.eventCounts = eventCounts
        self.lastEventTimes = lastEventTimes
        self.storage = storage
    }

    public var eventCount: Int { eventCounts.reduce(0, +) }

    /// A cursor over the events of device `index` (0-based), in file order, from the start. A file that
    /// changed since it was checked gives an error naming it rather than other events.
    public func events(ofDevice index: Int) throws(TraceError) -> TraceEvents {
        switch storage {
        case .trace(let trace):
            return TraceEvents(.memory(trace.devices[index].events, next: 0))
        case .evemu(let bytes, let times):
            return TraceEvents(.evemu(try EvemuEventCursor(file: source, source: bytes, count: eventCounts[index], times: times)))
        case .libinputRecord(let bytes, let shift, let times):
            return TraceEvents(.libinputRecord(try RecordEventCursor(file: source, source: bytes, device: index,
                                                                     count: eventCounts[index], clockShift: shift,
                                                                     times: times[index])))
        }
    }

    /// Every event of every device, read into memory (tests, and tools that need the whole recording).
    public func readAll() throws(TraceError) -> Trace {
        if case .trace(let trace) = storage { return trace }
        var devices: [TraceDevice] = []
        for (k, description) in self.devices.enumerated() {
            let cursor = try events(ofDevice: k)
            var events: [InputEvent] = []
            while let e = try cursor.next() { events.append(e) }
            devices.append(TraceDevice(description: description, events: events))
        }
        return Trace(devices: devices, format: format, source: source, cut: cut)
    }
}

/// The events of one device of a `TraceStream`, read as they are asked for.
public final class TraceEvents {
    enum Cursor {
        case memory([InputEvent], next: Int)
        case evemu(EvemuEventCursor)
        case libinputRecord(RecordEventCursor)
    }

    private var cursor: Cursor

    init(_ cursor: Cursor) { self.cursor = cursor }

    /// The next event; nil after the last.
    public func next() throws(TraceError) -> InputEvent? {
        switch cursor {
        case .memory(let events, let k):
            guard k < events.count else { return nil }
            cursor = .memory(events, next: k + 1)
            return events[k]
        case .evemu(let c): return try c.next()
        case .libinputRecord(let c): return try c.next()
        }
    }

    /// Bytes the cursor holds besides the events it returned: its line buffer, or libyaml's buffers.
    var heldBytes: Int {
        switch cursor {
        case .memory: return 0
        case .evemu(let c): return c.heldBytes
        case .libinputRecord(let c): return c.heldBytes
        }
    }
}

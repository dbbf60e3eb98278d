import TouchInput

/// The file formats a trace can be read from and written to.
public enum TraceFormat: String, Sendable, CaseIterable {
    /// evemu-record / evemu-describe text, formats 1.0 to 1.3 (and headerless pre-1.0 descriptions).
    case evemu
    /// `libinput record` YAML, file format version 1.
    case libinputRecord
}

/// One recorded device: what it says about itself, and its events in file order.
/// Times are microseconds on the trace clock (see `Trace`).
public struct TraceDevice: Hashable, Sendable {
    public var description: DeviceDescription
    public var events: [InputEvent]

    public init(description: DeviceDescription, events: [InputEvent] = []) {
        self.description = description
        self.events = events
    }

    /// Number of `SYN_REPORT`s, i.e. of frames (old recordings stamp each event of a frame separately,
    /// so frames are counted by `SYN_REPORT`, never by distinct timestamps).
    public var frameCount: Int {
        var n = 0
        for e in events where e.isSynReport { n += 1 }
        return n
    }
}

/// A recording of one or more devices.
///
/// Trace clock: evemu traces and single-device `libinput record` traces (`ndevices: 1` before the device
/// list) start at their first event (time 0). Other `libinput record` traces keep the recorder's clock, which
/// starts at the recording start, so devices stay aligned with each other; that includes one device left of
/// a multi-device recording cut short, and a recording without a readable `ndevices` before its devices.
public struct Trace: Hashable, Sendable {
    public var devices: [TraceDevice]
    public var format: TraceFormat
    /// The file it was read from (or a caller-chosen label).
    public var source: String
    /// Set when the file stops early and only its complete frames were kept.
    public var cut: TraceCut?

    public init(devices: [TraceDevice], format: TraceFormat, source: String, cut: TraceCut? = nil) {
        self.devices = devices
        self.format = format
        self.source = source
        self.cut = cut
    }

    public var eventCount: Int { devices.reduce(0) { $0 + $1.events.count } }
}

/// Where a recording stops early (a device unplugged, a Ctrl-C, a full disk) and what was dropped: the
/// events after the last complete frame. `libinput replay` and `evemu-play` play such files too.
public struct TraceCut: Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// The line where the text stops being usable.
    public var line: Int
    public var what: String
    /// The line of the last SYN_REPORT kept (0 when no frame was complete).
    public var lastFrameLine: Int
    public var droppedEvents: Int
    public var droppedBytes: Int

    public init(file: String, line: Int, what: String, lastFrameLine: Int, droppedEvents: Int, droppedBytes: Int) {
        self.file = file
        self.line = line
        self.what = what
        self.lastFrameLine = lastFrameLine
        self.droppedEvents = droppedEvents
        self.droppedBytes = droppedBytes
    }

    public var description: String {
        let kept = lastFrameLine > 0 ? "kept the frames up to line \(lastFrameLine)" : "no frame was complete"
        return "\(file):\(line): the recording is cut short: \(what); \(kept), dropped \(droppedEvents) event"
            + "\(droppedEvents == 1 ? "" : "s") (\(droppedBytes) byte\(droppedBytes == 1 ? "" : "s"))"
    }
}

#if canImport(Glibc)
import Glibc
#endif
import CYAML
import TouchInput
import TouchModel
import YAMLDocument

/// Reads a recording, detecting its format from the content, whole (`read`) or as a stream (`open`).
public enum TraceReader {
    /// Largest recording `read` takes: a `Trace` holds every event in memory (about twice the file), so this
    /// bounds its memory; 128 MiB is hours of touches. `open` (a stream: replay, `run --replay`) has no bound:
    /// it holds the device descriptions and the events in flight, never the file.
    public static let maxFileBytes = 128 << 20
    /// Most devices one `libinput record` file may declare; `libinput record --all` lists a few dozen.
    public static let maxDevices = 256
    /// Latest event time, in seconds, in either format (about 31 700 years: any clock a recording is made on),
    /// so times in microseconds stay far inside UInt64.
    public static let maxEventSeconds: UInt64 = 999_999_999_999

    /// Reads the evemu or `libinput record` file at `path`, every event into memory.
    /// - Parameters:
    ///   - description: path of an evemu description (`.desc`) for an events-only evemu file.
    ///     A file that carries its own description uses that one and ignores this.
    ///   - strict: a file cut short (mid-line, mid-frame, fewer devices than declared) is an error; otherwise
    ///     its complete frames are read and `Trace.cut` says what was dropped.
    /// - Throws: `TraceError` naming the file and line.
    public static func read(path: String, description: String? = nil, strict: Bool = false) throws(TraceError) -> Trace {
        let input = try ByteSource(path: path)
        guard input.count <= maxFileBytes else {
            throw TraceError(file: path, line: 0, problem: .tooLarge(bytes: input.count, limit: maxFileBytes))
        }
        return try check(input, source: path, descriptionPath: description, strict: strict, keepsEvents: true).trace
    }

    /// Reads a recording held in memory; `source` names it in errors.
    public static func read(text: String, source: String, strict: Bool = false) throws(TraceError) -> Trace {
        guard text.utf8.count <= maxFileBytes else {
            throw TraceError(file: source, line: 0, problem: .tooLarge(bytes: text.utf8.count, limit: maxFileBytes))
        }
        return try check(memory(text, source), source: source, descriptionPath: nil, strict: strict, keepsEvents: true).trace
    }

    /// Opens the evemu or `libinput record` file at `path` as a stream: the whole file is checked first (the
    /// same errors and cut as `read`, keeping only the device descriptions and a count of events), then
    /// `TraceStream` plays its events from the file. Any size.
    public static func open(path: String, description: String? = nil, strict: Bool = false) throws(TraceError) -> TraceStream {
        let input = try ByteSource(path: path)
        return stream(try check(input, source: path, descriptionPath: description, strict: strict, keepsEvents: false), input)
    }

    /// `open` for a recording held in memory (tests, the fuzzer).
    public static func open(text: String, source: String, strict: Bool = false) throws(TraceError) -> TraceStream {
        let input = memory(text, source)
        return stream(try check(input, source: source, descriptionPath: nil, strict: strict, keepsEvents: false), input)
    }

    private static func memory(_ text: String, _ source: String) -> ByteSource {
        var copy = text
        return copy.withUTF8 { ByteSource(copying: UnsafeRawBufferPointer($0), name: source) }
    }

    /// The format of the text, from its first significant line: evemu lines are `X: ...` with a single
    /// letter tag (or a `# EVEMU` header); anything else is taken as a `libinput record` YAML file.
    public static func detectFormat(_ bytes: UnsafeRawBufferPointer) -> TraceFormat? {
        var detector = FormatDetector()
        return detector.feed(bytes) ?? detector.end()
    }

    /// `detectFormat` over a source read a chunk at a time, up to the first significant line.
    static func detectFormat(_ input: ByteSource) throws(TraceError) -> TraceFormat? {
        var detector = FormatDetector()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: ByteSource.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var at = 0
        while true {
            let n = try input.read(at: at, into: buffer)
            if n == 0 { return detector.end() }
            if let format = detector.feed(UnsafeRawBufferPointer(rebasing: buffer[..<n])) { return format }
            at += n
        }
    }

    /// A checked recording: its trace (without events when they were only counted), and per device the events
    /// it plays and the trace time of the last, and what the trace clock subtracts from recorded times.
    struct Checked {
        var trace: Trace
        var eventCounts: [Int]
        var lastEventTimes: [Microseconds]
        var clockShift: UInt64
        /// Per device, the file times its events are checked against again as they play.
        var times: [EventTimeCheck]
    }

    private static func stream(_ checked: Checked, _ input: ByteSource) -> TraceStream {
        let t = checked.trace
        let storage: TraceStream.Storage = t.format == .evemu ? .evemu(input, times: checked.times[0])
            : .libinputRecord(input, clockShift: checked.clockShift, times: checked.times)
        return TraceStream(source: t.source, format: t.format, cut: t.cut, devices: t.devices.map(\.description),
                           eventCounts: checked.eventCounts, lastEventTimes: checked.lastEventTimes, storage: storage)
    }

    static func check(_ input: ByteSource, source: String, descriptionPath: String?, strict: Bool,
                      keepsEvents: Bool) throws(TraceError) -> Checked {
        try refuseWideEncoding(input, source: source)
        switch try detectFormat(input) {
        case nil:
            throw TraceError(file: source, line: 0, problem: .empty)
        case .evemu:
            // The evemu parser checks each line's length as it goes.
            return try checkEvemu(input, source: source, descriptionPath: descriptionPath, strict: strict, keepsEvents: keepsEvents)
        case .libinputRecord:
            // libyaml would build a scalar of any size first: one memchr pass refuses absurd lines up front.
            let shape = try TextShape(input)
            if let (line, length) = shape.overlongLine {
                throw TraceError(file: source, line: line, problem: .lineTooLong(length: length, limit: FileBytes.maxLineLength))
            }
            var parser = LibinputRecordParser(file: source, source: input, shape: shape, keepsEvents: keepsEvents)
            let trace = try parser.parse(strict: strict)
            let shift = parser.clockShift
            return Checked(trace: trace, eventCounts: parser.tallies.map(\.count),
                           lastEventTimes: parser.tallies.map { $0.lastReportTime.map { Microseconds($0.rawValue - shift) } ?? .zero },
                           clockShift: shift,
                           times: parser.tallies.map {
                               EventTimeCheck(first: $0.firstKeptTime?.rawValue ?? 0, last: $0.lastReportTime?.rawValue ?? 0)
                           })
        }
    }

    /// Every file a recording is read from (the recording, an evemu description) is checked first.
    private static func refuseWideEncoding(_ input: ByteSource, source: String) throws(TraceError) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4, alignment: 4)
        defer { buffer.deallocate() }
        let n = try input.read(at: 0, into: buffer)
        if let encoding = WideTextEncoding.detect(buffer.prefix(n)) {
            throw TraceError(file: source, line: 0, problem: .wideEncoding(encoding))
        }
    }

    private static func checkEvemu(_ input: ByteSource, source: String, descriptionPath: String?, strict: Bool,
                                   keepsEvents: Bool) throws(TraceError) -> Checked {
        var parser = try EvemuParser(file: source, source: input)
        var events: [InputEvent] = []
        // A fixed amount, never derived from the file size (a huge file of comments would otherwise reserve
        // memory for events it does not hold).
        if keepsEvents { events.reserveCapacity(4096) }
        while let event = try parser.nextEvent(strict: strict) {
            if keepsEvents { events.append(event) }
        }
        let cut = try parser.finish(strict: strict)
        if keepsEvents, let cut { events.removeLast(cut.droppedEvents) }
        let description: DeviceDescription
        if let own = parser.description(origin: source) {
            description = own
        } else if let descriptionPath {
            let descriptionInput = try ByteSource(path: descriptionPath)
            try refuseWideEncoding(descriptionInput, source: descriptionPath)
            var descParser = try EvemuParser(file: descriptionPath, source: descriptionInput)
            // A description is never cut leniently: it has no frames to keep.
            while try descParser.nextEvent(strict: true) != nil {}
            _ = try descParser.finish(strict: true)
            guard let d = descParser.description(origin: descriptionPath) else {
                throw TraceError(file: descriptionPath, line: 0, problem: .malformed("no device description (N: and I: lines) in this file"))
            }
            description = d
        } else if parser.firstEventLine > 0 {
            throw TraceError(file: source, line: parser.firstEventLine, problem: .noDescription,
                             eventsRead: 0, lastGoodLine: parser.firstEventLine - 1)
        } else {
            throw TraceError(file: source, line: 0, problem: .empty)
        }
        let trace = Trace(devices: [TraceDevice(description: description, events: events)], format: .evemu, source: source, cut: cut)
        return Checked(trace: trace, eventCounts: [parser.completeEventCount],
                       lastEventTimes: [parser.lastReportTime ?? .zero], clockShift: 0,
                       times: [EventTimeCheck(first: parser.firstTime, last: parser.firstTime + (parser.lastReportTime?.rawValue ?? 0))])
    }

    /// Only runs libyaml's parser over the file and counts its events: the floor that the
    /// `libinput record` reader is measured against in the benchmark.
    public static func bareYAMLParse(path: String) throws(TraceError) -> Int {
        let input = try FileBytes(path: path, maxBytes: maxFileBytes)
        var parser = yaml_parser_t()
        var event = yaml_event_t()
        guard yaml_parser_initialize(&parser) != 0 else { fatalError("libyaml: out of memory") }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, input.base.assumingMemoryBound(to: UInt8.self), input.count)
        var count = 0
        var depth = 0
        while true {
            guard yaml_parser_parse(&parser, &event) != 0 else {
                let mark = YAMLMark(parser.problem_mark)
                let why = parser.problem.map { String(cString: $0) } ?? "libyaml error"
                throw TraceError(file: path, line: mark.line, column: mark.column, problem: .yamlSyntax(why))
            }
            count += 1
            // The same depth bound as every YAML reader (YAMLLimits): deep nesting costs libyaml quadratic time.
            switch event.type {
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT: depth += 1
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT: depth -= 1
            default: break
            }
            let mark = YAMLMark(event.start_mark)
            let done = event.type == YAML_STREAM_END_EVENT
            yaml_event_delete(&event)
            if depth > YAMLLimits.maxDepth {
                throw TraceError(file: path, line: mark.line, column: mark.column,
                                 problem: .yamlSyntax("nested more than \(YAMLLimits.maxDepth) levels deep"))
            }
            if done { break }
        }
        return withExtendedLifetime(input) { count }
    }
}

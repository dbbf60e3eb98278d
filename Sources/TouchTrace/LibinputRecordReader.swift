import TouchInput
import TouchModel
import YAMLDocument

/// Reads `libinput record` YAML (file format version 1) from libyaml events, without building a tree:
/// recordings can hold millions of events. Unknown keys are skipped (the format says parsers must
/// ignore them), as are `libinput:` and `hid:` entries in the event list.
struct LibinputRecordParser: ~Copyable {
    let file: String
    private let source: ByteSource
    private let shape: TextShape
    /// libyaml's input: reads `source` in order and keeps why a read failed.
    private let reading: SequentialRead
    private var r: YAMLEventReader
    /// Whether the devices keep their events (a whole `Trace`), or only count them (the checking pass of a
    /// `TraceStream`, which plays them from the file afterwards).
    private let keepsEvents: Bool
    private var devices: [TraceDevice] = []
    /// The devices' events as counted, in the order of `devices`.
    private(set) var tallies: [EventTally] = []
    /// What the trace clock subtracts from the recorded times (a lone device counted from its first event).
    private(set) var clockShift: UInt64 = 0
    private var eventsRead = 0
    private var lastGoodLine = 0
    /// Line of the last event read, for a device whose events stop mid-frame.
    private var lastEventLine = 0
    /// The device being read: its description once its `evdev:` section is complete, and its events so far.
    /// A recording cut short keeps these up to the last SYN_REPORT.
    private var pendingDescription: DeviceDescription?
    private var pendingUdev: [String: String] = [:]
    private var pendingEvents: [InputEvent] = []
    private var pendingTally = EventTally()
    /// Line of the last SYN_REPORT of the device being read, and the offset where that event ends.
    private var lastReportLine = 0
    private var lastReportEnd = 0
    /// `ndevices` as given before the list (nil when it comes after, or not at all). A device beyond it makes the
    /// text malformed where that device starts, so the whole text and every cut reaching that device read the
    /// same way (an error), instead of the cut reading fewer devices on another clock.
    private var declaredBeforeList: (count: Int64, mark: YAMLMark)?
    /// Whether a lone device's times count from its first event: an `ndevices` of 0 or 1 before the list (as
    /// libinput record writes it), so a text cut anywhere in the list decides as the whole.
    private var singleDeviceClock: Bool { (declaredBeforeList?.count ?? 2) <= 1 }
    /// The offset where the last device read whole ends.
    private var lastDeviceEnd = 0

    init(file: String, source: ByteSource, shape: TextShape, keepsEvents: Bool) {
        self.file = file
        self.source = source
        self.shape = shape
        self.keepsEvents = keepsEvents
        reading = SequentialRead(source)
        r = YAMLEventReader(input: reading, count: source.count, end: shape.unterminatedEnd, source: file)
    }

    /// A recording cut short (libyaml runs out of text, the last frame has no SYN_REPORT, fewer devices than
    /// `ndevices`, or a node left empty on the last line) is an error when `strict`; otherwise the devices
    /// read whole and the complete frames of the one being read are kept, and `Trace.cut` says what was dropped.
    mutating func parse(strict: Bool) throws(TraceError) -> Trace {
        do throws(TraceError) {
            return try parseChecked()
        } catch {
            guard !strict, isCut(error) else { throw error }
            return try keepCompleteFrames(cutBy: error)
        }
    }

    private mutating func parseChecked() throws(TraceError) -> Trace {
        do {
            return try parseStream()
        } catch let error as TraceError {
            throw error
        } catch let error as YAMLError {
            if let failure = reading.failure { throw failure }
            if error.atEndOfInput {
                // libyaml puts the end of the stream on a line of its own; the cut is on the last line.
                throw TraceError(file: file, line: shape.lastLineNumber, problem: .truncated("the YAML stops mid-structure: \(error.message)"),
                                 eventsRead: eventsRead, lastGoodLine: lastGoodLine)
            }
            throw TraceError(file: file, line: error.mark.line, column: error.mark.column, problem: .yamlSyntax(error.message),
                             eventsRead: eventsRead, lastGoodLine: lastGoodLine)
        } catch {
            throw TraceError(file: file, line: 0, problem: .malformed("\(error)"), eventsRead: eventsRead, lastGoodLine: lastGoodLine)
        }
    }

    // MARK: structure

    private mutating func parseStream() throws -> Trace {
        try r.next()   // stream start
        guard try r.next() == .documentStart else { throw failure(.empty, at: r.startMark) }
        guard try r.next() == .mappingStart else { throw structural("expected the top-level mapping (version, ndevices, devices)") }
        let top = r.startMark
        var version: Int64?
        var declared: (count: Int64, mark: YAMLMark)?
        var sawDevices = false
        var seen = SeenKeys<String>()
        while try r.next() != .mappingEnd {
            let key = try uniqueKey(&seen, in: nil)
            try r.next()
            switch key {
            case "version":
                guard let v = r.scalarInteger() else { throw structural("version must be an integer") }
                guard v == 1 else { throw failure(.unsupportedVersion("\(v) (this reader knows version 1)"), at: r.startMark) }
                version = v
            case "ndevices":
                guard let n = r.scalarInteger(), n >= 0 else { throw structural("ndevices must be a non-negative integer") }
                guard n <= TraceReader.maxDevices else { throw failure(.tooManyDevices(limit: TraceReader.maxDevices), at: r.startMark) }
                declared = (n, r.startMark)
            case "devices":
                sawDevices = true
                declaredBeforeList = declared
                try parseDevices()
            default:
                try r.skipNode()
            }
            lastGoodLine = r.endMark.line
        }
        guard version != nil else { throw failure(.missingKey("version"), at: top) }
        guard let declared else { throw failure(.missingKey("ndevices"), at: top) }
        guard sawDevices else { throw failure(.missingKey("devices"), at: top) }
        if declared.count != Int64(devices.count) {
            let what = "ndevices is \(declared.count) but the file holds \(devices.count) device\(devices.count == 1 ? "" : "s")"
            throw failure(declared.count > Int64(devices.count) ? .truncated(what) : .malformed(what), at: declared.mark)
        }
        guard try r.next() == .documentEnd else { throw structural("expected the end of the document") }
        if try r.next() != .streamEnd { throw structural("more than one YAML document") }

        return trace(cut: nil)
    }

    /// Single-device recordings count from their first event; multi-device ones from the recording
    /// start, shared by all devices, so they are left as they are (also when a cut leaves one device, and
    /// when `ndevices` is missing or comes after the list).
    private mutating func trace(cut: TraceCut?) -> Trace {
        if devices.count == 1, singleDeviceClock, let first = tallies[0].firstKeptTime?.rawValue, first > 0 {
            clockShift = first
            for k in devices[0].events.indices { devices[0].events[k].time.rawValue -= first }
        }
        return Trace(devices: devices, format: .libinputRecord, source: file, cut: cut)
    }

    /// An error that means the text stops early rather than that it is wrong: libyaml ran out of text,
    /// something the format needs is missing at the end or a node on the last line is left empty, or a
    /// syntax error on a last line that has no line break.
    private func isCut(_ error: TraceError) -> Bool {
        switch error.problem {
        case .truncated: return true
        case .malformed, .missingKey: return error.line >= shape.lastNonBlankLineNumber
        case .yamlSyntax: return error.line >= shape.lastNonBlankLineNumber && shape.lastByte != 0x0A
        default: return false
        }
    }

    /// The devices read whole, and the device being read up to its last SYN_REPORT when its description is
    /// complete; throws `error` when not even one device description is complete.
    private mutating func keepCompleteFrames(cutBy error: TraceError) throws(TraceError) -> Trace {
        var dropped = 0
        if var description = pendingDescription {
            description.udevProperties = pendingUdev
            dropped = pendingTally.count - pendingTally.completeCount
            pendingTally.dropIncompleteFrame()
            if keepsEvents { pendingEvents.removeLast(dropped) }
            devices.append(TraceDevice(description: description, events: pendingEvents))
            tallies.append(pendingTally)
        } else {
            // The last device read whole ends the kept text.
            lastReportEnd = max(lastReportEnd, lastDeviceEnd)
        }
        guard !devices.isEmpty else { throw error }
        let kept = lastReportEnd == 0 ? 0 : try source.lineEnd(after: lastReportEnd)
        let cut = TraceCut(file: file, line: max(error.line, 1), what: error.message, lastFrameLine: lastReportLine,
                           droppedEvents: dropped, droppedBytes: source.count - kept)
        return trace(cut: cut)
    }

    private mutating func parseDevices() throws {
        if r.kind == .scalar, r.scalarIsNull { return }
        guard r.kind == .sequenceStart else { throw structural("devices must be a list") }
        while try r.next() != .sequenceEnd {
            guard devices.count < TraceReader.maxDevices else {
                throw failure(.tooManyDevices(limit: TraceReader.maxDevices), at: r.startMark)
            }
            if let declared = declaredBeforeList, Int64(devices.count) >= declared.count {
                throw failure(.malformed("ndevices is \(declared.count) but the list holds more devices (device \(devices.count + 1) "
                                         + "begins on line \(r.startMark.line))"), at: declared.mark)
            }
            try parseDevice(index: devices.count)
        }
    }

    private mutating func parseDevice(index: Int) throws {
        guard r.kind == .mappingStart else { throw structural("each device must be a mapping (node, evdev, events...)") }
        let mark = r.startMark
        var node = ""
        var sawEvents = false
        pendingDescription = nil
        pendingUdev = [:]
        pendingEvents = []
        pendingTally = EventTally()
        var seen = SeenKeys<String>()
        while try r.next() != .mappingEnd {
            let key = try uniqueKey(&seen, in: "device \(index + 1)")
            let keyMark = r.startMark
            try r.next()
            switch key {
            case "node":
                guard r.kind == .scalar else { throw structural("node must be a string") }
                node = r.scalarString
            case "evdev":
                var description = try parseEvdev(keyMark: keyMark)
                description.origin = node.isEmpty ? "\(file) device \(index + 1)" : "\(file): \(node)"
                pendingDescription = description
            case "udev": pendingUdev = try parseUdev()
            case "events":
                sawEvents = true
                try parseEvents()
            default: try r.skipNode()
            }
            lastGoodLine = r.endMark.line
        }
        guard var description = pendingDescription else { throw failure(.missingKey("evdev"), at: mark) }
        description.udevProperties = pendingUdev
        guard sawEvents else { throw failure(.truncated("device \(index + 1) has no 'events' list"), at: mark) }
        if pendingTally.count > pendingTally.completeCount {
            throw TraceError(file: file, line: lastEventLine, problem: .truncated("the last frame of device \(index + 1) has no SYN_REPORT"),
                             eventsRead: eventsRead, lastGoodLine: lastGoodLine)
        }
        devices.append(TraceDevice(description: description, events: pendingEvents))
        tallies.append(pendingTally)
        pendingDescription = nil
        pendingEvents = []
        pendingTally = EventTally()
        lastDeviceEnd = r.endOffset
    }

    /// Missing keys are reported at the `evdev:` key.
    private mutating func parseEvdev(keyMark mark: YAMLMark) throws -> DeviceDescription {
        guard r.kind == .mappingStart else { throw structural("evdev must be a mapping (name, id, codes, absinfo, properties)") }
        var name: String?
        var id: InputID?
        var codes: [UInt16: Set<UInt16>]?
        var codesMark = mark
        var absInfo: [UInt16: AbsInfo] = [:]
        var properties = Set<UInt16>()
        var seen = SeenKeys<String>()
        while try r.next() != .mappingEnd {
            let key = try uniqueKey(&seen, in: "evdev")
            try r.next()
            switch key {
            case "name":
                guard r.kind == .scalar else { throw structural("name must be a string") }
                name = r.scalarString
            case "id":
                let v = try integerList(count: 4, what: "id: [bustype, vendor, product, version]")
                guard v.allSatisfy({ (0...0xFFFF).contains($0) }) else { throw structural("id values must be 0...65535") }
                id = InputID(bustype: UInt16(v[0]), vendor: UInt16(v[1]), product: UInt16(v[2]), version: UInt16(v[3]))
            case "codes":
                codesMark = r.startMark
                codes = try parseCodes()
            case "absinfo":
                absInfo = try parseAbsInfo()
            case "properties":
                for p in try integerList(count: nil, what: "properties: [INPUT_PROP_...]") {
                    guard (0...Int64(InputProperty.max)).contains(p) else {
                        throw failure(.unknownProperty(p), at: r.startMark)
                    }
                    properties.insert(UInt16(p))
                }
            default:
                try r.skipNode()
            }
        }
        guard let name else { throw failure(.missingKey("name"), at: mark) }
        guard let id else { throw failure(.missingKey("id"), at: mark) }
        guard let codes else { throw failure(.missingKey("codes"), at: mark) }
        for code in (codes[EventType.abs] ?? []).sorted() where absInfo[code] == nil {
            let axis = EventCodeNames.codeName(type: EventType.abs, code: code) ?? "axis \(code)"
            throw failure(.malformed("\(axis) is listed in codes but has no absinfo"), at: codesMark)
        }
        return DeviceDescription(name: name, id: id, codes: codes, absInfo: absInfo, properties: properties)
    }

    private mutating func parseCodes() throws -> [UInt16: Set<UInt16>] {
        guard r.kind == .mappingStart else { throw structural("codes must be a mapping {type: [codes]}") }
        var codes: [UInt16: Set<UInt16>] = [:]
        var seen = SeenKeys<Int64>()
        while try r.next() != .mappingEnd {
            let typeMark = r.startMark
            guard let type = r.scalarInteger() else { throw structural("codes keys must be event types (integers)") }
            let typeText = r.scalarString
            // Every type libevdev knows has a code 0, so this checks the type alone.
            if let problem = EventTable.check(type: type, code: 0) { throw failure(problem, at: typeMark) }
            try r.next()
            var set = Set<UInt16>()
            for code in try integerList(count: nil, what: "a list of event codes") {
                if let problem = EventTable.check(type: type, code: code) { throw failure(problem, at: typeMark) }
                set.insert(UInt16(code))
            }
            // Checked once the value is read: a flow key cut short ("5" of "53") is where libyaml stops, not a repeat.
            try refuseRepeated(type, typeText, at: typeMark, &seen, in: "codes", what: "event type \(type)")
            codes[UInt16(type), default: []].formUnion(set)
        }
        return codes
    }

    private mutating func parseAbsInfo() throws -> [UInt16: AbsInfo] {
        guard r.kind == .mappingStart else { throw structural("absinfo must be a mapping {code: [min, max, fuzz, flat, resolution]}") }
        var info: [UInt16: AbsInfo] = [:]
        var seen = SeenKeys<Int64>()
        while try r.next() != .mappingEnd {
            guard let code = r.scalarInteger() else { throw structural("absinfo keys must be axis codes (integers)") }
            let codeMark = r.startMark
            let codeText = r.scalarString
            if let problem = EventTable.check(type: Int64(EventType.abs), code: code) {
                throw failure(problem, at: r.startMark)
            }
            try r.next()
            let v = try integerList(count: 5, what: "[min, max, fuzz, flat, resolution]")
            guard v.allSatisfy({ Int32(exactly: $0) != nil }) else { throw structural("absinfo values must fit in 32 bits") }
            guard v[4] >= 0 else { throw structural("absinfo resolution \(v[4]) is negative (units per mm, or 0 for none)") }
            try refuseRepeated(code, codeText, at: codeMark, &seen, in: "absinfo",
                               what: EventCodeNames.codeName(type: EventType.abs, code: UInt16(code)) ?? "axis \(code)")
            info[UInt16(code)] = AbsInfo(minimum: Int32(v[0]), maximum: Int32(v[1]), fuzz: Int32(v[2]),
                                         flat: Int32(v[3]), resolution: Int32(v[4]))
        }
        return info
    }

    private mutating func parseUdev() throws -> [String: String] {
        guard r.kind == .mappingStart else { try r.skipNode(); return [:] }
        var properties: [String: String] = [:]
        var seen = SeenKeys<String>()
        while try r.next() != .mappingEnd {
            let key = try uniqueKey(&seen, in: "udev")
            try r.next()
            guard key == "properties", r.kind == .sequenceStart else { try r.skipNode(); continue }
            while try r.next() != .sequenceEnd {
                guard r.kind == .scalar else { throw structural("udev properties must be KEY=value strings") }
                let text = r.scalarString
                if let eq = text.firstIndex(of: "=") {
                    properties[String(text[..<eq])] = String(text[text.index(after: eq)...])
                } else {
                    properties[text] = ""
                }
            }
        }
        return properties
    }

    // MARK: events (the hot path)

    /// Appends to `pendingEvents`.
    private mutating func parseEvents() throws {
        if r.kind == .scalar, r.scalarIsNull { return }
        guard r.kind == .sequenceStart else { throw structural("events must be a list") }
        // (One list per device: a second `events:` is refused as a key given twice.)
        var previous = pendingTally.lastTime?.rawValue ?? 0
        while try r.next() != .sequenceEnd {
            guard r.kind == .mappingStart else { throw structural("each events entry must be a mapping (evdev:, libinput:, hid:)") }
            // One entry per frame: "evdev" is compared in place, other keys (rare) are remembered as Strings.
            var evdevLine = 0
            var seen = SeenKeys<String>()
            while try r.next() != .mappingEnd {
                guard r.kind == .scalar else { throw structural("expected a key such as evdev:") }
                let isEvdev = r.withScalarBytes { $0.elementsEqual("evdev".utf8) }
                if !isEvdev {
                    _ = try uniqueKey(&seen, in: "an events entry")
                } else if evdevLine > 0 {
                    throw failure(.duplicate("duplicate key 'evdev' in an events entry (first given on line \(evdevLine))"), at: r.startMark)
                } else {
                    evdevLine = r.startMark.line
                }
                try r.next()
                guard isEvdev else { try r.skipNode(); continue }
                guard r.kind == .sequenceStart else { throw structural("evdev must be a list of [sec, usec, type, code, value]") }
                while try r.next() != .sequenceEnd {
                    let mark = r.startMark
                    let event = try parseEvent(at: mark)
                    if event.time.rawValue < previous, pendingTally.count > 0 {
                        throw failure(.nonMonotonicTime(previousUs: previous, timeUs: event.time.rawValue), at: mark)
                    }
                    previous = event.time.rawValue
                    if keepsEvents { pendingEvents.append(event) }
                    pendingTally.add(event)
                    eventsRead += 1
                    lastGoodLine = mark.line
                    lastEventLine = mark.line
                    if event.isSynReport {
                        lastReportLine = mark.line
                        lastReportEnd = r.endOffset
                    }
                }
            }
        }
    }

    /// `[sec, usec, type, code, value]`; the reader ends on the closing bracket.
    @inline(__always)
    private mutating func parseEvent(at mark: YAMLMark) throws -> InputEvent {
        switch try r.recordEvent() {
        case .success(let event): return event
        case .failure(let bad): throw failure(bad.problem, at: mark)
        }
    }

    // MARK: helpers

    private mutating func keyName() throws -> String {
        guard r.kind == .scalar else { throw structural("expected a mapping key") }
        return r.scalarString
    }

    /// The current key of a mapping (`mapping` names it; nil for the top level), refused when it was given before.
    private mutating func uniqueKey(_ seen: inout SeenKeys<String>, in mapping: String?) throws -> String {
        let key = try keyName()
        if let first = seen.firstLine(ofRepeated: key, line: r.startMark.line) {
            let place = mapping.map { "key '\(key)' in \($0)" } ?? "top-level key '\(key)'"
            throw failure(.duplicate("duplicate \(place) (first given on line \(first))"), at: r.startMark)
        }
        return key
    }

    /// A numeric key (event type, axis code; `text` as written, at `mark`) refused when the mapping gave it
    /// before, in any spelling.
    private func refuseRepeated(_ key: Int64, _ text: String, at mark: YAMLMark, _ seen: inout SeenKeys<Int64>,
                                in mapping: String, what: String) throws {
        if let first = seen.firstLine(ofRepeated: key, line: mark.line) {
            throw failure(.duplicate("duplicate key '\(text)' in \(mapping): \(what) first given on line \(first)"), at: mark)
        }
    }

    /// A flow or block list of integers, optionally of an exact length; the reader ends on its end.
    private mutating func integerList(count: Int?, what: String) throws -> [Int64] {
        guard r.kind == .sequenceStart else { throw structural("expected \(what)") }
        let mark = r.startMark
        var values: [Int64] = []
        while try r.next() != .sequenceEnd {
            guard let x = r.scalarInteger() else { throw structural("expected \(what): not an integer") }
            values.append(x)
        }
        if let count, values.count != count {
            throw failure(.malformed("expected \(what), found \(values.count) values"), at: mark)
        }
        return values
    }

    /// The current node does not have the expected shape.
    private func structural(_ message: String) -> TraceError {
        failure(.malformed(message), at: r.startMark)
    }

    private func failure(_ problem: TraceError.Problem, at mark: YAMLMark) -> TraceError {
        TraceError(file: file, line: mark.line, column: mark.column, problem: problem,
                   eventsRead: eventsRead, lastGoodLine: lastGoodLine)
    }
}

#if canImport(Glibc)
import Glibc
#endif
import TouchInput
import TouchModel

/// Reads evemu text: an optional `# EVEMU x.y` first line, the description (`N:`, `I:`, `P:`, `B:`,
/// `A:`, `L:`, `S:` lines) and `E: sec.usec type code value` events. Formats 1.0 to 1.3 and headerless
/// pre-1.0 files; comments anywhere, also after an event. Meanings follow evemu's own reader:
/// codes and masks are hex, values decimal (`%04d`: `0810` is 810, `-001` is -1), `A:` lines carry
/// min max fuzz flat and, from 1.2 on, resolution (either form is accepted in any version).
struct EvemuParser: ~Copyable {
    let file: String
    private var lines: LineReader
    /// The text's length, for the bytes a cut drops.
    private let count: Int

    private(set) var version = (major: 1, minor: 0)
    private var name: String?
    private var id: InputID?
    private var properties = Set<UInt16>()
    private var propertyBytes = 0
    private var codes: [UInt16: Set<UInt16>] = [:]
    private var maskBytes = [Int](repeating: 0, count: Int(EventType.max) + 1)
    private var absInfo: [UInt16: AbsInfo] = [:]
    /// Lines of the N: and I: lines, and of each axis's A: line and each LED's or switch's L:/S: line
    /// (keyed by tag and code): each is given once, and a second is refused naming the first (issue 22).
    private var nameLine = 0
    private var idLine = 0
    private var keyedLines = SeenKeys<UInt32>()
    /// Events read, and those up to the last SYN_REPORT (what a cut keeps).
    private(set) var eventCount = 0
    private(set) var completeEventCount = 0
    /// Time of the last SYN_REPORT (from the first event): the last event a replay plays.
    private(set) var lastReportTime: Microseconds?
    /// The file's time of the first event (the trace clock's zero).
    private(set) var firstTime: UInt64 = 0
    private var previousTime: UInt64 = 0
    /// Line of the first `E:` line (0 when none).
    private(set) var firstEventLine = 0
    private var lineNumber = 0
    private var lastGoodLine = 0
    private var lastSynReportLine = 0
    /// Offset just past the last SYN_REPORT line (0 when none): what a cut keeps.
    private var lastSynReportEnd = 0
    /// Offset of the first `E:` line (0 until one is seen): a cut before any frame drops from there.
    private var eventsStart = 0
    /// Where and why the text stopped being usable, when it did (then nothing more is read).
    private var stop: (what: String, line: Int)?
    private var finished = false
    /// libevdev's highest code per type, copied once: the event loop checks every event against it.
    private let maxCodes = EventTable.maxCodes

    init(file: String, source: ByteSource) throws(TraceError) {
        self.file = file
        lines = try LineReader(source)
        count = source.count
    }

    var hasDescription: Bool { name != nil }

    /// Bytes held to read lines (one line and a chunk, whatever the file's length).
    var heldBytes: Int { lines.heldBytes }

    /// The description read, with `origin` set to `origin`.
    func description(origin: String) -> DeviceDescription? {
        guard let name, let id else { return nil }
        var absInfo = self.absInfo
        // evemu enables an EV_ABS code from a B: line with min 0, max 1 until an A: line says more.
        for code in codes[EventType.abs] ?? [] where absInfo[code] == nil {
            absInfo[code] = AbsInfo(minimum: 0, maximum: 1)
        }
        return DeviceDescription(name: name, id: id, codes: codes, absInfo: absInfo,
                                 properties: properties, origin: origin)
    }

    /// The next event in file order, its time counted from the first event; nil at the end of the text, or
    /// where a text cut short stops being usable (an incomplete last line), which is an error when `strict`.
    /// Once it returns nil, `finish` says whether the text was cut. A cut before the first event of a file that
    /// carries its own description is always an error: the description may be incomplete.
    mutating func nextEvent(strict: Bool) throws(TraceError) -> InputEvent? {
        while !finished, let next = try lines.next() {
            lineNumber += 1
            if next.isTooLong {
                throw failure(.lineTooLong(length: next.length, limit: FileBytes.maxLineLength), column: nil)
            }
            var end = next.length
            if end > 0, next.base[end - 1] == 0x0D { end -= 1 }
            var line = ByteLine(base: next.base, i: 0, end: end)
            if eventsStart == 0, line.hasPrefix(UInt8(ascii: "E"), UInt8(ascii: ":")) { eventsStart = next.offset }
            // An event line with no line break after it may be cut inside its last number ("0000 0000 03" of
            // "0000 0000 030468"), and would then read as another event than the whole file's: the file stops
            // before it, as at any other cut.
            if !next.hasBreak, line.hasPrefix(UInt8(ascii: "E"), UInt8(ascii: ":")) {
                let what = "the last event line has no line break after it (it may be cut)"
                if strict { throw failure(.truncated(what), column: nil) }
                stop = (what, lineNumber)
                break
            }
            let event: InputEvent?
            do throws(TraceError) {
                event = try parseLine(&line)
            } catch {
                // A bad last line with no newline after it is where the file was cut off.
                guard !next.hasBreak, lineNumber > 1, case .malformed(let what) = error.problem else { throw error }
                var cut = error
                cut.problem = .truncated("the last line is incomplete (\(what))")
                // (An event line with no newline never gets here: it is a cut above.)
                if strict || (firstEventLine == 0 && name != nil) { throw cut }
                stop = ("the last line is incomplete (\(what))", lineNumber)
                break
            }
            if lastSynReportLine == lineNumber { lastSynReportEnd = min(next.offset + next.length + 1, count) }
            lastGoodLine = lineNumber
            if let event { return event }
        }
        finished = true
        return nil
    }

    /// After `nextEvent` returned nil: where the text was cut short, if it was (an incomplete last line, a
    /// last frame without SYN_REPORT), which is an error when `strict`. The events after the last SYN_REPORT
    /// are the ones dropped.
    mutating func finish(strict: Bool) throws(TraceError) -> TraceCut? {
        let afterLastReport = eventCount - completeEventCount
        var cutLine = stop
        if cutLine == nil, afterLastReport > 0 {
            let what = lastSynReportLine == 0 ? "the events end without any SYN_REPORT"
                : "the last frame has no SYN_REPORT (\(afterLastReport) event\(afterLastReport == 1 ? "" : "s") after the one at line \(lastSynReportLine))"
            if strict {
                var e = failure(.truncated(what), column: nil)
                e.line = lastGoodLine
                throw e
            }
            cutLine = (what, lastGoodLine)
        }
        guard let cutLine else { return nil }
        return TraceCut(file: file, line: cutLine.line, what: cutLine.what, lastFrameLine: lastSynReportLine,
                        droppedEvents: afterLastReport, droppedBytes: count - max(lastSynReportEnd, eventsStart))
    }

    /// The line's event, or nil for a description, comment or blank line.
    private mutating func parseLine(_ line: inout ByteLine) throws(TraceError) -> InputEvent? {
        guard line.end > 0 else { return nil }
        if line.hasPrefix(UInt8(ascii: "E"), UInt8(ascii: ":")) {
            return try parseEvent(&line)
        }
        if line.current == UInt8(ascii: "#") {
            if lineNumber == 1 { try parseHeader(line) }
            return nil
        }
        if line.atEndOrComment() { return nil }   // blank line
        guard line.end >= 2, line.base[1] == UInt8(ascii: ":") else {
            throw failure(.malformed("not an evemu line: \"\(line.text())\""), column: 1)
        }
        let tag = line.base[0]
        if firstEventLine > 0 {
            throw failure(.malformed("device description line after the events (events start at line \(firstEventLine))"), column: 1)
        }
        line.i = 2
        switch tag {
        case UInt8(ascii: "N"):
            guard name == nil else {
                throw failure(.duplicate("a second device description (N: line, first given on line \(nameLine)); "
                                         + "one device per evemu file"), column: 1)
            }
            nameLine = lineNumber
            guard let text = line.restAsUTF8() else { throw failure(.malformed("device name is not valid UTF-8"), column: 4) }
            name = text
        case UInt8(ascii: "I"):
            guard name != nil else { throw failure(.malformed("I: line before the N: line"), column: 1) }
            guard id == nil else { throw failure(.duplicate("a second I: line (first given on line \(idLine))"), column: 1) }
            idLine = lineNumber
            var v = [UInt16](repeating: 0, count: 4)
            for k in 0..<4 {
                guard line.separator(), let x = line.hex(maxDigits: 4) else {
                    throw failure(.malformed("I: expects bus vendor product version as 4 hex numbers"), column: line.column)
                }
                v[k] = UInt16(x)
            }
            try expectEnd(&line, "I:")
            id = InputID(bustype: v[0], vendor: v[1], product: v[2], version: v[3])
        case UInt8(ascii: "P"), UInt8(ascii: "B"), UInt8(ascii: "A"), UInt8(ascii: "L"), UInt8(ascii: "S"):
            guard id != nil else {
                throw failure(.malformed("\(Character(UnicodeScalar(tag))): line before the N: and I: lines"), column: 1)
            }
            switch tag {
            case UInt8(ascii: "P"): try parseProperties(&line)
            case UInt8(ascii: "B"): try parseMask(&line)
            case UInt8(ascii: "A"): try parseAbs(&line)
            default: try parseState(&line, tag: tag)
            }
        default:
            throw failure(.malformed("unknown evemu line type \"\(Character(UnicodeScalar(tag))):\""), column: 1)
        }
        return nil
    }

    private mutating func parseHeader(_ line: ByteLine) throws(TraceError) {
        let prefix = Array("# EVEMU ".utf8)
        guard line.end >= prefix.count, (0..<prefix.count).allSatisfy({ line.base[$0] == prefix[$0] }) else { return }
        var l = line
        l.i = prefix.count
        var parsed: (UInt64, UInt64)?
        if let major = l.unsigned(maxDigits: 4), !l.atEnd, l.current == UInt8(ascii: ".") {
            l.i += 1
            if let minor = l.unsigned(maxDigits: 4), l.atEndOrComment() { parsed = (major, minor) }
        }
        guard let (major, minor) = parsed else {
            throw failure(.unsupportedVersion("\"\(line.text())\""), column: prefix.count + 1)
        }
        guard major == 1, minor <= 3 else {
            throw failure(.unsupportedVersion("\(major).\(minor) (this reader knows 1.0 to 1.3)"), column: prefix.count + 1)
        }
        version = (Int(major), Int(minor))
    }

    private mutating func parseProperties(_ line: inout ByteLine) throws(TraceError) {
        for k in 0..<8 {
            guard line.separator(), let byte = line.hex(maxDigits: 2) else {
                throw failure(.malformed("P: expects 8 hex bytes"), column: line.column)
            }
            for bit in 0..<8 where byte & (1 << bit) != 0 {
                let property = Int64((propertyBytes + k) * 8 + bit)
                guard property <= Int64(InputProperty.max) else { throw failure(.unknownProperty(property), column: line.column - 2) }
                properties.insert(UInt16(property))
            }
        }
        try expectEnd(&line, "P:")
        propertyBytes += 8
    }

    private mutating func parseMask(_ line: inout ByteLine) throws(TraceError) {
        guard line.separator(), let type = line.hex(maxDigits: 2) else {
            throw failure(.malformed("B: expects an event type and 8 hex bytes"), column: line.column)
        }
        guard type <= UInt32(EventType.max) else { throw failure(.unknownEventType(Int64(type)), column: 4) }
        let offset = maskBytes[Int(type)]
        var found: [UInt16] = []
        for k in 0..<8 {
            guard line.separator(), let byte = line.hex(maxDigits: 2) else {
                throw failure(.malformed("B: expects an event type and 8 hex bytes"), column: line.column)
            }
            for bit in 0..<8 where byte & (1 << bit) != 0 {
                let code = UInt32((offset + k) * 8 + bit)
                if let problem = EventTable.check(type: Int64(type), code: Int64(code)) {
                    throw failure(problem, column: line.column - 2)
                }
                found.append(UInt16(code))
            }
        }
        try expectEnd(&line, "B:")
        maskBytes[Int(type)] += 8
        if !found.isEmpty { codes[UInt16(type), default: []].formUnion(found) }
    }

    private mutating func parseAbs(_ line: inout ByteLine) throws(TraceError) {
        guard line.separator(), let code = line.hex(maxDigits: 2) else {
            throw failure(.malformed("A: expects an axis code and min max fuzz flat [resolution]"), column: line.column)
        }
        if let problem = EventTable.check(type: Int64(EventType.abs), code: Int64(code)) { throw failure(problem, column: 4) }
        var v = [Int32]()
        while v.count < 5, line.separator(), !line.atEndOrComment() {
            guard let x = line.int32() else {
                throw failure(.malformed("A: values must be decimal integers"), column: line.column)
            }
            v.append(x)
        }
        guard v.count >= 4 else {
            throw failure(.malformed("A: expects min max fuzz flat [resolution], found \(v.count) values"), column: line.column)
        }
        try expectEnd(&line, "A:")
        if v.count > 4, v[4] < 0 {
            throw failure(.malformed("A: resolution \(v[4]) is negative (units per mm, or 0 for none)"), column: nil)
        }
        // Checked once the line is whole: a line cut inside its code ("A: 3" of "A: 36") is a cut, not a repeat.
        try refuseRepeated(tag: UInt8(ascii: "A"), code: code,
                           what: EventCodeNames.codeName(type: EventType.abs, code: UInt16(code)) ?? "axis \(code)")
        absInfo[UInt16(code)] = AbsInfo(minimum: v[0], maximum: v[1], fuzz: v[2], flat: v[3],
                                        resolution: v.count > 4 ? v[4] : 0)
    }

    /// `L:` (LED) and `S:` (switch) state lines: checked, then dropped — the description keeps no state.
    private mutating func parseState(_ line: inout ByteLine, tag: UInt8) throws(TraceError) {
        guard line.separator(), let code = line.hex(maxDigits: 2), line.separator(), line.int32() != nil else {
            throw failure(.malformed("\(Character(UnicodeScalar(tag))): expects a code and a state"), column: line.column)
        }
        try expectEnd(&line, "\(Character(UnicodeScalar(tag))):")
        try refuseRepeated(tag: tag, code: code, what: "\(tag == UInt8(ascii: "L") ? "LED" : "switch") \(code)")
    }

    /// A line that gives a code's A:, L: or S: values when an earlier line gave them already.
    private mutating func refuseRepeated(tag: UInt8, code: UInt32, what: String) throws(TraceError) {
        if let first = keyedLines.firstLine(ofRepeated: UInt32(tag) << 16 | code, line: lineNumber) {
            throw failure(.duplicate("a second \(Character(UnicodeScalar(tag))): line for \(what) (first given on line \(first))"),
                          column: 1)
        }
    }

    @inline(__always)
    private mutating func parseEvent(_ line: inout ByteLine) throws(TraceError) -> InputEvent {
        line.i = 2
        line.skipBlanks()
        let secStart = line.i
        guard let sec = line.unsigned(maxDigits: .max), !line.atEnd, line.current == UInt8(ascii: ".") else {
            throw failure(.malformed("E: expects sec.usec type code value"), column: line.column)
        }
        // Up to 19 digits cannot wrap around in UInt64; more are past the limit whatever they say.
        guard line.i - secStart <= 19, sec <= TraceReader.maxEventSeconds else {
            let digits = String(decoding: UnsafeBufferPointer(start: line.base + secStart, count: line.i - secStart), as: UTF8.self)
            throw failure(.eventTimeBeyondLimit(seconds: digits), column: secStart + 1)
        }
        line.i += 1
        let usecColumn = line.column
        guard var usec = line.unsigned(maxDigits: 6) else {
            throw failure(.malformed("E: expects sec.usec with 1 to 6 digits after the point"), column: usecColumn)
        }
        // evemu always writes 6 digits; fewer are read as the decimal fraction they look like (0.5 is half
        // a second), not as scanf's %06u would (5 µs).
        for _ in (line.column - usecColumn)..<6 { usec *= 10 }
        guard line.separator() else { throw failure(.malformed("E: expects a hex event type after the time"), column: line.column) }
        let typeColumn = line.column
        guard let type = line.hex(maxDigits: 4) else {
            throw failure(.malformed("E: expects a hex event type after the time"), column: typeColumn)
        }
        guard line.separator() else { throw failure(.malformed("E: expects a hex event code after the type"), column: line.column) }
        let codeColumn = line.column
        guard let code = line.hex(maxDigits: 4) else {
            throw failure(.malformed("E: expects a hex event code after the type"), column: codeColumn)
        }
        guard line.separator() else { throw failure(.malformed("E: expects a decimal value after the code"), column: line.column) }
        let valueColumn = line.column
        guard let value = line.int32() else {
            throw failure(.malformed("E: expects a decimal 32-bit value after the code"), column: valueColumn)
        }
        guard line.atEndOrComment() else {
            throw failure(.malformed("unexpected text after the event value"), column: line.column)
        }
        guard type <= UInt32(EventType.max), maxCodes[Int(type)] >= 0 else {
            throw failure(.unknownEventType(Int64(type)), column: typeColumn)
        }
        guard code <= UInt32(maxCodes[Int(type)]) else {
            throw failure(.unknownEventCode(type: UInt16(type), code: Int64(code)), column: codeColumn)
        }
        let time = sec * 1_000_000 + usec
        if firstEventLine == 0 {
            firstEventLine = lineNumber
            firstTime = time
        } else if time < previousTime {
            // Times as the file has them, so the message can be checked against the text.
            throw failure(.nonMonotonicTime(previousUs: previousTime, timeUs: time), column: 4)
        }
        previousTime = time
        let event = InputEvent(time: Microseconds(time - firstTime), type: UInt16(type), code: UInt16(code), value: value)
        eventCount += 1
        if event.isSynReport {
            lastSynReportLine = lineNumber
            completeEventCount = eventCount
            lastReportTime = event.time
        }
        return event
    }

    private mutating func expectEnd(_ line: inout ByteLine, _ what: String) throws(TraceError) {
        guard line.atEndOrComment() else {
            throw failure(.malformed("unexpected text at the end of the \(what) line"), column: line.column)
        }
    }

    private func failure(_ problem: TraceError.Problem, column: Int?) -> TraceError {
        TraceError(file: file, line: lineNumber, column: column, problem: problem,
                   eventsRead: eventCount, lastGoodLine: lastGoodLine)
    }
}

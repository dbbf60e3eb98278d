import YAMLDocument

/// A trace that cannot be read, and where: file, line (1-based; 0 when the whole file is meant) and
/// column when known. A partly valid trace says how far it got (`eventsRead`, `lastGoodLine`).
public struct TraceError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Problem: Hashable, Sendable {
        /// open/read failed; the text names the call and errno.
        case cannotRead(String)
        case notARegularFile
        case empty
        case unsupportedVersion(String)
        /// A line or node that does not have the expected shape; the text says what was expected.
        case malformed(String)
        case lineTooLong(length: Int, limit: Int)
        /// The file is larger than the reader takes (`TraceReader.maxFileBytes`); nothing was read.
        case tooLarge(bytes: Int, limit: Int)
        /// More devices than `TraceReader.maxDevices`.
        case tooManyDevices(limit: Int)
        /// libyaml could not parse the text.
        case yamlSyntax(String)
        case missingKey(String)
        /// Times as the file gives them (evemu: before normalising to the first event).
        case nonMonotonicTime(previousUs: UInt64, timeUs: UInt64)
        /// Seconds past `TraceReader.maxEventSeconds`, as the file writes them.
        case eventTimeBeyondLimit(seconds: String)
        case unknownEventType(Int64)
        case unknownEventCode(type: UInt16, code: Int64)
        case unknownProperty(Int64)
        /// An events-only evemu file was read without a device description.
        case noDescription
        /// The file stops early: mid-line, mid-frame, or with fewer devices than it declares.
        case truncated(String)
        /// A key (`libinput record`) or a line naming a device or an axis (evemu) given a second time; the text
        /// names it and the line of the first. Never a cut: a cut text cannot repeat a whole key.
        case duplicate(String)
        /// The text is UTF-16 or UTF-32 (`WideTextEncoding`), not UTF-8: nothing was read.
        case wideEncoding(WideTextEncoding)
    }

    public var file: String
    public var line: Int
    public var column: Int?
    public var problem: Problem
    /// Events read successfully, over all devices, before the problem.
    public var eventsRead: Int
    /// The last line read successfully (0 when none).
    public var lastGoodLine: Int

    public init(file: String, line: Int, column: Int? = nil, problem: Problem, eventsRead: Int = 0, lastGoodLine: Int = 0) {
        self.file = file
        self.line = line
        self.column = column
        self.problem = problem
        self.eventsRead = eventsRead
        self.lastGoodLine = lastGoodLine
    }

    public var description: String {
        var place = file
        if line > 0 { place += ":\(line)" }
        if line > 0, let column { place += ":\(column)" }
        var text = "\(place): \(message)"
        if eventsRead > 0 || lastGoodLine > 0 {
            text += " (read \(eventsRead) event\(eventsRead == 1 ? "" : "s") up to line \(lastGoodLine))"
        }
        return text
    }

    public var message: String {
        switch problem {
        case .cannotRead(let why): return "cannot read: \(why)"
        case .notARegularFile: return "not a regular file"
        case .empty: return "empty file: no device description and no events"
        case .unsupportedVersion(let v): return "unsupported file format version \(v)"
        case .malformed(let what): return what
        case .lineTooLong(let length, let limit): return "line is \(length) bytes long (limit \(limit))"
        case .tooLarge(let bytes, let limit):
            return "the file is \(bytes) bytes, larger than the \(limit) bytes allowed"
        case .tooManyDevices(let limit): return "more than \(limit) devices in one recording"
        case .yamlSyntax(let what): return "YAML syntax error: \(what)"
        case .missingKey(let key): return "missing key '\(key)'"
        case .nonMonotonicTime(let previous, let time):
            return "time goes backwards: \(formatTime(time)) after \(formatTime(previous))"
        case .eventTimeBeyondLimit(let seconds):
            let shown = seconds.count > 24 ? String(seconds.prefix(24)) + "… (\(seconds.count) digits)" : seconds
            return "event time \(shown) s is past the limit of \(TraceReader.maxEventSeconds) s"
        case .unknownEventType(let type): return "unknown event type \(type) (EV_MAX is \(EventTable.maxType))"
        case .unknownEventCode(let type, let code):
            let name = EventTable.typeName(type)
            return "unknown event code \(code) for \(name) (highest is \(EventTable.maxCode(type)))"
        case .unknownProperty(let p): return "unknown input property \(p)"
        case .noDescription:
            return "events without a device description: give the matching .desc file"
        case .truncated(let what): return "truncated file: \(what)"
        case .duplicate(let what): return what
        case .wideEncoding(let encoding):
            return "the file is \(encoding.description); a recording must be UTF-8 or ASCII (iconv -f \(encoding.name) -t UTF-8)"
        }
    }
}

/// Seconds with six decimals, as evemu prints them.
func formatTime(_ us: UInt64) -> String {
    let frac = String(us % 1_000_000)
    return "\(us / 1_000_000).\(String(repeating: "0", count: 6 - frac.count))\(frac)s"
}

#if canImport(Glibc)
import Glibc
#endif
import CYAML
import TouchInput
import YAMLDocument

/// Reads a recording, detecting its format from the content.
public enum TraceReader {
    /// Largest recording read. A trace is held in memory whole (file bytes, then its events: about twice the
    /// file at the peak), so this bounds a replay's memory; 128 MiB is hours of touches.
    public static let maxFileBytes = 128 << 20
    /// Most devices one `libinput record` file may declare; `libinput record --all` lists a few dozen.
    public static let maxDevices = 256
    /// Latest event time, in seconds, in either format (about 31 700 years: any clock a recording is made on),
    /// so times in microseconds stay far inside UInt64.
    public static let maxEventSeconds: UInt64 = 999_999_999_999

    /// Reads the evemu or `libinput record` file at `path`.
    /// - Parameters:
    ///   - description: path of an evemu description (`.desc`) for an events-only evemu file.
    ///     A file that carries its own description uses that one and ignores this.
    ///   - strict: a file cut short (mid-line, mid-frame, fewer devices than declared) is an error; otherwise
    ///     its complete frames are read and `Trace.cut` says what was dropped.
    /// - Throws: `TraceError` naming the file and line.
    public static func read(path: String, description: String? = nil, strict: Bool = false) throws(TraceError) -> Trace {
        let input = try FileBytes(path: path, maxBytes: maxFileBytes)
        return try read(input, source: path, descriptionPath: description, strict: strict)
    }

    /// Reads a recording held in memory; `source` names it in errors.
    public static func read(text: String, source: String, strict: Bool = false) throws(TraceError) -> Trace {
        guard text.utf8.count <= maxFileBytes else {
            throw TraceError(file: source, line: 0, problem: .tooLarge(bytes: text.utf8.count, limit: maxFileBytes))
        }
        var copy = text
        let input = copy.withUTF8 { FileBytes(copying: UnsafeRawBufferPointer($0)) }
        return try read(input, source: source, descriptionPath: nil, strict: strict)
    }

    /// The format of the text, from its first significant line: evemu lines are `X: ...` with a single
    /// letter tag (or a `# EVEMU` header); anything else is taken as a `libinput record` YAML file.
    public static func detectFormat(_ bytes: UnsafeRawBufferPointer) -> TraceFormat? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let n = bytes.count
        var i = n >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF ? 3 : 0
        var firstLine = true
        while i < n {
            let end = memchr(base + i, 0x0A, n - i).map { UnsafeRawPointer(base).distance(to: UnsafeRawPointer($0)) } ?? n
            var s = i
            while s < end, base[s] == 0x20 || base[s] == 0x09 || base[s] == 0x0D { s += 1 }
            if s < end {
                if base[s] == UInt8(ascii: "#") {
                    if firstLine, end - s >= 7, memcmp(base + s, "# EVEMU", 7) == 0 { return .evemu }
                } else {
                    let tagged = end - s >= 2 && base[s + 1] == UInt8(ascii: ":")
                        && (base[s] == UInt8(ascii: "N") || base[s] == UInt8(ascii: "I") || base[s] == UInt8(ascii: "P")
                            || base[s] == UInt8(ascii: "B") || base[s] == UInt8(ascii: "A") || base[s] == UInt8(ascii: "L")
                            || base[s] == UInt8(ascii: "S") || base[s] == UInt8(ascii: "E"))
                        && (end - s == 2 || base[s + 2] == 0x20 || base[s + 2] == 0x09 || base[s + 2] == 0x0D)
                    return tagged ? .evemu : .libinputRecord
                }
            }
            firstLine = false
            i = end + 1
        }
        return nil
    }

    static func read(_ input: FileBytes, source: String, descriptionPath: String?, strict: Bool) throws(TraceError) -> Trace {
        switch detectFormat(input.bytes) {
        case nil:
            throw TraceError(file: source, line: 0, problem: .empty)
        case .evemu:
            // The evemu parser checks each line's length as it goes.
            return try readEvemu(input, source: source, descriptionPath: descriptionPath, strict: strict)
        case .libinputRecord:
            // libyaml would build a scalar of any size first: one memchr pass refuses absurd lines up front.
            if let (line, length) = input.overlongLine() {
                throw TraceError(file: source, line: line, problem: .lineTooLong(length: length, limit: FileBytes.maxLineLength))
            }
            var parser = LibinputRecordParser(file: source, input: input)
            return try parser.parse(strict: strict)
        }
    }

    private static func readEvemu(_ input: FileBytes, source: String, descriptionPath: String?, strict: Bool) throws(TraceError) -> Trace {
        var parser = EvemuParser(file: source, bytes: input.bytes)
        try parser.parse(strict: strict)
        let description: DeviceDescription
        if let own = parser.description(origin: source) {
            description = own
        } else if let descriptionPath {
            let descInput = try FileBytes(path: descriptionPath, maxBytes: maxFileBytes)
            var descParser = EvemuParser(file: descriptionPath, bytes: descInput.bytes)
            // A description is never cut leniently: it has no frames to keep.
            try descParser.parse(strict: true)
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
        return Trace(devices: [TraceDevice(description: description, events: parser.events)], format: .evemu, source: source,
                     cut: parser.cut)
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

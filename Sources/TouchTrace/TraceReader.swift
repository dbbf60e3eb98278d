#if canImport(Glibc)
import Glibc
#endif
import CYAML
import TouchInput

/// Reads a recording, detecting its format from the content.
public enum TraceReader {
    /// Reads the evemu or `libinput record` file at `path`.
    /// - Parameter description: path of an evemu description (`.desc`) for an events-only evemu file.
    ///   A file that carries its own description uses that one and ignores this.
    /// - Throws: `TraceError` naming the file and line.
    public static func read(path: String, description: String? = nil) throws(TraceError) -> Trace {
        let input = try FileBytes(path: path)
        return try read(input, source: path, descriptionPath: description)
    }

    /// Reads a recording held in memory; `source` names it in errors.
    public static func read(text: String, source: String) throws(TraceError) -> Trace {
        var copy = text
        let input = copy.withUTF8 { FileBytes(copying: UnsafeRawBufferPointer($0)) }
        return try read(input, source: source, descriptionPath: nil)
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

    static func read(_ input: FileBytes, source: String, descriptionPath: String?) throws(TraceError) -> Trace {
        switch detectFormat(input.bytes) {
        case nil:
            throw TraceError(file: source, line: 0, problem: .empty)
        case .evemu:
            // The evemu parser checks each line's length as it goes.
            return try readEvemu(input, source: source, descriptionPath: descriptionPath)
        case .libinputRecord:
            // libyaml would build a scalar of any size first: one memchr pass refuses absurd lines up front.
            if let (line, length) = input.overlongLine() {
                throw TraceError(file: source, line: line, problem: .lineTooLong(length: length, limit: FileBytes.maxLineLength))
            }
            var parser = LibinputRecordParser(file: source, input: input)
            return try parser.parse()
        }
    }

    private static func readEvemu(_ input: FileBytes, source: String, descriptionPath: String?) throws(TraceError) -> Trace {
        var parser = EvemuParser(file: source, bytes: input.bytes)
        try parser.parse()
        let description: DeviceDescription
        if let own = parser.description(origin: source) {
            description = own
        } else if let descriptionPath {
            let descInput = try FileBytes(path: descriptionPath)
            var descParser = EvemuParser(file: descriptionPath, bytes: descInput.bytes)
            try descParser.parse()
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
        return Trace(devices: [TraceDevice(description: description, events: parser.events)], format: .evemu, source: source)
    }

    /// Only runs libyaml's parser over the file and counts its events: the floor that the
    /// `libinput record` reader is measured against in the benchmark.
    public static func bareYAMLParse(path: String) throws(TraceError) -> Int {
        let input = try FileBytes(path: path)
        var parser = yaml_parser_t()
        var event = yaml_event_t()
        guard yaml_parser_initialize(&parser) != 0 else { fatalError("libyaml: out of memory") }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_input_string(&parser, input.base.assumingMemoryBound(to: UInt8.self), input.count)
        var count = 0
        while true {
            guard yaml_parser_parse(&parser, &event) != 0 else {
                let mark = YAMLMark(parser.problem_mark)
                let why = parser.problem.map { String(cString: $0) } ?? "libyaml error"
                throw TraceError(file: path, line: mark.line, column: mark.column, problem: .yamlSyntax(why))
            }
            count += 1
            let done = event.type == YAML_STREAM_END_EVENT
            yaml_event_delete(&event)
            if done { break }
        }
        return withExtendedLifetime(input) { count }
    }
}

import TouchTrace
import TouchModel
import YAMLDocument

/// evemu and `libinput record` text. A file read without error must write back and read again to the same
/// events; an error must name the source and a line inside the text.
enum TraceFuzzing {
    static func run(_ data: UnsafeRawBufferPointer, source: String) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        let trace: Trace
        do {
            trace = try TraceReader.read(text: text, source: source)
        } catch {
            return check(error, source: source, text: text)
        }
        var problems: [String] = []
        let written: String
        switch trace.format {
        case .evemu:
            // evemu holds one device per file.
            guard let device = trace.devices.first else { return ["evemu trace read without a device"] }
            written = EvemuWriter.write(device)
        case .libinputRecord:
            written = LibinputRecordWriter.write(trace)
        }
        do {
            let again = try TraceReader.read(text: written, source: source + " (rewritten)")
            let before = trace.format == .evemu ? [trace.devices[0].events] : trace.devices.map(\.events)
            let after = again.devices.map(\.events)
            if before != after {
                problems.append("rewritten \(trace.format) trace reads back different events "
                                + "(\(before.map(\.count)) -> \(after.map(\.count)))")
            }
        } catch {
            problems.append("the \(trace.format) writer produced text its reader rejects: \(error)")
        }
        return problems
    }

    private static func check(_ error: TraceError, source: String, text: String) -> [String] {
        var problems: [String] = []
        if error.file != source { problems.append("error names \(error.file), not \(source)") }
        // Line 0 is allowed for whole-file problems (empty, no device); otherwise it must be inside the text,
        // its lines counted as the format does (YAML also breaks lines at a lone CR, NEL, LS and PS).
        var copy = text
        let lines = copy.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            return 1 + (TraceReader.detectFormat(bytes) == .evemu ? bytes.filter { $0 == 0x0A }.count
                                                                  : yamlLineBreaks(bytes).count)
        }
        if error.line < 0 || error.line > lines { problems.append("error line \(error.line) outside 0...\(lines): \(error)") }
        if error.message.isEmpty { problems.append("error without a message") }
        return problems
    }
}

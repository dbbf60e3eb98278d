import TouchInput
import TouchTrace
import TouchModel
import YAMLDocument

/// evemu and `libinput record` text. A file read without error must write back and read again to the same
/// events (a lone device's counted from its first event), and the same text cut at a point chosen from its
/// bytes must read (when it reads) to complete frames that begin the whole file's events, reported as a cut
/// exactly when the strict reader refuses it; an error must name the source and a line inside the text. The
/// streaming reader (`TraceReader.open`) must give the same trace or the same error.
enum TraceFuzzing {
    static func run(_ data: UnsafeRawBufferPointer, source: String) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        // The streaming reader (replay, run --replay) gives what the whole reader gives: events, cut or error.
        let whole = Result { () throws(TraceError) in try TraceReader.read(text: text, source: source) }
        let streamed = Result { () throws(TraceError) in try TraceReader.open(text: text, source: source).readAll() }
        let streamProblems = whole == streamed ? [] : ["the stream reads \(streamed), the whole reader \(whole)"]
        let trace: Trace
        switch whole {
        case .failure(let error): return streamProblems + check(error, source: source, text: text)
        case .success(let t): trace = t
        }
        var problems = streamProblems
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
            let original = trace.format == .evemu ? [trace.devices[0].events] : trace.devices.map(\.events)
            // Both writers put a lone device's first event at 0 (the formats have no way to say that one device
            // starts later than the recording); a multi-device record cut down to one device keeps the recorder's
            // clock when read, so its times come back shifted by its first event's time and nothing else.
            let before = original.count == 1 ? original.map(startingAtZero) : original
            let after = again.devices.map(\.events)
            if before != after {
                problems.append("rewritten \(trace.format) trace reads back different events "
                                + "(\(before.map(\.count)) -> \(after.map(\.count)))")
            }
        } catch {
            problems.append("the \(trace.format) writer produced text its reader rejects: \(error)")
        }
        problems += checkCut(data, whole: trace, source: source)
        return problems
    }

    private static func startingAtZero(_ events: [InputEvent]) -> [InputEvent] {
        guard let first = events.first?.time.rawValue else { return events }
        return events.map { var e = $0; e.time.rawValue -= first; return e }
    }

    /// Reads the text up to a length taken from its last two bytes (issue 14: recordings cut short).
    private static func checkCut(_ data: UnsafeRawBufferPointer, whole: Trace, source: String) -> [String] {
        guard data.count >= 2 else { return [] }
        let length = (Int(data[data.count - 1]) << 8 | Int(data[data.count - 2])) % data.count
        let prefix = String(decoding: UnsafeRawBufferPointer(rebasing: data[..<length]), as: UTF8.self)
        guard let cut = try? TraceReader.read(text: prefix, source: source), cut.format == whole.format else { return [] }
        var problems: [String] = []
        if cut.devices.count > whole.devices.count {
            problems.append("a cut at \(length) reads \(cut.devices.count) devices, the whole text \(whole.devices.count)")
        }
        for (k, device) in cut.devices.enumerated() where k < whole.devices.count {
            let full = whole.devices[k].events
            // Single-device times count from the first event, so a prefix keeps them.
            if !full.starts(with: device.events) {
                problems.append("a cut at \(length) reads device \(k + 1) as \(device.events.count) events that do not begin the whole file's")
            }
            if let last = device.events.last, !last.isSynReport {
                problems.append("a cut at \(length) keeps an incomplete frame in device \(k + 1)")
            }
        }
        let strictRefuses = (try? TraceReader.read(text: prefix, source: source, strict: true)) == nil
        if strictRefuses != (cut.cut != nil) {
            problems.append("a cut at \(length): the strict reader \(strictRefuses ? "refuses" : "accepts") it, the lenient one reports \(String(describing: cut.cut))")
        }
        // Invalid UTF-8 decodes to U+FFFD, so the text read can be longer than the bytes cut.
        if let c = cut.cut, c.file != source || c.line < 1 || c.droppedBytes < 0 || c.droppedBytes > prefix.utf8.count {
            problems.append("a cut at \(length) is reported as \(c)")
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

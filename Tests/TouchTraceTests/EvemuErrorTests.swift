import Foundation
import Testing
import TouchInput
import TouchTrace
import TouchModel

/// Bad evemu input ends in a TraceError naming the line; a partly valid file says how far it got.
/// Line numbers are counted by hand from the texts: the sample description is lines 1-9, blank line
/// excluded (its text ends in a newline), so the first event is line 10.
@Suite("evemu reader: bad input")
struct EvemuErrorTests {
    static let firstEventLine = sampleDescriptionLines + 1

    @Test("truncated mid-line: the last line, with no newline, is incomplete")
    func truncatedMidLine() throws {
        let text = sampleDescription + sampleEvents.prefix(70)   // 2 full E: lines + "E: 0.000000 00"
        let error = try #require(traceError { try TraceReader.read(text: String(text), source: "cut.evemu", strict: true) })
        #expect(error.line == Self.firstEventLine + 2)
        guard case .truncated = error.problem else { Issue.record("\(error.problem)"); return }
        #expect(error.eventsRead == 2)
        #expect(error.lastGoodLine == Self.firstEventLine + 1)
        #expect(error.file == "cut.evemu")
    }

    /// A last event line with no line break may be cut inside its value: "0000 0000 03" of "0000 0000 030468"
    /// read as a SYN_REPORT of value 3, where the whole file has 0x30468 (the fuzzer's
    /// syn-report-value-cut-at-a-digit-with-no-line-break). Cut at every byte, the lenient reader keeps only
    /// events that begin the whole file's, and says it was cut exactly when the strict reader refuses.
    @Test("a last event line with no line break is where the file stops, cut at every byte")
    func unterminatedLastEventLine() throws {
        let text = sampleDescription + sampleEvents + "E: 0.030000 0000 0000 030468\n"
        let whole = try TraceReader.read(text: text, source: "v.evemu", strict: true).devices[0].events
        #expect(whole.count == 10)
        #expect(whole.last?.value == 30468)
        let utf8 = Array(text.utf8)
        var cuts = 0
        for length in 1..<utf8.count {
            let prefix = String(decoding: utf8[..<length], as: UTF8.self)
            let strictRefuses = (try? TraceReader.read(text: prefix, source: "v.evemu", strict: true)) == nil
            guard let cut = try? TraceReader.read(text: prefix, source: "v.evemu") else { continue }
            let events = cut.devices[0].events
            #expect(whole.starts(with: events), "cut at \(length) reads \(events.count) events not beginning the whole's")
            #expect(strictRefuses == (cut.cut != nil), "cut at \(length)")
            if cut.cut != nil { cuts += 1 }
        }
        // Every length past the description's end that is not just after a line break is a cut.
        #expect(cuts > 0)
        let unterminated = try #require(traceError {
            try TraceReader.read(text: String(text.dropLast(4)), source: "v.evemu", strict: true)
        })
        #expect(unterminated.line == Self.firstEventLine + 9)
        #expect(unterminated.description.contains("no line break"))
    }

    @Test("truncated at a line end inside a frame: the last frame has no SYN_REPORT")
    func truncatedMidFrame() throws {
        let lines = sampleEvents.split(separator: "\n")
        let text = sampleDescription + lines.prefix(6).joined(separator: "\n") + "\n"
        let error = try #require(traceError { try TraceReader.read(text: text, source: "cut.evemu", strict: true) })
        guard case .truncated = error.problem else { Issue.record("\(error.problem)"); return }
        #expect(error.line == Self.firstEventLine + 5)
        #expect(error.eventsRead == 6)
        #expect(error.description.contains("SYN_REPORT"))
    }

    @Test("unknown file format versions", arguments: ["# EVEMU 2.0", "# EVEMU 1.4", "# EVEMU one.two"])
    func unknownVersion(_ header: String) throws {
        let text = header + "\n" + sampleDescription.split(separator: "\n").dropFirst().joined(separator: "\n") + "\n"
        let error = try #require(traceError { try TraceReader.read(text: text, source: "v.evemu") })
        #expect(error.line == 1)
        guard case .unsupportedVersion = error.problem else { Issue.record("\(error.problem)"); return }
    }

    @Test("garbage lines are named by line and column", arguments: [
        ("hello world", 1),
        ("E: 0.000000 0003 0035", 22),         // no value
        ("E: 0.000000 0003 0035 12x", 25),     // junk after the value
        ("E: 0.0000001 0003 0035 12", 6),      // 7 digits of microseconds
        ("E: 0.000000 0003 0035 99999999999", 23),   // value beyond 32 bits
        ("B: 03 ff ff", 1),
        ("A: 35 0 1279", 1),
        ("\u{1}\u{2}\u{3}binary", 1),
    ])
    func garbage(_ line: String, column: Int) throws {
        let text = sampleDescription + sampleEvents.split(separator: "\n").prefix(4).joined(separator: "\n") + "\n" + line + "\n"
        let error = try #require(traceError { try TraceReader.read(text: text, source: "g.evemu") })
        #expect(error.line == Self.firstEventLine + 4)
        #expect(error.column == column)
        if line.hasPrefix("B:") || line.hasPrefix("A:") {
            // Description lines after the events are refused before their content is looked at.
            #expect(error.description.contains("after the events"))
        } else {
            guard case .malformed = error.problem else { Issue.record("\(error.problem)"); return }
        }
        #expect(error.eventsRead == 4)
        #expect(error.lastGoodLine == Self.firstEventLine + 3)
    }

    @Test("garbage inside the description", arguments: [
        ("B: 01 ff ff", 4, 12),
        ("B: 03 ff 00 00 00 00 00 00 00", 4, 7),   // a second EV_ABS line would start at code 64
        ("A: 35 0 1279", 4, 13),
        ("I: 0018 0000", 2, 13),
        ("X: what", 4, 1),
    ])
    func descriptionGarbage(_ line: String, lineNumber: Int, column: Int) throws {
        var lines = ["N: d", "I: 0018 0000 0000 0000", "B: 03 03 00 00 00 00 00 00 00", "A: 00 0 10 0 0 0", "A: 01 0 10 0 0 0"]
        lines.insert(line, at: lineNumber - 1)
        if line.hasPrefix("I:") { lines.remove(at: lineNumber) }
        let error = try #require(traceError { try TraceReader.read(text: lines.joined(separator: "\n") + "\n", source: "d.desc") })
        #expect(error.line == lineNumber)
        #expect(error.column == column)
    }

    @Test("time going backwards is refused at the line where it happens")
    func nonMonotonic() throws {
        let text = sampleDescription + """
            E: 5.000000 0003 0035 0100
            E: 5.000000 0000 0000 0000
            E: 5.010000 0003 0035 0110
            E: 5.010000 0000 0000 0000
            E: 5.009999 0003 0035 0120
            E: 5.020000 0000 0000 0000

            """
        let error = try #require(traceError { try TraceReader.read(text: text, source: "t.evemu") })
        #expect(error.line == Self.firstEventLine + 4)
        #expect(error.problem == .nonMonotonicTime(previousUs: 5_010_000, timeUs: 5_009_999))
        #expect(error.description.contains("5.009999s after 5.010000s"))
        #expect(error.eventsRead == 4)
    }

    /// Columns: the type field starts at 13, the code field at 18.
    @Test("unknown event types and codes", arguments: [
        ("E: 0.000000 0020 0000 0000", TraceError.Problem.unknownEventType(0x20), 13),
        ("E: 0.000000 00ff 0000 0000", .unknownEventType(0xff), 13),
        ("E: 0.000000 0006 0000 0000", .unknownEventType(6), 13),          // a gap in the type table
        ("E: 0.000000 0003 0040 0000", .unknownEventCode(type: EventType.abs, code: 0x40), 18),
        ("E: 0.000000 0001 0300 0001", .unknownEventCode(type: EventType.key, code: 0x300), 18),
    ])
    func unknownEvents(_ line: String, problem: TraceError.Problem, column: Int) throws {
        let text = sampleDescription + line + "\n"
        let error = try #require(traceError { try TraceReader.read(text: text, source: "u.evemu") })
        #expect(error.line == Self.firstEventLine)
        #expect(error.column == column)
        #expect(error.problem == problem)
    }

    @Test("unknown codes in a B: mask line")
    func unknownMaskBits() throws {
        // EV_ABS has 64 codes (one line); a second B: 03 line would start at code 64.
        let text = "N: d\nI: 0000 0000 0000 0000\nB: 03 00 00 00 00 00 00 00 00\nB: 03 01 00 00 00 00 00 00 00\n"
        let error = try #require(traceError { try TraceReader.read(text: text, source: "m.desc") })
        #expect(error.line == 4)
        #expect(error.problem == .unknownEventCode(type: EventType.abs, code: 64))
    }

    @Test("an events file without a description, and none given")
    func noDescription() throws {
        let error = try #require(traceError { try TraceReader.read(text: "# recorded events\n" + sampleEvents, source: "e.events") })
        #expect(error.problem == .noDescription)
        #expect(error.line == 2)
        #expect(error.description.contains(".desc"))
    }

    @Test("a device name that is not UTF-8")
    func badName() throws {
        let bytes = Array("N: Caf".utf8) + [0xE9] + Array("\nI: 0000 0000 0000 0000\n".utf8)   // a Latin-1 é
        let dir = try TempDir()
        defer { dir.remove() }
        let path = dir.path("latin1.desc")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let error = try #require(traceError { try TraceReader.read(path: path) })
        #expect(error.line == 1)
        #expect(error.column == 4)
        #expect(error.description.contains("UTF-8"))
    }

    @Test("an empty file and a comments-only file")
    func empty() throws {
        for text in ["", "\n\n", "# only a comment\n"] {
            let error = try #require(traceError { try TraceReader.read(text: text, source: "empty") })
            #expect(error.problem == .empty)
        }
    }
}

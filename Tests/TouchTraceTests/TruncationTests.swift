import FixtureSupport
import Foundation
import Testing
import TouchInput
import TouchModel
import TouchTrace

/// Recordings cut short (a device unplugged, a Ctrl-C, a full disk) at every byte of a real fixture, in both
/// formats: the complete frames are kept, the cut is reported once with the file and line, and `strict`
/// makes it an error. Which frames are complete is worked out from the bytes of the text (where each
/// SYN_REPORT line becomes readable), not from the reader.
@Suite("recordings cut short")
struct TruncationTests {
    static let device = "whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger"

    /// The Wacom description and a four-frame double tap, as one evemu file that carries its description.
    static func evemuText() throws -> String {
        let desc = try String(contentsOfFile: Fixtures.path(device + ".desc"), encoding: .utf8)
        let events = try String(contentsOfFile: Fixtures.path(device + ".double-tap-center.events"), encoding: .utf8)
        return desc + events
    }

    /// One SYN_REPORT line of the text: from which prefix length on it reads as a SYN_REPORT, and where
    /// its line ends (the offset of its "\n").
    struct ReportLine {
        var readableFrom: Int
        var lineEnd: Int
    }

    /// The SYN_REPORT lines of `bytes`; `readable` gives, for a line, the offset in it from which it reads
    /// as a SYN_REPORT, or nil for any other line.
    static func reports(_ bytes: [UInt8], readable: (String) -> Int?) -> [ReportLine] {
        var out: [ReportLine] = []
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            if let offset = readable(String(decoding: bytes[start..<end], as: UTF8.self)) {
                out.append(ReportLine(readableFrom: start + offset, lineEnd: end))
            }
            start = end + 1
        }
        return out
    }

    /// evemu: `E: sec.usec 0000 0000 value`; the line reads as a SYN_REPORT once its line break is there (before
    /// it, its value may still be cut short: "03" of "030468").
    static func evemuReports(_ bytes: [UInt8]) -> [ReportLine] {
        reports(bytes) { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 5, fields[0] == "E:", fields[2] == "0000", fields[3] == "0000" else { return nil }
            return line.utf8.count + 1
        }
    }

    /// libinput record: `    - [sec, usec, 0, 0, 0] # ...`; the line reads once its `]` is there.
    static func yamlReports(_ bytes: [UInt8]) -> [ReportLine] {
        reports(bytes) { line in
            guard line.hasPrefix("    - ["), let close = line.firstIndex(of: "]") else { return nil }
            let fields = line[line.index(line.startIndex, offsetBy: 7)..<close].split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 5, fields[2] == "0", fields[3] == "0" else { return nil }
            return line.utf8.distance(from: line.startIndex, to: close) + 1
        }
    }

    static func read(_ text: String, source: String, strict: Bool) -> Result<Trace, TraceError> {
        Result { () throws(TraceError) in try TraceReader.read(text: text, source: source, strict: strict) }
    }

    /// Checks every prefix of `text`. `full` is the whole recording read; `reports` its SYN_REPORT lines.
    static func checkEveryCut(_ text: String, reports: [ReportLine], source: String, errorsAllowedBefore firstEvent: Int) throws {
        let bytes = Array(text.utf8)
        let full = try TraceReader.read(text: text, source: source, strict: true)
        let allEvents = full.devices[0].events
        let reportIndices = allEvents.indices.filter { allEvents[$0].isSynReport }
        #expect(reportIndices.count == reports.count, "the oracle finds every SYN_REPORT of the file")
        var warned = 0
        for length in 0..<bytes.count {
            let prefix = String(decoding: bytes[0..<length], as: UTF8.self)
            let complete = reports.filter { $0.readableFrom <= length }.count
            let expected = complete == 0 ? [] : Array(allEvents[...reportIndices[complete - 1]])
            // Nothing but the rest of the last complete SYN_REPORT line and blanks after it: no cut to see.
            let clean = complete > 0 && (length <= reports[complete - 1].lineEnd + 1
                || bytes[(reports[complete - 1].lineEnd + 1)..<length].allSatisfy { $0 == 0x20 || $0 == 0x0A })
            let lenient: Trace
            switch read(prefix, source: source, strict: false) {
            case .failure(let error):
                #expect(complete == 0 && length < firstEvent, "cut at \(length): \(error)")
                #expect(error.file == source)
                continue
            case .success(let trace):
                lenient = trace
            }
            #expect(lenient.devices.first?.events ?? [] == expected, "cut at \(length): \(complete) complete frames")
            if clean {
                #expect(lenient.cut == nil, "cut at \(length) ends on a frame: \(String(describing: lenient.cut))")
            } else if complete > 0 {
                let cut = try #require(lenient.cut, "cut at \(length) must be reported")
                #expect(cut.file == source)
                #expect(cut.line >= 1 && cut.line <= prefix.split(separator: "\n", omittingEmptySubsequences: false).count,
                        "cut at \(length): line \(cut.line)")
                #expect(cut.droppedBytes == length - min(length, reports[complete - 1].lineEnd + 1), "cut at \(length): \(cut)")
                let dropped = prefix.utf8.count > 0 ? cut.droppedEvents : 0
                #expect(dropped >= 0)
                warned += 1
            }
            switch read(prefix, source: source, strict: true) {
            case .success(let strict):
                #expect(lenient.cut == nil, "strict read accepted the cut at \(length)")
                #expect(strict.devices == lenient.devices)
            case .failure(let error):
                #expect(lenient.cut != nil || lenient.eventCount == 0, "strict refused a clean prefix at \(length): \(error)")
                #expect(error.file == source)
            }
        }
        #expect(warned > (bytes.count - firstEvent) / 2)
    }

    @Test("evemu: every byte length of a real recording keeps exactly its complete frames")
    func evemuEveryByte() throws {
        let text = try Self.evemuText()
        let bytes = Array(text.utf8)
        // Until a line starts with "E:", a cut may be inside the description: an error.
        let firstEvent = try #require(text.range(of: "\nE: ")).lowerBound.utf16Offset(in: text) + 1
        try Self.checkEveryCut(text, reports: Self.evemuReports(bytes), source: "cut.evemu", errorsAllowedBefore: firstEvent + 2)
    }

    @Test("libinput record: every byte length of the same recording keeps exactly its complete frames")
    func libinputRecordEveryByte() throws {
        let trace = try TraceReader.read(text: Self.evemuText(), source: Self.device)
        let text = LibinputRecordWriter.write(trace)
        let firstEvent = try #require(text.range(of: "    - [")).upperBound.utf16Offset(in: text)
        try Self.checkEveryCut(text, reports: Self.yamlReports(Array(text.utf8)), source: "cut.yml", errorsAllowedBefore: firstEvent)
    }

    @Test("a multi-device record cut in its second device keeps the first whole")
    func secondDeviceCut() throws {
        let one = try TraceReader.read(text: Self.evemuText(), source: Self.device)
        var two = one
        two.devices.append(one.devices[0])
        // The recorder's clock: the first event a second after the recording started.
        for d in two.devices.indices {
            for k in two.devices[d].events.indices { two.devices[d].events[k].time.rawValue += 1_000_000 }
        }
        let text = LibinputRecordWriter.write(two)
        let secondEvents = try #require(text.range(of: "  events:", options: .backwards)).upperBound
        let cutText = String(text[..<secondEvents]) + "\n  - evdev:\n    - [  0,  1"
        let trace = try TraceReader.read(text: cutText, source: "two.yml")
        #expect(trace.devices.count == 2)
        #expect(trace.devices[0].events == two.devices[0].events)
        #expect(trace.devices[1].events.isEmpty)
        let cut = try #require(trace.cut)
        #expect(cut.line == cutText.split(separator: "\n").count)
        #expect(cut.description.hasPrefix("two.yml:\(cut.line): the recording is cut short"))
        // Cut in the first device: the one device left keeps the recorder's clock, as in the whole file.
        let firstEvents = try #require(text.range(of: "  events:")).upperBound
        let early = String(text[..<firstEvents]) + "\n  - evdev:\n    - [  0,  1"
        let left = try TraceReader.read(text: early, source: "two.yml")
        #expect(left.devices.count == 1)
        #expect(left.devices[0].events.isEmpty)
        let firstReport = try #require(text.range(of: "SYN_REPORT")).upperBound
        let firstFrame = try TraceReader.read(text: String(text[..<firstReport]), source: "two.yml")
        #expect(firstFrame.devices[0].events.first?.time.rawValue == 1_000_000)
    }
}

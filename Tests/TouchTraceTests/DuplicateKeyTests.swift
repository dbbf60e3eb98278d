import Testing
import TouchInput
import TouchTrace

/// Issue 22, defect 8: a key given twice in a recording is refused where the second one is read, in both
/// formats and at every level, strict or not (a duplicate on the last line is not a cut), naming the line of
/// the second and the line of the first. The cases are generated from each format's key lists: every key of
/// every mapping of a `libinput record` device, every keyed line of an evemu description.
@Suite("duplicate keys in recordings")
struct DuplicateKeyTests {
    // MARK: libinput record

    /// A line of the template: the mapping it is a key of ("" for lines that are not keys) and its key.
    struct Line {
        let text: String
        let mapping: String
        let key: String
        init(_ text: String, _ mapping: String = "", _ key: String = "") {
            self.text = text
            self.mapping = mapping
            self.key = key
        }
    }

    /// One device in block style, every key on a line of its own (the lines are numbered from 1).
    static let template: [Line] = [
        Line("version: 1", "top", "version"),
        Line("ndevices: 1", "top", "ndevices"),
        Line("devices:", "top", "devices"),
        Line("- node: /dev/input/event0", "device", "node"),
        Line("  evdev:", "device", "evdev"),
        Line("    name: \"T\"", "evdev", "name"),
        Line("    id: [24, 0, 0, 0]", "evdev", "id"),
        Line("    codes:", "evdev", "codes"),
        Line("      0: [0]", "codes", "0"),
        Line("      3: [53, 57]", "codes", "3"),
        Line("    absinfo:", "evdev", "absinfo"),
        Line("      53: [0, 100, 0, 0, 10]", "absinfo", "53"),
        Line("      57: [0, 65535, 0, 0, 0]", "absinfo", "57"),
        Line("    properties: []", "evdev", "properties"),
        Line("  udev:", "device", "udev"),
        Line("    properties:", "udev", "properties"),
        Line("    - ID_INPUT=1"),
        Line("  events:", "device", "events"),
        Line("  - evdev:", "event", "evdev"),
        Line("    - [0, 0, 3, 57, 1]"),
        Line("    - [0, 0, 3, 53, 1]"),
        Line("    - [0, 0, 0, 0, 0]"),
    ]

    /// The keys of each mapping of the format (libinput's tools/libinput-record.man), with a valid one-line
    /// value to give a second time (a different one where the value can differ).
    static let keys: [String: [(key: String, value: String)]] = [
        "top": [("version", "1"), ("ndevices", "1"), ("devices", "[]")],
        "device": [("node", "/dev/input/event1"),
                   ("evdev", "{name: U, id: [24, 0, 0, 0], codes: {0: [0], 3: [53, 57]}, absinfo: {53: [0, 9, 0, 0, 1], 57: [0, 9, 0, 0, 0]}, properties: []}"),
                   ("udev", "{properties: []}"), ("events", "[]")],
        "evdev": [("name", "\"U\""), ("id", "[3, 1, 2, 3]"), ("codes", "{0: [0], 3: [53]}"),
                  ("absinfo", "{53: [0, 9, 0, 0, 1], 57: [0, 9, 0, 0, 0]}"), ("properties", "[1]")],
        "codes": [("0", "[0]"), ("3", "[53]")],
        "absinfo": [("53", "[0, 100, 0, 0, 0]"), ("57", "[0, 9, 0, 0, 0]")],
        "udev": [("properties", "[]")],
        "event": [("evdev", "[[0, 0, 0, 0, 0]]")],
    ]

    struct Case: CustomStringConvertible {
        let mapping: String
        let key: String
        let text: String
        /// Line of the first and of the second key.
        let first: Int
        let second: Int
        var description: String { "\(mapping).\(key) twice (lines \(first), \(second))" }
    }

    /// The template's indentation of a mapping's keys (a "- " starting a sequence entry counts as indentation).
    static func indent(of line: String) -> String {
        String(repeating: " ", count: line.prefix { $0 == " " || $0 == "-" }.count)
    }

    /// Every key of every mapping given a second time at the end of its mapping.
    static func recordCases(lineBreakAtEnd: Bool) -> [Case] {
        var cases: [Case] = []
        for (mapping, entries) in keys {
            let lines = template.enumerated().filter { $0.element.mapping == mapping }
            // The mapping ends before the next line less indented than its keys (or at the end of the text).
            let keyIndent = indent(of: lines[0].element.text).count
            var end = lines.last!.offset
            while end + 1 < template.count, indent(of: template[end + 1].text).count >= keyIndent {
                end += 1
            }
            #expect(Set(lines.map(\.element.key)) == Set(entries.map(\.key)), "\(mapping): the template holds every key")
            for (key, value) in entries {
                guard let original = lines.first(where: { $0.element.key == key }) else { continue }
                var text = template.map(\.text)
                text.insert(String(repeating: " ", count: keyIndent) + "\(key): \(value)", at: end + 1)
                cases.append(Case(mapping: mapping, key: key, text: text.joined(separator: "\n") + (lineBreakAtEnd ? "\n" : ""),
                                  first: original.offset + 1, second: end + 2))
            }
        }
        return cases.sorted { ($0.mapping, $0.key) < ($1.mapping, $1.key) }
    }

    @Test("the template reads: one device, three events, absinfo resolution 10")
    func templateReads() throws {
        let text = Self.template.map(\.text).joined(separator: "\n") + "\n"
        let trace = try TraceReader.read(text: text, source: "t.yml", strict: true)
        #expect(trace.devices.count == 1)
        #expect(trace.eventCount == 3)
        #expect(trace.devices[0].description.absInfo[53]?.resolution == 10)
        #expect(trace.devices[0].description.udevProperties == ["ID_INPUT": "1"])
    }

    @Test("libinput record: every key of every mapping given twice is refused at the second, strict or not",
          arguments: [true, false])
    func recordDuplicates(lineBreakAtEnd: Bool) throws {
        let cases = Self.recordCases(lineBreakAtEnd: lineBreakAtEnd)
        #expect(cases.count == 18)
        for c in cases {
            for strict in [true, false] {
                let e = try #require(traceError { try TraceReader.read(text: c.text, source: "dup.yml", strict: strict) }, "\(c)")
                #expect(e.file == "dup.yml")
                #expect(e.line == c.second, "\(c): \(e)")
                #expect(e.message.contains("duplicate"), "\(c): \(e)")
                #expect(e.message.contains("'\(c.key)'"), "\(c): \(e)")
                #expect(e.message.contains("first given on line \(c.first)"), "\(c): \(e)")
            }
        }
    }

    @Test("an axis or event type given twice in different spellings (53 and 0x35) is the same key")
    func numericKeysCompareByValue() throws {
        var text = Self.template.map(\.text)
        text.insert("      0x35: [0, 100, 0, 0, 0]", at: 13)
        text.insert("      0x3: [53]", at: 10)
        let e = try #require(traceError { try TraceReader.read(text: text.joined(separator: "\n") + "\n", source: "dup.yml") })
        #expect(e.line == 11)
        #expect(e.message.contains("duplicate") && e.message.contains("first given on line 10"), "\(e)")
    }

    @Test("keys are counted per mapping: two devices that both give every key read")
    func keysAreCountedPerMapping() throws {
        // Two devices each with every key: nothing is a duplicate.
        var text = Self.template.map(\.text)
        text[1] = "ndevices: 2"
        text += Self.template[3...].map(\.text)
        let trace = try TraceReader.read(text: text.joined(separator: "\n") + "\n", source: "two.yml", strict: true)
        #expect(trace.devices.count == 2)
        #expect(trace.eventCount == 6)
    }

    // MARK: evemu

    /// An evemu 1.3 description with LED and switch state lines, then one frame (lines numbered from 1).
    static let evemuLines = [
        "# EVEMU 1.3",
        "N: Test Touchscreen",
        "I: 0018 0000 0000 0000",
        "P: 02 00 00 00 00 00 00 00",
        "B: 03 00 00 00 00 00 80 60 02",
        "A: 2f 0 9 0 0 0",
        "A: 35 0 1279 0 0 10",
        "A: 36 0 799 0 0 10",
        "A: 39 0 65535 0 0 0",
        "L: 00 1",
        "S: 00 0",
        "E: 0.000000 0003 0039 0007",
        "E: 0.000000 0000 0000 0000",
    ]

    /// The evemu lines that name something once per device (N:, I:) or per code (A:, L:, S:), with a second
    /// line for the same thing.
    static let evemuKeys: [(first: Int, second: String)] = [
        (2, "N: Other"), (3, "I: 0003 0001 0002 0003"),
        (6, "A: 2f 0 3 0 0 0"), (7, "A: 35 0 1279 0 0 0"), (8, "A: 36 0 99 0 0 10"), (9, "A: 39 0 9 0 0 0"),
        (10, "L: 00 0"), (11, "S: 00 1"),
    ]

    @Test("evemu: every N:, I:, A:, L: and S: given twice is refused at the second, strict or not, with or without events",
          arguments: [true, false])
    func evemuDuplicates(withEvents: Bool) throws {
        for (first, second) in Self.evemuKeys {
            var lines = Array(Self.evemuLines.prefix(11))
            lines.append(second)
            if withEvents { lines += Self.evemuLines.suffix(2) }
            for lineBreakAtEnd in [true, false] {
                let text = lines.joined(separator: "\n") + (lineBreakAtEnd ? "\n" : "")
                for strict in [true, false] {
                    let what = "\(second) after line \(first), events \(withEvents), strict \(strict)"
                    let e = try #require(traceError { try TraceReader.read(text: text, source: "dup.evemu", strict: strict) }, "\(what)")
                    #expect(e.line == 12, "\(what): \(e)")
                    #expect(e.message.contains("first given on line \(first)"), "\(what): \(e)")
                }
            }
        }
        // Without the second line the text reads, with the first line's values.
        let whole = try TraceReader.read(text: Self.evemuLines.joined(separator: "\n") + "\n", source: "ok.evemu", strict: true)
        #expect(whole.devices[0].description.absInfo[0x35]?.resolution == 10)
        #expect(whole.eventCount == 2)
    }

    @Test("evemu: the axis of a duplicated A: line is named in the message")
    func evemuAxisNamed() throws {
        let text = Self.evemuLines.prefix(9).joined(separator: "\n") + "\nA: 35 0 1279 0 0 0\n"
        let e = try #require(traceError { try TraceReader.read(text: text, source: "dup.evemu") })
        #expect(e.line == 10)
        #expect(e.message.contains("ABS_MT_POSITION_X"), "\(e)")
        #expect(e.message.contains("first given on line 7"), "\(e)")
    }

    @Test("evemu: B: and P: lines continue their masks; they are not duplicates")
    func masksContinue() throws {
        var lines = Self.evemuLines
        lines.insert("P: 00 00 00 00 00 00 00 00", at: 4)
        lines.insert("B: 03 00 00 00 00 00 00 00 00", at: 6)
        let trace = try TraceReader.read(text: lines.joined(separator: "\n") + "\n", source: "ok.evemu", strict: true)
        #expect(trace.devices[0].description.properties == [1])
        #expect(trace.eventCount == 2)
    }
}

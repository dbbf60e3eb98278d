import Foundation
import Testing
import TouchInput
import TouchTrace
import TouchModel

/// Bad `libinput record` input: a TraceError naming the line (libyaml's marks are 1-based here).
@Suite("libinput record reader: bad input")
struct LibinputRecordErrorTests {
    /// Lines 1-12 are the header and device; the events are lines 13 on, one per line.
    static func record(version: String = "1", ndevices: Int = 1, events: [String]) -> String {
        """
        version: \(version)
        ndevices: \(ndevices)
        devices:
        - node: /dev/input/event1
          evdev:
            name: "T"
            id: [24, 0, 0, 0]
            codes: {0: [0], 3: [53, 57]}
            absinfo: {53: [0, 100, 0, 0, 0], 57: [0, 65535, 0, 0, 0]}
            properties: []
          events:
          - evdev:

        """ + events.map { "    - \($0)\n" }.joined()
    }

    static let goodFrame = ["[0, 0, 3, 57, 1]", "[0, 0, 3, 53, 50]", "[0, 0, 0, 0, 0]"]

    @Test("the hand-written record is valid as it is")
    func baseline() throws {
        let trace = try TraceReader.read(text: Self.record(events: Self.goodFrame), source: "ok.yml")
        #expect(trace.devices[0].events.count == 3)
    }

    @Test("unknown version", arguments: ["2", "0", "\"one\""])
    func unknownVersion(_ version: String) throws {
        let error = try #require(traceError { try TraceReader.read(text: Self.record(version: version, events: Self.goodFrame), source: "v.yml") })
        #expect(error.line == 1)
        #expect(error.column == 10)
        if version == "\"one\"" {
            guard case .malformed = error.problem else { Issue.record("\(error.problem)"); return }
        } else {
            guard case .unsupportedVersion = error.problem else { Issue.record("\(error.problem)"); return }
        }
    }

    @Test("truncated inside an event list item")
    func truncatedMidItem() throws {
        let text = Self.record(events: Self.goodFrame + ["[0, 5000, 3, 53, 60]", "[0, 5000, 0, 0, 0]"]) + "    - [0, 9000, 3,"
        let error = try #require(traceError { try TraceReader.read(text: text, source: "cut.yml", strict: true) })
        guard case .truncated = error.problem else { Issue.record("\(error.problem)"); return }
        #expect(error.line == 18)   // the cut line (libyaml itself reports the line after it)
        #expect(error.eventsRead == 5)
        #expect(error.lastGoodLine == 17)
    }

    @Test("truncated between lines inside a frame: the last frame has no SYN_REPORT")
    func truncatedMidFrame() throws {
        let text = Self.record(events: Self.goodFrame + ["[0, 5000, 3, 53, 60]"])
        let error = try #require(traceError { try TraceReader.read(text: text, source: "cut.yml", strict: true) })
        guard case .truncated = error.problem else { Issue.record("\(error.problem)"); return }
        #expect(error.line == 16)
        #expect(error.eventsRead == 4)
    }

    @Test("more devices than ndevices says")
    func extraDevice() throws {
        let error = try #require(traceError { try TraceReader.read(text: Self.record(ndevices: 0, events: Self.goodFrame), source: "n.yml") })
        guard case .malformed = error.problem else { Issue.record("\(error.problem)"); return }
        #expect(error.line == 2)
    }

    @Test("fewer devices than ndevices says")
    func missingDevice() throws {
        let error = try #require(traceError { try TraceReader.read(text: Self.record(ndevices: 2, events: Self.goodFrame), source: "n.yml", strict: true) })
        guard case .truncated = error.problem else { Issue.record("\(error.problem)"); return }
        #expect(error.line == 2)
        #expect(error.eventsRead == 3)
    }

    @Test("time going backwards, at the event's line")
    func nonMonotonic() throws {
        let text = Self.record(events: ["[1, 500, 3, 57, 1]", "[1, 500, 0, 0, 0]", "[1, 499, 3, 53, 5]", "[1, 600, 0, 0, 0]"])
        let error = try #require(traceError { try TraceReader.read(text: text, source: "t.yml") })
        #expect(error.problem == .nonMonotonicTime(previousUs: 1_000_500, timeUs: 1_000_499))
        #expect(error.line == 15)
        #expect(error.column == 7)
        #expect(error.eventsRead == 2)
    }

    @Test("unknown event types and codes", arguments: [
        ("[0, 0, 32, 0, 0]", TraceError.Problem.unknownEventType(32)),
        ("[0, 0, 3, 64, 0]", .unknownEventCode(type: EventType.abs, code: 64)),
        ("[0, 0, 1, 768, 1]", .unknownEventCode(type: EventType.key, code: 768)),
        ("[0, 0, -1, 0, 0]", .unknownEventType(-1)),
        ("[0, 0, 3, -5, 0]", .unknownEventCode(type: EventType.abs, code: -5)),
        ("[0, 0, 70000, 0, 0]", .unknownEventType(70000)),
    ])
    func unknownEvents(_ event: String, problem: TraceError.Problem) throws {
        let text = Self.record(events: Self.goodFrame + [event, "[0, 0, 0, 0, 0]"])
        let error = try #require(traceError { try TraceReader.read(text: text, source: "u.yml") })
        #expect(error.problem == problem)
        #expect(error.line == 16)
        #expect(error.eventsRead == 3)
    }

    @Test("unknown types and codes in the description", arguments: [
        ("{0: [0], 70000: []}", TraceError.Problem.unknownEventType(70000)),
        ("{0: [0], -3: [1]}", .unknownEventType(-3)),
        ("{0: [0], 3: [53, -1]}", .unknownEventCode(type: EventType.abs, code: -1)),
        ("{0: [0], 3: [53, 57, 64]}", .unknownEventCode(type: EventType.abs, code: 64)),
    ])
    func unknownDescriptionCodes(_ codes: String, problem: TraceError.Problem) throws {
        let text = Self.record(events: Self.goodFrame).replacingOccurrences(of: "{0: [0], 3: [53, 57]}", with: codes)
        let error = try #require(traceError { try TraceReader.read(text: text, source: "c.yml") })
        #expect(error.problem == problem)
        #expect(error.line == 8)
    }

    @Test("malformed events", arguments: ["[0, 0, 3, 53]", "[0, 0, 3, 53, 1, 2]", "[0, 0, 3, 53, x]", "[0, 1000000, 3, 53, 1]",
                                          "[0, 0, 3, 53, 4294967296]", "{a: 1}"])
    func malformedEvent(_ event: String) throws {
        let text = Self.record(events: Self.goodFrame + [event, "[0, 0, 0, 0, 0]"])
        let error = try #require(traceError { try TraceReader.read(text: text, source: "m.yml") })
        guard case .malformed = error.problem else { Issue.record("\(error.problem)"); return }
        #expect(error.line == 16)
    }

    @Test("YAML syntax errors carry libyaml's line and column")
    func syntax() throws {
        let text = Self.record(events: Self.goodFrame) + "  key: value: oops\n"
        let error = try #require(traceError { try TraceReader.read(text: text, source: "s.yml") })
        guard case .yamlSyntax = error.problem else { Issue.record("\(error.problem)"); return }
        #expect(error.line == 16)
        #expect(error.column != nil)
    }

    @Test("garbage that is not YAML at all")
    func garbage() throws {
        let error = try #require(traceError { try TraceReader.read(text: "version: 1\n\t- ][ :\n", source: "g.yml") })
        guard case .yamlSyntax = error.problem else { Issue.record("\(error.problem)"); return }
        #expect(error.line == 2)
    }

    @Test("missing keys", arguments: [("evdev", 4), ("name", 5), ("codes", 5)])   // device line, or the evdev: line
    func missingKey(_ key: String, line: Int) throws {
        var lines = Self.record(events: Self.goodFrame).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        switch key {
        case "evdev": lines.removeSubrange(4...9)
        case "name": lines.remove(at: 5)
        default: lines.remove(at: 7)
        }
        let error = try #require(traceError { try TraceReader.read(text: lines.joined(separator: "\n"), source: "k.yml") })
        #expect(error.problem == .missingKey(key))
        #expect(error.line == line)
    }

    @Test("an EV_ABS code without absinfo")
    func missingAbsInfo() throws {
        let text = Self.record(events: Self.goodFrame).replacingOccurrences(of: "57: [0, 65535, 0, 0, 0]", with: "54: [0, 1, 0, 0, 0]")
        let error = try #require(traceError { try TraceReader.read(text: text, source: "a.yml") })
        #expect(error.line == 8)
        #expect(error.description.contains("ABS_MT_TRACKING_ID"))
    }
}


import Foundation
import Testing
import TouchInput
import TouchModel
@testable import TouchTrace

/// Issue 33 item 7: a recording rewritten in place between its check and its play (`run --replay` of a file
/// an editor or a recorder writes again). Each event's time is checked again as it is read back: a time
/// before the device's first, after its last, or before the event played just before stops the stream with
/// an error naming the file's time, for both formats and both clocks of `libinput record` (one device,
/// counted from its first event; several devices, the recording's start). Before: the one-device record
/// trapped (UInt64 underflow in `RecordEventCursor`), a later time was played (a replay waits for it).
@Suite("recordings rewritten after their check")
struct RewrittenFileTimesTests {
    /// One device's frames: at +0, +10 and +20 ms, 3 + 3 + 3 events (`sampleEvents`).
    static let frameOffsets: [UInt64] = [0, 0, 0, 0, 10_000, 10_000, 10_000, 20_000, 20_000]

    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        /// evemu, its clock at 500 s.
        case evemu
        /// `libinput record`, one device, its times from 5 s (the trace clock subtracts 5 s).
        case recordOneDevice
        /// `libinput record`, two devices, the recording's clock from 0; the second device's events rewritten.
        case recordTwoDevices
        var testDescription: String { rawValue }

        /// The file's time of the rewritten device's first event.
        var base: UInt64 {
            switch self {
            case .evemu: 500_000_000
            case .recordOneDevice: 5_000_000
            case .recordTwoDevices: 0
            }
        }

        /// Index, among the file's event lines, of the rewritten device's first event.
        var firstLine: Int { self == .recordTwoDevices ? 9 : 0 }
    }

    /// The file's text with every event at `time(k)` (k: the event's index among the file's event lines).
    static func text(_ kind: Kind, time: (Int) -> UInt64) throws -> String {
        let events = sampleEvents.split(separator: "\n").enumerated().map { k, line in
            let t = time(k)
            let fields = line.split(separator: " ")
            return "E: \(t / 1_000_000).\(String(format: "%06llu", t % 1_000_000)) " + fields[2...].joined(separator: " ")
        }
        switch kind {
        case .evemu:
            return sampleDescription + events.joined(separator: "\n") + "\n"
        case .recordOneDevice, .recordTwoDevices:
            let trace = try TraceReader.read(text: sampleDescription + sampleEvents, source: "sample")
            let devices = kind == .recordOneDevice ? trace.devices : trace.devices + trace.devices
            var record = LibinputRecordWriter.write(Trace(devices: devices, format: .libinputRecord, source: "sample"))
            // The writer counts from zero; each event line's time is set to time(k), same width.
            var lines = record.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var k = 0
            for (n, line) in lines.enumerated() where line.hasPrefix("    - [") {
                let t = time(k)
                let rest = line.split(separator: ",", maxSplits: 2)[2]
                lines[n] = "    - [" + String(format: "%3llu, %6llu,", t / 1_000_000, t % 1_000_000) + rest
                k += 1
            }
            record = lines.joined(separator: "\n")
            return record
        }
    }

    struct Rewrite: CustomTestStringConvertible {
        var name: String
        /// The rewritten device's event (0-based) and its new offset from the device's base time (µs; may
        /// be negative: before the base).
        var event: Int
        var offset: Int64
        var testDescription: String { name }
    }

    static let rewrites = [
        Rewrite(name: "first event 0.5 s earlier", event: 0, offset: -500_000),
        Rewrite(name: "a middle event 0.5 s before the first", event: 4, offset: -500_000),
        Rewrite(name: "a middle event back, after the first", event: 7, offset: 5_000),
        Rewrite(name: "a middle event 9 s later than the last", event: 4, offset: 9_010_000),
        Rewrite(name: "the last event 0.5 s later", event: 8, offset: 520_000),
    ]

    @Test("every event's time is checked again as it plays", arguments: Kind.allCases, rewrites)
    func rewrittenTime(_ kind: Kind, _ rewrite: Rewrite) throws {
        // Two devices start at the recording's zero: nothing can be earlier.
        if kind == .recordTwoDevices, rewrite.offset < 0 { return }
        let dir = try TempDir()
        defer { dir.remove() }
        let original = { (k: Int) -> UInt64 in
            let own = k - kind.firstLine
            return own >= 0 ? kind.base + Self.frameOffsets[own] : Self.frameOffsets[k]
        }
        let changedTime = UInt64(Int64(kind.base) + rewrite.offset)
        let before = try Self.text(kind, time: original)
        let after = try Self.text(kind) { k in k == kind.firstLine + rewrite.event ? changedTime : original(k) }
        #expect(before.utf8.count == after.utf8.count, "the rewrite keeps the file's length")
        let path = try dir.write("r.\(kind == .evemu ? "evemu" : "yml")", before)
        let stream = try TraceReader.open(path: path)
        #expect(stream.eventCount == (kind == .recordTwoDevices ? 18 : 9))
        // In place: the stream's descriptor sees the new bytes.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data(after.utf8))
        try handle.close()

        let e = try #require(traceError { try stream.readAll() }, "\(kind) \(rewrite.name)")
        #expect(e.file == path)
        guard case .cannotRead(let why) = e.problem else { Issue.record("\(kind) \(rewrite.name): \(e)"); return }
        #expect(why.contains("the file changed after it was checked"), "\(why)")
        let seconds = "\(changedTime / 1_000_000).\(String(format: "%06llu", changedTime % 1_000_000))s"
        #expect(why.contains(seconds), "names the file's new time \(seconds): \(why)")
    }

    @Test("an unchanged file plays every event at its time", arguments: Kind.allCases)
    func unchanged(_ kind: Kind) throws {
        let dir = try TempDir()
        defer { dir.remove() }
        let text = try Self.text(kind) { k in
            let own = k - kind.firstLine
            return own >= 0 ? kind.base + Self.frameOffsets[own] : Self.frameOffsets[k]
        }
        let stream = try TraceReader.open(path: try dir.write("u.\(kind == .evemu ? "evemu" : "yml")", text))
        let trace = try stream.readAll()
        let played = trace.devices.last!.events.map(\.time.rawValue)
        // evemu and a one-device record count from the device's first event; two devices from the start.
        let expected = Self.frameOffsets.map { kind == .recordTwoDevices ? $0 + kind.base : $0 }
        #expect(played == expected)
    }
}

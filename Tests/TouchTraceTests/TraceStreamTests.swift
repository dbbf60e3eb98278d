import FixtureSupport
import Foundation
import Testing
import TouchInput
import TouchModel
@testable import TouchTrace

/// Issue 22, readers that stream: `TraceReader.open` checks a recording whole, keeping only its device
/// descriptions and counts, then plays each device's events from the file. It must give what `read` gives
/// (events, descriptions, cut, errors) for every fixture, every cut of a recording in both formats and
/// multi-device files, from a file or from memory.
@Suite("recordings read as a stream")
struct TraceStreamTests {
    static func whole(_ text: String, _ source: String, strict: Bool) -> Result<Trace, TraceError> {
        Result { () throws(TraceError) in try TraceReader.read(text: text, source: source, strict: strict) }
    }

    static func streamed(_ text: String, _ source: String, strict: Bool) -> Result<Trace, TraceError> {
        Result { () throws(TraceError) in try TraceReader.open(text: text, source: source, strict: strict).readAll() }
    }

    /// The stream's own record of each device's events matches the events played.
    static func expectCounts(_ stream: TraceStream, _ trace: Trace, _ what: String) {
        #expect(stream.eventCounts == trace.devices.map(\.events.count), "\(what)")
        #expect(stream.lastEventTimes == trace.devices.map { $0.events.last?.time ?? .zero }, "\(what)")
        #expect(stream.devices == trace.devices.map(\.description), "\(what)")
    }

    @Test("every fixture streams from its file to what read gives", arguments: FixtureCatalog.recordings)
    func fixtures(_ entry: FixtureCatalog.Entry) throws {
        let path = Fixtures.path(entry.name)
        let description = entry.pairedDescription.map(Fixtures.path)
        let trace = try TraceReader.read(path: path, description: description)
        let stream = try TraceReader.open(path: path, description: description)
        #expect(try stream.readAll() == trace)
        Self.expectCounts(stream, trace, entry.name)
        #expect(stream.eventCount > 0)
    }

    @Test("every fixture, written as libinput record to a file, streams to what read gives", arguments: FixtureCatalog.recordings)
    func fixturesAsRecords(_ entry: FixtureCatalog.Entry) throws {
        let dir = try TempDir()
        defer { dir.remove() }
        let trace = try FixtureCatalog.read(entry)
        let path = try dir.write("r.yml", LibinputRecordWriter.write(trace))
        let whole = try TraceReader.read(path: path)
        let stream = try TraceReader.open(path: path)
        #expect(try stream.readAll() == whole)
        Self.expectCounts(stream, whole, entry.name)
        #expect(whole.devices[0].events.count == trace.devices[0].events.count)
    }

    /// Every prefix of `text`, strict and not: the same trace or the same error.
    static func expectEveryCutAgrees(_ text: String, source: String) {
        let bytes = Array(text.utf8)
        for length in 0...bytes.count {
            let prefix = String(decoding: bytes[0..<length], as: UTF8.self)
            for strict in [false, true] {
                let a = whole(prefix, source, strict: strict)
                let b = streamed(prefix, source, strict: strict)
                #expect(a == b, "cut at \(length), strict \(strict)")
                if case .success(let trace) = a, let stream = try? TraceReader.open(text: prefix, source: source, strict: strict) {
                    expectCounts(stream, trace, "cut at \(length)")
                }
            }
        }
    }

    @Test("evemu: every byte length of a real recording streams to what read gives")
    func evemuEveryCut() throws {
        Self.expectEveryCutAgrees(try TruncationTests.evemuText(), source: "cut.evemu")
    }

    @Test("libinput record: every byte length of the same recording streams to what read gives")
    func recordEveryCut() throws {
        let trace = try TraceReader.read(text: TruncationTests.evemuText(), source: "w")
        Self.expectEveryCutAgrees(LibinputRecordWriter.write(trace), source: "cut.yml")
    }

    @Test("libinput record with three devices on the recorder's clock, from a file: every device streams whole, cut or not")
    func multiDevice() throws {
        let one = try TraceReader.read(text: TruncationTests.evemuText(), source: "w")
        var three = one
        three.devices = [one.devices[0], one.devices[0], one.devices[0]]
        for d in three.devices.indices {
            for k in three.devices[d].events.indices { three.devices[d].events[k].time.rawValue += UInt64(d + 1) * 1_000_000 }
        }
        let text = LibinputRecordWriter.write(three)
        let dir = try TempDir()
        defer { dir.remove() }
        let path = try dir.write("three.yml", text)
        let stream = try TraceReader.open(path: path)
        let trace = try stream.readAll()
        #expect(trace == (try TraceReader.read(path: path)))
        #expect(trace.devices.map(\.events) == three.devices.map(\.events))
        // The cursors of all devices read at once, interleaved (as a replay merges them).
        let cursors = try (0..<3).map { try stream.events(ofDevice: $0) }
        var got: [[InputEvent]] = [[], [], []]
        var progress = true
        while progress {
            progress = false
            for d in 0..<3 {
                if let e = try cursors[d].next() {
                    got[d].append(e)
                    progress = true
                }
            }
        }
        #expect(got == three.devices.map(\.events))
        // Cut inside the third device's events: the first two whole, the third up to its last complete frame.
        let third = try #require(text.range(of: "  events:", options: .backwards)).upperBound
        let cutText = String(text[..<third]) + "\n  - evdev:\n    - [  3,  0,  3, 47, 0]\n    - [  3,  0,  0,  0,  0]\n    - [  3,  1"
        let cutPath = try dir.write("cut.yml", cutText)
        let cut = try TraceReader.open(path: cutPath)
        #expect(cut.cut != nil)
        #expect(try cut.readAll() == (try TraceReader.read(path: cutPath)))
        #expect(cut.eventCounts == [three.devices[0].events.count, three.devices[1].events.count, 2])
    }

    @Test("a file that changes after it was checked gives an error naming it, not other events")
    func changedFile() throws {
        let dir = try TempDir()
        defer { dir.remove() }
        let text = try TruncationTests.evemuText()
        let trace = try TraceReader.read(text: text, source: "w")
        for (name, content) in [("c.evemu", text), ("c.yml", LibinputRecordWriter.write(trace))] {
            let path = try dir.write(name, content)
            let stream = try TraceReader.open(path: path)
            // Shorter: the events are no longer all there.
            let cutAt = content.utf8.count * 2 / 3
            #expect(truncate(path, off_t(cutAt)) == 0)
            let e = try #require(traceError { try stream.readAll() }, "\(name)")
            #expect(e.file == path)
            guard case .cannotRead(let why) = e.problem else { Issue.record("\(name): \(e)"); continue }
            #expect(why.contains("changed") || why.contains("shrank"), "\(name): \(why)")
        }
    }

    // MARK: memory

    /// An evemu recording of `frames` one-finger frames (4 events each), or the same as libinput record.
    static func long(frames: Int, format: TraceFormat) -> String {
        var events: [InputEvent] = []
        events.reserveCapacity(frames * 4)
        for f in 0..<frames {
            let t = Microseconds(UInt64(f) * 8_000)
            events.append(InputEvent(time: t, type: 3, code: 0x39, value: f % 50 == 49 ? -1 : Int32(f / 50)))
            events.append(InputEvent(time: t, type: 3, code: 0x35, value: Int32(f % 1280)))
            events.append(InputEvent(time: t, type: 3, code: 0x36, value: Int32(f % 800)))
            events.append(InputEvent(time: t, type: 0, code: 0, value: 0))
        }
        let description = try! TraceReader.read(text: sampleDescription, source: "d").devices[0].description
        let device = TraceDevice(description: description, events: events)
        switch format {
        case .evemu: return EvemuWriter.write(device)
        case .libinputRecord: return LibinputRecordWriter.write(Trace(devices: [device], format: .libinputRecord, source: "long"))
        }
    }

    /// The most bytes a device's cursor held (libyaml's buffers, queues and stacks; the line buffer), sampled
    /// after every event, and the events read.
    static func peakHeld(_ text: String) throws -> (held: Int, events: Int) {
        let stream = try TraceReader.open(text: text, source: "long")
        let cursor = try stream.events(ofDevice: 0)
        var peak = cursor.heldBytes
        var n = 0
        while try cursor.next() != nil {
            peak = max(peak, cursor.heldBytes)
            n += 1
        }
        return (peak, n)
    }

    @Test("the memory a stream holds does not grow with the recording (5 000 and 50 000 frames)",
          arguments: [TraceFormat.evemu, .libinputRecord])
    func memoryDoesNotGrow(_ format: TraceFormat) throws {
        let short = Self.long(frames: 5_000, format: format)
        let long = Self.long(frames: 50_000, format: format)
        #expect(long.utf8.count > 9 * short.utf8.count)
        // The checking pass keeps no event.
        var copy = long
        let source = copy.withUTF8 { ByteSource(copying: UnsafeRawBufferPointer($0), name: "long") }
        let checked = try TraceReader.check(source, source: "long", descriptionPath: nil, strict: true, keepsEvents: false)
        #expect(checked.trace.eventCount == 0)
        #expect(checked.eventCounts == [200_000])
        let a = try Self.peakHeld(short)
        let b = try Self.peakHeld(long)
        #expect(a.events == 20_000)
        #expect(b.events == 200_000)
        // libyaml's buffers and stacks are the same for both; the evemu line buffer holds at most a chunk read
        // ahead and the line being read (under 100 bytes here), wherever the chunks happen to end.
        #expect(b.held <= max(a.held, ByteSource.chunkSize + 128), "\(format): \(a.held) bytes held for 5 000 frames, \(b.held) for 50 000")
        #expect(b.held > 0 && b.held <= 2 << 20, "\(format): \(b.held)")
    }
}

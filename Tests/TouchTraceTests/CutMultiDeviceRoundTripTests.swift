import Foundation
import Testing
import TouchInput
import TouchModel
import TouchTrace

/// `libinput record` files that declare more devices than they hold (a recording cut short), read from the
/// fuzzer's regression inputs (Fuzz/regressions/libinput-record/ndevices-*, cut-multi-device-*): the devices
/// left keep the recorder's clock when read; written back, a lone device starts at 0 as the writer documents,
/// several devices keep their shared clock.
@Suite("multi-device records cut down to fewer devices")
struct CutMultiDeviceRoundTripTests {
    static let regressions = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/regressions/libinput-record")

    /// The touchscreen's frames as the files write them: 1.500000 s down at (100, 200), 1.520000 s up.
    static let down: [(UInt16, UInt16, Int32)] = [(3, 57, 7), (3, 53, 100), (3, 54, 200), (1, 330, 1), (0, 0, 0)]
    static let up: [(UInt16, UInt16, Int32)] = [(3, 57, -1), (1, 330, 0), (0, 0, 0)]

    static func events(_ frames: [(at: UInt64, [(UInt16, UInt16, Int32)])]) -> [InputEvent] {
        frames.flatMap { frame in frame.1.map { InputEvent(time: Microseconds(frame.at), type: $0.0, code: $0.1, value: $0.2) } }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let file: String
        /// Complete frames left of the touchscreen (1: the down frame, 2: down and up).
        let frames: Int
        let droppedEvents: Int
        let udev: [String: String]
        var testDescription: String { file }
    }

    static let touchUdev = ["ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1"]
    static let cases: [Case] = [
        Case(file: "cut-multi-device-record-left-with-one-device", frames: 1, droppedEvents: 1, udev: [:]),
        Case(file: "ndevices-2-holding-one-whole-device", frames: 2, droppedEvents: 0, udev: touchUdev),
        Case(file: "ndevices-2-second-device-cut-in-its-evdev", frames: 2, droppedEvents: 0, udev: touchUdev),
        Case(file: "ndevices-2-first-device-cut-mid-frame", frames: 1, droppedEvents: 1, udev: touchUdev),
        // `properTies` under udev is an unknown key (no properties); an unknown event kind and a libinput entry are skipped.
        Case(file: "ndevices-2-odd-keys-cut-in-invalid-utf8", frames: 2, droppedEvents: 0, udev: [:]),
    ]

    @Test("one device left: read on the recorder's clock, written back starting at 0", arguments: cases)
    func oneDeviceLeft(_ c: Case) throws {
        let bytes = try Data(contentsOf: Self.regressions.appendingPathComponent(c.file))
        let trace = try TraceReader.read(text: String(decoding: bytes, as: UTF8.self), source: c.file)
        #expect(trace.devices.count == 1)
        let cut = try #require(trace.cut)
        #expect(cut.droppedEvents == c.droppedEvents)
        let frames = [(at: UInt64(1_500_000), Self.down), (at: UInt64(1_520_000), Self.up)].prefix(c.frames)
        #expect(trace.devices[0].events == Self.events(Array(frames)))
        #expect(trace.devices[0].description.udevProperties == c.udev)

        let written = LibinputRecordWriter.write(trace)
        #expect(written.contains("\nndevices: 1\n"))
        let again = try TraceReader.read(text: written, source: c.file + " (rewritten)")
        #expect(again.cut == nil)
        #expect(again.devices.count == 1)
        let fromZero = [(at: UInt64(0), Self.down), (at: UInt64(20_000), Self.up)].prefix(c.frames)
        #expect(again.devices[0].events == Self.events(Array(fromZero)))
        #expect(again.devices[0].description.udevProperties == c.udev)
    }

    @Test("two devices left of three: read and written back on the recorder's clock")
    func twoDevicesLeft() throws {
        let file = "ndevices-3-holding-two-whole-devices"
        let bytes = try Data(contentsOf: Self.regressions.appendingPathComponent(file))
        let trace = try TraceReader.read(text: String(decoding: bytes, as: UTF8.self), source: file)
        #expect(trace.cut != nil)
        let touch = Self.events([(at: 1_500_000, Self.down), (at: 1_520_000, Self.up)])
        let keys = Self.events([(at: 200_000, [(1, 2, 1), (0, 0, 0)])])
        #expect(trace.devices.map(\.events) == [touch, keys])
        let again = try TraceReader.read(text: LibinputRecordWriter.write(trace), source: file + " (rewritten)")
        #expect(again.cut == nil)
        #expect(again.devices.map(\.events) == [touch, keys])
    }

    static func text(_ file: String) throws -> String {
        String(decoding: try Data(contentsOf: regressions.appendingPathComponent(file)), as: UTF8.self)
    }

    @Test("the clock is decided by an ndevices given before the device list, so every cut decides as the whole")
    func clockFromHeader() throws {
        let touch = Self.events([(at: 1_500_000, Self.down), (at: 1_520_000, Self.up)])
        let fromZero = Self.events([(at: 0, Self.down), (at: 20_000, Self.up)])
        let one = try Self.text("ndevices-2-holding-one-whole-device")
        // ndevices: 1 before the list, as libinput record writes it: the one device counts from its first event.
        let declaredOne = one.replacingOccurrences(of: "ndevices: 2\n", with: "ndevices: 1\n")
        #expect(try TraceReader.read(text: declaredOne, source: "one.yml").devices.map(\.events) == [fromZero])
        // ndevices after the list: a cut before it could not know it, so the file's times are kept.
        let declaredAfter = one.replacingOccurrences(of: "ndevices: 2\n", with: "") + "ndevices: 1\n"
        let after = try TraceReader.read(text: declaredAfter, source: "after.yml")
        #expect(after.cut == nil)
        #expect(after.devices.map(\.events) == [touch])

        // No readable ndevices (the fuzzer's mangled key) and two devices, the second cut in its events; cut
        // again inside the second device's evdev, one device is left: both keep the file's times.
        let two = try Self.text("ndevices-3-holding-two-whole-devices").replacingOccurrences(of: "ndevices: 3\n", with: "nd\u{FFFD}evices: 3\n")
        let whole = try TraceReader.read(text: String(two.dropLast(14)), source: "two.yml")
        #expect(whole.devices.map(\.events) == [touch, []])
        let secondDevice = try #require(two.range(of: "    id: [1, 2")).upperBound
        let left = try TraceReader.read(text: String(two[..<secondDevice]), source: "two.yml")
        #expect(left.devices.map(\.events) == [touch])
    }

    /// A device beyond an `ndevices` given before the list is refused where it begins, at the ndevices line: the
    /// whole text and every cut that reaches the extra device read the same way. Before, a cut ending just
    /// after the extra device began read one device counted from its first event, and the whole text two on
    /// the recorder's clock: the cut's events did not begin the whole's (the fuzzer's
    /// cut-inside-a-tagged-key-after-the-device-list).
    @Test("a device beyond ndevices is refused where it begins, whole or cut at every byte")
    func deviceBeyondDeclaredCount() throws {
        let fromZero = Self.events([(at: 0, Self.down), (at: 20_000, Self.up)])
        let text = try Self.text("ndevices-3-holding-two-whole-devices").replacingOccurrences(of: "ndevices: 3\n", with: "ndevices: 1\n")
        let whole = traceError { try TraceReader.read(text: text, source: "two.yml") }
        #expect(whole?.line == 3)
        #expect(whole.map { "\($0)" }?.contains("ndevices is 1 but the list holds more devices (device 2 begins on line 38)") == true,
                "\(String(describing: whole))")
        let utf8 = Array(text.utf8)
        let secondBegins = try #require(text.range(of: "- node: /dev/input/event6")).lowerBound.utf16Offset(in: text)
        var refusedAtTheExtraDevice = 0
        for length in 0...utf8.count {
            let prefix = String(decoding: utf8[..<length], as: UTF8.self)
            guard let cut = try? TraceReader.read(text: prefix, source: "two.yml") else { continue }
            // Whatever reads is the first device alone, on its own clock, complete frames of it.
            #expect(cut.devices.count == 1, "cut at \(length) reads \(cut.devices.count) devices")
            #expect(fromZero.starts(with: cut.devices.first?.events ?? []), "cut at \(length)")
            #expect(length <= secondBegins + 30, "cut at \(length), past the second device's start, reads")
        }
        for length in (secondBegins + 30)...utf8.count {
            let prefix = String(decoding: utf8[..<length], as: UTF8.self)
            if traceError({ try TraceReader.read(text: prefix, source: "two.yml") })?.line == 3 { refusedAtTheExtraDevice += 1 }
        }
        #expect(refusedAtTheExtraDevice == utf8.count - secondBegins - 29)
    }

    /// Before issue 22 a second list was read on (refused only when its times went back); a key given twice is
    /// now refused where the second one is read.
    @Test("a second events: list of a device is refused where it begins, naming the first", arguments: [1, 2])
    func eventsListedTwice(ndevices: Int) throws {
        let one = try Self.text("ndevices-2-holding-one-whole-device").replacingOccurrences(of: "ndevices: 2\n", with: "ndevices: \(ndevices)\n")
        let text = one + "  events:\n  - evdev:\n    - [  0, 500000,   0,   0,     0]\n"
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let first = 1 + lines.firstIndex { $0 == "  events:" }!
        let error = traceError { try TraceReader.read(text: text, source: "twice.yml") }
        #expect(error?.line == lines.count - 3)
        #expect(error?.problem == .duplicate("duplicate key 'events' in device 1 (first given on line \(first))"))
    }
}

import Testing
import TouchInput
import TouchTrace
import TouchModel

/// Hand-written records in the layout of libinput's tools/libinput-record.c (checked against its
/// source and man page): comments, unknown keys, `libinput:`/`hid:` event entries, several devices.
@Suite("libinput record reader")
struct LibinputRecordTests {
    static let twoDevices = """
        # libinput record
        version: 1
        ndevices: 2
        libinput:
          version: "1.22.1"
          git: "unknown"
        system:
          os: "debian:12"
          kernel: "6.1.0"
          dmi: "dmi:bvnLENOVO:bvrGJET72WW(2.22):bd02/21/2014:svnLENOVO:"
        future_top_level_key: {anything: [1, 2, 3]}
        devices:
        - node: /dev/input/event5
          evdev:
            # Name: Test Touchscreen
            # ID: bus 0x18 vendor 0000 product 0000 version 0000
            name: "Test Touchscreen"
            id: [24, 0, 0, 0]
            codes:
              0: [0, 1, 2, 3] # EV_SYN
              1: [330] # EV_KEY
              3: [0, 1, 47, 53, 54, 57] # EV_ABS
            absinfo:
              0: [0, 1279, 0, 0, 10]
              1: [0, 799, 0, 0, 10]
              47: [0, 9, 0, 0, 0]
              53: [0, 1279, 0, 0, 10]
              54: [0, 799, 0, 0, 10]
              57: [0, 65535, 0, 0, 0]
            properties: [1]
            unknown_evdev_key: 7
          hid: [0x05, 0x0d, 0x09, 0x04]
          udev:
            properties:
            - ID_INPUT=1
            - ID_INPUT_TOUCHSCREEN=1
            virtual: false
          quirks:
          - AttrSizeHint=128x80
          libinput:
            capabilities: [touch]
          events:
          # Current time is 10:00:00
          - hid:
              time: [0, 0]
              hidraw0: [1, 2, 3, 4]
          - evdev:
            - [  1, 500000,   3,  57,     7] # EV_ABS / ABS_MT_TRACKING_ID 7
            - [  1, 500000,   3,  53,   100] # EV_ABS / ABS_MT_POSITION_X 100
            - [  1, 500000,   3,  54,   200]
            - [  1, 500000,   1, 330,     1]
            - [  1, 500000,   0,   0,     0] # ------------ SYN_REPORT (0) ---------- +0ms
            libinput:
            - {type: TOUCH_DOWN, time: 1.5, slot: 0, seat_slot: 0, point: [7.8, 25.0]}
          - libinput:
            - {type: TOUCH_FRAME, time: 1.5}
          - evdev:
            - [  1, 510000,   3,  53,   110]
            - [  1, 510000,   0,   0,     0]
          - unknown_event_kind: {x: 1}
          - evdev:
            - [  1, 520000,   3,  57,    -1]
            - [  1, 520000,   1, 330,     0]
            - [  1, 520000,   0,   0,     0]
        - node: /dev/input/event6
          evdev:
            name: "Keys ⌨"
            id: [17, 1, 1, 43841]
            codes:
              0: [0, 1, 4]
              1: [1, 2, 3]
              4: [4]
              17: []
            properties: []
          udev:
            properties:
            - ID_INPUT_KEY=1
          events:
          - evdev:
            - [  0, 200000,   1,   2,     1]
            - [  0, 200000,   0,   0,     0]
          - evdev:
            - [  2,      1,   1,   2,     0]
            - [  2,      1,   0,   0,     0]

        """

    @Test("two devices: descriptions, udev properties, events; libinput:, hid: and unknown entries skipped")
    func twoDevices() throws {
        let trace = try TraceReader.read(text: Self.twoDevices, source: "two.yml")
        #expect(trace.format == .libinputRecord)
        #expect(trace.devices.count == 2)
        let touch = trace.devices[0]
        #expect(touch.description.name == "Test Touchscreen")
        #expect(touch.description.id == InputID(bustype: 24, vendor: 0, product: 0, version: 0))
        #expect(touch.description.codes[EventType.key] == [KeyCode.btnTouch])
        #expect(touch.description.codes[EventType.syn] == [0, 1, 2, 3])
        #expect(touch.description.absInfo[AbsCode.mtPositionY] == AbsInfo(minimum: 0, maximum: 799, resolution: 10))
        #expect(touch.description.properties == [InputProperty.direct])
        #expect(touch.description.udevProperties == ["ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1"])
        #expect(touch.description.origin == "two.yml: /dev/input/event5")
        #expect(touch.events.count == 10)
        #expect(touch.frameCount == 3)
        #expect(touch.events[0] == InputEvent(time: 1_500_000, type: EventType.abs, code: AbsCode.mtTrackingID, value: 7))
        #expect(touch.events[7] == InputEvent(time: 1_520_000, type: EventType.abs, code: AbsCode.mtTrackingID, value: -1))

        let keys = trace.devices[1]
        #expect(keys.description.name == "Keys ⌨")
        #expect(keys.description.id.version == 43841)
        // A type listed with no codes is kept as supported-without-codes.
        #expect(keys.description.codes[17] == Set<UInt16>())
        #expect(keys.description.absInfo.isEmpty)
        #expect(keys.events.map(\.time) == [200_000, 200_000, 2_000_001, 2_000_001])
    }

    @Test("multi-device files keep the recording-start clock; single-device files start at their first event")
    func timestamps() throws {
        let multi = try TraceReader.read(text: Self.twoDevices, source: "two.yml")
        // The second device's first event (0.2 s) is earlier than the first device's (1.5 s): nothing is shifted.
        #expect(multi.devices[0].events.first?.time == 1_500_000)
        #expect(multi.devices[1].events.first?.time == 200_000)

        var single = multi
        single.devices.removeLast()
        let text = LibinputRecordWriter.write(single)
        let reread = try TraceReader.read(text: text, source: "one.yml")
        #expect(reread.devices[0].events.map(\.time) == [0, 0, 0, 0, 0, 10_000, 10_000, 20_000, 20_000, 20_000])
    }

    @Test("writers put a single device's first event at time 0, as libinput record and evemu-record do")
    func writersStartAtZero() throws {
        var trace = try TraceReader.read(text: Self.twoDevices, source: "two.yml")
        trace.devices.removeLast()   // device 1 starts at 1.5 s on the recording clock
        let record = LibinputRecordWriter.write(trace)
        #expect(record.contains("- [  0,      0,   3,  57,       7]"))
        #expect(record.contains("- [  0,  20000,   0,   0,       0]"))
        let evemu = EvemuWriter.write(trace.devices[0])
        #expect(evemu.contains("E: 0.000000 0003 0039 0007\t"))
        #expect(evemu.contains("E: 0.020000 0000 0000 0000\t"))
        // Two devices keep their shared clock.
        let both = LibinputRecordWriter.write(try TraceReader.read(text: Self.twoDevices, source: "two.yml"))
        #expect(both.contains("- [  1, 500000,   3,  57,       7]"))
        #expect(both.contains("- [  0, 200000,   1,   2,       1]"))
    }

    @Test("events: [] and an empty events: value mean no events")
    func noEvents() throws {
        for events in ["events: []", "events:"] {
            let text = """
                version: 1
                ndevices: 1
                devices:
                - node: /dev/input/event1
                  evdev:
                    name: "N"
                    id: [3, 1, 2, 3]
                    codes: {0: [0], 1: [272]}
                    properties: []
                  \(events)

                """
            let trace = try TraceReader.read(text: text, source: "e.yml")
            #expect(trace.devices.count == 1)
            #expect(trace.devices[0].events.isEmpty)
            #expect(trace.devices[0].description.codes[EventType.key] == [KeyCode.btnLeft])
        }
    }

    @Test("the writer's multi-device output reads back identically")
    func writerRoundTrip() throws {
        let trace = try TraceReader.read(text: Self.twoDevices, source: "two.yml")
        let text = LibinputRecordWriter.write(trace)
        let back = try TraceReader.read(text: text, source: "two-again.yml")
        #expect(back.devices.map(\.events) == trace.devices.map(\.events))
        for (a, b) in zip(back.devices, trace.devices) {
            var x = a.description, y = b.description
            x.origin = ""
            y.origin = ""
            #expect(x == y)
        }
        #expect(text.contains("node: \"/dev/input/event5\""))
        #expect(text.contains("- \"ID_INPUT_TOUCHSCREEN=1\""))
    }

    @Test("names with quotes, backslashes and control characters are escaped")
    func nameEscaping() throws {
        var trace = try TraceReader.read(text: Self.twoDevices, source: "two.yml")
        trace.devices[0].description.name = "A \"quoted\" \\ name\twith\u{1} ctrl ✓"
        let back = try TraceReader.read(text: LibinputRecordWriter.write(trace), source: "n.yml")
        #expect(back.devices[0].description.name == trace.devices[0].description.name)
    }
}

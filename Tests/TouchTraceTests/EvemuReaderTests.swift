import Testing
import TouchInput
import TouchTrace
import TouchModel

@Suite("evemu reader: format variants")
struct EvemuReaderTests {
    @Test("description lines: name, id, properties, masks, absinfo with resolution")
    func description() throws {
        let trace = try TraceReader.read(text: sampleDescription + sampleEvents, source: "sample.evemu")
        let d = try #require(trace.devices.first).description
        #expect(d.name == "Test Touchscreen")
        #expect(d.id == InputID(bustype: 0x18, vendor: 0, product: 0, version: 0))
        #expect(d.properties == [InputProperty.direct])
        #expect(d.codes == [EventType.abs: [AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY, AbsCode.mtTrackingID]])
        #expect(d.absInfo[AbsCode.mtPositionX] == AbsInfo(minimum: 0, maximum: 1279, resolution: 10))
        #expect(d.absInfo[AbsCode.mtTrackingID] == AbsInfo(minimum: 0, maximum: 65535))
        #expect(trace.devices[0].events.count == 9)
        #expect(trace.devices[0].frameCount == 3)
    }

    @Test("headerless pre-1.0 description with 4-value A: lines and no P: line")
    func headerless() throws {
        let text = """
            N: Old Device
            I: 0003 1b96 0001 0110
            B: 00 0b 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 04 00 00 00 00 00 00
            B: 03 03 00 00 00 00 00 00 00
            A: 00 0 9600 75 0
            A: 01 -5 7200 78 2
            E: 1327542640.244087 0003 0000 2745
            E: 1327542640.244089 0003 0001 1639
            E: 1327542640.244090 0001 014a 1
            E: 1327542640.244091 0000 0000 0

            """
        let trace = try TraceReader.read(text: text, source: "old.evemu")
        let device = try #require(trace.devices.first)
        #expect(device.description.id == InputID(bustype: 3, vendor: 0x1b96, product: 1, version: 0x110))
        #expect(device.description.properties.isEmpty)
        // The second B: 01 block of 8 bytes starts at code 64; byte 1 bit 2 of the 6th line is 5*64+8+2 = 330.
        #expect(device.description.codes[EventType.key] == [KeyCode.btnTouch])
        #expect(device.description.codes[EventType.syn] == [SynCode.report, SynCode.config, SynCode.dropped])
        #expect(device.description.absInfo[AbsCode.y] == AbsInfo(minimum: -5, maximum: 7200, fuzz: 78, flat: 2, resolution: 0))
        // Absolute epoch times are normalised to the first event; each event keeps its own microsecond.
        #expect(device.events.map(\.time) == [0, 2, 3, 4])
        #expect(device.events[2] == InputEvent(time: 3, type: EventType.key, code: KeyCode.btnTouch, value: 1))
    }

    @Test("values: zero-padded decimal, negative, hex type and code, trailing comments")
    func values() throws {
        let text = sampleDescription + """
            E: 75.280046 0003 0039 0005\t# EV_ABS / ABS_MT_TRACKING_ID 5
            E: 75.280077 0003 0035 0810  # 0810 is decimal 810, not octal
            E: 75.280107 0003 0036 -012
            E: 75.280107 0003 002f 0000
            E: 75.290000 0000 0000 0000 # ------------ SYN_REPORT (0) ----------

            """
        let events = try TraceReader.read(text: text, source: "v.evemu").devices[0].events
        #expect(events.map(\.value) == [5, 810, -12, 0, 0])
        #expect(events.map(\.code) == [AbsCode.mtTrackingID, AbsCode.mtPositionX, AbsCode.mtPositionY, AbsCode.mtSlot, SynCode.report])
        // Since-boot times (75.28 s) are normalised to the first event.
        #expect(events.map(\.time) == [0, 31, 61, 61, 9954])
    }

    @Test("fewer than 6 digits after the point are a decimal fraction")
    func shortFraction() throws {
        let text = sampleDescription + "E: 2.5 0003 0035 1\nE: 2.5 0000 0000 0\nE: 2.75 0003 0035 2\nE: 3.000001 0000 0000 0\n"
        let events = try TraceReader.read(text: text, source: "f.evemu").devices[0].events
        #expect(events.map(\.time) == [0, 0, 250_000, 500_001])
    }

    @Test("UTF-8 names, CRLF line ends, comments and blank lines anywhere, L: and S: state lines")
    func tolerant() throws {
        let text = "# a comment before the header is allowed\r\n\r\nN: Tästgerät ✋ touch\r\nI: 0003 0001 0002 0003\r\n"
            + "# comment between description lines\r\nB: 03 03 00 00 00 00 00 00 00\r\nA: 00 0 100 0 0 0\r\n"
            + "A: 01 0 100 0 0 0\r\nL: 00 1\r\nS: 00 0\r\n\r\nE: 0.000001 0003 0000 50 # x\r\nE: 0.000001 0000 0000 0\r\n"
        let trace = try TraceReader.read(text: text, source: "crlf.evemu")
        #expect(trace.devices[0].description.name == "Tästgerät ✋ touch")
        #expect(trace.devices[0].events.count == 2)
        #expect(trace.devices[0].events[0].value == 50)
    }

    @Test("a separate .desc and .events pair, read by path")
    func pair() throws {
        let dir = try TempDir()
        defer { dir.remove() }
        let desc = try dir.write("dev.desc", sampleDescription)
        let events = try dir.write("dev.events", sampleEvents)
        let trace = try TraceReader.read(path: events, description: desc)
        #expect(trace.devices[0].description.name == "Test Touchscreen")
        #expect(trace.devices[0].description.origin == desc)
        #expect(trace.devices[0].events.count == 9)
        #expect(trace.source == events)
    }

    @Test("a B: line code beyond evemu's dummy absinfo gets min 0 max 1, as evemu itself does")
    func absWithoutAbsInfo() throws {
        let text = "N: x\nI: 0000 0000 0000 0000\nB: 03 01 00 00 00 00 00 00 00\n"
        let d = try TraceReader.read(text: text, source: "x").devices[0].description
        #expect(d.absInfo[AbsCode.x] == AbsInfo(minimum: 0, maximum: 1))
    }

    @Test("the writer emits evemu 1.3: header, 5-value A: lines, %04d values")
    func writerFormat() throws {
        let trace = try TraceReader.read(text: sampleDescription + sampleEvents, source: "s")
        let text = EvemuWriter.write(trace.devices[0])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "# EVEMU 1.3")
        #expect(lines.contains("A: 35 0 1279 0 0 10"))
        #expect(lines.contains("I: 0018 0000 0000 0000"))
        #expect(lines.contains { $0.hasPrefix("E: 0.020000 0003 0039 -001\t") })
        #expect(lines.contains { $0.hasPrefix("E: 0.000000 0003 0035 0100\t") })
    }
}

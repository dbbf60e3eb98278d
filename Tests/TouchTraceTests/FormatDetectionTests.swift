import Testing
import TouchInput
import TouchTrace
import TouchModel

@Suite("format detection")
struct FormatDetectionTests {
    @Test("from the first significant line", arguments: [
        ("# EVEMU 1.3\n# Input device name: x\nN: x\n", TraceFormat?.some(.evemu)),
        ("N: headerless\nI: 0000 0000 0000 0000\n", .evemu),
        ("\n# events only\nE: 0.000000 0000 0000 0000\n", .evemu),
        ("\u{FEFF}N: with a byte order mark\n", .evemu),
        ("# libinput record\nversion: 1\nndevices: 1\n", .libinputRecord),
        ("version: 1\n", .libinputRecord),
        ("Name: not a tag\n", .libinputRecord),
        ("", nil),
        ("# only comments\n\n   \n", nil),
    ])
    func detect(_ text: String, format: TraceFormat?) {
        var copy = text
        let detected = copy.withUTF8 { TraceReader.detectFormat(UnsafeRawBufferPointer($0)) }
        #expect(detected == format)
    }

    @Test("a byte order mark does not stop the evemu reader")
    func bom() throws {
        let trace = try TraceReader.read(text: "\u{FEFF}" + sampleDescription + sampleEvents, source: "bom.evemu")
        #expect(trace.devices[0].description.name == "Test Touchscreen")
        #expect(trace.devices[0].events.count == 9)
    }
}

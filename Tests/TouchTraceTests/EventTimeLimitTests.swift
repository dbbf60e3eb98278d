import Testing
import TouchInput
import TouchModel
import TouchTrace

/// Issue 22: an event time past the limit was refused without naming the limit ("E: expects sec.usec type code
/// value", "event time must be sec >= 0 and 0 <= usec < 1000000"). Both formats, at the limit and past it by
/// one second, by one digit and by far more digits than UInt64 holds: the message names the limit (999999999999 s)
/// and the time as written.
@Suite("event times past the limit, both formats")
struct EventTimeLimitTests {
    static let limit = "999999999999"

    static func evemu(seconds: String) -> String {
        sampleDescription + "E: 0.000000 0003 0039 0007\nE: 0.000000 0000 0000 0000\nE: \(seconds).000000 0003 0039 -001\nE: \(seconds).000000 0000 0000 0000\n"
    }

    /// LibinputRecordErrorTests' record: the third event (line 15) at `seconds`.
    static func record(seconds: String) -> String {
        LibinputRecordErrorTests.record(events: ["[0, 0, 3, 57, 1]", "[0, 0, 0, 0, 0]", "[\(seconds), 0, 3, 57, -1]", "[\(seconds), 0, 0, 0, 0]"])
    }

    @Test("the limit itself is read, in both formats")
    func atTheLimit() throws {
        for text in [Self.evemu(seconds: Self.limit), Self.record(seconds: Self.limit)] {
            let trace = try TraceReader.read(text: text, source: "t")
            #expect(trace.devices[0].events.last?.time == Microseconds(999_999_999_999 * 1_000_000))
        }
    }

    @Test("evemu: past the limit, naming it and the column", arguments: [
        "1000000000000", "9999999999999", "18446744073709551615", "99999999999999999999999999999999",
    ])
    func evemuPastTheLimit(_ seconds: String) throws {
        let error = try #require(traceError { try TraceReader.read(text: Self.evemu(seconds: seconds), source: "t.evemu") })
        #expect(error.line == sampleDescriptionLines + 3)
        #expect(error.column == 4)
        #expect(error.message.contains("past the limit of 999999999999 s"), "\(error)")
        #expect(error.message.hasPrefix("event time \(seconds.prefix(24))"), "\(error)")
    }

    /// Past Int64 the YAML scalar is not an integer at all; up to it, the limit is named.
    @Test("libinput record: past the limit, naming it", arguments: ["1000000000000", "1099511627776", "9223372036854775807"])
    func recordPastTheLimit(_ seconds: String) throws {
        let error = try #require(traceError { try TraceReader.read(text: Self.record(seconds: seconds), source: "t.yml") })
        #expect(error.line == 15)
        #expect(error.message == "event time \(seconds) s is past the limit of 999999999999 s", "\(error)")
    }
}

import FixtureSupport
import Foundation
import Testing
import TouchInput
import TouchTrace
import TouchModel

@Suite("evemu -> libinput record -> evemu is lossless")
struct RoundTripTests {
    /// The description without `origin`, which names the file it came from.
    static func content(_ d: DeviceDescription) -> DeviceDescription {
        var d = d
        d.origin = ""
        return d
    }

    @Test("every fixture survives the round trip", arguments: FixtureCatalog.all)
    func roundTrip(_ entry: FixtureCatalog.Entry) throws {
        let original = try FixtureCatalog.read(entry)
        let yaml = LibinputRecordWriter.write(original)
        let record = try TraceReader.read(text: yaml, source: "\(entry.name).yml")
        #expect(record.format == .libinputRecord)
        #expect(record.devices.count == 1)
        let viaRecord = try #require(record.devices.first)
        #expect(Self.content(viaRecord.description) == Self.content(original.devices[0].description))
        #expect(viaRecord.events == original.devices[0].events)

        let evemu = EvemuWriter.write(viaRecord)
        let back = try TraceReader.read(text: evemu, source: "\(entry.name).evemu")
        #expect(back.format == .evemu)
        let device = try #require(back.devices.first)
        #expect(Self.content(device.description) == Self.content(original.devices[0].description))
        #expect(device.events == original.devices[0].events)
        #expect(device.events.count == original.devices[0].events.count)
    }

    @Test("the evemu writer's output is stable: writing what it read gives the same text")
    func evemuWriterIsStable() throws {
        let entry = try #require(FixtureCatalog.recordings.first { $0.name.contains("EP0430M09.2-fingers") })
        let once = EvemuWriter.write(try FixtureCatalog.read(entry).devices[0])
        let twice = EvemuWriter.write(try TraceReader.read(text: once, source: "once").devices[0])
        #expect(once == twice)
    }
}

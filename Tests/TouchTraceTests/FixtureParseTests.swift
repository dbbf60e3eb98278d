import FixtureSupport
import Foundation
import Testing
import TouchInput
import TouchTrace
import TouchModel

@Suite("Every fixture parses")
struct FixtureParseTests {
    @Test("the catalog lists every fixture file, and every listed file exists")
    func catalogMatchesDirectory() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.directory.path)
            .filter { $0.hasSuffix(".events") || $0.hasSuffix(".desc") || $0.hasSuffix(".evemu") }
        #expect(Set(files) == Set(FixtureCatalog.all.map(\.name)))
        #expect(FixtureCatalog.all.count == 71)   // 58 recordings + 13 descriptions
        for entry in FixtureCatalog.all {
            if let pair = entry.pairedDescription {
                #expect(files.contains(pair), "\(entry.name) pairs with missing \(pair)")
            }
        }
    }

    @Test("recordings parse with the E: line count of the file", arguments: FixtureCatalog.recordings)
    func recordingParses(_ entry: FixtureCatalog.Entry) throws {
        let trace = try FixtureCatalog.read(entry)
        #expect(trace.format == .evemu)
        #expect(trace.devices.count == 1)
        let device = try #require(trace.devices.first)
        // Independent count: the E: lines in the file.
        let text = try String(contentsOf: Fixtures.url(entry.name), encoding: .utf8)
        let eLines = text.split(separator: "\n").filter { $0.hasPrefix("E:") }.count
        #expect(device.events.count == eLines)
        #expect(device.events.first?.time == 0)
        #expect(device.events.last?.isSynReport == true)
        #expect(zip(device.events, device.events.dropFirst()).allSatisfy { $0.time <= $1.time })
        #expect(!device.description.name.isEmpty)
    }

    @Test("descriptions parse on their own, as traces without events",
          arguments: FixtureCatalog.all.filter(\.isDescriptionOnly))
    func descriptionParses(_ entry: FixtureCatalog.Entry) throws {
        let trace = try FixtureCatalog.read(entry)
        let device = try #require(trace.devices.first)
        #expect(device.events.isEmpty)
        #expect(device.description.has(type: EventType.abs))
        // Every EV_ABS code has its axis information.
        for code in device.description.codes[EventType.abs] ?? [] {
            #expect(device.description.absInfo[code] != nil)
        }
    }
}

import FixtureSupport
import Foundation
import Testing
import TouchInput
import TouchTrace
import TouchModel

/// Decodes every fixture with `MultitouchDecoder` and compares with Tests/Fixtures/expectations.json,
/// which Tests/Fixtures/tools/expectations.py computes from the files on its own (see its docstring for
/// the definitions). Positions are compared in device units, which do not depend on the physical size.
@Suite("Fixtures decode to the independently computed frames and contacts")
struct FixtureFrameTests {
    struct Expected: Decodable, Sendable {
        struct Contact: Decodable, Hashable, Sendable {
            var first_frame: Int
            var first: [Int32]
            var last_frame: Int
            var last: [Int32]
            var end: String
        }
        var `protocol`: String
        var events: Int
        var frames: Int
        var max_contacts: Int
        var contacts: [Contact]
        var ambiguous: [String]?
    }

    static let expectations: [String: Expected] = {
        guard let data = try? Data(contentsOf: Fixtures.url("expectations.json")) else { return [:] }
        return (try? JSONDecoder().decode([String: Expected].self, from: data)) ?? [:]
    }()

    /// What the decoder makes of a recording, in the script's terms.
    struct Decoded {
        var frames = 0
        var maxContacts = 0
        var contacts: [Expected.Contact] = []
    }

    static func decode(_ device: TraceDevice) throws -> Decoded {
        let geometry: SurfaceGeometry
        do {
            geometry = try SurfaceGeometry(device: device.description)
        } catch GeometryError.noPhysicalSize {
            // Resolution 0: a configured size is required; device-unit positions do not depend on it.
            geometry = try SurfaceGeometry(device: device.description, configuredSize: PhysicalSize(widthMM: 100, heightMM: 60))
        }
        var decoder = MultitouchDecoder(device: device.description, geometry: geometry, mode: .recording)
        var result = Decoded()
        var index: [Int: Int] = [:]   // contact id -> position in result.contacts

        func record(_ frame: TouchFrame, at frameIndex: Int) {
            for c in frame.contacts {
                let position = [c.deviceX, c.deviceY]
                if let k = index[c.id] {
                    result.contacts[k].last_frame = frameIndex
                    result.contacts[k].last = position
                    if !c.isActive { result.contacts[k].end = c.phase.rawValue }
                } else {
                    index[c.id] = result.contacts.count
                    result.contacts.append(.init(first_frame: frameIndex, first: position, last_frame: frameIndex,
                                                 last: position, end: c.isActive ? "" : c.phase.rawValue))
                }
            }
        }

        for event in device.events {
            guard let frame = decoder.feed(event) else { continue }
            record(frame, at: result.frames)
            result.maxContacts = max(result.maxContacts, frame.activeCount)
            result.frames += 1
        }
        if let frame = decoder.cancelAll(time: device.events.last?.time ?? 0) {
            record(frame, at: result.frames - 1)
        }
        return result
    }

    @Test("expectations.json covers every recording")
    func coverage() {
        #expect(Set(Self.expectations.keys) == Set(FixtureCatalog.recordings.map(\.name)))
    }

    @Test("frame count, most simultaneous contacts, each contact's first and last position",
          arguments: FixtureCatalog.recordings)
    func fixture(_ entry: FixtureCatalog.Entry) throws {
        let expected = try #require(Self.expectations[entry.name], "run Tests/Fixtures/tools/expectations.py")
        let device = try #require(try FixtureCatalog.read(entry).devices.first)
        #expect(device.events.count == expected.events)
        let decoded = try Self.decode(device)
        #expect(decoded.frames == expected.frames)
        #expect(decoded.maxContacts == expected.max_contacts)
        if let why = expected.ambiguous {
            // Protocol A without tracking ids, where nearest-first and least-total matching disagree.
            Issue.record("contact matching is ambiguous here, positions not compared: \(why.joined(separator: "; "))")
            return
        }
        let order: (Expected.Contact, Expected.Contact) -> Bool = {
            ($0.first_frame, $0.first[0], $0.first[1], $0.last_frame) < ($1.first_frame, $1.first[0], $1.first[1], $1.last_frame)
        }
        #expect(decoded.contacts.count == expected.contacts.count)
        #expect(decoded.contacts.sorted(by: order) == expected.contacts.sorted(by: order))
    }
}

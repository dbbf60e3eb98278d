import Testing
import EdgeSwipeControl
import Gestures
import TouchModel

// Issue 38: the nearMiss line as the service sends it and a client reads it back (ServiceLine), and the class that
// carries it (protocol 6).
@Suite struct NearMissJSONTests {
    @Test func aNearMissLineCarriesItsNumbersAndSentenceAndReadsBackTyped() throws {
        let miss = NearMiss(recognizer: "left-1", edge: .left, fingers: 1, decidedAt: 1_000_000, time: 1_250_000,
                            startMM: Point(x: 9, y: 40), cause: .startedOutsideBand(distanceMM: 9, bandMM: 5))
        let line = NearMissJSON.line(miss, device: "/dev/input/event5")
        let read = ServiceLine(try JSONValue.decode(Array(line.utf8)))
        guard case .nearMiss(let m) = read else {
            Issue.record("\(read)")
            return
        }
        #expect(m.time == 1.25)
        #expect(m.decidedAt == 1)
        #expect(m.recognizer == "left-1")
        #expect(m.edge == "left")
        #expect(m.cause == "startedOutsideBand")
        #expect(m.device == "/dev/input/event5")
        #expect(m.numbers == ["distanceMM": 9, "bandMM": 5])
        #expect(m.sentence == "started 9.0 mm from the left edge; the band is 5.0 mm")
        #expect(NearMissJSON.event(miss).eventClass == .nearMiss)
    }

    @Test func subscribingToNearMissNamesProtocolSixAndOlderClassesStayAtOne() throws {
        #expect(ControlProtocol.version >= 6)
        #expect(ControlCommand.subscribe([.nearMiss]).versionNamed == 6)
        #expect(ControlCommand.subscribe([.gesture]).versionNamed == nil)
        // A version-5 request is still served.
        #expect(ControlProtocol.supportedVersions.contains(5))
        #expect(EventClass(rawValue: "nearMiss") == .nearMiss)
    }
}

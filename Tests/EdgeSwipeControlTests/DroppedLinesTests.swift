import EdgeSwipeControl
import Testing

/// Issue 33: feedback logged every line it could not use, so a service sending garbage filled the journal. Now each
/// kind is said once a connection, and the count when the connection ends.
@Suite struct DroppedLinesTests {
    @Test func linesThatAreNotJSONAreSaidOnceAConnectionWithTheirCount() {
        var d = DroppedLines()
        let said = (0..<5).compactMap { _ in d.dropped(.notJSON) }
        #expect(said == ["the service sent a line that is not JSON; ignored (more on this connection are counted)"])
        #expect(d.connectionEnded() == ["5 lines from the service on that connection were not JSON"])
        // A new connection says the first again.
        #expect(d.dropped(.notJSON) != nil)
        #expect(d.connectionEnded() == [])
    }

    @Test func linesOutOfRangeAreSaidOnceAConnectionWithTheirCount() {
        var d = DroppedLines()
        let said = ["widthMM 0.3", "time 1e+300", "widthMM 0.3"].compactMap { d.dropped(.outOfRange(detail: $0)) }
        #expect(said == ["dropped a line from the service: widthMM 0.3 (more on this connection are counted)"])
        _ = d.dropped(.notJSON)
        #expect(d.connectionEnded() == ["3 lines from the service on that connection had numbers out of range"])
        #expect(d.connectionEnded() == [])
    }
}

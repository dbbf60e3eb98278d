import Testing
@testable import EdgeSwipeDaemon

/// The service's numbering of content queries (EdgeSwipeService+Content): each surface's handshake counts its
/// queries from 1, so two touchscreens both ask "seq 1"; the service's own seq keeps them apart, and the table
/// stays bounded (ContentCommandHandler.maxOutstanding) whatever is never answered.
@Suite struct ContentQueryTableTests {
    @Test func twoSurfacesFirstQueriesGetTwoSeqs() {
        var table = ContentQueryTable()
        let a = table.issue(source: SourceID(0), local: 1), b = table.issue(source: SourceID(1), local: 1)
        #expect(a == 1 && b == 2)
        let taken = table.take(2)
        #expect(taken?.source == SourceID(1) && taken?.local == 1)
        #expect(table.take(2) == nil)
        // The deadline's report names the surface's own seq.
        #expect(table.take(source: SourceID(0), local: 1) == 1 && table.entries.isEmpty)
    }

    @Test func unansweredQueriesDoNotGrowIt() {
        var table = ContentQueryTable()
        for k in 1...1000 { _ = table.issue(source: SourceID(0), local: UInt64(k)) }
        #expect(table.entries.count == ContentCommandHandler.maxOutstanding)
        // The oldest went first: 1000 - 32 + 1 = 969 is the oldest kept.
        #expect(table.entries.first?.seq == 969 && table.entries.last?.seq == 1000)
    }
}

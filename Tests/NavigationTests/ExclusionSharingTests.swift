import Gestures
import Navigation
import Testing
import TouchModel

/// Issue 22: the allowance is per screen of the stack and per edge, shared by all owners (it was per owner:
/// eight connections excluded the whole 160 mm left edge). Earlier owners keep their place, a newcomer gets
/// what is left, what was cut is in each owner's result, and owners whose rectangles change without their
/// asking get a report. Screen 100 × 160 mm, 5 mm edge zones, 31.75 mm per edge.
@Suite struct ExclusionSharingTests {
    static let geometry = ExclusionGeometry(screen: PhysicalSize(widthMM: 100, heightMM: 160), edgeZoneMM: 5)

    func store() -> ExclusionStore {
        var s = ExclusionStore()
        _ = s.recompute(devices: [Self.geometry])
        return s
    }

    func owner(_ n: Int) -> ExclusionOwner { ExclusionOwner(UInt64(n)) }

    /// A left-edge strip of `height` mm at `y`.
    func strip(_ y: Double, _ height: Double, screen: String? = nil) -> ExclusionRect {
        ExclusionRect(x: 0, y: y, width: 6, height: height, screen: screen)
    }

    /// Length of the left edge (y 0...160) in force on `top`, by sampling every 0.25 mm.
    func excludedLeft(_ s: ExclusionStore, onTop top: String? = "home") -> Double {
        Double(stride(from: 0.125, to: 160, by: 0.25).filter { s.rect(containing: Point(x: 2, y: $0), onTop: top) != nil }
            .count) * 0.25
    }

    /// The attack: eight clients each exclude 20 mm of the left edge, together all 160 mm. Only the
    /// first 31.75 mm are in force, so back swipes still begin on the rest of the edge.
    @Test func eightClientsTogetherExcludeNoMoreThanTheCap() throws {
        var s = store()
        var results: [ExclusionResult] = []
        for n in 0..<8 {
            results.append(try s.set([strip(Double(n) * 20, 20)], for: owner(n + 1), isScreenKnown: { _ in true }).result)
        }
        #expect(results[0].stored.map(\.rect) == [strip(0, 20)])
        #expect(results[1].stored.map(\.rect) == [strip(20, 11.75)])
        #expect(results[1].clipped == [ExclusionClip(index: 0, edge: .left, removedMM: 8.25, kept: strip(20, 11.75))])
        for r in results[2...] {
            #expect(r.stored.isEmpty)
            #expect(r.clipped.map(\.edge) == [.left] && r.clipped.map(\.removedMM) == [20] && r.clipped[0].kept == nil)
        }
        #expect(excludedLeft(s) == 31.75)
        #expect(s.rect(containing: Point(x: 2, y: 100), onTop: "home") == nil)
    }

    /// A hundred clients, each with 16 strips of 1 mm: still 31.75 mm in force, however many there are.
    @Test func manyClientsShareOneAllowance() throws {
        var s = store()
        for n in 1...100 {
            let rects = (0..<16).map { strip(Double((n * 16 + $0) % 160), 1) }
            _ = try s.set(rects, for: owner(n), isScreenKnown: { _ in true })
        }
        #expect(excludedLeft(s) <= 31.75 && excludedLeft(s) >= 31.5)
        #expect(s.count == 32)   // 31 whole strips and one of 0.75 mm
    }

    /// A client that leaves frees its part: the next in line gets it back, and is told.
    @Test func disconnectFreesTheAllowanceAndTheNextOwnerIsTold() throws {
        var s = store()
        _ = try s.set([strip(0, 31.75)], for: owner(1), isScreenKnown: { _ in true })
        let second = try s.set([strip(50, 20)], for: owner(2), isScreenKnown: { _ in true })
        let third = try s.set([strip(100, 20)], for: owner(3), isScreenKnown: { _ in true })
        #expect(second.result.stored.isEmpty && third.result.stored.isEmpty)
        #expect(second.others.isEmpty && third.others.isEmpty)
        let (removed, reports) = s.remove(owner(1))
        #expect(removed == 1)
        // Owner 2 gets its 20 mm whole, owner 3 the 11.75 left: both told, in their order.
        #expect(reports.map(\.owner) == [owner(2), owner(3)])
        #expect(reports.allSatisfy { $0.cause == .otherOwner })
        #expect(reports[0].result.stored.map(\.rect) == [strip(50, 20)] && reports[0].result.clipped.isEmpty)
        #expect(reports[1].result.stored.map(\.rect) == [strip(100, 11.75)])
        #expect(reports[1].result.clipped.map(\.removedMM) == [8.25])
        #expect(excludedLeft(s) == 31.75)
        // Clearing with an empty set frees it the same way.
        let cleared = try s.set([], for: owner(2), isScreenKnown: { _ in true })
        #expect(cleared.others.map(\.owner) == [owner(3)])
        #expect(s.rects(of: owner(3)) == [strip(100, 20)])
    }

    /// An owner keeps its place while it replaces its rectangles: growing them cuts the owners after it (who
    /// are told); a newcomer never cuts an earlier owner.
    @Test func earlierOwnersKeepTheirPlaceAcrossReplacements() throws {
        var s = store()
        _ = try s.set([strip(0, 10)], for: owner(1), isScreenKnown: { _ in true })
        _ = try s.set([strip(50, 20)], for: owner(2), isScreenKnown: { _ in true })
        let newcomer = try s.set([strip(100, 30)], for: owner(3), isScreenKnown: { _ in true })
        #expect(newcomer.result.stored.map(\.rect) == [strip(100, 1.75)] && newcomer.others.isEmpty)
        let grown = try s.set([strip(0, 25)], for: owner(1), isScreenKnown: { _ in true })
        #expect(grown.result.stored.map(\.rect) == [strip(0, 25)])
        #expect(grown.others.map(\.owner) == [owner(2), owner(3)])
        #expect(grown.others[0].result.stored.map(\.rect) == [strip(50, 6.75)])
        #expect(grown.others[1].result.stored.isEmpty)
        // Replacing with the same rectangles changes nothing for anyone: no reports.
        #expect(try s.set([strip(0, 25)], for: owner(1), isScreenKnown: { _ in true }).others.isEmpty)
    }

    /// Per screen of the stack: rectangles for different screens do not share; a rectangle for every screen
    /// shares with each screen's own, so it gets what the busiest screen left.
    @Test func eachScreenOfTheStackHasItsOwnAllowanceSharedByAllClients() throws {
        var s = store()
        let a = try s.set([strip(0, 31.75, screen: "inbox")], for: owner(1), isScreenKnown: { _ in true }).result
        let b = try s.set([strip(40, 31.75, screen: "message")], for: owner(2), isScreenKnown: { _ in true }).result
        let c = try s.set([strip(80, 10, screen: "message")], for: owner(3), isScreenKnown: { _ in true }).result
        #expect(a.stored.count == 1 && b.stored.count == 1)
        #expect(c.stored.isEmpty, "message's allowance is used up by owner 2")
        #expect(excludedLeft(s, onTop: "inbox") == 31.75 && excludedLeft(s, onTop: "message") == 31.75)
        #expect(excludedLeft(s, onTop: "home") == 0)
        // A rectangle for every screen: inbox and message have nothing left, so it is dropped everywhere.
        let shared = try s.set([strip(120, 10)], for: owner(4), isScreenKnown: { _ in true }).result
        #expect(shared.stored.isEmpty)
        // Owner 2 leaves: message has room again, but inbox still has none: still dropped.
        let reports = s.remove(owner(2)).others
        #expect(reports.map(\.owner) == [owner(3)])
        #expect(s.rects(of: owner(4)).isEmpty)
        // Owner 1 leaves too: the shared rectangle gets what message's owner 3 left, 21.75 of its 10: whole.
        let more = s.remove(owner(1)).others
        #expect(more.map(\.owner) == [owner(4)])
        #expect(s.rects(of: owner(4)) == [strip(120, 10)])
        #expect(excludedLeft(s, onTop: "message") == 20 && excludedLeft(s, onTop: "home") == 10)
    }
}

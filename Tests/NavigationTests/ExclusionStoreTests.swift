import Gestures
import Navigation
import Testing
import TouchModel

/// Issue 16, the exclusion store: validation (nothing stored on any error), replace and clear per owner,
/// removal with the owner, count limits, and the per-edge cap with what it clipped. Expected lengths are
/// worked out by hand from Android's 200 dp = 200 × 25.4 / 160 = 31.75 mm.
@Suite struct ExclusionStoreTests {
    /// A 100 × 160 mm screen with 5 mm edge zones.
    let geometry = ExclusionGeometry(screen: PhysicalSize(widthMM: 100, heightMM: 160), edgeZoneMM: 5)
    let a = ExclusionOwner(1), b = ExclusionOwner(2)

    func set(_ store: inout ExclusionStore, _ rects: [ExclusionRect], owner: ExclusionOwner? = nil,
             screens: Set<String> = ["home", "inbox", "message"]) throws(ExclusionError) -> ExclusionResult {
        if store.devices.isEmpty { _ = store.recompute(devices: [geometry]) }
        return try store.set(rects, for: owner ?? a, isScreenKnown: { screens.contains($0) }).result
    }

    @Test func theCapIsAndroidsTwoHundredDpInMillimetres() {
        #expect(ExclusionLimits().perEdgeMM == 200 * 25.4 / 160)
        #expect(ExclusionLimits().perEdgeMM == 31.75)
    }

    @Test func theCapKeepsRectanglesInOrderAndClipsTheFirstThatPassesIt() throws {
        var store = ExclusionStore()
        let r = try set(&store, [
            ExclusionRect(x: 0, y: 10, width: 8, height: 20),    // left: 20 of 31.75, 11.75 left
            ExclusionRect(x: 0, y: 50, width: 8, height: 20),    // left: cut to 11.75 (8.25 removed)
            ExclusionRect(x: 0, y: 100, width: 8, height: 5),    // left: nothing left, dropped
            ExclusionRect(x: 95, y: 0, width: 5, height: 40),    // right: cut to 31.75 (8.25 removed); top: 5 of 31.75
            ExclusionRect(x: 40, y: 60, width: 20, height: 90),  // reaches no zone: not counted, kept whole
        ])
        #expect(r.geometryKnown)
        #expect(r.stored.map(\.index) == [0, 1, 3, 4])
        #expect(r.stored.map(\.rect) == [
            ExclusionRect(x: 0, y: 10, width: 8, height: 20),
            ExclusionRect(x: 0, y: 50, width: 8, height: 11.75),
            ExclusionRect(x: 95, y: 0, width: 5, height: 31.75),
            ExclusionRect(x: 40, y: 60, width: 20, height: 90),
        ])
        #expect(r.clipped == [
            ExclusionClip(index: 1, edge: .left, removedMM: 8.25, kept: ExclusionRect(x: 0, y: 50, width: 8, height: 11.75)),
            ExclusionClip(index: 2, edge: .left, removedMM: 5, kept: nil),
            ExclusionClip(index: 3, edge: .right, removedMM: 8.25, kept: ExclusionRect(x: 95, y: 0, width: 5, height: 31.75)),
        ])
        #expect(store.count == 4)
        // What is stored is what excludes: the cut-off part of rectangle 1 (y 61.75...70) no longer does.
        #expect(store.rect(containing: Point(x: 2, y: 61), onTop: "home") != nil)
        #expect(store.rect(containing: Point(x: 2, y: 62), onTop: "home") == nil)
        #expect(store.rect(containing: Point(x: 2, y: 102), onTop: "home") == nil)
    }

    @Test func eachScreenHasWhatTheSharedRectanglesLeave() throws {
        var store = ExclusionStore()
        let r = try set(&store, [
            ExclusionRect(x: 0, y: 0 + 40, width: 6, height: 10, screen: "inbox"),  // inbox: 11.75 - 10 = 1.75 left
            ExclusionRect(x: 0, y: 100, width: 6, height: 20),                    // shared first: 11.75 left
            ExclusionRect(x: 0, y: 60, width: 6, height: 10, screen: "message"),  // message's own 11.75: kept
            ExclusionRect(x: 0, y: 80, width: 6, height: 10, screen: "inbox"),    // inbox: cut to 1.75
        ])
        #expect(r.stored.map(\.rect.height) == [10, 20, 10, 1.75])
        #expect(r.clipped.map(\.index) == [3])
        #expect(abs(r.clipped[0].removedMM - 8.25) < 1e-9)
    }

    @Test func withoutAKnownScreenEveryRectangleCountsAgainstEveryEdge() throws {
        var store = ExclusionStore()
        let r = try store.set([ExclusionRect(x: 40, y: 60, width: 40, height: 10)], for: a,
                              isScreenKnown: { _ in true }).result
        #expect(!r.geometryKnown)
        // 40 mm wide counts against the top and bottom budgets: cut to 31.75 at the top.
        #expect(r.stored.map(\.rect) == [ExclusionRect(x: 40, y: 60, width: 31.75, height: 10)])
        #expect(r.clipped.map(\.edge) == [.top])
    }

    @Test func rectanglesApplyOnTheirScreenOnlyWithBordersInside() throws {
        var store = ExclusionStore()
        _ = try set(&store, [ExclusionRect(x: 0, y: 20, width: 10, height: 20, screen: "inbox"),
                             ExclusionRect(x: 90, y: 20, width: 10, height: 20)])
        #expect(store.rect(containing: Point(x: 10, y: 40), onTop: "inbox")?.screen == "inbox")
        #expect(store.rect(containing: Point(x: 10, y: 40), onTop: "home") == nil)
        #expect(store.rect(containing: Point(x: 10.01, y: 40), onTop: "inbox") == nil)
        #expect(store.rect(containing: Point(x: 90, y: 20), onTop: "home") != nil)
        #expect(store.rect(containing: Point(x: 90, y: 20), onTop: nil) != nil)
    }

    @Test func setReplacesAnEmptySetClearsAndRemoveDropsTheOwnersOnly() throws {
        var store = ExclusionStore()
        let one = ExclusionRect(x: 0, y: 0, width: 5, height: 5)
        let two = ExclusionRect(x: 0, y: 50, width: 5, height: 5)
        _ = try set(&store, [one, two])
        _ = try set(&store, [two], owner: b)
        #expect(store.count == 3)
        _ = try set(&store, [two])
        #expect(store.rects(of: a) == [two] && store.count == 2)
        _ = try set(&store, [])
        #expect(store.rects(of: a) == [] && store.count == 1)
        #expect(store.remove(b).removed == 1)
        #expect(store.remove(b).removed == 0)
        #expect(store.isEmpty)
    }

    @Test func malformedRectanglesAreNamedAndNothingIsStored() throws {
        let good = ExclusionRect(x: 0, y: 0, width: 5, height: 5)
        let cases: [(ExclusionRect, String)] = [
            (ExclusionRect(x: .nan, y: 0, width: 5, height: 5), "rects[1]: x is not a finite number"),
            (ExclusionRect(x: 0, y: .infinity, width: 5, height: 5), "rects[1]: y is not a finite number"),
            (ExclusionRect(x: 0, y: 0, width: -1, height: 5), "rects[1]: width is -1.0 mm; it must be more than 0"),
            (ExclusionRect(x: 0, y: 0, width: 5, height: 0), "rects[1]: height is 0.0 mm; it must be more than 0"),
            (ExclusionRect(x: 1e9, y: 0, width: 5, height: 5), "rects[1]: x is 1000000000.0 mm, beyond ±5000 mm"),
            (ExclusionRect(x: 0, y: 0, width: 5, height: 5, screen: ""), "rects[1]: screen must be a non-empty name of at most 256 bytes"),
            (ExclusionRect(x: 0, y: 0, width: 5, height: 5, screen: "settings"),
             "rects[1]: no screen named 'settings' is on the stack or queued for it"),
        ]
        var store = ExclusionStore()
        _ = try set(&store, [good])
        for (bad, message) in cases {
            #expect(throws: ExclusionError.self) { _ = try set(&store, [good, bad]) }
            do { _ = try set(&store, [good, bad]) } catch { #expect(error.description == message) }
            #expect(store.rects(of: a) == [good], "\(message): the previous set stays")
        }
    }

    @Test func countsAreBoundedPerOwnerAndNoTotalLetsOthersFailASet() throws {
        var store = ExclusionStore(limits: ExclusionLimits(perOwner: 3))
        let r = ExclusionRect(x: 40, y: 40, width: 1, height: 1)
        do { _ = try set(&store, Array(repeating: r, count: 4)) } catch {
            #expect(error == .tooMany(given: 4, limit: 3))
        }
        #expect(store.isEmpty)
        // A hundred owners at their limit: the next one's set still succeeds (issue 22: sixteen clients could
        // fill the 256-rectangle total and lock everyone else out).
        for owner in 1...100 { _ = try set(&store, Array(repeating: r, count: 3), owner: ExclusionOwner(UInt64(owner))) }
        let late = try set(&store, [r, r], owner: ExclusionOwner(1000))
        #expect(late.stored.count == 2 && store.count == 302)
        // Replacing its own rectangles does not count them twice.
        _ = try set(&store, Array(repeating: r, count: 3), owner: ExclusionOwner(1))
        #expect(store.count == 302)
    }
}

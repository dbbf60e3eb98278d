import Testing
import TouchInput
@testable import Gestures
import TouchModel

// The content recognizer on the 128 × 64 mm test surface, with edge bands of 5 mm at the left and right edges and
// one region x 32...96 mm (64 mm wide), y 0...64. Defaults: decided at 8 mm of travel, trailing > 2.5 × across.
// Progress = trailing travel / 64 mm. Values worked out in the comments.
@Suite struct ContentSwipeRecognizerTests {
    let s = TestSurface()
    let bands = EdgeBands(edges: [.left, .right], widthMM: 5)

    func recognizer(_ direction: ContentDirection = .ltr, rect: ContentRect? = nil) throws -> ContentSwipeRecognizer {
        let r = try ContentSwipeRecognizer(config: ContentSwipeConfig(), transform: s.transform, edgeBands: bands)
        r.declare(ContentRegion(id: "page", rectMM: rect ?? ContentRect(x: 32, y: 0, widthMM: 64, heightMM: 64),
                                direction: direction, owner: 7))
        return r
    }

    func feed(_ r: ContentSwipeRecognizer, _ f: TouchFrame) -> [GestureEvent] { r.process(f, now: f.time) }

    @Test func aLeftToRightPanPastItsTravelAndRatioBeginsAContentBack() throws {
        let r = try recognizer()
        #expect(feed(r, s.frame(0, s.contact(1, .down, 40, 32))).isEmpty)
        // 5 mm: under the 8 mm travel, nothing decided yet.
        #expect(feed(r, s.frame(10, s.contact(1, .move, 45, 32))).isEmpty)
        // 10 mm right, 2 mm down: √104 ≈ 10.2 mm ≥ 8; 10 > 2.5 × 2 = 5: begins, progress 10 / 64 = 0.15625.
        let began = feed(r, s.frame(20, s.contact(1, .move, 50, 34)))
        #expect(began.map(\.phase) == [.began])
        let b = try #require(began.first)
        #expect(b.kind == .content && b.edge == .left && b.extentMM == 64 && b.translationMM == 10 && b.alongMM == 2)
        #expect(close(b.progress, 0.15625))
        // 100 ms later at x = 82: 42 mm, 42 / 64 = 0.65625 ≥ 0.5, across 2 ≤ 2 × 42: armed (32 mm since the
        // beginning, past the 3 mm hysteresis).
        let moved = feed(r, s.frame(120, s.contact(1, .move, 82, 34)))
        #expect(moved.map(\.phase) == [.changed, .armed])
        #expect(close(moved[0].progress, 0.65625) && moved[1].armReason == .progress)
        // Lifted 200 ms later where it was: complete because armed.
        let ended = feed(r, s.frame(320, s.contact(1, .up, 82, 34)))
        #expect(ended.map(\.phase) == [.ended])
        #expect(ended.first?.outcome == .complete && ended.first?.decidedBy == .armed && ended.first?.kind == .content)
        #expect(r.state == .possible && r.bugCount == 0)
    }

    @Test func theAxisRatioIsStrictAtTwoAndAHalfAndDecidedOnce() throws {
        // Exactly 2.5:1 (10 right, 4 down, √116 ≈ 10.8 mm of travel): 10 > 2.5 × 4 = 10 is false, as Chromium's
        // `>`: off the axis.
        let at = try recognizer()
        _ = feed(at, s.frame(0, s.contact(1, .down, 40, 32)))
        let e = feed(at, s.frame(20, s.contact(1, .move, 50, 36)))
        #expect(e.map(\.phase) == [.failed])
        #expect(e.first?.failureReason == .content(.offAxis(trailingMM: 10, acrossMM: 4)))
        // The axis lock: the same touch going straight right afterwards never begins.
        #expect(feed(at, s.frame(40, s.contact(1, .move, 90, 36))).isEmpty)
        #expect(feed(at, s.frame(60, s.contact(1, .up, 90, 36))).isEmpty)
        #expect(at.state == .possible)

        // Just above: 3.875 mm across, 2.5 × 3.875 = 9.6875 < 10: begins.
        let above = try recognizer()
        _ = feed(above, s.frame(0, s.contact(1, .down, 40, 32)))
        #expect(feed(above, s.frame(20, s.contact(1, .move, 50, 35.875))).map(\.phase) == [.began])

        // Below: 8 mm across, 10 < 20 and not toward the leading side either (-10 < 20): off the axis.
        let below = try recognizer()
        _ = feed(below, s.frame(0, s.contact(1, .down, 40, 32)))
        let b = feed(below, s.frame(20, s.contact(1, .move, 50, 40)))
        #expect(b.first?.failureReason == .content(.offAxis(trailingMM: 10, acrossMM: 8)))
    }

    @Test func aRightToLeftPageMirrorsTheDirection() throws {
        let r = try recognizer(.rtl)
        // Down at x = 80, 10 mm left and 1 down: trailing (leftward) 10 > 2.5: begins from the right edge's side.
        _ = feed(r, s.frame(0, s.contact(1, .down, 80, 32)))
        let e = feed(r, s.frame(20, s.contact(1, .move, 70, 33)))
        #expect(e.map(\.phase) == [.began])
        #expect(e.first?.edge == .right && e.first?.translationMM == 10 && e.first.map { close($0.progress, 10.0 / 64) } == true)

        // The same page, a pan to the right: toward its leading side (a scroll), never a back.
        let other = try recognizer(.rtl)
        _ = feed(other, s.frame(0, s.contact(1, .down, 40, 32)))
        let f = feed(other, s.frame(20, s.contact(1, .move, 50, 33)))
        #expect(f.first?.failureReason == .content(.towardLeadingSide))
        // And a left-to-right page, a pan to the left.
        let ltr = try recognizer()
        _ = feed(ltr, s.frame(0, s.contact(1, .down, 80, 32)))
        #expect(feed(ltr, s.frame(20, s.contact(1, .move, 70, 32))).first?.failureReason == .content(.towardLeadingSide))
    }

    @Test func twoFingersAreThePages() throws {
        // Both land in one frame.
        let r = try recognizer()
        let e = feed(r, s.frame(0, s.contact(1, .down, 40, 20), s.contact(2, .down, 40, 40)))
        #expect(e.first?.failureReason == .extraFinger(count: 2))
        // A second one lands before the first has travelled 8 mm (3 mm so far).
        let later = try recognizer()
        _ = feed(later, s.frame(0, s.contact(1, .down, 40, 20)))
        _ = feed(later, s.frame(10, s.contact(1, .move, 43, 20)))
        let f = feed(later, s.frame(20, s.contact(1, .move, 44, 20), s.contact(2, .down, 60, 40)))
        #expect(f.map(\.phase) == [.failed] && f.first?.failureReason == .extraFinger(count: 2))
        // It stays the page's while either is down, then the next touch is decided afresh.
        #expect(feed(later, s.frame(30, s.contact(1, .up, 44, 20), s.contact(2, .move, 70, 40))).isEmpty)
        #expect(feed(later, s.frame(40, s.contact(2, .up, 70, 40))).isEmpty)
        _ = feed(later, s.frame(100, s.contact(3, .down, 40, 32)))
        #expect(feed(later, s.frame(120, s.contact(3, .move, 50, 32))).map(\.phase) == [.began])
    }

    @Test func aPanThatFirstScrollsTheOtherWayNeverBegins() throws {
        let r = try recognizer()
        _ = feed(r, s.frame(0, s.contact(1, .down, 60, 32)))
        #expect(feed(r, s.frame(10, s.contact(1, .move, 55, 32))).isEmpty)  // 5 mm left: undecided
        // 9 mm left ≥ 8 mm: toward the leading side, the page's.
        let e = feed(r, s.frame(20, s.contact(1, .move, 51, 32)))
        #expect(e.first?.failureReason == .content(.towardLeadingSide) && e.first?.translationMM == -9)
        // Reversing to 29 mm right of the touch-down within the same touch changes nothing.
        #expect(feed(r, s.frame(60, s.contact(1, .move, 89, 32))).isEmpty)
        #expect(feed(r, s.frame(80, s.contact(1, .up, 89, 32))).isEmpty)
    }

    @Test func aBegunPanThatReversesDisarmsAndCancels() throws {
        let r = try recognizer()
        // Frames 100 ms apart: over the velocity tracker's 40 ms stop gap, so each velocity is 0.
        _ = feed(r, s.frame(0, s.contact(1, .down, 40, 32)))
        #expect(feed(r, s.frame(100, s.contact(1, .move, 50, 32))).map(\.phase) == [.began])
        // 32 mm: 32 / 64 = 0.5, armed.
        #expect(feed(r, s.frame(200, s.contact(1, .move, 72, 32))).map(\.phase) == [.changed, .armed])
        // Back to 4 mm: 4 / 64 = 0.0625, disarmed, moved back.
        let back = feed(r, s.frame(300, s.contact(1, .move, 44, 32)))
        #expect(back.map(\.phase) == [.changed, .disarmed] && back.last?.armReason == .movedBackTowardEdge)
        let ended = feed(r, s.frame(400, s.contact(1, .up, 44, 32)))
        #expect(ended.first?.outcome == .cancel && ended.first?.decidedBy == .armed && ended.first?.velocityMMs == 0)
    }

    @Test func aPanStartingInAnEdgeBandIsTheEdgeRecognizers() throws {
        // A region over the whole screen: the bands still win.
        let r = try recognizer(rect: ContentRect(x: 0, y: 0, widthMM: 128, heightMM: 64))
        let e = feed(r, s.frame(0, s.contact(1, .down, 3, 32)))
        #expect(e.first?.failureReason == .content(.inEdgeBand(.left)))
        #expect(feed(r, s.frame(20, s.contact(1, .move, 15, 32))).isEmpty)
        _ = feed(r, s.frame(30, s.contact(1, .up, 15, 32)))
        // 128 - 124 = 4 mm from the right edge: its band.
        #expect(feed(r, s.frame(100, s.contact(2, .down, 124, 32))).first?.failureReason == .content(.inEdgeBand(.right)))
        _ = feed(r, s.frame(110, s.contact(2, .up, 124, 32)))
        // 6 mm from the left edge: outside the band, the content's.
        _ = feed(r, s.frame(200, s.contact(3, .down, 6, 32)))
        #expect(feed(r, s.frame(220, s.contact(3, .move, 16, 32))).map(\.phase) == [.began])
        // The edge recognizer begins the band's pan (3 → 15 mm: 12 ≥ 6 mm inward).
        let edge = try s.recognizer()
        _ = edge.process(s.frame(0, s.contact(1, .down, 3, 32)), now: 0)
        #expect(edge.process(s.frame(20, s.contact(1, .move, 15, 32)), now: Microseconds(milliseconds: 20)).map(\.phase) == [.began])
    }

    @Test func aRegionWithdrawnMidGestureCancelsIt() throws {
        let r = try recognizer()
        r.declare(ContentRegion(id: "other", rectMM: ContentRect(x: 0, y: 0, widthMM: 16, heightMM: 16), direction: .ltr, owner: 7))
        _ = feed(r, s.frame(0, s.contact(1, .down, 40, 32)))
        _ = feed(r, s.frame(20, s.contact(1, .move, 50, 32)))
        var events: [GestureEvent] = []
        // Another region, or the same id of another client: nothing happens to this pan.
        r.withdraw("other", owner: 7, time: Microseconds(milliseconds: 25), into: &events)
        r.withdraw("page", owner: 8, time: Microseconds(milliseconds: 25), into: &events)
        #expect(events.isEmpty)
        r.withdraw("page", owner: 7, time: Microseconds(milliseconds: 30), into: &events)
        #expect(events.map(\.phase) == [.cancelled] && events.first?.failureReason == .content(.regionWithdrawn))
        #expect(events.first?.time == Microseconds(milliseconds: 30) && r.regions.isEmpty)
        #expect(feed(r, s.frame(40, s.contact(1, .move, 70, 32))).isEmpty)
        #expect(feed(r, s.frame(50, s.contact(1, .up, 70, 32))).isEmpty)
        // No region left: the next touch is in none.
        #expect(feed(r, s.frame(100, s.contact(2, .down, 40, 32))).first?.failureReason == .content(.notInRegion))

        // Withdrawn before it decided: fails.
        let early = try recognizer()
        _ = feed(early, s.frame(0, s.contact(1, .down, 40, 32)))
        events = []
        early.withdraw("page", owner: 7, time: Microseconds(milliseconds: 5), into: &events)
        #expect(events.map(\.phase) == [.failed] && events.first?.failureReason == .content(.regionWithdrawn))
    }

    @Test func regionsAreBoundedAndConfigurationIsChecked() throws {
        let r = try ContentSwipeRecognizer(config: ContentSwipeConfig(), transform: s.transform, edgeBands: bands)
        for k in 0..<ContentSwipeRecognizer.maxRegions {
            #expect(r.declare(ContentRegion(id: ContentRegionID("r\(k)"), rectMM: ContentRect(x: 32, y: 0, widthMM: 64, heightMM: 64), direction: .ltr)))
        }
        #expect(!r.declare(ContentRegion(id: "one-more", rectMM: ContentRect(x: 0, y: 0, widthMM: 1, heightMM: 1), direction: .ltr)))
        // Re-declaring an existing id replaces it rather than adding one.
        #expect(r.declare(ContentRegion(id: "r0", rectMM: ContentRect(x: 0, y: 0, widthMM: 1, heightMM: 1), direction: .rtl)))
        #expect(r.regions.count == 64)
        #expect(ContentSwipeConfig(travelMM: 0, axisRatio: 0.5).problems()
                == ["content travel (mm) must be a positive number, not 0.0", "content axis ratio must be 1 to 20, not 0.5"])
        #expect(throws: ContentSwipeConfigError.self) {
            try ContentSwipeRecognizer(config: ContentSwipeConfig(axisRatio: .nan), transform: s.transform, edgeBands: bands)
        }
    }
}

import EdgeSwipeControl
import Gestures
import Navigation
import Testing
import TouchModel
@testable import EdgeSwipeDaemon

/// Issue 37 part 2, the wiring: a content back through the session core live and replay share, on a 300 x 200 mm
/// touchscreen (a frame source, frames in mm) with the left-edge recognizer (its band 5 mm) and the stack
/// home > inbox. Client 7 holds one region over the whole screen, left to right. A pan from (100, 100) moving right
/// 2 mm a frame (8 ms) reaches the 8 mm travel at its 4th move (x 108): then the owner is asked, once.
@Suite struct ContentBackSessionTests {
    let screen = PhysicalSize(widthMM: 300, heightMM: 200)
    let core: SessionCore
    let pipeline: DevicePipeline
    let source: SessionSource
    let navigation: NavigationSession
    final class Seen {
        var gestures: [GestureEvent] = []
        var queries: [ContentQuery] = []
        var timedOut: [UInt64] = []
    }
    let seen = Seen()
    static let owner = 7

    init() throws {
        var options = PipelineOptions()
        options.content = ContentOptions()
        navigation = try NavigationSession(stack: "home,inbox")
        let seen = self.seen
        core = SessionCore(navigation: navigation, emitFrames: false) { output in
            if case .gesture(let g, _) = output { seen.gestures.append(g) }
        }
        core.onContentQuery = { q, _ in seen.queries.append(q) }
        core.onContentQueryTimedOut = { s, _ in seen.timedOut.append(s) }
        pipeline = try DevicePipeline(frameSourceNamed: "panel", node: "/dev/input/event3", size: screen, options: options)
        source = core.add(pipeline)
        core.setContentRegions([ContentRegion(id: "page", rectMM: ContentRect(x: 0, y: 0, widthMM: 300, heightMM: 200),
                                              direction: .ltr, owner: Self.owner)], now: 0)
    }

    func contact(_ phase: ContactPhase, _ x: Double, _ y: Double, id: Int = 1) -> Contact {
        Contact(id: id, slot: 0, phase: phase, deviceX: Int32(x * 100), deviceY: Int32(y * 100), mm: Point(x: x, y: y),
                normalized: Point(x: x / screen.widthMM, y: y / screen.heightMM))
    }

    func frame(_ ms: Double, _ phase: ContactPhase, _ x: Double, _ y: Double = 100) {
        core.process(TouchFrame(time: Microseconds(milliseconds: ms), contacts: [contact(phase, x, y)]), from: source)
    }

    /// Down at `x0` (t 1000 ms), then right 2 mm every 8 ms for `moves` frames.
    func pan(from x0: Double = 100, moves: Int) {
        frame(1000, .down, x0)
        for k in 1...moves { frame(1000 + 8 * Double(k), .move, x0 + 2 * Double(k)) }
    }

    /// Right on to x 260 (160 mm from 100, past half the region's 300 mm) in 2 mm steps, then the lift.
    func finish(from k0: Int, x0: Double = 100) {
        var k = k0
        while x0 + 2 * Double(k) < 260 {
            k += 1
            frame(1000 + 8 * Double(k), .move, x0 + 2 * Double(k))
        }
        frame(1000 + 8 * Double(k + 1), .up, x0 + 2 * Double(k))
    }

    func settle() { core.fire(upTo: Microseconds(milliseconds: 10_000)) }

    @Test func aClaimedPanGoesBackOneScreen() throws {
        pan(moves: 4)
        // Asked at the 4th move (1032 ms, x 108: 8 mm), once, of the region's owner, with the finger's position.
        let q = try #require(seen.queries.first)
        #expect(seen.queries.count == 1 && q.owner == Self.owner && q.region == "page" && q.direction == .ltr)
        #expect(q.positionMM == Point(x: 108, y: 100) && q.time == Microseconds(milliseconds: 1032))
        #expect(seen.gestures.allSatisfy { $0.phase != .began })
        core.contentAnswered(source: source.id, seq: q.seq, .claim, owner: Self.owner, now: Microseconds(milliseconds: 1040))
        let began = try #require(seen.gestures.first { $0.phase == .began })
        #expect(began.kind == .content && began.edge == .left && began.translationMM == 8)
        finish(from: 4)
        let ended = try #require(seen.gestures.last { $0.phase == .ended })
        #expect(ended.kind == .content && ended.outcome == .complete)
        settle()
        #expect(navigation.stackNames == ["home"])
    }

    @Test func aYieldedPanDoesNothing() throws {
        pan(moves: 4)
        let q = try #require(seen.queries.first)
        core.contentAnswered(source: source.id, seq: q.seq, .yield(.scroller), owner: Self.owner, now: Microseconds(milliseconds: 1040))
        let failed = try #require(seen.gestures.last { $0.kind == .content })
        #expect(failed.phase == .failed && failed.failureReason == .content(.yielded(.scroller)))
        finish(from: 4)
        settle()
        #expect(!seen.gestures.contains { $0.phase == .began })
        #expect(navigation.stackNames == ["home", "inbox"] && seen.queries.count == 1)
    }

    @Test func noAnswerWithinTheWaitIsAYield() throws {
        pan(moves: 4)
        let q = try #require(seen.queries.first)
        // Asked at 1032 ms: the deadline is 17 ms later, 1049 ms; the frame at 1056 ms fires it first.
        frame(1056, .move, 116)
        let failed = try #require(seen.gestures.last { $0.kind == .content })
        #expect(failed.phase == .failed && failed.failureReason == .content(.yielded(.timeout)))
        #expect(failed.time == Microseconds(milliseconds: 1049) && seen.timedOut == [q.seq])
        // The answer after it changes nothing.
        core.contentAnswered(source: source.id, seq: q.seq, .claim, owner: Self.owner, now: Microseconds(milliseconds: 1060))
        finish(from: 7)
        settle()
        #expect(!seen.gestures.contains { $0.phase == .began } && navigation.stackNames == ["home", "inbox"])
    }

    @Test func theEdgeSwipeStillWorksWithSixteenRegionsAndAClientClaimingEverything() throws {
        // 16 regions, 18.75 x 200 mm side by side from x 0 (16 x 18.75 = 300): the first holds the 5 mm band.
        core.setContentRegions((0..<16).map { k in
            ContentRegion(id: ContentRegionID("r\(k)"), rectMM: ContentRect(x: Double(k) * 18.75, y: 0, widthMM: 18.75, heightMM: 200),
                          direction: .ltr, owner: Self.owner)
        }, now: 0)
        #expect(pipeline.content?.recognizer.regions.count == 16)
        // Down 2 mm from the left edge: the edge recognizer's; no query is made, so nothing can claim it.
        pan(from: 2, moves: 4)
        #expect(seen.queries.isEmpty)
        let began = try #require(seen.gestures.first { $0.phase == .began })
        #expect(began.kind == .edge && began.edge == .left)
        let contentFailure = try #require(seen.gestures.first { $0.kind == .content })
        #expect(contentFailure.failureReason == .content(.inEdgeBand(.left)))
        finish(from: 4, x0: 2)
        settle()
        #expect(navigation.stackNames == ["home"])
    }

    @Test func anOwnerThatGoesAwayMidBackCancelsIt() throws {
        pan(moves: 4)
        let q = try #require(seen.queries.first)
        core.contentAnswered(source: source.id, seq: q.seq, .claim, owner: Self.owner, now: Microseconds(milliseconds: 1040))
        frame(1048, .move, 120)
        core.contentOwnerGone(Self.owner, now: Microseconds(milliseconds: 1050))
        let cancelled = try #require(seen.gestures.last { $0.kind == .content })
        #expect(cancelled.phase == .cancelled && cancelled.failureReason == .content(.regionWithdrawn))
        #expect(pipeline.content?.recognizer.regions.isEmpty == true)
        frame(1056, .up, 122)
        settle()
        #expect(navigation.stackNames == ["home", "inbox"])
    }

    @Test func anOwnerGoneWhileAskedYields() throws {
        pan(moves: 4)
        core.contentOwnerGone(Self.owner, now: Microseconds(milliseconds: 1036))
        let failed = try #require(seen.gestures.last { $0.kind == .content })
        #expect(failed.phase == .failed && failed.failureReason == .content(.yielded(.ownerGone)))
    }

    /// A touchscreen plugged in after the regions were declared takes them, clipped to its own 200 x 100 mm screen.
    @Test func aDeviceAddedLaterTakesTheRegions() throws {
        var options = PipelineOptions()
        options.content = ContentOptions()
        let later = try DevicePipeline(frameSourceNamed: "second", node: "/dev/input/event5",
                                       size: PhysicalSize(widthMM: 200, heightMM: 100), options: options)
        _ = core.add(later)
        #expect(later.content?.recognizer.regions == [ContentRegion(id: "page", rectMM: ContentRect(x: 0, y: 0, widthMM: 200, heightMM: 100),
                                                                    direction: .ltr, owner: Self.owner)])
    }

    @Test func withContentOffNothingIsAskedAndThePipelineHasNone() throws {
        let plain = try DevicePipeline(frameSourceNamed: "panel", node: "/dev/input/event4", size: screen, options: PipelineOptions())
        #expect(plain.content == nil)
    }
}

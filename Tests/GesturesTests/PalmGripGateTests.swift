import Testing
import TouchInput
@testable import Gestures
import TouchModel

// Issue 36's palm and grip gates on the 128 × 64 mm test surface (left edge zone 5 mm): each threshold at, below
// and above, and what a rejected contact leaves the other recognizers of the arena.
@Suite struct PalmGripGateTests {
    let s = TestSurface()

    func sized(_ c: Contact, major: Double, minor: Double, pressure: Double = 0) -> Contact {
        var c = c
        c.shape = ContactShape(majorMM: major, minorMM: minor, pressure: pressure)
        return c
    }

    @Test(arguments: [(19.9, false), (20.0, true), (20.1, true)])
    func majorAxisAtTouchDown(major: Double, palm: Bool) throws {
        let r = try s.recognizer()
        let e = feed(r, s.frame(0, sized(s.contact(1, .down, 2, 32), major: major, minor: 10)))
        if palm {
            #expect(e.map(\.phase) == [.failed])
            #expect(e.first?.failureReason == .palmSize(majorMM: major, minorMM: 10))
        } else {
            #expect(e.isEmpty)
            #expect(r.state == .possible)
        }
    }

    // 16 × 12.5 = 200 mm² exactly, with the area threshold set to 200 (the major stays under its 20 mm).
    @Test(arguments: [(12.4, false), (12.5, true), (12.6, true)])
    func areaAtTouchDown(minor: Double, palm: Bool) throws {
        let r = try s.recognizer(EdgeSwipeConfig(palmAreaMM2: 200))
        let e = feed(r, s.frame(0, sized(s.contact(1, .down, 2, 32), major: 16, minor: minor)))
        #expect(e.first?.failureReason == (palm ? .palmSize(majorMM: 16, minorMM: minor) : nil))
    }

    @Test func aContactThatGrowsIntoAPalmBeforeBeginningFailsThen() throws {
        let r = try s.recognizer()
        #expect(feed(r, s.frame(0, sized(s.contact(1, .down, 2, 32), major: 9, minor: 8))).isEmpty)
        #expect(feed(r, s.frame(10, sized(s.contact(1, .move, 3, 32), major: 15, minor: 12))).isEmpty)
        let e = feed(r, s.frame(20, sized(s.contact(1, .move, 4, 32), major: 22, minor: 14)))
        #expect(e.first?.failureReason == .palmSize(majorMM: 22, minorMM: 14))
    }

    @Test func aSwipeThatHasBegunIsNotEndedBySize() throws {
        let r = try s.recognizer()
        _ = feed(r, s.frame(0, sized(s.contact(1, .down, 2, 32), major: 9, minor: 8)))
        #expect(feed(r, s.frame(10, sized(s.contact(1, .move, 9, 32), major: 9, minor: 8))).first?.phase == .began)
        #expect(feed(r, s.frame(20, sized(s.contact(1, .move, 14, 32), major: 25, minor: 20))).first?.phase == .changed)
    }

    @Test(arguments: [(0.79, nil as Double?), (0.8, 0.8), (0.9, 0.9)])
    func pressureOnADeviceWithoutSize(pressure: Double, failed: Double?) throws {
        let r = try s.recognizer(EdgeSwipeConfig(palmPressure: 0.8))
        let e = feed(r, s.frame(0, sized(s.contact(1, .down, 2, 32), major: 0, minor: 0, pressure: pressure)))
        #expect(e.first?.failureReason == failed.map { .palmPressure(pressure: $0) })
    }

    @Test func pressureIsOffUnlessConfiguredAndSizeWinsWhereThereIsSize() throws {
        let off = try s.recognizer()
        #expect(feed(off, s.frame(0, sized(s.contact(1, .down, 2, 32), major: 0, minor: 0, pressure: 1))).isEmpty)
        // A device with size: a finger-sized contact pressing hard is no palm.
        let sizedDevice = try s.recognizer(EdgeSwipeConfig(palmPressure: 0.5))
        #expect(feed(sizedDevice, s.frame(0, sized(s.contact(1, .down, 2, 32), major: 8, minor: 7, pressure: 1))).isEmpty)
    }

    // A still contact (activation timeout 1000 ms, so the grip rule decides): within 1.5 mm for 300 ms.
    @Test(arguments: [(1.4, true), (1.5, true), (1.6, false)])
    func gripRadius(moved: Double, grip: Bool) throws {
        let r = try s.recognizer(EdgeSwipeConfig(activationTimeoutMS: 1000))
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 32)))
        _ = feed(r, s.frame(50, s.contact(1, .move, 2, 32 + moved)))
        #expect(r.nextDeadline == (grip ? 300_000 : 1_000_000))
        if grip {
            #expect(r.deadlineReached(now: 299_999).isEmpty)
            #expect(r.deadlineReached(now: 300_000).first?.failureReason == .grip(ms: 300, radiusMM: 1.5))
        } else {
            #expect(r.deadlineReached(now: 300_000).isEmpty)
            #expect(r.deadlineReached(now: 1_000_000).first?.failureReason == .activationTimeout(ms: 1000))
        }
    }

    @Test(arguments: [(299.0, false), (300.0, true), (301.0, true)])
    func gripTimeByAFrame(ms: Double, grip: Bool) throws {
        let r = try s.recognizer(EdgeSwipeConfig(activationTimeoutMS: 1000))
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 32)))
        let e = feed(r, s.frame(ms, s.contact(1, .move, 2.5, 32)))
        #expect(e.first?.failureReason == (grip ? .grip(ms: 300, radiusMM: 1.5) : nil))
    }

    @Test func withTheDefaultsTheActivationTimeoutStillFailsAStillContactFirst() throws {
        let r = try s.recognizer()
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 32)))
        #expect(r.nextDeadline == 250_000)
        #expect(r.deadlineReached(now: 250_000).first?.failureReason == .activationTimeout(ms: 250))
    }

    @Test func bothRunOutTheGripIsTheReason() throws {
        // A frame that comes after both the 250 ms timeout and a 200 ms grip time: the still contact is a grip.
        let r = try s.recognizer(EdgeSwipeConfig(gripTimeMS: 200))
        _ = feed(r, s.frame(0, s.contact(1, .down, 2, 32)))
        #expect(feed(r, s.frame(400, s.contact(1, .move, 2, 32))).first?.failureReason == .grip(ms: 200, radiusMM: 1.5))
    }

    /// Two recognizers (left and right edge): a thumb holds the right bezel, is rejected as a grip at 300 ms and
    /// freed for an owning forwarder, and a left swipe beside it, landing later, begins.
    @Test func aGripBesideASimultaneousSwipe() throws {
        let a = GestureArena(transform: s.transform)
        try a.add(EdgeSwipeConfig(edges: [.left], activationTimeoutMS: 1000))
        try a.add(EdgeSwipeConfig(edges: [.right], activationTimeoutMS: 1000))
        let thumb = s.contact(1, .down, 126, 32)
        _ = a.process(s.frame(0, thumb), now: 0)
        #expect(a.claim(ofContact: 1) == .held)
        #expect(a.nextDeadline == 300_000)
        let e = a.deadlineReached(now: 300_000)
        #expect(e.map(\.failureReason) == [.grip(ms: 300, radiusMM: 1.5)])
        #expect(e.first?.recognizer == "right-1")
        #expect(a.claim(ofContact: 1) == .free)
        let still = s.contact(1, .move, 126, 32)
        // The right recognizer, started again beside the rejected thumb, fails on a touch outside its zone as ever.
        let landed = a.process(s.frame(400, still, s.contact(2, .down, 2, 20)), now: 400_000)
        #expect(landed.map(\.failureReason) == [.notInEdgeZone])
        #expect(landed.first?.recognizer == "right-1")
        let began = a.process(s.frame(420, still, s.contact(2, .move, 10, 20)), now: 420_000)
        #expect(began.map(\.phase) == [.began])
        #expect(began.first?.recognizer == "left-1")
        #expect(a.claim(ofContact: 2) == .claimed)
        #expect(a.claim(ofContact: 1) == .free)
    }

    @Test func aPalmIsIgnoredByTheOtherRecognizersUntilItLifts() throws {
        let a = GestureArena(transform: s.transform)
        try a.add(EdgeSwipeConfig(edges: [.left]))
        try a.add(EdgeSwipeConfig(edges: [.right]))
        let e = a.process(s.frame(0, sized(s.contact(1, .down, 125, 40), major: 30, minor: 20)), now: 0)
        #expect(e.compactMap(\.failureReason).contains(.palmSize(majorMM: 30, minorMM: 20)))
        let palm = sized(s.contact(1, .move, 125, 40), major: 30, minor: 20)
        _ = a.process(s.frame(100, palm, s.contact(2, .down, 2, 20)), now: 100_000)
        #expect(a.process(s.frame(120, palm, s.contact(2, .move, 10, 20)), now: 120_000).map(\.phase) == [.began])
    }

    @Test(arguments: [
        (EdgeSwipeConfig(palmMajorMM: 0), "palm major (mm)"), (EdgeSwipeConfig(palmAreaMM2: -1), "palm area (mm²)"),
        (EdgeSwipeConfig(palmPressure: 1.5), "palm pressure"), (EdgeSwipeConfig(gripRadiusMM: .nan), "grip radius (mm)"),
        (EdgeSwipeConfig(gripTimeMS: -300), "grip time (ms)"),
    ])
    func badValuesAreNamed(config: EdgeSwipeConfig, field: String) {
        #expect(config.problems().count == 1)
        #expect(config.problems().first?.hasPrefix(field) == true, "\(config.problems())")
    }
}

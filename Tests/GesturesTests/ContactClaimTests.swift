import Testing
import TouchInput
@testable import Gestures
import TouchModel

/// What the arena says of each contact for ownership: held while a recognizer tracking it may still begin,
/// claimed once one began, free otherwise. Surface 128 × 64 mm, the default contract (left edge, 5 mm zone,
/// begins 6 mm in).
@Suite struct ContactClaimTests {
    let s = TestSurface()

    func arena(_ configs: EdgeSwipeConfig...) throws -> GestureArena {
        let a = GestureArena(transform: s.transform)
        for c in configs { try a.add(c) }
        return a
    }

    @Test func contactInTheZoneIsHeldThenClaimedWhenTheSwipeBegins() throws {
        let a = try arena(EdgeSwipeConfig())
        _ = a.process(s.frame(0, s.contact(1, .down, 2, 30)), now: 0)
        #expect(a.claim(ofContact: 1) == .held)
        _ = a.process(s.frame(10, s.contact(1, .move, 5, 30)), now: Microseconds(milliseconds: 10))
        #expect(a.claim(ofContact: 1) == .held)
        _ = a.process(s.frame(20, s.contact(1, .move, 9, 30)), now: Microseconds(milliseconds: 20))
        #expect(a.state(of: a.recognizers[0].name) == .began)
        #expect(a.claim(ofContact: 1) == .claimed)
        // Still claimed after the swipe ended, in its lift frame.
        _ = a.process(s.frame(30, s.contact(1, .up, 40, 30)), now: Microseconds(milliseconds: 30))
        #expect(a.claim(ofContact: 1) == .free)   // every contact lifted: the recognizer is back to possible
    }

    @Test func contactOutsideEveryZoneIsFreeAtOnce() throws {
        let a = try arena(EdgeSwipeConfig(edges: [.left, .right]))
        _ = a.process(s.frame(0, s.contact(1, .down, 64, 30)), now: 0)
        #expect(a.claim(ofContact: 1) == .free)
        #expect(a.claim(ofContact: 99) == .free)
    }

    @Test func heldContactIsFreeOnceItsRecognizerFails() throws {
        let a = try arena(EdgeSwipeConfig())
        _ = a.process(s.frame(0, s.contact(1, .down, 2, 10)), now: 0)
        #expect(a.claim(ofContact: 1) == .held)
        _ = a.process(s.frame(10, s.contact(1, .move, 2, 22)), now: Microseconds(milliseconds: 10))  // 12 mm along
        #expect(a.state(of: a.recognizers[0].name) == .failed)
        #expect(a.claim(ofContact: 1) == .free)
    }

    @Test func heldContactIsFreeWhenTheDeadlinePasses() throws {
        let a = try arena(EdgeSwipeConfig())
        _ = a.process(s.frame(0, s.contact(1, .down, 2, 10)), now: 0)
        #expect(a.nextDeadline == Microseconds(milliseconds: 250))
        _ = a.deadlineReached(now: Microseconds(milliseconds: 250))
        #expect(a.claim(ofContact: 1) == .free)
    }

    /// A contact the delegate keeps from every recognizer at touch-down (an exclusion) is free at once, in the zone.
    @Test func contactKeptFromEveryRecognizerIsFree() throws {
        let a = try arena(EdgeSwipeConfig())
        let delegate = RecordingDelegate()
        delegate.blockedAboveY = 20
        a.delegate = delegate
        _ = a.process(s.frame(0, s.contact(1, .down, 2, 10)), now: 0)
        #expect(a.claim(ofContact: 1) == .free)
    }

    /// Two recognizers track the contact: held while either may begin, claimed when one begins.
    @Test func heldWhileAnyTrackingRecognizerIsUndecided() throws {
        let a = try arena(EdgeSwipeConfig(name: "one", edges: [.left]), EdgeSwipeConfig(name: "two", edges: [.left], fingers: 2))
        _ = a.process(s.frame(0, s.contact(1, .down, 2, 30)), now: 0)
        #expect(a.claim(ofContact: 1) == .held)
        _ = a.process(s.frame(20, s.contact(1, .move, 9, 30)), now: Microseconds(milliseconds: 20))
        #expect(a.state(of: "one") == .began)
        #expect(a.claim(ofContact: 1) == .claimed)
    }
}

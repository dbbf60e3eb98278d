import EdgeSwipeSession
import EdgeSwipeWayland
import Testing

/// The foreign-toplevel handle state machine: values count from `done`, the focused one is the activated handle
/// activated last, closed and unknown handles handled.
@Suite struct ToplevelTrackerTests {
    static func show(_ t: inout ToplevelTracker, _ id: UInt32, _ appID: String, _ title: String, activated: Bool) {
        t.take(.new(handle: id))
        t.take(.title(handle: id, title))
        t.take(.appID(handle: id, appID))
        t.take(.state(handle: id, activated ? [ForeignToplevelEvent.activated] : []))
        t.take(.done(handle: id))
    }

    @Test func nothingCountsBeforeDone() {
        var t = ToplevelTracker()
        let c1 = t.take(.new(handle: 1))
        #expect(!c1)
        t.take(.appID(handle: 1, "org.gnome.Nautilus"))
        t.take(.title(handle: 1, "Files"))
        t.take(.state(handle: 1, [0, 2]))   // maximized, activated
        #expect(t.focused == nil)
        let c2 = t.take(.done(handle: 1))
        #expect(c2)
        #expect(t.focused == FocusedWindow(appID: "org.gnome.Nautilus", title: "Files"))
    }

    @Test func theLastActivatedOfSeveralActivatedHandlesIsFocused() {
        var t = ToplevelTracker()
        Self.show(&t, 1, "foot", "~", activated: true)
        Self.show(&t, 2, "firefox", "Mozilla Firefox", activated: true)   // another output's active toplevel
        #expect(t.focused?.appID == "firefox")
        // 1 is activated again (the user went back to that output): it is the focus, though 2 stays activated.
        t.take(.state(handle: 1, []))
        t.take(.done(handle: 1))
        t.take(.state(handle: 1, [2]))
        t.take(.done(handle: 1))
        #expect(t.focused?.appID == "foot")
        // A title change of 2 alone does not move the focus.
        t.take(.title(handle: 2, "New Tab — Mozilla Firefox"))
        t.take(.done(handle: 2))
        #expect(t.focused?.appID == "foot")
    }

    @Test func aTitleChangeOfTheFocusedOneCountsAtItsDone() {
        var t = ToplevelTracker()
        Self.show(&t, 7, "org.gnome.TextEditor", "Untitled", activated: true)
        t.take(.title(handle: 7, "notes.txt"))
        #expect(t.focused?.title == "Untitled")
        let c3 = t.take(.done(handle: 7))
        #expect(c3)
        #expect(t.focused?.title == "notes.txt")
        // A done with nothing changed is no change.
        let c4 = t.take(.done(handle: 7))
        #expect(!c4)
    }

    @Test func closingTheFocusedOneLeavesTheOtherActivatedOrNothing() {
        var t = ToplevelTracker()
        Self.show(&t, 1, "foot", "~", activated: true)
        Self.show(&t, 2, "firefox", "x", activated: true)
        let c5 = t.take(.closed(handle: 2))
        #expect(c5)
        #expect(t.focused?.appID == "foot")
        // The focus moving to no toplevel: its state loses activated.
        t.take(.state(handle: 1, []))
        t.take(.done(handle: 1))
        #expect(t.focused == nil)
        #expect(t.count == 1)
    }

    @Test func eventsForUnknownOrClosedHandlesAreCountedAndIgnored() {
        var t = ToplevelTracker()
        t.take(.title(handle: 9, "ghost"))
        t.take(.done(handle: 9))
        Self.show(&t, 1, "foot", "~", activated: true)
        t.take(.closed(handle: 1))
        t.take(.state(handle: 1, [2]))
        t.take(.closed(handle: 1))
        t.take(.new(handle: 3))
        t.take(.new(handle: 3))
        #expect(t.impossibleEvents == 5)
        #expect(t.focused == nil)
        #expect(t.count == 1)
    }

    @Test func finishedForgetsEverything() {
        var t = ToplevelTracker()
        Self.show(&t, 1, "foot", "~", activated: true)
        let c6 = t.take(.finished)
        #expect(c6)
        #expect(t.isFinished && t.focused == nil && t.count == 0)
    }

    /// A compositor announcing handles without end: `handleLimit` are followed, the rest counted and their events
    /// ignored as theirs (not impossible); the followed ones keep working, a closed one makes room again.
    @Test func handlesPastTheLimitAreNotFollowed() {
        var t = ToplevelTracker()
        let limit = UInt32(ToplevelTracker.handleLimit)
        for id in 1...limit { Self.show(&t, id, "app\(id)", "", activated: false) }
        Self.show(&t, limit + 1, "late", "", activated: true)    // past the limit: focusing it is not seen
        Self.show(&t, limit + 2, "later", "", activated: true)
        #expect(t.count == ToplevelTracker.handleLimit)
        #expect(t.unfollowedHandles == 2)
        #expect(t.impossibleEvents == 0)
        #expect(t.focused == nil)
        t.take(.state(handle: 7, [ForeignToplevelEvent.activated]))
        t.take(.done(handle: 7))
        #expect(t.focused == FocusedWindow(appID: "app7", title: ""))
        // An unfollowed handle's close is its own; then a new handle has room.
        t.take(.closed(handle: limit + 1))
        t.take(.closed(handle: 3))
        Self.show(&t, limit + 3, "new", "", activated: true)
        #expect(t.impossibleEvents == 0)
        #expect(t.focused == FocusedWindow(appID: "new", title: ""))
        #expect(t.count == ToplevelTracker.handleLimit)
    }
}

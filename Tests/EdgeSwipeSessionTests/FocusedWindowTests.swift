import EdgeSwipeSession
import Testing

/// What the session sends stays within what the service takes (reportFocus: app_id 255 bytes, title 1024, no NUL).
@Suite struct FocusedWindowTests {
    @Test func longValuesAreCutAtACharacterWithinTheBound() {
        let w = FocusedWindow(appID: String(repeating: "a", count: 64 * 1024), title: String(repeating: "é", count: 600), pid: 12).bounded
        #expect(w.appID.utf8.count == 255)
        // "é" is 2 bytes: 512 of them fill 1024 bytes exactly.
        #expect(w.title == String(repeating: "é", count: 512))
        // A 3-byte character that would cross the bound is left out whole.
        let t = FocusedWindow(appID: String(repeating: "b", count: 254) + "€", title: "").bounded
        #expect(t.appID == String(repeating: "b", count: 254))
    }

    @Test func nulIsDroppedAndNoPidBelowOne() {
        let w = FocusedWindow(appID: "org.\u{0}evil", title: "a\u{0}b", pid: 0).bounded
        #expect(w == FocusedWindow(appID: "org.evil", title: "ab", pid: nil))
        #expect(FocusedWindow(appID: "x", title: "", pid: -5).bounded.pid == nil)
    }
}

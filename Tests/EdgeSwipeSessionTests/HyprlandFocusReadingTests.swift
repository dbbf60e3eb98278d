import EdgeSwipeSession
import Testing

/// Hyprland's socket2 lines (`EVENT>>DATA`, its wiki's IPC page) and its `j/activewindow` answer.
@Suite struct HyprlandFocusReadingTests {
    static func event(_ s: String) -> HyprlandFocusEvent { HyprlandFocusReading.event(Array(s.utf8)) }

    @Test func activeWindowLines() {
        #expect(Self.event("activewindow>>org.gnome.Nautilus,Files") == .activeWindow(FocusedWindow(appID: "org.gnome.Nautilus", title: "Files")))
        // The title may hold commas and ">>"; the class holds neither.
        #expect(Self.event("activewindow>>firefox,a, b >> c — Mozilla Firefox")
                == .activeWindow(FocusedWindow(appID: "firefox", title: "a, b >> c — Mozilla Firefox")))
        #expect(Self.event("activewindow>>,") == .activeWindow(nil))
        #expect(Self.event("activewindow>>") == .activeWindow(nil))
    }

    @Test func activeWindowAddressLines() {
        #expect(Self.event("activewindowv2>>55d3a8c0b2f0") == .activeWindowAddress("55d3a8c0b2f0"))
        #expect(Self.event("activewindowv2>>0x55d3a8c0b2f0") == .activeWindowAddress("55d3a8c0b2f0"))
        #expect(Self.event("activewindowv2>>") == .activeWindowAddress(nil))
        #expect(Self.event("activewindowv2>>,") == .activeWindowAddress(nil))
    }

    @Test func otherLinesSayNothing() {
        #expect(Self.event("workspace>>2") == .other)
        #expect(Self.event("openwindow>>55d3a8c0b2f0,1,kitty,~") == .other)
        #expect(Self.event("no separator") == .other)
        #expect(Self.event(">") == .other)
        #expect(Self.event("") == .other)
    }

    @Test func theActiveWindowAnswer() throws {
        let answer = #"""
            {"address": "0x55d3a8c0b2f0", "mapped": true, "hidden": false, "at": [0, 0], "size": [1080, 1920],
             "workspace": {"id": 1, "name": "1"}, "floating": false, "monitor": 0, "class": "org.kde.dolphin",
             "title": "Home — Dolphin", "initialClass": "org.kde.dolphin", "initialTitle": "Dolphin", "pid": 4321,
             "xwayland": false, "pinned": false, "fullscreen": false, "grouped": [], "swallowing": "0x0"}
            """#
        let active = try HyprlandFocusReading.activeWindow(Array(answer.utf8))
        #expect(active?.address == "55d3a8c0b2f0")
        #expect(active?.window == FocusedWindow(appID: "org.kde.dolphin", title: "Home — Dolphin", pid: 4321))
        #expect(try HyprlandFocusReading.activeWindow(Array("{}".utf8)) == nil)
        #expect(throws: FocusReadError("j/activewindow answer: expected an object, got a string")) {
            try HyprlandFocusReading.activeWindow(Array(#""Invalid""#.utf8))
        }
        #expect(throws: FocusReadError("j/activewindow answer: no \"address\" string")) {
            try HyprlandFocusReading.activeWindow(Array(#"{"class":"a"}"#.utf8))
        }
        #expect(throws: FocusReadError.self) { try HyprlandFocusReading.activeWindow(Array("unknown request".utf8)) }
    }
}

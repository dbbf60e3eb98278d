import EdgeSwipeControl
import Testing

/// Issue 34 item 2: one "say once" for the session side (the nameless outputs, a refused output report, a drawing
/// problem, a failing vibrator): each cause said the first time, never again, whatever the message then.
@Suite struct SayOnceTests {
    @Test func eachCauseIsSaidOnceWithItsFirstMessage() {
        var once = SayOnce()
        var said: [String] = []
        once.say("DSI-1 refused", "the service refused the report of output DSI-1 (refused)", to: { said.append($0) })
        once.say("DSI-1 refused", "the service refused the report of output DSI-1 (refused) again", to: { said.append($0) })
        once.say("HDMI-A-1 refused", "the service refused the report of output HDMI-A-1 (refused)", to: { said.append($0) })
        #expect(said == ["the service refused the report of output DSI-1 (refused)",
                         "the service refused the report of output HDMI-A-1 (refused)"])
        #expect(once.hasSaid("DSI-1 refused") && !once.hasSaid("eDP-1 refused"))
        #expect(once.message("HDMI-A-1 refused", "again") == nil)
        #expect(once.message("eDP-1 refused", "first") == "first")
    }

    @Test func aLaterMessageIsNotEvenMade() {
        var once = SayOnce()
        var made = 0
        func message() -> String { made += 1; return "m" }
        _ = once.message("cause", message())
        _ = once.message("cause", message())
        #expect(made == 1)
    }
}

import EdgeSwipeBus
import EdgeSwipeHaptics
import Testing

/// The call each cue makes: feedbackd's `TriggerFeedback(s app_id, s event, a{sv} hints, i timeout)` (its D-Bus
/// interface, org.sigxcpu.Feedback.xml), with the quiet profile as the one hint and each feedback played once.
@Suite struct FeedbackdCallTests {
    @Test func eachCueIsOneTriggerFeedbackOfFeedbackdsSignature() {
        let call = FeedbackdHaptics.trigger(.armed, appId: "edgeswipe-feedback")
        #expect(call.destination == "org.sigxcpu.Feedback" && call.path == "/org/sigxcpu/Feedback")
        #expect(call.interface == "org.sigxcpu.Feedback" && call.member == "TriggerFeedback")
        #expect(call.signature == "ssa{sv}i")
        #expect(call.arguments == [.string("edgeswipe-feedback"), .string("button-pressed"),
                                   .properties(["profile": .string("quiet")]), .int32(-1)])
        #expect(FeedbackdHaptics.trigger(.disarmed, appId: "x").arguments[1] == .string("button-released"))
    }
}

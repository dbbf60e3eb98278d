import EdgeSwipeSession
import TouchModel
import Testing

/// At most one report per 16 ms, the latest winning; only changes; everything again after a reconnect.
@Suite struct FocusCoalescerTests {
    typealias C = FocusCoalescer<String>
    static func ms(_ v: UInt64) -> Microseconds { Microseconds(v * 1000) }

    @Test func nothingIsSentBeforeAConnectionAndTheLatestIsSentAtIt() {
        var c = C()
        #expect(c.observe("a", now: Self.ms(0)) == C.Step(send: nil, deadline: nil))
        #expect(c.observe("b", now: Self.ms(5)) == C.Step(send: nil, deadline: nil))
        #expect(c.connected(now: Self.ms(100)) == C.Step(send: "b", deadline: nil))
    }

    @Test func tenChangesWithinAFrameAreTwoReports() {
        var c = C()
        _ = c.connected(now: Self.ms(0))
        #expect(c.observe("w0", now: Self.ms(1)) == C.Step(send: "w0", deadline: nil))
        var sent: [String] = []
        // Alt-tab through nine more windows, one each ms: all inside the frame after the first report.
        for n in 1...9 {
            let step = c.observe("w\(n)", now: Self.ms(1 + UInt64(n)))
            if let s = step.send { sent.append(s) }
            #expect(step.deadline == Self.ms(17))
        }
        #expect(sent.isEmpty)
        #expect(c.due(now: Self.ms(17)) == C.Step(send: "w9", deadline: nil))
    }

    @Test func onlyChangesAreSent() {
        var c = C()
        _ = c.connected(now: Self.ms(0))
        #expect(c.observe("a", now: Self.ms(0)).send == "a")
        #expect(c.observe("a", now: Self.ms(50)) == C.Step(send: nil, deadline: nil))
        // a -> b -> a within the frame: the frame's end finds "a", already sent: nothing.
        #expect(c.observe("b", now: Self.ms(60)).send == "b")
        #expect(c.observe("a", now: Self.ms(61)).deadline == Self.ms(76))
        #expect(c.due(now: Self.ms(76)).send == "a")
        #expect(c.observe("b", now: Self.ms(80)).deadline == Self.ms(92))
        #expect(c.observe("a", now: Self.ms(81)).deadline == nil)   // back to what was sent: nothing pending
        #expect(c.due(now: Self.ms(92)) == C.Step(send: nil, deadline: nil))
    }

    @Test func aReconnectSendsTheCurrentFocusAgainAtOnce() {
        var c = C()
        _ = c.connected(now: Self.ms(0))
        #expect(c.observe("a", now: Self.ms(1)).send == "a")
        c.disconnected()
        #expect(c.observe("b", now: Self.ms(3)) == C.Step(send: nil, deadline: nil))
        // Within 16 ms of the last report, but a new connection: no wait.
        #expect(c.connected(now: Self.ms(4)) == C.Step(send: "b", deadline: nil))
        c.disconnected()
        #expect(c.connected(now: Self.ms(5)) == C.Step(send: "b", deadline: nil))
    }

    @Test func nothingFocusedIsSentOnlyWhenItLastsAFrame() {
        var c = C(waits: { $0.isEmpty })
        _ = c.connected(now: Self.ms(0))
        #expect(c.observe("a", now: Self.ms(0)).send == "a")
        // a -> nothing -> b, 2 ms apart, long after the last report: "nothing" waits its frame, b goes at once.
        #expect(c.observe("", now: Self.ms(100)) == C.Step(send: nil, deadline: Self.ms(116)))
        #expect(c.observe("b", now: Self.ms(102)) == C.Step(send: "b", deadline: nil))
        #expect(c.due(now: Self.ms(116)) == C.Step(send: nil, deadline: nil))
        // Nothing focused that lasts: sent at the end of its frame.
        #expect(c.observe("", now: Self.ms(200)).deadline == Self.ms(216))
        #expect(c.due(now: Self.ms(210)) == C.Step(send: nil, deadline: Self.ms(216)))
        #expect(c.due(now: Self.ms(216)) == C.Step(send: "", deadline: nil))
        // Observed again (the same), it does not wait again: nothing new to send.
        #expect(c.observe("", now: Self.ms(300)) == C.Step(send: nil, deadline: nil))
    }
}

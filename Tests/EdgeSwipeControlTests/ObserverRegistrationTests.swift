import EdgeSwipeControl
import Testing
import TouchModel

private func line(_ text: String) throws -> ServiceLine { ServiceLine(try JSONValue.decode(Array(text.utf8))) }

/// Issue 33, item 3, the feedback's side: a refused registration (the service's back handlers full) is said and
/// asked again after a delay doubling from 1 s to 30 s; a registration resets the delays; a refusal that waiting
/// cannot help (an older service) is said and not asked again on that connection.
@Suite struct ObserverRegistrationTests {
    static let refused = #"{"type":"error","id":1,"code":"refused","message":"registerBackHandler: this client already has 16 back handlers (the limit)"}"#

    @Test func aRefusalIsSaidAndAskedAgainWithBoundedDelays() throws {
        var r = ObserverRegistration()
        var delays: [Microseconds?] = []
        for _ in 0..<8 {
            guard case .notRegistered(let message, let after)? = r.answer(try line(Self.refused)) else {
                Issue.record("a refusal was not taken as the registration's answer")
                return
            }
            #expect(message == "the service refused the back observer (refused: registerBackHandler: this client "
                    + "already has 16 back handlers (the limit)); asking again")
            delays.append(after)
        }
        // 1, 2, 4, 8, 16 s, then 30 s, the bound.
        #expect(delays == [1_000_000, 2_000_000, 4_000_000, 8_000_000, 16_000_000, 30_000_000, 30_000_000, 30_000_000])
        #expect(r.answer(try line(#"{"type":"reply","command":"registerBackHandler","id":1,"result":{"handler":9}}"#)) == .registered)
        guard case .notRegistered(_, let after)? = r.answer(try line(Self.refused)) else {
            Issue.record("not taken")
            return
        }
        #expect(after == 1_000_000, "registered once: the delays start over")
    }

    @Test func anOlderServiceIsSaidOnceAndNotAskedAgain() throws {
        var r = ObserverRegistration()
        let old = #"{"type":"error","id":1,"code":"unknownCommand","message":"unknown command \"registerBackHandler\""}"#
        #expect(r.answer(try line(old)) == .notRegistered(
            message: "the service refused the back observer (unknownCommand: unknown command \"registerBackHandler\")", retryAfter: nil))
        // Other lines are not its answer: another request's error, an event.
        #expect(r.answer(try line(#"{"type":"error","id":"reportOutput DSI-1","code":"refused","message":"x"}"#)) == nil)
        #expect(r.answer(try line(#"{"type":"screens","screens":[]}"#)) == nil)
    }
}

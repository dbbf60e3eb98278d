@testable import EdgeSwipeControl
@testable import EdgeSwipeSession
import Testing
import TouchModel

/// `feedback --verbose`'s connection lines: one JSON object per step, the states and causes in ServiceConnection's
/// words, `why` only for a lost connection.
@Suite struct ConnectionTransitionJSONTests {
    @Test func eachStepIsOneLineWithItsStatesAndCause() {
        let retry = ServiceConnection.Transition(from: .waiting(retryIn: Microseconds(400_000)), cause: .timer, to: .connected)
        #expect(ConnectionTransitionJSON.line(retry)
                == #"{"cause":"timer","from":"waiting(400 ms)","to":"connected","type":"connection"}"#)
        let refused = ServiceConnection.Transition(from: .connected, cause: .refused(retryAfter: Microseconds(2_000_000)),
                                                   to: .connected)
        #expect(ConnectionTransitionJSON.line(refused)
                == #"{"cause":"refused(again in 2000 ms)","from":"connected","to":"connected","type":"connection"}"#)
        let lost = ServiceConnection.Transition(from: .observing, cause: .lost("the service closed the connection"),
                                                to: .waiting(retryIn: Microseconds(100_000)))
        #expect(ConnectionTransitionJSON.line(lost)
                == #"{"cause":"lost","from":"observing","to":"waiting(100 ms)","type":"connection","why":"the service closed the connection"}"#)
    }
}

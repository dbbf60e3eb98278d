import Gestures
import Testing
import TouchModel
@testable import Navigation

/// The lines a sink was given (tests run one thread at a time; the sink's closure must be Sendable).
final class RecordedLines: @unchecked Sendable {
    private(set) var all: [String] = []
    var sink: LogSink { LogSink { [self] _, line in all.append(line) } }
}

/// NavigationArbiter changes its phase in one place (issue 34 item 4), as HoldForwarder does a touch's fate: each
/// change logged as "pop: phase → cause → phase", an impossible cause counted, logged as a bug and ignored.
/// The table is read from what the phases mean (NavigationArbiter+Transition.swift),
/// not from the code: a gesture asks shouldBegin once and begins once before it ends, and another device's gesture
/// never reaches the transition while one holds the pop.
@Suite struct PopTransitionTests {
    let request = BeginRequest(recognizer: "pop", edge: .left, fingers: 1, time: 10, startMM: Point(x: 1, y: 40),
                               screenMM: PhysicalSize(widthMM: 100, heightMM: 160))

    func phase(_ name: String) -> PopPhase {
        switch name {
        case "waiting": return .waiting
        case "approved": return .approved(request)
        case "driving": return .driving(request.key, extentMM: 100)
        default: return .refused
        }
    }

    func cause(_ name: String) -> PopCause {
        switch name {
        case "allowed": return .allowed(request)
        case "refused": return .refused
        case "refused at began": return .refusedAtBegan
        case "began": return .began(request.key, extentMM: 100)
        default: return .ended
        }
    }

    /// Every (phase, cause) pair: the next phase, or nil for impossible.
    static let table: [(from: String, cause: String, to: String?)] = [
        ("waiting", "allowed", "approved"), ("waiting", "refused", "refused"), ("waiting", "refused at began", "refused"),
        ("waiting", "began", "driving"), ("waiting", "ended", "waiting"),
        // Approved: its began follows (judged again if the stack changed), or its end; it never asks again first.
        ("approved", "allowed", nil), ("approved", "refused", nil), ("approved", "refused at began", "refused"),
        ("approved", "began", "driving"), ("approved", "ended", "waiting"),
        // Driving: only its end.
        ("driving", "allowed", nil), ("driving", "refused", nil), ("driving", "refused at began", nil),
        ("driving", "began", nil), ("driving", "ended", "waiting"),
        // Refused holds no gesture: another device's may ask or begin before the refused one ends.
        ("refused", "allowed", "approved"), ("refused", "refused", "refused"), ("refused", "refused at began", "refused"),
        ("refused", "began", "driving"), ("refused", "ended", "waiting"),
    ]

    @Test func everyPhaseAndCause() {
        #expect(Self.table.count == 4 * 5)
        for (from, cause, to) in Self.table {
            let arbiter = NavigationArbiter(controller: NavigationController())
            let lines = RecordedLines()
            arbiter.logSink = lines.sink
            arbiter.phase = phase(from)
            let valid = arbiter.transition(self.cause(cause))
            #expect(valid == (to != nil), "\(from) → \(cause)")
            #expect(arbiter.phase.name == (to ?? from), "\(from) → \(cause)")
            #expect(arbiter.impossibleTransitions == (to == nil ? 1 : 0), "\(from) → \(cause)")
            if let to {
                // Waiting to waiting (a gesture that was never the pop's ends) is not worth a line.
                #expect(lines.all == (from == "waiting" && to == "waiting" ? [] : ["pop: \(from) → \(cause) → \(to)"]))
            } else {
                #expect(lines.all == ["BUG pop: \(from) → \(cause) is not a valid transition; ignored"])
            }
        }
    }

    /// A swipe back on two screens through the session: allowed, driven, ended; then a swipe at the root, refused
    /// by the stack's guard: the dispatcher hands it off, so the stack never judges it and the phase stays waiting.
    @Test func aSwipeThroughTheSessionIsLoggedOnce() throws {
        let session = try NavigationSession(stack: "home,detail", now: 0)
        let lines = RecordedLines()
        session.arbiter.logSink = lines.sink
        #expect(session.shouldBegin(request) == .allow)
        session.handle(GestureEvent(recognizer: "pop", phase: .began, edge: .left, fingers: 1, time: 10, progress: 0.1,
                                    translationMM: 10, startMM: Point(x: 1, y: 40), positionMM: Point(x: 11, y: 40)))
        session.handle(GestureEvent(recognizer: "pop", phase: .changed, edge: .left, fingers: 1, time: 20, progress: 0.5,
                                    translationMM: 50, startMM: Point(x: 1, y: 40), positionMM: Point(x: 51, y: 40)))
        session.handle(GestureEvent(recognizer: "pop", phase: .ended, edge: .left, fingers: 1, time: 30, progress: 0.6,
                                    translationMM: 60, velocityMMs: 300, startMM: Point(x: 1, y: 40),
                                    positionMM: Point(x: 61, y: 40), outcome: .complete))
        #expect(lines.all == ["pop: waiting → allowed → approved", "pop: approved → began → driving",
                              "pop: driving → ended → waiting"])
        session.finish(now: 1_000_000)
        #expect(session.stackNames == ["home"])
        #expect(session.shouldBegin(request) == .allow)
        #expect(lines.all.count == 3)
        #expect(session.arbiter.impossibleTransitions == 0)
    }

    /// The stack alone (no dispatcher before it) refuses a swipe at the root; the recognizer's failure ends it.
    @Test func aRefusalAtTheRootAndItsFailure() {
        let controller = NavigationController()
        try? controller.setScreens([Screen(name: "home")], animated: false, now: 0)
        let arbiter = NavigationArbiter(controller: controller)
        let lines = RecordedLines()
        arbiter.logSink = lines.sink
        #expect(arbiter.shouldBegin(request) == .refuse(.root))
        arbiter.handle(GestureEvent(recognizer: "pop", phase: .failed, edge: .left, fingers: 1, time: 10,
                                    failureReason: .refused(.root)))
        #expect(lines.all == ["pop: waiting → refused → refused", "pop: refused → ended → waiting"])
    }
}

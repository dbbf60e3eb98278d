import Navigation
import Testing
import TouchModel

/// `drainEvents` is the allocation-free `takeEvents` (BENCHMARKS.md): same events, same order, then empty.
struct DrainEventsTests {
    @Test func drainHandsOverWhatTakeReturnsAndClears() throws {
        let taken = try NavigationSession(stack: "home,inbox,message", now: 0)
        let drained = try NavigationSession(stack: "home,inbox,message", now: 0)
        for session in [taken, drained] {
            session.controller.pop(animated: false, now: 1_000)
        }
        let expected = taken.takeEvents()
        var got: [NavigationEvent] = []
        drained.drainEvents { got.append($0) }
        // setScreens shows "message" (will/didAppear), then the pop hides it and shows "inbox".
        #expect(expected.contains(NavigationEvent(time: 1_000, kind: .didAppear("inbox"))))
        #expect(got == expected)
        #expect(drained.takeEvents().isEmpty)
        var again = 0
        drained.drainEvents { _ in again += 1 }
        #expect(again == 0)
    }

    @Test func eventsCausedWhileDrainingAreHandedOverToo() throws {
        let session = try NavigationSession(stack: "home,inbox,message", now: 0)
        _ = session.takeEvents()
        session.controller.pop(animated: false, now: 1_000)
        var names: [String] = []
        var popped = false
        session.drainEvents { e in
            if case .didAppear(let name) = e.kind {
                names.append(name)
                if !popped { popped = true; session.controller.pop(animated: false, now: 2_000) }
            }
        }
        #expect(names == ["inbox", "home"])
        #expect(session.stackNames == ["home"])
    }
}

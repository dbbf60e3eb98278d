import Testing
import Navigation
import TouchModel
@testable import EdgeSwipeDaemon
import EdgeSwipeControl

/// Issue 14 item 4: the queue of stack changes asked for during a transition was unbounded and skipped the
/// duplicate-name check. Classes covered: queue floods (push, pop, popToRoot past the bound), names made
/// duplicate by queued pushes, names freed by queued pops, setStack and popToRoot replacing queued work,
/// and an interactive pop in flight (either outcome must leave distinct names).
@Suite struct NavigationQueueTests {
    /// A handler over a fresh stack; the transition lasts 350 ms by default, so everything asked at time
    /// 1 000 µs after a push lands in the queue.
    func makeHandler(stack: String = "home") throws -> NavigationCommandHandler {
        NavigationCommandHandler(session: try NavigationSession(stack: stack))
    }

    func push(_ h: NavigationCommandHandler, _ name: String, at t: Microseconds = 1_000) -> Result<JSONValue, ControlError> {
        h.handle(.push(ScreenSpec(name: name, kind: .plain)), from: ControlClientID(rawValue: 1), now: t)
    }

    func code(_ r: Result<JSONValue, ControlError>) -> String? {
        if case .failure(let e) = r { return e.code.rawValue }
        return nil
    }

    /// Runs every transition and queued change out, then returns the stack's names.
    func settle(_ h: NavigationCommandHandler) -> [String] {
        h.session.finish(now: 100_000_000)
        return h.session.stackNames
    }

    @Test func pushPopPushDupPushDupLeavesOneDup() throws {
        let h = try makeHandler()
        #expect(code(push(h, "x")) == nil)
        #expect(code(h.handle(.pop, from: ControlClientID(rawValue: 1), now: 1_000)) == nil)
        #expect(code(push(h, "dup")) == nil)
        #expect(code(push(h, "dup")) == "badArguments")
        #expect(settle(h) == ["home", "dup"])
    }

    @Test func aNameFreedByAQueuedPopMayBePushedAgain() throws {
        let h = try makeHandler(stack: "home,a")
        #expect(code(push(h, "b")) == nil)
        #expect(code(h.handle(.pop, from: ControlClientID(rawValue: 1), now: 1_000)) == nil)
        #expect(code(push(h, "b")) == nil)
        #expect(settle(h) == ["home", "a", "b"])
    }

    @Test func aQueuedNameOnTheCurrentStackIsRefused() throws {
        let h = try makeHandler(stack: "home,a")
        #expect(code(push(h, "b")) == nil)  // starts a transition
        #expect(code(push(h, "home")) == "badArguments")
        #expect(code(push(h, "a")) == "badArguments")
        #expect(settle(h) == ["home", "a", "b"])
    }

    @Test func theQueueIsBoundedAndAnswersRefusedPastTheBound() throws {
        let h = try makeHandler()
        let limit = NavigationController.maxQueuedOperations
        #expect(code(push(h, "s0")) == nil)  // runs now, the rest queue
        for i in 1...limit { #expect(code(push(h, "s\(i)")) == nil, "push \(i)") }
        #expect(h.session.controller.queuedOperations == limit)
        #expect(code(push(h, "over")) == "refused")
        #expect(code(h.handle(.pop, from: ControlClientID(rawValue: 1), now: 1_000)) == "refused")
        #expect(h.session.controller.queuedOperations == limit)
        #expect(settle(h) == ["home"] + (0...limit).map { "s\($0)" })
    }

    @Test func aFloodOfPushesStaysBounded() throws {
        let h = try makeHandler()
        var refused = 0
        for i in 0..<100_000 where code(push(h, "n\(i)")) == "refused" { refused += 1 }
        #expect(h.session.controller.queuedOperations == NavigationController.maxQueuedOperations)
        #expect(refused == 100_000 - 1 - NavigationController.maxQueuedOperations)
    }

    @Test func setStackReplacesQueuedOperationsAndIsNeverRefusedForAFullQueue() throws {
        let h = try makeHandler()
        #expect(code(push(h, "s0")) == nil)
        for i in 1...NavigationController.maxQueuedOperations { _ = push(h, "s\(i)") }
        let specs = [ScreenSpec(name: "home", kind: .plain), ScreenSpec(name: "s3", kind: .plain)]
        #expect(code(h.handle(.setStack(specs), from: ControlClientID(rawValue: 1), now: 1_000)) == nil)
        #expect(h.session.controller.queuedOperations == 1)
        // The replaced pushes no longer hold their names.
        #expect(code(push(h, "s5")) == nil)
        #expect(settle(h) == ["home", "s3", "s5"])
    }

    @Test func popToRootReplacesQueuedPushesAndPops() throws {
        let h = try makeHandler()
        #expect(code(push(h, "s0")) == nil)
        for i in 1...NavigationController.maxQueuedOperations { _ = push(h, "s\(i)") }
        #expect(code(h.handle(.popToRoot, from: ControlClientID(rawValue: 1), now: 1_000)) == nil)
        #expect(h.session.controller.queuedOperations == 1)
        #expect(code(push(h, "s1")) == nil)
        #expect(settle(h) == ["home", "s1"])
    }

    @Test func popToRootKeepsAQueuedSetStackThatDefinesTheRoot() throws {
        let h = try makeHandler()
        #expect(code(push(h, "s0")) == nil)
        let specs = [ScreenSpec(name: "root2", kind: .plain), ScreenSpec(name: "t", kind: .plain)]
        #expect(code(h.handle(.setStack(specs), from: ControlClientID(rawValue: 1), now: 1_000)) == nil)
        #expect(code(push(h, "u")) == nil)
        #expect(code(h.handle(.popToRoot, from: ControlClientID(rawValue: 1), now: 1_000)) == nil)
        #expect(h.session.controller.queuedOperations == 2)
        #expect(settle(h) == ["root2"])
    }
}

import EdgeSwipeDaemon
import Gestures
import Navigation
import TouchModel
import EdgeSwipeControl

/// The control commands on a real navigation stack (`NavigationCommandHandler`) while transitions and
/// interactive pops run: push (six names, so clashes are common), pop, popToRoot, setStack, state, time
/// steps, and a pop gesture's began / changed / ended (complete or cancel) / cancelled. Invariants: the queue
/// never passes its bound; no two screens on the stack share a name, at any step and once everything has
/// run out; the controller reports no `bug` diagnostic; a push refused as a duplicate names a screen that is
/// on the stack or queued.
enum NavigationQueueFuzzing {
    static let names = ["a", "b", "c", "d", "e", "f"]

    static func run(_ data: UnsafeRawBufferPointer) -> [String] {
        var input = ByteSource(data)
        guard let session = try? NavigationSession(stack: "home") else { return ["cannot build the stack"] }
        let handler = NavigationCommandHandler(session: session)
        let controller = session.controller
        let client = ControlClientID(rawValue: 1)
        var now: Microseconds = 1_000
        var problems: [String] = []
        var steps = 0
        func check(_ what: String) {
            if controller.queuedOperations > NavigationController.maxQueuedOperations {
                problems.append("\(what): \(controller.queuedOperations) queued, bound \(NavigationController.maxQueuedOperations)")
            }
            let names = controller.screens.map(\.name)
            if Set(names).count != names.count { problems.append("\(what): duplicate names on the stack \(names)") }
            for e in session.takeEvents() {
                if case .diagnostic(.bug, _, let detail) = e.kind { problems.append("\(what): bug diagnostic: \(detail)") }
            }
        }
        func gesture(_ phase: GesturePhase, progress: Double = 0, outcome: SwipeOutcome? = nil) {
            session.handle(GestureEvent(recognizer: "pop", phase: phase, edge: controller.config.popEdge, fingers: 1,
                                        time: now, progress: progress, translationMM: progress * 60,
                                        outcome: outcome))
        }
        while !input.isAtEnd, problems.isEmpty, steps < 400 {
            steps += 1
            let op = input.byte()
            let arg = input.byte()
            now += Microseconds(UInt64(input.byte()) * 1_000)  // 0 to 255 ms; a transition lasts 350 ms
            session.advance(now: now)
            let what: String
            switch op % 10 {
            case 0, 1:
                let name = names[Int(arg) % names.count]
                what = "push \(name)"
                let wasTaken = controller.mayHoldScreen(named: name)
                let r = handler.handle(.push(ScreenSpec(name: name, kind: .plain)), from: client, now: now)
                if case .failure(let e) = r, e.code == .badArguments, !wasTaken {
                    problems.append("push \(name) refused as a duplicate, yet no screen of that name is held or queued")
                }
            case 2: what = "pop"; _ = handler.handle(.pop, from: client, now: now)
            case 3: what = "popToRoot"; _ = handler.handle(.popToRoot, from: client, now: now)
            case 4:
                let count = 1 + Int(arg % 4)
                let specs = (0..<count).map { ScreenSpec(name: names[(Int(arg >> 2) + $0) % names.count], kind: .plain) }
                what = "setStack \(specs.map(\.name))"
                _ = handler.handle(.setStack(specs), from: client, now: now)
            case 5: what = "state"; _ = handler.handle(.state, from: client, now: now)
            case 6: what = "swipe began"; gesture(.began, progress: 0.05)
            case 7: what = "swipe changed"; gesture(.changed, progress: Double(arg) / 255)
            case 8: what = "swipe ended"; gesture(.ended, progress: Double(arg) / 255, outcome: arg & 1 == 0 ? .complete : .cancel)
            default: what = "swipe cancelled"; gesture(.cancelled)
            }
            check(what)
        }
        // Everything runs out (a swipe still under the finger is cancelled): the stack must stay distinct.
        session.finish(now: now + 1_000_000)
        check("finish")
        if !controller.isSettled { problems.append("did not settle: \(controller.stateName), \(controller.queuedOperations) queued") }
        return problems
    }
}

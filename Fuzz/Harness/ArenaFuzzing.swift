import Gestures
import Navigation
import TouchInput
import TouchModel

/// Recognizers and the navigation arbiter fed frames, deadlines and stack operations. The frames keep the
/// decoder's contract (ids new at down, every active contact in every frame); positions, timing, finger
/// counts and the interleaving with push/pop/setScreens are the fuzzer's. Invariants: no recognizer bug,
/// no navigation `bug` diagnostic, no freeze in guarded mode, never a pop to nothing.
enum ArenaFuzzing {
    static let size = PhysicalSize(widthMM: 65, heightMM: 140)

    static func run(_ data: UnsafeRawBufferPointer) -> [String] {
        var input = ByteSource(data)
        let head = input.byte()
        var config = NavigationConfig()
        config.guardMode = head & 1 == 0 ? .guarded : .unguarded
        config.layoutDirection = head & 2 == 0 ? .leftToRight : .rightToLeft
        config.containerOrder = head & 4 == 0 ? .outgoingFirst : .incomingFirst
        let rotation = ScreenRotation.allCases[Int(head >> 3) % ScreenRotation.allCases.count]
        let arena = GestureArena(transform: ScreenTransform(deviceSize: size, rotation: rotation))
        let pop = EdgeSwipeConfig(name: "pop", edges: [config.popEdge])
        for c in [pop, EdgeSwipeConfig(edges: [.top, .bottom]), EdgeSwipeConfig(name: "two", edges: [.left, .right], fingers: 2)] {
            _ = try! arena.add(c)
        }
        if head & 0x80 != 0 { try! arena.require("pop", toFail: "two") }

        var names = 0
        func screens(_ count: Int, _ kinds: UInt8) -> [ScreenSpec] {
            (0..<count).map { i in
                names += 1
                let kind = ScreenSpec.Kind.allCases[Int(kinds >> (2 * UInt8(i % 4))) % ScreenSpec.Kind.allCases.count]
                return ScreenSpec(name: "s\(names)", kind: kind)
            }
        }
        let session = NavigationSession(screens: screens(1 + Int(input.byte() % 4), input.byte()), config: config,
                                        popRecognizer: "pop", now: 0)
        arena.delegate = session
        let controller = session.controller

        var state = Checker(guarded: config.guardMode == .guarded)
        var contacts: [Int: Contact] = [:]     // slot -> contact
        var nextID = 1
        var now: Microseconds = 1_000
        func deliver(_ events: [GestureEvent]) {
            for e in events { session.handle(e) }
            session.advance(now: now)
            state.check(session.takeEvents(), controller: controller, arena: arena)
        }
        func sendFrame(fingerCount: Int? = nil, resynced: Bool = false) {
            let frame = TouchFrame(time: now, contacts: contacts.keys.sorted().map { contacts[$0]! },
                                   fingerCount: fingerCount, resynced: resynced)
            deliver(arena.process(frame, now: now))
            for (slot, c) in contacts {
                if c.phase == .up || c.phase == .cancelled { contacts[slot] = nil } else { contacts[slot]?.phase = .move }
            }
        }
        func place(_ slot: Int, x: Double, y: Double) {
            let n = Point(x: x, y: y)
            let mm = Point(x: x * size.widthMM, y: y * size.heightMM)
            if var c = contacts[slot] {
                c.normalized = n; c.mm = mm; c.deviceX = Int32(x * 1040); c.deviceY = Int32(y * 2240)
                contacts[slot] = c
            } else {
                contacts[slot] = Contact(id: nextID, slot: slot, phase: .down, deviceX: Int32(x * 1040),
                                         deviceY: Int32(y * 2240), mm: mm, normalized: n)
                nextID += 1
            }
        }

        while !input.isAtEnd && state.problems.isEmpty {
            let op = input.byte(), a = input.byte(), b = input.byte(), c = input.byte()
            switch op % 12 {
            case 0, 1, 2, 3, 4:     // a frame moving (or landing) one finger; 1 to 15 ms after the last
                now += Microseconds(UInt64(1 + c % 15) * 1_000)
                place(Int(a % 5), x: Double(b) / 255, y: Double(op >> 4) / 15 * 0.5 + Double(c >> 4) / 30)
                sendFrame(fingerCount: a & 0x80 != 0 ? Int(a >> 5) : nil)
            case 5:                 // a finger lifts (or, with the high bit, a palm is cancelled)
                now += Microseconds(UInt64(1 + c % 15) * 1_000)
                if let slot = contacts.keys.sorted().first(where: { $0 % 5 == Int(a % 5) }) ?? contacts.keys.min() {
                    contacts[slot]?.phase = a & 0x80 == 0 ? .up : .cancelled
                }
                sendFrame()
            case 6:                 // everything cancelled, as after SYN_DROPPED or an unplug
                now += 1_000
                for slot in contacts.keys { contacts[slot]?.phase = .cancelled }
                sendFrame(resynced: true)
            case 7:                 // time passes with no frame: deadlines fire
                now += Microseconds(UInt64(a) * 1_000 + UInt64(b) * 10)
                if let d = arena.nextDeadline, d <= now { deliver(arena.deadlineReached(now: now)) } else { deliver([]) }
            case 8:
                do { try controller.push(screens(1, a)[0].makeScreen(), animated: b & 1 == 0, now: now) } catch {}
                deliver([])
            case 9:
                if a & 1 == 0 { controller.pop(animated: b & 1 == 0, now: now) } else { controller.popToRoot(animated: b & 1 == 0, now: now) }
                deliver([])
            case 10:
                let list = screens(Int(a % 5), b).map { $0.makeScreen() }
                do { try controller.setScreens(list, animated: c & 1 == 0, now: now) } catch {}
                deliver([])
            default:                // an empty frame (a report with nothing down, e.g. a pen hovering)
                now += 8_000
                sendFrame()
            }
        }
        return state.problems
    }

    struct Checker {
        let guarded: Bool
        var problems: [String] = []

        mutating func check(_ events: [NavigationEvent], controller: NavigationController, arena: GestureArena) {
            for e in events {
                switch e.kind {
                case .diagnostic(.bug, let screen, let detail):
                    problems.append("navigation bug at \(e.time) (\(screen ?? "-")): \(detail)")
                case .transitionFinished(let kind, let from, nil) where kind != .setScreens:
                    problems.append("\(kind) from \(from ?? "nothing") finished with no screen left at \(e.time)")
                case .transitionBegan(.interactivePop, _, nil) where guarded:
                    problems.append("guarded interactive pop began at the root at \(e.time)")
                default: break
                }
            }
            if guarded && controller.isFrozen { problems.append("guarded controller frozen (\(controller.stateName))") }
            if arena.bugCount != 0 { problems.append("arena counted \(arena.bugCount) bugs") }
        }
    }
}

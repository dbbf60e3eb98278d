import Gestures
import Navigation
import TouchModel

/// One step of a random or exhaustive run.
enum ModelOp: String, CaseIterable {
    case pushPlain, pushHost, pushHidden, pushUnanimatedHost, pushAgain
    case pop, popUnanimated, popToRoot
    /// setScreens([top]): drops everything below the top, without callbacks.
    case setTopOnly
    /// setScreens with a random mix of known and new screens (random runs) or [root, new host] (exhaustive).
    case setRandom
    case swipeBegin, swipeBeginInBar, swipeMove, swipeComplete, swipeCancel, gestureCancelled
    case finishAnimation, advance

    /// The alphabet of the exhaustive check: every kind of change, gesture step and time step, once.
    static let exhaustiveAlphabet: [ModelOp] = [
        .pushPlain, .pushHost, .pop, .setTopOnly, .swipeBegin, .swipeComplete, .swipeCancel, .finishAnimation,
    ]
}

/// Replays the controller's events against UIKit's appearance rules, written out independently here.
struct AppearanceChecker {
    /// "gone", "appearing", "appeared", "disappearing" per screen name.
    private(set) var state: [String: String] = [:]

    private static let moves: [String: [String: String]] = [
        "willAppear": ["gone": "appearing", "disappearing": "appearing"],
        "didAppear": ["appearing": "appeared"],
        "willDisappear": ["appeared": "disappearing", "appearing": "disappearing"],
        "didDisappear": ["disappearing": "gone"],
    ]

    /// Returns a violation, or nil.
    mutating func feed(_ kind: NavigationEvent.Kind) -> String? {
        let callback: String, screen: String
        switch kind {
        case .willAppear(let s): (callback, screen) = ("willAppear", s)
        case .didAppear(let s): (callback, screen) = ("didAppear", s)
        case .willDisappear(let s): (callback, screen) = ("willDisappear", s)
        case .didDisappear(let s): (callback, screen) = ("didDisappear", s)
        case .transitionBegan(.interactivePop, let from, let to):
            return from == nil || to == nil ? "interactive pop began without two screens: \(kind)" : nil
        case .diagnostic(.bug, _, let detail):
            return "engine bug: \(detail)"
        case .diagnostic(.transitionFrozen, _, let detail):
            return "frozen: \(detail)"
        default:
            return nil
        }
        let before = state[screen] ?? "gone"
        guard let after = Self.moves[callback]?[before] else { return "\(screen): \(callback) while \(before)" }
        state[screen] = after
        let appeared = state.values.filter { $0 == "appeared" }.count
        return appeared > 1 ? "\(appeared) screens appeared at once after \(callback)(\(screen))" : nil
    }
}

/// A controller driven by ModelOps, checking the invariants after every step.
final class ModelRun {
    let rig: Rig
    private var checker = AppearanceChecker()
    private var pool: [Screen] = []
    private var serial = 0
    private var trace: [ModelOp] = []
    private var drained = false
    private(set) var failure: String?
    private(set) var popsBegun = 0
    private(set) var refusedAtRoot = 0
    private(set) var diagnosticsSeen: [DiagnosticCode: Int] = [:]
    private(set) var refusalsSeen: [RefusalReason: Int] = [:]
    let checkDelegateInvariant: Bool
    let expectNoFreeze: Bool

    init(config: NavigationConfig = NavigationConfig(), root: Screen = Screen(name: "root")) {
        rig = Rig(config: config)
        checkDelegateInvariant = config.containerOrder == .outgoingFirst
        expectNoFreeze = config.guardMode == .guarded
        pool.append(root)
        try! rig.nav.setScreens([root], animated: false, now: rig.now)
        absorbEvents()
    }

    var frozen: Bool { rig.nav.isFrozen }

    /// Whether the last `apply` changed nothing: no events other than refusals, and the same stack size,
    /// queue, controller state and gesture. A sequence with such a step behaves like the one without it.
    private(set) var lastStepChangedNothing = false

    private func newScreen(_ kind: String) -> Screen {
        serial += 1
        let s: Screen
        switch kind {
        case "host": s = FlexibleHeaderHost(name: "h\(serial)")
        case "hidden": s = Screen(name: "x\(serial)", barPreference: .hidden)
        case "raw": s = Screen(name: "r\(serial)", barPreference: .unchanged)
        default: s = Screen(name: "p\(serial)")
        }
        pool.append(s)
        return s
    }

    func apply(_ op: ModelOp, rng: inout SplitMix64) {
        guard failure == nil else { return }
        trace.append(op)
        let nav = rig.nav, rec = rig.recognizer
        let countBefore = nav.screens.count
        let before = (nav.stateName, nav.queuedOperations, rec.active)
        let t = rig.tick()
        switch op {
        case .pushPlain: try? nav.push(newScreen(rng.next() % 4 == 0 ? "raw" : "plain"), now: t)
        case .pushHost: try? nav.push(newScreen("host"), now: t)
        case .pushHidden: try? nav.push(newScreen("hidden"), now: t)
        case .pushUnanimatedHost: try? nav.push(newScreen("host"), animated: false, now: t)
        case .pushAgain:
            let off = pool.filter { s in s.navigationController == nil }
            if let s = off.randomElement(using: &rng) { try? nav.push(s, animated: rng.next() % 2 == 0, now: t) }
        case .pop: nav.pop(now: t)
        case .popUnanimated: nav.pop(animated: false, now: t)
        case .popToRoot: nav.popToRoot(animated: rng.next() % 2 == 0, now: t)
        case .setTopOnly:
            if let top = nav.topScreen { try? nav.setScreens([top], animated: true, now: t) }
        case .setRandom:
            try? nav.setScreens(randomList(&rng), animated: rng.next() % 2 == 0, now: t)
        case .swipeBegin, .swipeBeginInBar:
            if !rec.active {
                let decision = rec.begin(at: t, y: op == .swipeBegin ? 40 : 3)
                if decision == .allow, countBefore <= 1 { fail("a pop began with \(countBefore) screen(s)") }
                if decision == .refuse(.root) { refusedAtRoot += 1 }
                if decision == .allow { popsBegun += 1 }
            }
        case .swipeMove: rec.move(to: Double(rng.next() % 101) / 100, at: t)
        case .swipeComplete: rec.release(.complete, velocity: Double(rng.next() % 800), at: t)
        case .swipeCancel: rec.release(.cancel, velocity: -Double(rng.next() % 800), at: t)
        case .gestureCancelled: rec.cancel(at: t)
        case .finishAnimation: nav.finishAnimation(now: t)
        case .advance: nav.advance(now: rig.tick(400))
        }
        let quiet = absorbEvents()
        lastStepChangedNothing = quiet && countBefore == nav.screens.count
            && before == (nav.stateName, nav.queuedOperations, rec.active)
        checkState()
    }

    private func randomList(_ rng: inout SplitMix64) -> [Screen] {
        let count = 1 + Int(rng.next() % 4)
        var list: [Screen] = []
        for _ in 0..<count {
            if rng.next() % 2 == 0, let s = pool.filter({ s in !list.contains { $0 === s } }).randomElement(using: &rng),
               s.navigationController == nil || s.navigationController === rig.nav {
                list.append(s)
            } else {
                list.append(newScreen(["plain", "host", "hidden"][Int(rng.next() % 3)]))
            }
        }
        return list
    }

    /// Ends any gesture and animation; the controller must settle within a few steps.
    func drain() {
        guard failure == nil else { return }
        drained = true
        rig.recognizer.cancel(at: rig.tick())
        var steps = 0
        while !rig.nav.isSettled, steps < 50, !rig.nav.isFrozen {
            rig.nav.finishAnimation(now: rig.tick())
            steps += 1
        }
        absorbEvents()
        if expectNoFreeze, !rig.nav.isSettled { fail("did not settle: \(rig.nav.stateName), \(rig.nav.queuedOperations) queued") }
        checkState()
    }

    /// Checks the new events; true when there were none but refusals.
    @discardableResult
    private func absorbEvents() -> Bool {
        var quiet = true
        for e in rig.nav.takeEvents() {
            switch e.kind {
            case .popRefused(let reason, _): refusalsSeen[reason, default: 0] += 1
            case .diagnostic(let code, _, _):
                diagnosticsSeen[code, default: 0] += 1
                if code != .freezePrevented { quiet = false }
            default: quiet = false
            }
            if let v = checker.feed(e.kind) {
                if !expectNoFreeze, case .diagnostic(.transitionFrozen, _, _) = e.kind { continue }
                fail(v)
            }
        }
        return quiet
    }

    private func checkState() {
        let nav = rig.nav
        if expectNoFreeze, nav.isFrozen { fail("frozen") }
        guard nav.isSettled, let top = nav.topScreen else { return }
        for s in pool {
            let st = checker.state[s.name] ?? "gone"
            let want = s === top ? "appeared" : "gone"
            if st != want { fail("settled but \(s.name) is \(st), expected \(want)") }
            if (s.appearance == .appeared) != (s === top) { fail("\(s.name).appearance = \(s.appearance)") }
        }
        if checkDelegateInvariant, !(top is FlexibleHeaderHost), nav.interactivePopDelegate !== nav.systemPopDelegate {
            fail("settled on \(top.name) (not a host) with delegate \(String(describing: nav.interactivePopDelegate))")
        }
    }

    private func fail(_ message: String) {
        if failure == nil {
            failure = message + " after " + trace.map(\.rawValue).joined(separator: " ") + (drained ? " drain" : "")
        }
    }
}

import EdgeSwipeSystem
import Gestures

/// Carries out the configured actions for gesture reports (for setups with no front-end client).
package final class ActionRunner {
    private let log: DaemonLog
    private let commands: CommandRunner
    private let makeKeyboard: (Set<UInt16>) throws -> any KeyTapping
    private var keyboard: (any KeyTapping)?
    private var keyboardKeys: Set<UInt16> = []
    /// Keys routes may press besides the rules' (the routes' own, the toolkit table's Alt+Left): the keyboard
    /// declares every key it can send.
    private var routeKeys: Set<UInt16> = []
    private let makePointer: (Set<UInt16>) throws -> any KeyTapping
    private var pointer: (any KeyTapping)?
    private var pointerButtons: Set<UInt16> = []

    /// `makeKeyboard` creates the virtual keyboard on first use with every key the rules name (tests pass
    /// a recorder; the service passes `KeyInjector.init`); `makePointer` the virtual mouse, only when a route
    /// presses a button.
    package init(log: DaemonLog, commands: CommandRunner,
                makeKeyboard: @escaping (Set<UInt16>) throws -> any KeyTapping = { try KeyInjector(keys: $0) },
                makePointer: @escaping (Set<UInt16>) throws -> any KeyTapping = {
                    try KeyInjector(keys: $0, name: "edgeswipe virtual pointer", pointer: true)
                }) {
        self.log = log
        self.commands = commands
        self.makeKeyboard = makeKeyboard
        self.makePointer = makePointer
    }

    /// The keys and buttons routes may send (RouteSet.keys): the keyboard is made again when a key is new, the
    /// pointer when a button is (and only then: no route, no virtual mouse).
    package func prepareRoutes(keys: Set<UInt16>, buttons: Set<UInt16>) throws {
        routeKeys = keys
        if !keys.isEmpty, keyboard == nil || !keys.isSubset(of: keyboardKeys) { try remakeKeyboard(adding: keys) }
        guard !buttons.isEmpty, pointer == nil || !buttons.isSubset(of: pointerButtons) else { return }
        let all = buttons.union(pointerButtons)
        pointer = nil
        pointer = try makePointer(all)
        pointerButtons = all
    }

    private func remakeKeyboard(adding keys: Set<UInt16>) throws {
        let all = keys.union(keyboardKeys).union(routeKeys)
        keyboard = nil
        keyboard = try makeKeyboard(all)
        keyboardKeys = all
    }

    /// A handed-off back gesture's report with its route: a route with an action replaces the rules that would
    /// run on its completion (`on: complete`, this edge and finger count); its other rules (began, cancel) run as
    /// before. A route without an action (the default) leaves the rules as they are.
    package func perform(_ event: GestureEvent, rules: [ActionRule], route: RouteDecision) {
        guard let action = route.action, let trigger = ActionRunner.trigger(of: event) else {
            perform(event, rules: rules)
            return
        }
        guard trigger == .complete else {
            perform(event, rules: rules)
            return
        }
        let context = GestureContext(gesture: event.recognizer.name, edge: event.edge, fingers: event.fingers, trigger: trigger)
        run(action, context: context, why: route)
    }

    /// One route action, logged with its route; failures logged, never fatal.
    package func run(_ action: RouteAction, context: GestureContext, why route: RouteDecision) {
        do {
            switch action {
            case .key(let k):
                try ensureKeyboard(for: [k.code]).tap(k.code)
            case .keys(let ks):
                try ensureKeyboard(for: ks.map(\.code)).send(KeyStroke.combination(ks.map(\.code)))
            case .button(let b):
                if pointer == nil || !pointerButtons.contains(b.code) { try prepareRoutes(keys: routeKeys, buttons: pointerButtons.union([b.code])) }
                guard let pointer else { return }
                try pointer.tap(b.code)
            case .run(let template):
                try commands.spawn(context.argv(template))
            case .none:
                break
            }
            log.info("action: \(action) for \(context.gesture) \(context.trigger.rawValue), \(route)")
        } catch {
            log.error("action: cannot do \(action) (\(route)): \(error)")
        }
    }

    private func ensureKeyboard(for codes: [UInt16]) throws -> any KeyTapping {
        if keyboard == nil || !Set(codes).isSubset(of: keyboardKeys) { try remakeKeyboard(adding: Set(codes)) }
        guard let keyboard else { throw SystemError(errno: .ioError, operation: "uinput keyboard") }
        return keyboard
    }

    /// The trigger a gesture report is, if any: began, or ended with complete/cancel.
    package static func trigger(of event: GestureEvent) -> ActionTrigger? {
        switch event.phase {
        case .began: return .began
        case .ended: return event.outcome == .complete ? .complete : .cancel
        case .changed, .armed, .disarmed, .failed, .cancelled: return nil
        }
    }

    /// Creates the keyboard ahead of time (at start and after a reload), so the first swipe is not slowed
    /// by uinput device creation and a missing /dev/uinput is reported at start.
    package func prepareKeyboard(for rules: [ActionRule]) throws {
        var keys = Set<UInt16>()
        for r in rules { if case .key(let code, _) = r.action { keys.insert(code) } }
        guard !keys.isEmpty, !keys.isSubset(of: keyboardKeys) || keyboard == nil else { return }
        try remakeKeyboard(adding: keys)
    }

    /// Runs every rule that matches the event. Failures are logged; they never stop the service.
    package func perform(_ event: GestureEvent, rules: [ActionRule]) {
        guard let trigger = ActionRunner.trigger(of: event) else { return }
        let context = GestureContext(gesture: event.recognizer.name, edge: event.edge, fingers: event.fingers, trigger: trigger)
        for rule in rules where rule.matches(trigger, edge: event.edge, fingers: event.fingers) {
            switch rule.action {
            case .key(let code, let name):
                do {
                    if keyboard == nil || !keyboardKeys.contains(code) { try prepareKeyboard(for: rules) }
                    try keyboard?.tap(code)
                    log.info("action: \(name) for \(event.recognizer) \(trigger.rawValue)")
                } catch {
                    log.error("action: cannot inject \(name): \(error)")
                }
            case .run(let template):
                let argv = context.argv(template)
                do {
                    try commands.spawn(argv)
                } catch {
                    log.error("action: cannot run \(argv.first ?? ""): \(error)")
                }
            }
        }
    }
}

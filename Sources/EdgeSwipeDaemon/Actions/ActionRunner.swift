import Gestures

/// Carries out the configured actions for gesture reports (for setups with no front-end client).
package final class ActionRunner {
    private let log: DaemonLog
    private let commands: CommandRunner
    private let makeKeyboard: (Set<UInt16>) throws -> any KeyTapping
    private var keyboard: (any KeyTapping)?
    private var keyboardKeys: Set<UInt16> = []

    /// `makeKeyboard` creates the virtual keyboard on first use with every key the rules name (tests pass
    /// a recorder; the service passes `KeyInjector.init`).
    package init(log: DaemonLog, commands: CommandRunner,
                makeKeyboard: @escaping (Set<UInt16>) throws -> any KeyTapping = { try KeyInjector(keys: $0) }) {
        self.log = log
        self.commands = commands
        self.makeKeyboard = makeKeyboard
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
        let all = keys.union(keyboardKeys)
        keyboard = nil
        keyboard = try makeKeyboard(all)
        keyboardKeys = all
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

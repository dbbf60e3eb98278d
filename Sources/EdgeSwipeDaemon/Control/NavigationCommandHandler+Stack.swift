import Navigation
import TouchModel
import EdgeSwipeControl

/// The stack's commands, checked before the controller is asked: a name once on the stack (or queued for it),
/// a pop that has nothing to pop.
extension NavigationCommandHandler {
    func push(_ spec: ScreenSpec, now: Microseconds) throws(ControlError) {
        // Queued pushes count: a name is taken if the stack holds it or will once the queue has run.
        if controller.mayHoldScreen(named: spec.name) {
            throw ControlError(.badArguments, "a screen named '\(spec.name)' is already on the stack or queued for it")
        }
        do { try controller.push(spec.makeScreen(), animated: true, now: now) } catch {
            throw ControlError(.refused, "\(error)")
        }
    }

    func pop(now: Microseconds) throws(ControlError) {
        if controller.screens.count <= 1, controller.isSettled {
            throw ControlError(.refused, "pop at the root: the stack has one screen")
        }
        do { try controller.request(.pop(animated: true), now: now) } catch {
            throw ControlError(.refused, "\(error)")
        }
    }

    func setStack(_ specs: [ScreenSpec], now: Microseconds) throws(ControlError) {
        var seen = Set<String>()
        for s in specs where !seen.insert(s.name).inserted {
            throw ControlError(.badArguments, "screen '\(s.name)' appears twice")
        }
        do { try controller.setScreens(specs.map { $0.makeScreen() }, animated: true, now: now) } catch {
            throw ControlError(.badArguments, "\(error)")
        }
    }

    func setInteractivePopEnabled(_ enabled: Bool, screen name: String) throws(ControlError) {
        guard controller.setInteractivePopEnabled(enabled, screenNamed: name) else {
            throw ControlError(.badArguments, "no screen named '\(name)' is on the stack")
        }
    }
}

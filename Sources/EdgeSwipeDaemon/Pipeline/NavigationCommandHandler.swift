import Navigation
import TouchModel

/// Control-socket commands on the navigation stack: push, pop, setStack, popToRoot, state.
/// Runs on the event loop's thread. Changes asked for during a transition are queued by the controller
/// (bounded: past the bound push and pop are `refused`; setStack and popToRoot replace queued changes);
/// the reply then says `queued: true`. Events the command causes are flushed by `afterChange` (published to
/// subscribers before the reply) and the animation deadline re-armed.
public final class NavigationCommandHandler: ControlCommandHandler {
    public let session: NavigationSession
    /// Publishes pending navigation events and re-arms timers (LiveSession.navigationChanged).
    public var afterChange: () -> Void = {}

    public init(session: NavigationSession) {
        self.session = session
    }

    private var controller: NavigationController { session.controller }

    public func handle(_ command: ControlCommand, from client: ControlClientID, now: Microseconds) -> Result<JSONValue, ControlError> {
        session.advance(now: now)
        let wasBusy = !controller.isSettled
        defer { afterChange() }
        switch command {
        case .push(let spec):
            // Queued pushes count: a name is taken if the stack holds it or will once the queue has run.
            if controller.mayHoldScreen(named: spec.name) {
                return .failure(ControlError(.badArguments, "a screen named '\(spec.name)' is already on the stack "
                                             + "or queued for it"))
            }
            do {
                try controller.push(spec.makeScreen(), animated: true, now: now)
            } catch {
                return .failure(ControlError(.refused, "\(error)"))
            }
        case .pop:
            if controller.screens.count <= 1, controller.isSettled {
                return .failure(ControlError(.refused, "pop at the root: the stack has one screen"))
            }
            do {
                try controller.request(.pop(animated: true), now: now)
            } catch {
                return .failure(ControlError(.refused, "\(error)"))
            }
        case .popToRoot:
            controller.popToRoot(animated: true, now: now)
        case .setStack(let specs):
            var seen = Set<String>()
            for s in specs where !seen.insert(s.name).inserted {
                return .failure(ControlError(.badArguments, "screen '\(s.name)' appears twice"))
            }
            do {
                try controller.setScreens(specs.map { $0.makeScreen() }, animated: true, now: now)
            } catch {
                return .failure(ControlError(.badArguments, "\(error)"))
            }
        case .state:
            return .success(state())
        case .subscribe, .unsubscribe:
            return .failure(ControlError(.unavailable, "\(command.name) is handled by the server"))
        }
        var reply = state()
        if case .object(var o) = reply {
            o["queued"] = .bool(wasBusy)
            reply = .object(o)
        }
        return .success(reply)
    }

    /// `{"stack":[{"name":..,"kind":..}],"top":..,"transitioning":..,"navigationBarHidden":..,"popDelegate":..}`.
    public func state() -> JSONValue {
        let stack: [JSONValue] = controller.screens.map { screen in
            .object(["name": .string(screen.name), "kind": .string(Self.kind(of: screen))])
        }
        var o: [String: JSONValue] = [
            "stack": .array(stack),
            "top": controller.topScreen.map { .string($0.name) } ?? .null,
            "transitioning": .bool(controller.isTransitioning),
            "queuedOperations": .integer(Int64(controller.queuedOperations)),
            "navigationBarHidden": .bool(controller.isNavigationBarHidden),
            "popDelegate": .string(delegateName()),
        ]
        if let p = controller.interactiveProgress { o["interactiveProgress"] = .number(p) }
        return .object(o)
    }

    static func kind(of screen: Screen) -> String {
        if screen is FlexibleHeaderHost { return ScreenSpec.Kind.header.rawValue }
        return screen.barPreference == .hidden ? ScreenSpec.Kind.hidden.rawValue : ScreenSpec.Kind.plain.rawValue
    }

    private func delegateName() -> String {
        guard let d = controller.interactivePopDelegate else { return "nil" }
        return d === controller.systemPopDelegate ? "system" : "custom"
    }
}

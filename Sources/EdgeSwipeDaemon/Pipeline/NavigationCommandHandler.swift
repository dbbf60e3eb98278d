import Gestures
import Navigation
import TouchModel
import EdgeSwipeControl

/// Control-socket commands on the navigation stack: push, pop, setStack, popToRoot, state, and the touch-down
/// gate: setExclusions (owned by the client, dropped when it disconnects), setInteractivePopEnabled; and back
/// handlers (registerBackHandler, unregisterBackHandler: owned by the client too, BackDispatcher).
/// Runs on the event loop's thread. Changes asked for during a transition are queued by the controller
/// (bounded: past the bound push and pop are `refused`; setStack and popToRoot replace queued changes);
/// the reply then says `queued: true`. Events the command causes are flushed by `afterChange` (published to
/// subscribers before the reply) and the animation deadline re-armed.
package final class NavigationCommandHandler: ControlCommandHandler {
    package let session: NavigationSession
    /// Publishes pending navigation events and re-arms timers (LiveSession.navigationChanged).
    package var afterChange: () -> Void = {}
    /// The touch devices' screens as the user sees them (ScreenJSON), for the hello and `state`; nil: not
    /// published (no session behind this handler).
    package var screens: (() -> JSONValue)?
    /// `reportOutput` and `withdrawOutput` go to the service, whose devices' setups follow the outputs; nil (a
    /// replay, tests without devices): answered `unavailable`.
    package var onReportOutput: ((OutputReport, ControlClientID) -> Result<JSONValue, ControlError>)?
    package var onWithdrawOutput: ((String, ControlClientID) -> Result<JSONValue, ControlError>)?
    /// A client went: the service forgets the outputs it reported.
    package var onClientGone: ((ControlClientID) -> Void)?

    package init(session: NavigationSession) {
        self.session = session
    }

    private var controller: NavigationController { session.controller }

    package func handle(_ command: ControlCommand, from client: ControlClientID, now: Microseconds) -> Result<JSONValue, ControlError> {
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
        case .setExclusions(let rects):
            return setExclusions(rects, from: client)
        case .setInteractivePopEnabled(let name, let enabled):
            guard controller.setInteractivePopEnabled(enabled, screenNamed: name) else {
                return .failure(ControlError(.badArguments, "no screen named '\(name)' is on the stack"))
            }
        case .registerBackHandler(let priority, let edges):
            do {
                let handler = try session.dispatcher.register(priority, edges: edges, client: BackClient(client.rawValue))
                return .success(Self.json(handler))
            } catch {
                return .failure(ControlError(error.isLimit ? .refused : .badArguments, "registerBackHandler: \(error)"))
            }
        case .unregisterBackHandler(let id):
            do {
                let handler = try session.dispatcher.unregister(id, client: BackClient(client.rawValue), now: now)
                return .success(Self.json(handler))
            } catch {
                return .failure(ControlError(.badArguments, "unregisterBackHandler: \(error)"))
            }
        case .reportOutput(let report):
            return onReportOutput?(report, client) ?? .failure(ControlError(.unavailable, "reportOutput: no touch devices are served here"))
        case .withdrawOutput(let name):
            return onWithdrawOutput?(name, client)
                ?? .failure(ControlError(.unavailable, "withdrawOutput: no touch devices are served here"))
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

    /// Exclusions and back handlers belong to the client that set them: a control connection, or an HTTP page's
    /// event stream. The clients that get its share of the exclusion allowance are told, and a gesture one of its
    /// handlers was the target of ends for the others (`afterChange` publishes both at once).
    package func clientDisconnected(_ client: ControlClientID, now: Microseconds) {
        controller.removeExclusions(owner: ExclusionOwner(client.rawValue))
        session.dispatcher.removeHandlers(of: BackClient(client.rawValue), now: now)
        onClientGone?(client)
        afterChange()
    }

    /// `{"handler":id,"priority":..,"edges":[..]}`: a handler registered or removed.
    static func json(_ handler: BackHandler) -> JSONValue {
        .object(["handler": .integer(Int64(handler.id.rawValue)), "priority": .string(handler.priority.rawValue),
                 "edges": .array(Edge.allCases.filter(handler.edges.contains).map { .string($0.rawValue) })])
    }

    /// The reply's result: ExclusionJSON.result. Other clients whose rectangles this changes get an
    /// `exclusions` event (published by `afterChange`, before the reply).
    private func setExclusions(_ rects: [ExclusionRect], from client: ControlClientID) -> Result<JSONValue, ControlError> {
        do {
            let result = try controller.setExclusions(rects, owner: ExclusionOwner(client.rawValue))
            return .success(ExclusionJSON.result(result))
        } catch {
            return .failure(ControlError(.badArguments, "setExclusions: \(error)"))
        }
    }

    /// `{"stack":[{"name":..,"kind":..}],"top":..,"transitioning":..,"navigationBarHidden":..,"popDelegate":..}`.
    package func state() -> JSONValue {
        let stack: [JSONValue] = controller.screens.map { screen in
            .object(["name": .string(screen.name), "kind": .string(Self.kind(of: screen)),
                     "interactivePopEnabled": .bool(screen.interactivePopEnabled)])
        }
        var o: [String: JSONValue] = [
            "stack": .array(stack),
            "top": controller.topScreen.map { .string($0.name) } ?? .null,
            "transitioning": .bool(controller.isTransitioning),
            "queuedOperations": .integer(Int64(controller.queuedOperations)),
            "navigationBarHidden": .bool(controller.isNavigationBarHidden),
            "popDelegate": .string(delegateName()),
            // Rectangles in force (what the cap kept), all clients.
            "exclusions": .integer(Int64(controller.exclusions.count)),
            // Back handlers registered, all clients, per priority: a client can check it holds each of its own once.
            "backHandlers": .object(Dictionary(uniqueKeysWithValues: BackPriority.allCases.map { priority in
                (priority.rawValue, .integer(Int64(session.dispatcher.registry.handlers.count { $0.priority == priority })))
            })),
        ]
        if let p = controller.interactiveProgress { o["interactiveProgress"] = .number(p) }
        if let screens { o["screens"] = screens() }
        return .object(o)
    }

    /// `screens`, so that a page can map its pixels to the millimetres of exclusions from its first event.
    package func helloFields() -> [String: JSONValue] {
        guard let screens else { return [:] }
        return ["screens": screens()]
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

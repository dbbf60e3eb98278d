import Gestures
import Navigation
import EdgeSwipeControl

/// The `state` reply, which every change of the stack answers with too.
extension NavigationCommandHandler {
    /// `{"stack":[{"name":..,"kind":..}],"top":..,"transitioning":..,"navigationBarHidden":..,"popDelegate":..}`.
    /// `queued`: the reply to a change of the stack says whether it waits for a transition in flight.
    package func state(queued: Bool? = nil) -> JSONValue {
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
        if let queued { o["queued"] = .bool(queued) }
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

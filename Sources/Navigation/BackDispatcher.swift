import Gestures
import TouchModel

/// Gives each back gesture to one target, chosen when it begins, and its stream to the observers (issue 24).
///
/// The order, as Android's OnBackInvokedDispatcher and UIKit's presented-before-navigation: the newest overlay
/// handler taking the edge; else the navigation stack if it can pop; else the newest default handler taking the
/// edge; else the hand-off to the configured actions. The decision is a `backDispatched` navigation event and
/// holds for the whole gesture: a target that goes away mid-gesture gets nothing more, the observers get
/// `cancelled` (`targetGone`), and nobody else gets the rest (`backTargetGone`).
///
/// A back gesture is a one-finger edge swipe. Others (multi-finger swipes) are not dispatched: handed off as
/// before, and the arbiter judges them as before.
///
/// Pure: time comes with the requests and events; what it says goes to the controller's events (decisions) and
/// to `drainDeliveries` (per-recipient events). Per frame of a routed gesture it allocates nothing.
public final class BackDispatcher {
    public private(set) var registry = BackHandlerRegistry()
    private let controller: NavigationController

    /// One gesture between its decision and its end.
    private struct Route {
        var gestureID: UInt64
        /// The device's arena and the recognizer: recognizers of different devices share names (issue 33).
        var key: GestureKey
        var edge: Edge
        var target: BackTarget
        /// Observers registered from this id on came after the decision and do not see the gesture.
        var observersBefore: BackHandlerID
        var targetGone = false
    }

    private var routes: [Route] = []
    private var deliveries: [BackDelivery] = []
    private var lastGestureID: UInt64 = 0

    public init(controller: NavigationController) {
        self.controller = controller
    }

    /// One-finger swipes are back gestures; more fingers are something else (configured actions only).
    public static func isBackGesture(fingers: Int) -> Bool { fingers == 1 }

    /// The choice itself, from the handlers and what the stack can do.
    public static func choose(edge: Edge, stack: BackStackState,
                              handlers: BackHandlerRegistry) -> (target: BackTarget, reason: BackDecisionReason) {
        if let h = handlers.newest(.overlay, taking: edge) { return (.handler(h), .overlayHandler) }
        if stack == .canPop { return (.navigation, .stackCanPop) }
        if let h = handlers.newest(.default, taking: edge) { return (.handler(h), .defaultHandler) }
        return (.handoff, .noHandler)
    }

    // MARK: Decisions and routing

    /// Chooses the route of a hand-off when it is decided (the service's BackRouter, from the focused window):
    /// the gesture, its edge and its id in, the route's words out. Nil: `BackDecision.defaultRoute`.
    public var handoffRoute: ((GestureKey, Edge, UInt64) -> String)?

    /// A gesture begins: chooses its target, records the decision (a `backDispatched` event) and returns the
    /// target. Called by NavigationSession.decideBackTarget, the one place a gesture's target is decided.
    @discardableResult
    public func decide(_ key: GestureKey, edge: Edge, stack: BackStackState, time: Microseconds) -> BackTarget {
        let recognizer = key.recognizer
        let (target, reason) = Self.choose(edge: edge, stack: stack, handlers: registry)
        lastGestureID += 1
        // A recognizer has one gesture at a time: a new decision replaces one whose end never came.
        routes.removeAll { $0.key == key }
        routes.append(Route(gestureID: lastGestureID, key: key, edge: edge, target: target,
                            observersBefore: registry.nextID))
        var observers = 0
        for h in registry.handlers where h.priority == .observer && h.edges.contains(edge) { observers += 1 }
        var route: String?
        if target == .handoff { route = handoffRoute?(key, edge, lastGestureID) ?? BackDecision.defaultRoute }
        controller.emit(.backDispatched(BackDecision(gestureID: lastGestureID, recognizer: recognizer, edge: edge,
                                                     target: target, reason: reason, stack: stack,
                                                     observers: observers, time: time, route: route)), now: time)
        return target
    }

    /// The target of the gesture in flight, if it was decided.
    public func target(of key: GestureKey) -> BackTarget? {
        routes.first { $0.key == key }?.target
    }

    /// One recognizer report: delivered to the gesture's target and observers. Returns whether the navigation
    /// stack is to follow it (its target, or a report no decision covers, which the arbiter judges as before).
    public func route(_ event: GestureEvent) -> Bool {
        let key = event.key
        guard let i = routes.firstIndex(where: { $0.key == key }) else {
            deliveries.append(BackDelivery(recipient: .handoff, callback: nil, gestureID: nil, event: event))
            return true
        }
        let route = routes[i]
        let ends = event.phase == .ended || event.phase == .cancelled || event.phase == .failed
        if ends { routes.remove(at: i) }
        if route.targetGone { return false }
        let callback = BackDelivery.callback(of: event)
        switch route.target {
        case .handler(let h):
            if let (c, why) = callback {
                deliveries.append(BackDelivery(recipient: .handler(h, .target), callback: c, gestureID: route.gestureID,
                                               event: event, cancelReason: why))
            }
        case .handoff:
            deliveries.append(BackDelivery(recipient: .handoff, callback: callback?.0, gestureID: route.gestureID,
                                           event: event, cancelReason: callback?.1))
        case .navigation:
            break
        }
        if let (c, why) = callback { deliverToObservers(route, c, why, event) }
        return route.target == .navigation
    }

    private func deliverToObservers(_ route: Route, _ callback: BackCallback, _ why: BackCancelReason?, _ event: GestureEvent) {
        for h in registry.handlers where h.priority == .observer && h.id < route.observersBefore && h.edges.contains(route.edge) {
            deliveries.append(BackDelivery(recipient: .handler(h, .observer), callback: callback, gestureID: route.gestureID,
                                           event: event, cancelReason: why))
        }
    }

    /// Hands each delivery since the last call to `body`, then clears them, keeping the buffer.
    public func drainDeliveries(_ body: (BackDelivery) -> Void) {
        var i = 0
        while i < deliveries.count {
            body(deliveries[i])
            i += 1
        }
        deliveries.removeAll(keepingCapacity: true)
    }

    /// Returns and clears the deliveries (tests).
    public func takeDeliveries() -> [BackDelivery] {
        defer { deliveries.removeAll(keepingCapacity: true) }
        return deliveries
    }

    // MARK: Handlers

    public func register(_ priority: BackPriority, edges: Set<Edge>?, client: BackClient) throws(BackHandlerError) -> BackHandler {
        try registry.register(priority, edges: edges, client: client)
    }

    /// Removes a handler of the client at `now`; a gesture it was the target of ends for the others.
    @discardableResult
    public func unregister(_ id: BackHandlerID, client: BackClient, now: Microseconds) throws(BackHandlerError) -> BackHandler {
        let handler = try registry.unregister(id, client: client)
        targetWent(handler, why: .unregistered, now: now)
        return handler
    }

    /// The client went away at `now`: its handlers go, and gestures they were the target of end for the others.
    @discardableResult
    public func removeHandlers(of client: BackClient, now: Microseconds) -> [BackHandler] {
        let gone = registry.removeAll(of: client)
        for h in gone { targetWent(h, why: .clientGone, now: now) }
        return gone
    }

    private func targetWent(_ handler: BackHandler, why: BackGoneReason, now: Microseconds) {
        for i in routes.indices where routes[i].target == .handler(handler) && !routes[i].targetGone {
            routes[i].targetGone = true
            let route = routes[i]
            controller.emit(.backTargetGone(gestureID: route.gestureID, handler: handler.id, why: why), now: now)
            // The observers' last event: the gesture's last report, cancelled now.
            let last = GestureEvent(recognizer: route.key.recognizer, phase: .cancelled, edge: route.edge, fingers: 1,
                                    time: now, failureReason: nil, source: route.key.source)
            deliverToObservers(route, .cancelled, .targetGone, last)
        }
    }
}

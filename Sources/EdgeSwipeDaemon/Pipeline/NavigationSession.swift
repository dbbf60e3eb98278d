import Gestures
import Navigation

/// The navigation side of the pipeline: a controller, the arbiter that is every recognizer's delegate, and
/// the stack it starts with.
public final class NavigationSession {
    public let controller: NavigationController
    public let arbiter: NavigationArbiter

    /// Installs `stack` with setScreens (not animated) at `now`, so the top screen's willAppear and didAppear
    /// come first.
    public init(stack: [ScreenSpec], config: NavigationConfig, now: UInt64) throws {
        controller = NavigationController(config: config)
        arbiter = NavigationArbiter(controller: controller)
        try controller.setScreens(stack.map { $0.makeScreen() }, animated: false, now: now)
    }

    /// Lets the arbiter decide whether a swipe may begin on every recognizer of this arena.
    public func attach(to arena: GestureArena) {
        arena.delegate = arbiter
    }

    public func handle(_ event: GestureEvent) {
        arbiter.handle(event)
    }

    public var nextDeadline: UInt64? { controller.nextDeadlineUs }

    public func advance(now: UInt64) { controller.advance(now: now) }

    public func takeEvents() -> [NavigationEvent] { controller.takeEvents() }
}

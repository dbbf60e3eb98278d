import Gestures
import Navigation
import TouchModel
import EdgeSwipeControl

/// The navigation family of control commands: the stack (push, pop, setStack, popToRoot, state), the touch-down
/// gate (setExclusions, owned by the client and dropped when it disconnects; setInteractivePopEnabled) and back
/// handlers (registerBackHandler, unregisterBackHandler: owned by the client too, BackDispatcher).
/// Each command first brings navigation to `now`; the events it causes are flushed by `afterChange` (published
/// to subscribers before the reply) and the animation deadline re-armed. Loop thread only.
package final class NavigationCommandHandler {
    package let session: NavigationSession
    /// Publishes pending navigation events and re-arms timers (LiveSession.navigationChanged).
    package var afterChange: () -> Void = {}
    /// The touch devices' screens as the user sees them (ScreenJSON), carried by `state`; nil: not published (no
    /// session behind this handler).
    package var screens: (() -> JSONValue)?

    package init(session: NavigationSession) {
        self.session = session
    }

    var controller: NavigationController { session.controller }

    package func handle(_ command: NavigationCommand, from client: ControlClientID, now: Microseconds) -> Result<JSONValue, ControlError> {
        session.advance(now: now)
        defer { afterChange() }
        // A change of the stack is answered with the state, `queued: true` when it waits for a transition in
        // flight (the controller's bounded queue); the other commands have replies of their own.
        let wasBusy = !controller.isSettled
        do throws(ControlError) {
            switch command {
            case .push(let spec): try push(spec, now: now)
            case .pop: try pop(now: now)
            case .popToRoot: controller.popToRoot(animated: true, now: now)
            case .setStack(let specs): try setStack(specs, now: now)
            case .setInteractivePopEnabled(let name, let enabled): try setInteractivePopEnabled(enabled, screen: name)
            case .state: return .success(state())
            case .setExclusions(let rects): return setExclusions(rects, from: client)
            case .registerBackHandler(let priority, let edges): return register(priority, edges: edges, from: client)
            case .unregisterBackHandler(let id): return unregister(id, from: client, now: now)
            }
        } catch {
            return .failure(error)
        }
        return .success(state(queued: wasBusy))
    }

    /// Exclusions and back handlers belong to the client that set them: a control connection, or an HTTP page's
    /// event stream. The clients that get its share of the exclusion allowance are told, and a gesture one of its
    /// handlers was the target of ends for the others (`afterChange` publishes both at once).
    package func clientDisconnected(_ client: ControlClientID, now: Microseconds) {
        controller.removeExclusions(owner: ExclusionOwner(client.rawValue))
        session.dispatcher.removeHandlers(of: BackClient(client.rawValue), now: now)
        afterChange()
    }
}

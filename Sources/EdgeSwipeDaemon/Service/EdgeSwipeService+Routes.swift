import EdgeSwipeControl
import EdgeSwipeSystem
import Gestures
import Navigation

/// Back routing (issue 35): the focus reports go to `focus` (FocusRouting), each hand-off's route is chosen when
/// the dispatcher decides it (and published on its backDispatched), and run when its back completes.
extension EdgeSwipeService {
    /// Wires the router into the control commands, the dispatcher and the configuration (from init).
    func startBackRouting(_ navigation: NavigationSession) {
        focus.peer = { [unowned self] id in self.runtime.control?.peer(of: id) }
        focus.settings = { [unowned self] source in
            self.store.current.settings(forEntry: source.flatMap { self.devices[$0] }?.setup.entry)
        }
        navigation.dispatcher.handoffRoute = { [unowned self] key, edge, id in
            self.focus.handoffDecided(gesture: id, source: SourceID(key.source.rawValue), edge: edge)
        }
        commands.focus.target = focus  // weak
    }

    /// The uinput keyboard declares every key a route can send (the routes' own and, where toolkit routing is on,
    /// the toolkit table's Alt+Left); the uinput pointer is made only when a route presses a button. A failure is
    /// said as key actions' are (`keyActionUnavailable`); a back that needs the device tries again.
    func prepareRoutes(_ config: DaemonConfig) {
        let all = [config.defaults] + config.devices.map { config.defaults.overlaid(with: $0.settings) }
        var keys = Set<UInt16>(), buttons = Set<UInt16>()
        for settings in all {
            for route in settings.routes ?? [] {
                keys.formUnion(route.action.keyboardKeys)
                buttons.formUnion(route.action.pointerButtons)
            }
            if settings.toolkitRouting ?? DeviceSettings.toolkitRoutingDefault { keys.formUnion(RouteAction.altLeft.keyboardKeys) }
        }
        do {
            try runtime.actions.prepareRoutes(keys: keys, buttons: buttons)
        } catch {
            let message = "back routes cannot press their keys or buttons: \(error); the service goes on, and a back that needs them tries again"
            log.error(message)
            runtime.publish(ControlEvent.diagnostic(code: "keyActionUnavailable", message: message, time: runtime.loop.now))
        }
    }
}

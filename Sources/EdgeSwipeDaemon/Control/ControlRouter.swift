import TouchModel
import EdgeSwipeControl

/// The service's answer to control commands, which the socket server and the HTTP bridge share: each command
/// goes to its family's handler (`ControlCommand.family`): navigation's to navigation, output reports to the
/// service's screens, focus reports to its back routing. A command of one family touches no other's state: an output report neither advances
/// navigation's clock nor flushes its events. Loop thread only.
package final class ControlRouter: ControlCommandHandler {
    /// nil: no navigation here (its commands are answered `unavailable`).
    package let navigation: NavigationCommandHandler?
    package let screens: ScreenCommandHandler
    package let focus: FocusCommandHandler
    package let content: ContentCommandHandler

    package init(navigation: NavigationCommandHandler?, screens: ScreenCommandHandler = ScreenCommandHandler(),
                 focus: FocusCommandHandler = FocusCommandHandler(), content: ContentCommandHandler = ContentCommandHandler()) {
        self.navigation = navigation
        self.screens = screens
        self.focus = focus
        self.content = content
    }

    package func handle(_ command: ControlCommand, from client: ControlClientID, now: Microseconds) -> Result<JSONValue, ControlError> {
        switch command.family {
        case .navigation(let c):
            guard let navigation else { return .failure(ControlError(.unavailable, "\(command.name): no navigation stack is served here")) }
            return navigation.handle(c, from: client, now: now)
        case .screens(let c):
            return screens.handle(c, from: client)
        case .focus(let report):
            return focus.handle(report, from: client, now: now)
        case .content(let c):
            return content.handle(c, from: client, now: now)
        case .subscription:
            return .failure(ControlError(.unavailable, "\(command.name) is handled by the server"))
        }
    }

    /// What the client set goes with it, in each family: navigation's exclusions and back handlers first (their
    /// events published), then the outputs it reported (whose devices are set up again).
    package func clientDisconnected(_ client: ControlClientID, now: Microseconds) {
        navigation?.clientDisconnected(client, now: now)
        screens.clientDisconnected(client)
        focus.clientDisconnected(client)
        content.clientDisconnected(client, now: now)
    }

    /// The hello's `screens`, from the service's screens, and its `backRoute`, from the back routing.
    package func helloFields() -> [String: JSONValue] {
        screens.helloFields().merging(focus.helloFields()) { own, _ in own }
    }
}

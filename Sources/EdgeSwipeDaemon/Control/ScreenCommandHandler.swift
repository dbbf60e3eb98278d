import EdgeSwipeControl

/// What the service's screens are told: the outputs the session side reports (EdgeSwipeService+Outputs) and the
/// screens as the user sees them (EdgeSwipeService+Screens).
package protocol ServiceScreens: AnyObject {
    func outputReported(_ report: OutputReport, from client: ControlClientID) -> Result<JSONValue, ControlError>
    func outputWithdrawn(_ name: String, by client: ControlClientID) -> Result<JSONValue, ControlError>
    /// A connection closed: the reports it held go.
    func outputsForgotten(of client: ControlClientID)
    /// The touch devices' screens (ScreenJSON), for the hello and `state`.
    func screens() -> JSONValue
}

/// The screens family of control commands: `reportOutput` and `withdrawOutput` to the service's screens. Without
/// them (a replay, tests without devices) answered `unavailable`. Loop thread only.
package final class ScreenCommandHandler {
    /// Weak: the service holds its router, which holds this.
    package weak var target: (any ServiceScreens)?

    package init(target: (any ServiceScreens)? = nil) {
        self.target = target
    }

    package func handle(_ command: ScreenCommand, from client: ControlClientID) -> Result<JSONValue, ControlError> {
        switch command {
        case .reportOutput(let report):
            guard let target else { return .failure(ControlError(.unavailable, "reportOutput: no touch devices are served here")) }
            return target.outputReported(report, from: client)
        case .withdrawOutput(let name):
            guard let target else { return .failure(ControlError(.unavailable, "withdrawOutput: no touch devices are served here")) }
            return target.outputWithdrawn(name, by: client)
        }
    }

    package func clientDisconnected(_ client: ControlClientID) {
        target?.outputsForgotten(of: client)
    }

    /// `screens`, so that a page can map its pixels to the millimetres of exclusions from its first event.
    package func helloFields() -> [String: JSONValue] {
        guard let target else { return [:] }
        return ["screens": target.screens()]
    }
}

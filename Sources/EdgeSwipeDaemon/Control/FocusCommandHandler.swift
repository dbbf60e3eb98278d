import TouchModel
import EdgeSwipeControl

/// What the service's back routing is told: the focus the session side reports (FocusRouting).
package protocol ServiceFocus: AnyObject {
    func focusReported(_ report: FocusReport, from client: ControlClientID, now: Microseconds) -> Result<JSONValue, ControlError>
    /// A connection closed: its report goes.
    func focusForgotten(of client: ControlClientID)
}

/// The focus family of control commands: `reportFocus`, to the service's back routing. Never navigation's: a
/// focus report neither advances navigation's clock nor touches its stack. Without a target (a replay, tests
/// without the service) answered `unavailable`. Loop thread only.
package final class FocusCommandHandler {
    /// Weak: the service holds its router, which holds this.
    package weak var target: (any ServiceFocus)?

    package init(target: (any ServiceFocus)? = nil) {
        self.target = target
    }

    package func handle(_ report: FocusReport, from client: ControlClientID, now: Microseconds) -> Result<JSONValue, ControlError> {
        guard let target else { return .failure(ControlError(.unavailable, "reportFocus: back routing is not served here")) }
        return target.focusReported(report, from: client, now: now)
    }

    package func clientDisconnected(_ client: ControlClientID) {
        target?.focusForgotten(of: client)
    }
}

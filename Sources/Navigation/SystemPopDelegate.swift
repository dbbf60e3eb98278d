import Gestures
import TouchModel

/// The navigation controller's own pop-gesture delegate (UIKit's private interactive transition).
/// Refuses while a transition runs, at one screen, while the bar is hidden, and for a touch that starts
/// inside the visible navigation bar. Its refusals carry the controller's own `RefusalReason`s.
public final class SystemPopDelegate: GestureRecognizerDelegate {
    /// Weak: the controller owns this object.
    public private(set) weak var controller: NavigationController?

    init(controller: NavigationController?) {
        self.controller = controller
    }

    func attach(_ controller: NavigationController) {
        self.controller = controller
    }

    public func shouldBegin(_ request: BeginRequest) -> BeginDecision {
        guard let nav = controller else { return .refuse(.root) }
        if let reason = nav.systemRefusal(startMM: request.startMM) {
            return .refuse(reason)
        }
        return .allow
    }
}

extension NavigationController {
    /// The system delegate's checks, in its order.
    func systemRefusal(startMM: Point) -> RefusalReason? {
        if isTransitioning { return .transitionInProgress }
        if screens.count <= 1 { return .root }
        if isNavigationBarHidden { return .navigationBarHidden }
        if isInsideNavigationBar(startMM) { return .touchInNavigationBar }
        return nil
    }

    /// Whether a point (mm from the top-left of the screen as the user sees it) is on the visible bar.
    public func isInsideNavigationBar(_ point: Point) -> Bool {
        guard !isNavigationBarHidden else { return false }
        let top = config.navigationBarTopMM
        return point.y >= top && point.y < top + config.navigationBarHeightMM
    }
}

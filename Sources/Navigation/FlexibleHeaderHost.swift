import Gestures

/// A screen whose flexible header replaces the navigation bar, applying the Material Components
/// swipe-back recipe exactly as documented:
/// - willAppear: keep the pop gesture's current delegate if there is one (never overwrite with nil), hide the bar;
/// - didAppear: set the delegate to nil;
/// - willDisappear: put the kept delegate back, if one was kept.
/// The kept reference is strong, as in the recipe — which is what lets a stale delegate outlive its owner.
open class FlexibleHeaderHost: Screen {
    public private(set) var savedPopDelegate: (any GestureRecognizerDelegate)?

    public init(name: String) {
        super.init(name: name, barPreference: .unchanged)
    }

    open override var managesPopDelegate: Bool { true }

    open override func willAppear(animated: Bool) {
        guard let nav = navigationController else { return }
        if let current = nav.interactivePopDelegate {
            savedPopDelegate = current
        }
        nav.isNavigationBarHidden = true
    }

    open override func didAppear(animated: Bool) {
        navigationController?.interactivePopDelegate = nil
    }

    open override func willDisappear(animated: Bool) {
        if let saved = savedPopDelegate {
            navigationController?.interactivePopDelegate = saved
        }
    }
}

/// One screen on a navigation stack (a UIViewController, as far as navigation cares).
///
/// The controller calls the appearance methods; subclasses override them (no need to call super).
/// `didLoad` runs once, the first time the screen is about to appear, before the outgoing screen's
/// willDisappear — UIKit's viewDidLoad order for a push.
open class Screen: CustomStringConvertible {
    public let name: String
    /// Applied by the controller just before willAppear.
    public let barPreference: NavigationBarPreference
    /// Set while the screen is on a stack (still set during its final willDisappear/didDisappear).
    public internal(set) weak var navigationController: NavigationController?
    public internal(set) var appearance: AppearanceState = .disappeared
    public internal(set) var isLoaded = false
    /// UIKit's `interactivePopGestureRecognizer.isEnabled`, per screen: while this screen is on top and the
    /// flag is off, a touch-down never begins the pop (refused at touch-down with `interactivePopDisabled`).
    public var interactivePopEnabled = true

    public init(name: String, barPreference: NavigationBarPreference = .visible) {
        self.name = name
        self.barPreference = barPreference
    }

    /// True for screens that manage the pop gesture's delegate themselves (the flexible-header recipe).
    open var managesPopDelegate: Bool { false }

    open func didLoad() {}
    open func willAppear(animated: Bool) {}
    open func didAppear(animated: Bool) {}
    open func willDisappear(animated: Bool) {}
    open func didDisappear(animated: Bool) {}

    public var description: String { name }
}

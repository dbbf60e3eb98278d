import Gestures

/// A pop-gesture delegate that belongs to a screen. The controller uses the owner to name the
/// stale-delegate and overwritten-delegate hazards.
public protocol ScreenOwnedPopDelegate: GestureRecognizerDelegate {
    /// Weak: nil once the owner is gone.
    var owner: Screen? { get }
    /// Kept so diagnostics can name an owner that no longer exists.
    var ownerName: String { get }
}

/// A custom delegate with a fixed answer, counting how often it was asked.
public final class CustomPopDelegate: ScreenOwnedPopDelegate {
    public weak var owner: Screen?
    public let ownerName: String
    public var decision: BeginDecision
    public private(set) var timesAsked = 0

    public init(owner: Screen, decision: BeginDecision) {
        self.owner = owner
        self.ownerName = owner.name
        self.decision = decision
    }

    init(ownerName: String, decision: BeginDecision) {
        self.ownerName = ownerName
        self.decision = decision
    }

    public func shouldBegin(_ request: BeginRequest) -> BeginDecision {
        timesAsked += 1
        return decision
    }
}

/// A screen that installs its own pop delegate when it loads (viewDidLoad), as apps with their own
/// back behaviour do. The screen owns the delegate strongly; the controller only holds it weakly.
open class CustomDelegateScreen: Screen {
    public let ownDelegate: CustomPopDelegate

    public init(name: String, decision: BeginDecision, barPreference: NavigationBarPreference = .visible) {
        ownDelegate = CustomPopDelegate(ownerName: name, decision: decision)
        super.init(name: name, barPreference: barPreference)
        ownDelegate.owner = self
    }

    open override func didLoad() {
        navigationController?.interactivePopDelegate = ownDelegate
    }
}

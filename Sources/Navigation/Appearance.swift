/// UIKit's four appearance callbacks.
public enum AppearanceCallback: String, Hashable, Sendable, CaseIterable {
    case willAppear, didAppear, willDisappear, didDisappear
}

/// Where a screen is in its appearance life.
public enum AppearanceState: String, Hashable, Sendable {
    case disappeared, appearing, appeared, disappearing

    /// The state after `callback`, or nil when UIKit never sends that callback from here.
    /// The two "crossed" arrows are the cancelled interactive pop: the incoming screen goes
    /// appearing -> disappearing and the outgoing one disappearing -> appearing.
    public func after(_ callback: AppearanceCallback) -> AppearanceState? {
        switch (self, callback) {
        case (.disappeared, .willAppear): return .appearing
        case (.appearing, .didAppear): return .appeared
        case (.appearing, .willDisappear): return .disappearing
        case (.appeared, .willDisappear): return .disappearing
        case (.disappearing, .didDisappear): return .disappeared
        case (.disappearing, .willAppear): return .appearing
        default: return nil
        }
    }
}

/// What a screen wants from the navigation bar when it appears (what UIKit screens do by calling
/// setNavigationBarHidden in their own viewWillAppear).
public enum NavigationBarPreference: String, Hashable, Sendable {
    /// Shows the bar.
    case visible
    /// Hides the bar, without doing anything about the swipe-back (the original problem).
    case hidden
    /// Leaves the bar as it is (a UIKit view controller that never touches it).
    case unchanged
}

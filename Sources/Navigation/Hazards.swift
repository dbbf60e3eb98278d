import Gestures
import TouchModel

// Naming the flexible-header recipe's hazards as they happen. None of these changes behaviour: the guard in
// PopGate is what keeps the engine from freezing; these say why the app would misbehave in UIKit.

extension NavigationController {
    /// Called from `interactivePopDelegate`'s didSet.
    func popDelegateDidChange(from old: (any GestureRecognizerDelegate)?) {
        let new = interactivePopDelegate
        guard new !== old else { return }
        let now = clock
        let setter = callbackScreen
        if let owned = new as? any ScreenOwnedPopDelegate {
            let owner = owned.owner
            if owner == nil || !screens.contains(where: { $0 === owner }) {
                let why = owner == nil ? "no longer exists" : "has left the stack"
                diagnose(.staleDelegateRestored, screen: setter?.name,
                         "\(setter?.name ?? "someone") set \(owned.ownerName)'s delegate, whose owner \(why)", now: now)
            }
        }
        if new != nil, let owned = old as? any ScreenOwnedPopDelegate, let owner = owned.owner,
           screens.contains(where: { $0 === owner }), let setter, setter !== owner {
            diagnose(.ownDelegateOverwritten, screen: owner.name,
                     "\(setter.name) replaced the delegate \(owner.name) installed for itself", now: now)
        }
    }

    /// Run once the stack settles after a change.
    func settledHazardChecks(now: Microseconds) {
        guard let top = topScreen, interactivePopDelegate == nil else { return }
        if screens.count == 1 {
            diagnose(.nilDelegateAtRoot, screen: top.name,
                     "one screen and a nil pop delegate: in UIKit the next swipe would freeze", now: now)
        } else if !top.managesPopDelegate {
            diagnose(.nilDelegateLeaked, screen: top.name,
                     "\(top.name) does not manage the pop delegate but it is nil: no bar or transition checks", now: now)
        }
    }
}

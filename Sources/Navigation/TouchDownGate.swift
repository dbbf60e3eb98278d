import Gestures
import TouchModel

/// What the controller says at a touch-down in an edge zone (the arbiter's `shouldReceive`), and the
/// commands that change it: clients' exclusion rectangles and the screens' `interactivePopEnabled` flags.
extension NavigationController {
    /// Why a touch-down at `point` must not begin: inside an exclusion that applies on the top screen (any
    /// recognizer), or, for the pop recognizer, the top screen's flag off. Nil lets it go on. Allocates nothing.
    public func touchDownRefusal(at point: Point, isPop: Bool) -> RefusalReason? {
        let top = topScreen
        if !exclusions.isEmpty, exclusions.rect(containing: point, onTop: top?.name) != nil { return .excludedArea }
        if isPop, let top, !top.interactivePopEnabled { return .interactivePopDisabled }
        return nil
    }

    /// Replaces `owner`'s exclusion rectangles (an empty list clears them). A `screen` must be on the stack or
    /// queued for it.
    public func setExclusions(_ rects: [ExclusionRect], owner: ExclusionOwner) throws(ExclusionError) -> ExclusionResult {
        try exclusions.set(rects, for: owner, geometry: exclusionGeometry, isScreenKnown: { mayHoldScreen(named: $0) })
    }

    /// The owner went away: its rectangles go. Returns how many there were.
    @discardableResult
    public func removeExclusions(owner: ExclusionOwner) -> Int {
        exclusions.remove(owner)
    }

    /// Sets `interactivePopEnabled` of the screen named `name` on the stack; false when there is none.
    public func setInteractivePopEnabled(_ enabled: Bool, screenNamed name: String) -> Bool {
        guard let screen = screens.last(where: { $0.name == name }) else { return false }
        screen.interactivePopEnabled = enabled
        return true
    }
}

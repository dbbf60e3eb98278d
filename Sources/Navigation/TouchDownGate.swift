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
    /// queued for it. Other owners whose rectangles this changes get a report (`drainExclusionReports`).
    public func setExclusions(_ rects: [ExclusionRect], owner: ExclusionOwner) throws(ExclusionError) -> ExclusionResult {
        let (result, others) = try exclusions.set(rects, for: owner, isScreenKnown: { mayHoldScreen(named: $0) })
        exclusionReports += others
        return result
    }

    /// The owner went away: its rectangles go, and owners that get its allowance are told. Returns how many
    /// were in force.
    @discardableResult
    public func removeExclusions(owner: ExclusionOwner) -> Int {
        let (removed, others) = exclusions.remove(owner)
        exclusionReports += others
        return removed
    }

    /// The geometry changed: `devices` are the touch devices' screens and edge zones now (none: every device
    /// went; the cap stays measured on the last ones, as no touch can begin without a device). Every owner's
    /// rectangles are cut again; owners whose rectangles change get a report.
    public func recomputeExclusions(devices: [ExclusionGeometry]) {
        guard !devices.isEmpty else { return }
        exclusionReports += exclusions.recompute(devices: devices)
    }

    /// Reports for owners whose rectangles changed without their asking, oldest first; emptied.
    public func drainExclusionReports(_ body: (ExclusionReport) -> Void) {
        guard !exclusionReports.isEmpty else { return }
        let reports = exclusionReports
        exclusionReports.removeAll()
        for r in reports { body(r) }
    }

    /// Sets `interactivePopEnabled` of the screen named `name` on the stack; false when there is none.
    public func setInteractivePopEnabled(_ enabled: Bool, screenNamed name: String) -> Bool {
        guard let screen = screens.last(where: { $0.name == name }) else { return false }
        screen.interactivePopEnabled = enabled
        return true
    }
}

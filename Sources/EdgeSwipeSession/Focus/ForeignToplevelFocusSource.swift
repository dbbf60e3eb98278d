import EdgeSwipeWayland
import TouchModel

/// The focused window from wlr-foreign-toplevel-management, on the session's own Wayland connection: the
/// handles' events go through a `ToplevelTracker`, and each change of its focused toplevel to `onFocus`. The
/// protocol gives no pid, so the report has none and the service routes by app_id (docs/daemon.md "Routes").
final class ForeignToplevelFocusSource {
    private let list: ForeignToplevelList
    private var tracker = ToplevelTracker()
    private var focused: FocusedWindow?
    private var saidImpossible = false
    private var saidUnfollowed = false

    /// Nil when the compositor offers no toplevel manager.
    init?(display: WaylandDisplay, say: @escaping (String) -> Void, log: LogSink?,
          onFocus: @escaping (FocusedWindow?) -> Void) {
        guard let list = ForeignToplevelList(display: display) else { return nil }
        self.list = list
        tracker.log = log
        list.onEvent = { [unowned self] event in
            let unfollowedBefore = tracker.unfollowedHandles
            let mayHaveChanged = tracker.take(event)
            if tracker.unfollowedHandles > unfollowedBefore && !saidUnfollowed {
                saidUnfollowed = true
                say("wlr-foreign-toplevel: over \(ToplevelTracker.handleLimit) toplevels open; the newer ones are not followed, "
                    + "so focusing one of them is not reported (said once)")
            }
            guard mayHaveChanged || tracker.impossibleEvents > 0 else { return }
            if tracker.impossibleEvents > 0 && !saidImpossible {
                saidImpossible = true
                say("wlr-foreign-toplevel: the compositor sent \(event) for a handle it never announced or had closed (ignored; said once)")
            }
            if tracker.isFinished { say("wlr-foreign-toplevel: the compositor finished the toplevel list: the focus is no longer reported") }
            let now = tracker.focused
            guard now != focused else { return }
            focused = now
            onFocus(now)
        }
    }
}

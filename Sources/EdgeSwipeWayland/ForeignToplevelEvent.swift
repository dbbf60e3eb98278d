/// One event of wlr-foreign-toplevel-management-unstable-v1 as a value: what `ForeignToplevelList` turns the
/// compositor's callbacks into, and what the session's `ToplevelTracker` (pure) reads. A handle is named by its
/// proxy's id, unique while it lives (the compositor sends `closed` before the id can be reused).
public enum ForeignToplevelEvent: Sendable, Hashable, CustomStringConvertible {
    /// zwlr_foreign_toplevel_manager_v1.toplevel: a new handle; its state follows, then `done`.
    case new(handle: UInt32)
    case title(handle: UInt32, String)
    case appID(handle: UInt32, String)
    /// The handle's states (zwlr_foreign_toplevel_handle_v1.state: 0 maximized, 1 minimized, 2 activated, 3 fullscreen).
    case state(handle: UInt32, [UInt32])
    /// The changes since the last `done` are complete.
    case done(handle: UInt32)
    /// The toplevel went; the handle is destroyed after this.
    case closed(handle: UInt32)
    /// The compositor stopped sending toplevels (the manager is finished).
    case finished

    /// zwlr_foreign_toplevel_handle_v1.state's `activated`.
    public static let activated: UInt32 = 2

    public var description: String {
        switch self {
        case .new(let h): return "new \(h)"
        case .title(let h, let t): return "title \(h) \"\(t)\""
        case .appID(let h, let a): return "app_id \(h) \(a)"
        case .state(let h, let s): return "state \(h) \(s)"
        case .done(let h): return "done \(h)"
        case .closed(let h): return "closed \(h)"
        case .finished: return "finished"
        }
    }
}

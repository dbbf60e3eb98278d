import EdgeSwipeWayland
import TouchModel

/// The focused toplevel from wlr-foreign-toplevel-management's handle events (pure). Each handle is a small
/// state machine: `announced` (created, its first state not yet complete) → done → `shown`, and `closed` removes
/// it; title, app_id and state events change its pending values, which count from its next `done` (the
/// protocol's double buffering). The focused toplevel is the shown handle with `activated` whose activation came
/// last: with several outputs (or seats) more than one handle may be activated at once, and the one activated
/// last is where the user just went.
///
/// Events for a handle that was never announced, or after it closed, are impossible pairs: counted
/// (`impossibleEvents`) and otherwise ignored, so a compositor bug cannot leave a handle half-made.
///
/// Memory is bounded: at most `handleLimit` handles are followed (a compositor, or a client opening windows in a
/// loop, may announce any number); one announced past it is not followed, counted (`unfollowedHandles`), and its
/// later events are ignored as its own, not as impossible ones, while at most `handleLimit` such ids are kept.
public struct ToplevelTracker: Sendable {
    public enum HandleState: Sendable, Hashable, CustomStringConvertible {
        /// Announced; nothing is complete until its first `done`.
        case announced
        /// Its state as of its last `done`.
        case shown
        public var description: String { self == .announced ? "announced" : "shown" }
    }

    /// One handle's values: as of its last `done`, and as changed since.
    struct Handle: Sendable {
        var state = HandleState.announced
        var current = Values()
        var pending = Values()
        /// When it last became activated (an ordinal of `done`s); 0: never.
        var activatedAt = 0
    }

    struct Values: Sendable, Hashable {
        var appID = ""
        var title = ""
        var activated = false
    }

    private var handles: [UInt32: Handle] = [:]
    /// Handles announced past `handleLimit`, not followed.
    private var unfollowed: Set<UInt32> = []
    public static let handleLimit = 512
    /// Handles announced while `handleLimit` were followed.
    public private(set) var unfollowedHandles = 0
    private var dones = 0
    public private(set) var impossibleEvents = 0
    /// The manager sent `finished`: no toplevel will come any more.
    public private(set) var isFinished = false
    /// "state -> cause -> state" lines of each handle's transitions (debug), nil when off.
    public var log: LogSink?

    public init() {}

    /// The focused toplevel as of the last complete state; nil when no shown handle is activated.
    public var focused: FocusedWindow? {
        var best: Handle?
        for handle in handles.values where handle.state == .shown && handle.current.activated {
            if best.map({ handle.activatedAt > $0.activatedAt }) ?? true { best = handle }
        }
        return best.map { FocusedWindow(appID: $0.current.appID, title: $0.current.title) }
    }

    /// Handles alive (announced or shown).
    public var count: Int { handles.count }

    /// Takes one event; true when the focused toplevel (`focused`) may have changed.
    @discardableResult
    public mutating func take(_ event: ForeignToplevelEvent) -> Bool {
        switch event {
        case .new(let id):
            guard handles[id] == nil, !unfollowed.contains(id) else { return impossible(event, "announced twice") }
            guard handles.count < Self.handleLimit else {
                unfollowedHandles += 1
                if unfollowed.count < Self.handleLimit { unfollowed.insert(id) }
                log?(.debug, "toplevel \(id): not followed, \(Self.handleLimit) handles already are")
                return false
            }
            handles[id] = Handle()
            log?(.debug, "toplevel \(id): none -> new -> announced")
            return false
        case .title(let id, let title):
            return change(id, event) { $0.title = title }
        case .appID(let id, let appID):
            return change(id, event) { $0.appID = appID }
        case .state(let id, let states):
            return change(id, event) { $0.activated = states.contains(ForeignToplevelEvent.activated) }
        case .done(let id):
            guard var handle = handles[id] else { return unknown(id, event) }
            dones += 1
            let before = handle.state
            if handle.pending.activated && !(handle.state == .shown && handle.current.activated) { handle.activatedAt = dones }
            let changed = handle.state == .announced || handle.current != handle.pending
            handle.current = handle.pending
            handle.state = .shown
            handles[id] = handle
            log?(.debug, "toplevel \(id): \(before) -> done -> shown")
            return changed
        case .closed(let id):
            if unfollowed.remove(id) != nil { return false }
            guard let handle = handles.removeValue(forKey: id) else { return impossible(event, "never announced or closed") }
            log?(.debug, "toplevel \(id): \(handle.state) -> closed -> none")
            return handle.state == .shown && handle.current.activated
        case .finished:
            isFinished = true
            let hadFocus = focused != nil
            handles.removeAll()
            unfollowed.removeAll()
            return hadFocus
        }
    }

    private mutating func change(_ id: UInt32, _ event: ForeignToplevelEvent, _ body: (inout Values) -> Void) -> Bool {
        guard handles[id] != nil else { return unknown(id, event) }
        body(&handles[id]!.pending)
        return false
    }

    /// An event for a handle not followed: its own if it was announced past the limit, else impossible.
    private mutating func unknown(_ id: UInt32, _ event: ForeignToplevelEvent) -> Bool {
        unfollowed.contains(id) ? false : impossible(event, "never announced or closed")
    }

    private mutating func impossible(_ event: ForeignToplevelEvent, _ why: String) -> Bool {
        impossibleEvents += 1
        log?(.debug, "toplevel: impossible event \(event) (\(why))")
        return false
    }
}

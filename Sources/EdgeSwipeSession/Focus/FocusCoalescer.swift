import TouchModel

/// When the focus is sent to the service (pure; time is a parameter): only on change, at most one report per
/// `interval` (a frame, 16 ms: alt-tab through ten windows is one or two reports, not ten), the latest value
/// winning, and the current one again after every new connection (a restarted service knows no focus). Nothing is
/// sent while not connected; what changes meanwhile is sent at the connection. `Report` is the whole report
/// (nothing focused included); the session program uses `FocusReport`.
///
/// A report that `waits` (nothing focused) is sent only when it has lasted a whole interval: a focus moving from
/// one window to another passes through "none" (wlr-foreign-toplevel deactivates the old toplevel before it
/// activates the new one; sway closes a view before it focuses the next), and that moment is not news.
public struct FocusCoalescer<Report: Equatable & Sendable>: Sendable {
    /// What to do now: send `send` (if any) and be called again (`due`) at `deadline` (if any).
    public struct Step: Equatable, Sendable {
        public var send: Report?
        public var deadline: Microseconds?

        public init(send: Report?, deadline: Microseconds?) {
            self.send = send
            self.deadline = deadline
        }
    }

    public static var frameInterval: Microseconds { Microseconds(16_000) }

    public let interval: Microseconds
    /// The focus as the source last said it; nil until it says anything.
    public private(set) var latest: Report?
    /// What this connection was sent last, and when.
    private var sent: Report?
    private var sentAt: Microseconds?
    public private(set) var isConnected = false
    private let waits: @Sendable (Report) -> Bool
    /// When the latest report, one that waits, may be sent.
    private var waitsUntil: Microseconds?

    public init(interval: Microseconds = Self.frameInterval, waits: @escaping @Sendable (Report) -> Bool = { _ in false }) {
        self.interval = interval
        self.waits = waits
    }

    /// The source says the focus is `report` now.
    public mutating func observe(_ report: Report, now: Microseconds) -> Step {
        if report != latest { waitsUntil = waits(report) ? now + interval : nil }
        latest = report
        return step(now)
    }

    /// A connection was made (ServiceConnection's registered): the current focus goes again.
    public mutating func connected(now: Microseconds) -> Step {
        isConnected = true
        sent = nil
        sentAt = nil
        return step(now)
    }

    /// The connection was lost: nothing is sent until the next.
    public mutating func disconnected() {
        isConnected = false
        sent = nil
        sentAt = nil
    }

    /// The deadline of an earlier step came.
    public mutating func due(now: Microseconds) -> Step { step(now) }

    private mutating func step(_ now: Microseconds) -> Step {
        guard isConnected, let latest, latest != sent else { return Step(send: nil, deadline: nil) }
        if let waitsUntil, now < waitsUntil { return Step(send: nil, deadline: max(waitsUntil, sentAt.map { $0 + interval } ?? waitsUntil)) }
        if let sentAt, now < sentAt + interval { return Step(send: nil, deadline: sentAt + interval) }
        sent = latest
        sentAt = now
        return Step(send: latest, deadline: nil)
    }
}

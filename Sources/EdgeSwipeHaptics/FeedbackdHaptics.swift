import EdgeSwipeBus
import EdgeSwipeSystem
import TouchModel

/// Cues through feedbackd (`org.sigxcpu.Feedback` on the session bus, Debian's `feedbackd`), with sd-bus from
/// libsystemd: the library is on every systemd system already, and its connection is a file descriptor that
/// goes on our own epoll loop (libfeedback would bring GLib's main loop along; libdbus-1 its watch/timeout
/// plumbing). Each cue is one asynchronous TriggerFeedback call: `play` queues it and returns; the reply (an
/// event id, or an error) is read when the bus descriptor becomes readable.
///
/// The profile is feedbackd's to apply: every call carries the hint `profile: quiet`, so a cue is at most a
/// haptic (never the `full` profile's click sound), and the user's global profile caps it further (`silent`:
/// feedbackd plays nothing and ends the event at once).
public final class FeedbackdHaptics: HapticOutput {
    public static let busName = "org.sigxcpu.Feedback"
    public static let objectPath = "/org/sigxcpu/Feedback"
    public static let interface = "org.sigxcpu.Feedback"
    /// How long a call may wait for its reply before sd-bus fails it (then counted in `failedCalls`).
    public static let replyTimeoutUsec: UInt64 = 1_000_000
    /// Calls awaiting a reply at most: past this feedbackd is stuck and cues are dropped (memory bounded).
    public static let maxPending = 8

    public let appId: String
    public var name: String { "feedbackd (\(Self.busName) on the session bus)" }
    private let connection: BusConnection
    private let report: (String) -> Void
    private var reported: Set<String> = []

    /// Calls sent and not yet answered; replies with an event id; failed calls (error reply or timeout).
    public private(set) var pendingCalls = 0
    public private(set) var answeredCalls = 0
    public private(set) var failedCalls = 0
    public private(set) var lastEventId: UInt32 = 0

    /// Connects to the session bus (`address` nil: the user's, as DBUS_SESSION_BUS_ADDRESS or
    /// $XDG_RUNTIME_DIR/bus) and puts the connection on `loop`. The connection is made here, not feedbackd:
    /// feedbackd is started by the bus on the first cue (D-Bus activation) and may come and go.
    public init(loop: EventLoop, address: String? = nil, appId: String = "edgeswipe-feedback",
                report: @escaping (String) -> Void) throws(HapticsError) {
        self.appId = appId
        self.report = report
        do {
            connection = try BusConnection(loop: loop, bus: address.map { .address($0) } ?? .user)
        } catch {
            throw HapticsError("\(error); is this a graphical session (DBUS_SESSION_BUS_ADDRESS, XDG_RUNTIME_DIR)?")
        }
        connection.onProblem = { [unowned self] problem in
            switch problem {
            case .closed(let errno):
                // The bus went away (session ended): nothing more to do; the command ends with the session.
                pendingCalls = 0
                reportOnce("process", "the session bus connection failed: \(errno); haptics off")
            case .watch(let message):
                reportOnce("modify", message)
            }
        }
    }

    public func play(_ cue: HapticCue) {
        // Expired calls are failed when the connection processes: run it so a silent feedbackd frees its slots.
        connection.process()
        guard connection.isOpen else { return }
        guard pendingCalls < Self.maxPending else {
            reportOnce("stuck", "feedbackd answers no calls (\(pendingCalls) waiting): cues are dropped until it does")
            return
        }
        do {
            try connection.call(Self.trigger(cue, appId: appId), timeout: Microseconds(Self.replyTimeoutUsec)) { [weak self] reply in
                self?.handleReply(reply)
            }
        } catch {
            reportOnce("send \(-error.rawValue)", "calling feedbackd for \(cue.rawValue) failed: \(error)")
            return
        }
        pendingCalls += 1
    }

    /// TriggerFeedback(app_id, event, hints {profile: quiet}, timeout -1: each feedback once).
    package static func trigger(_ cue: HapticCue, appId: String) -> BusMethodCall {
        BusMethodCall(destination: Self.busName, path: Self.objectPath, interface: Self.interface, member: "TriggerFeedback",
                      arguments: [.string(appId), .string(cue.feedbackdEvent), .properties(["profile": .string("quiet")]), .int32(-1)])
    }

    private func handleReply(_ reply: BusReply) {
        pendingCalls -= 1
        if let (name, detail) = reply.error {
            failedCalls += 1
            let hint = name == "org.freedesktop.DBus.Error.ServiceUnknown" ? " (is feedbackd installed?)" : ""
            reportOnce(name, "feedbackd: \(name)\(hint) \(detail)")
            return
        }
        if let id = reply.readUInt32() { lastEventId = id }
        answeredCalls += 1
    }

    private func reportOnce(_ key: String, _ message: String) {
        guard reported.insert(key).inserted else { return }
        report(message)
    }
}

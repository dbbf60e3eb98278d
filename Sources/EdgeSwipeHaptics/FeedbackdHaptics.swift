import CSystemdBus
import EdgeSwipeSystem
import Glibc

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
    private let loop: EventLoop
    private var bus: OpaquePointer?
    private var registration: EventToken?
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
        self.loop = loop
        self.appId = appId
        self.report = report
        var connection: OpaquePointer?
        let result: Int32
        if let address {
            result = Self.open(address: address, &connection)
        } else {
            result = sd_bus_open_user(&connection)
        }
        guard result >= 0, let connection else {
            throw HapticsError("the session bus\(address.map { " at \($0)" } ?? ""): cannot connect (\(Errno(rawValue: -result))); "
                               + "is this a graphical session (DBUS_SESSION_BUS_ADDRESS, XDG_RUNTIME_DIR)?")
        }
        bus = connection
        do {
            registration = try loop.register(fd: sd_bus_get_fd(connection), events: Self.events(of: connection),
                                             name: "session bus") { [unowned self] _ in self.process() }
        } catch {
            sd_bus_flush_close_unref(connection)
            bus = nil
            throw HapticsError("the session bus: cannot watch its connection (\(error))")
        }
    }

    private static func open(address: String, _ connection: inout OpaquePointer?) -> Int32 {
        var result = sd_bus_new(&connection)
        guard result >= 0, let bus = connection else { return result }
        result = sd_bus_set_address(bus, address)
        if result >= 0 { result = sd_bus_set_bus_client(bus, 1) }
        if result >= 0 { result = sd_bus_start(bus) }
        if result < 0 { connection = sd_bus_unref(bus) }
        return result
    }

    deinit {
        if let registration { loop.unregister(registration) }
        if let bus { sd_bus_close_unref(bus) }
    }

    private static func events(of bus: OpaquePointer) -> IOEvents {
        let wanted = sd_bus_get_events(bus)
        var events: IOEvents = []
        if wanted > 0 && wanted & Int32(POLLIN) != 0 { events.insert(.readable) }
        if wanted > 0 && wanted & Int32(POLLOUT) != 0 { events.insert(.writable) }
        return events.isEmpty ? .readable : events
    }

    public func play(_ cue: HapticCue) {
        guard let bus else { return }
        // Expired calls are failed by sd_bus_process: run it so a silent feedbackd frees its slots.
        process()
        guard pendingCalls < Self.maxPending else {
            reportOnce("stuck", "feedbackd answers no calls (\(pendingCalls) waiting): cues are dropped until it does")
            return
        }
        let result = send(cue, on: bus)
        if result < 0 {
            reportOnce("send \(result)", "calling feedbackd for \(cue.rawValue) failed: \(Errno(rawValue: -result))")
            return
        }
        pendingCalls += 1
        updateEvents()
    }

    /// TriggerFeedback(app_id, event, hints {profile: quiet}, timeout -1: each feedback once).
    private func send(_ cue: HapticCue, on bus: OpaquePointer) -> Int32 {
        var message: OpaquePointer?
        var result = sd_bus_message_new_method_call(bus, &message, Self.busName, Self.objectPath, Self.interface, "TriggerFeedback")
        guard result >= 0, let message else { return result }
        defer { sd_bus_message_unref(message) }
        let steps: [() -> Int32] = [
            { Self.append(message, "s", self.appId) },
            { Self.append(message, "s", cue.feedbackdEvent) },
            { sd_bus_message_open_container(message, Self.type("a"), "{sv}") },
            { sd_bus_message_open_container(message, Self.type("e"), "sv") },
            { Self.append(message, "s", "profile") },
            { sd_bus_message_open_container(message, Self.type("v"), "s") },
            { Self.append(message, "s", "quiet") },
            { sd_bus_message_close_container(message) },
            { sd_bus_message_close_container(message) },
            { sd_bus_message_close_container(message) },
            { var once: Int32 = -1; return sd_bus_message_append_basic(message, Self.type("i"), &once) },
        ]
        for step in steps {
            result = step()
            if result < 0 { return result }
        }
        let context = Unmanaged.passUnretained(self).toOpaque()
        return sd_bus_call_async(bus, nil, message, { reply, context, _ in
            guard let reply, let context else { return 0 }
            Unmanaged<FeedbackdHaptics>.fromOpaque(context).takeUnretainedValue().handleReply(reply)
            return 0
        }, context, Self.replyTimeoutUsec)
    }

    private static func type(_ code: Unicode.Scalar) -> CChar { CChar(UInt8(ascii: code)) }

    private static func append(_ message: OpaquePointer, _ code: Unicode.Scalar, _ text: String) -> Int32 {
        text.withCString { sd_bus_message_append_basic(message, type(code), $0) }
    }

    private func handleReply(_ reply: OpaquePointer) {
        pendingCalls -= 1
        if let error = sd_bus_message_get_error(reply), sd_bus_error_is_set(error) != 0 {
            failedCalls += 1
            let name = error.pointee.name.map { String(cString: $0) } ?? "unknown error"
            let detail = error.pointee.message.map { String(cString: $0) } ?? ""
            let hint = name == "org.freedesktop.DBus.Error.ServiceUnknown" ? " (is feedbackd installed?)" : ""
            reportOnce(name, "feedbackd: \(name)\(hint) \(detail)")
            return
        }
        var id: UInt32 = 0
        if sd_bus_message_read_basic(reply, Self.type("u"), &id) >= 0 { lastEventId = id }
        answeredCalls += 1
    }

    /// Reads and dispatches what the bus has, then waits for what sd-bus needs next.
    private func process() {
        guard let bus else { return }
        while true {
            let result = sd_bus_process(bus, nil)
            if result == 0 { break }
            if result < 0 {
                // The bus went away (session ended): nothing more to do; the command ends with the session.
                reportOnce("process", "the session bus connection failed: \(Errno(rawValue: -result)); haptics off")
                disconnect()
                return
            }
        }
        updateEvents()
    }

    private func updateEvents() {
        guard let bus, let registration else { return }
        do {
            try loop.modify(registration, events: Self.events(of: bus))
        } catch {
            reportOnce("modify", "the session bus: \(error)")
        }
    }

    private func disconnect() {
        if let registration { loop.unregister(registration) }
        registration = nil
        if let bus { sd_bus_close_unref(bus) }
        bus = nil
        pendingCalls = 0
    }

    private func reportOnce(_ key: String, _ message: String) {
        guard reported.insert(key).inserted else { return }
        report(message)
    }
}

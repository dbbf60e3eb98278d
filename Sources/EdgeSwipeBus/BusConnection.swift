import CSystemdBus
import EdgeSwipeSystem
import Glibc
import TouchModel

/// Why a bus connection could not be made or watched, with the message to print.
public struct BusError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// One D-Bus connection through sd-bus (libsystemd), on the project's epoll loop: its descriptor is registered
/// with the events sd-bus asks for, and what arrives is dispatched by `process()`. sd-bus rather than libdbus-1 or
/// GDBus: libsystemd is on every systemd system already, and its connection is one descriptor, with no main loop of
/// its own; a timerfd at the deadline sd-bus gives (`sd_bus_get_timeout`) fails a call whose reply is overdue even
/// when nothing else arrives. The session side (`edgeswipe feedback`'s feedbackd haptics) takes the user's bus; the service the system
/// bus (iio-sensor-proxy). Callers send typed calls (`BusMethodCall`, `call`, `send`) and watch signals
/// (`BusSignalMatch`, `watch`): no sd-bus call outside this module. Replies and signals reach their handlers
/// (`BusReply`) from `process()`, on the loop's thread.
public final class BusConnection {
    /// Which bus.
    public enum Bus: Sendable {
        /// The user's session bus: DBUS_SESSION_BUS_ADDRESS, or $XDG_RUNTIME_DIR/bus.
        case user
        /// The system bus: DBUS_SYSTEM_BUS_ADDRESS, or /run/dbus/system_bus_socket.
        case system
        /// A bus at this address (tests: a private dbus-daemon), as a bus client.
        case address(String)
        /// A connection over this connected socket, which the connection takes and closes (tests: one end of a
        /// socket pair with nothing behind it, to build and read messages without a bus daemon).
        case descriptor(Int32)
    }

    /// What went wrong after the connection was made.
    public enum Problem: Sendable {
        /// sd_bus_process failed: the bus went away. The connection is closed.
        case closed(Errno)
        /// The loop refused the descriptor's new events.
        case watch(String)
    }

    /// "the session bus", "the system bus", or the address: for messages.
    public let name: String
    /// The connection, nil once closed. Internal: messages are built here, from typed calls.
    private(set) var bus: OpaquePointer?

    /// Whether the connection is open (not yet closed, and the bus has not gone away).
    public var isOpen: Bool { bus != nil }
    private let loop: EventLoop
    private var registration: EventToken?
    /// Armed at sd-bus's next deadline (a call's reply timeout), so an unanswered call fails on time.
    private var timer: DeadlineTimer?
    /// Told when the connection fails or cannot be watched; after `.closed` nothing more arrives.
    public var onProblem: ((Problem) -> Void)?

    public init(loop: EventLoop, bus which: Bus) throws(BusError) {
        self.loop = loop
        var connection: OpaquePointer?
        let result: Int32
        switch which {
        case .user:
            name = "the session bus"
            result = sd_bus_open_user(&connection)
        case .system:
            name = "the system bus"
            result = sd_bus_open_system(&connection)
        case .address(let address):
            name = "the bus at \(address)"
            result = Self.open(address: address, &connection)
        case .descriptor(let descriptor):
            name = "the connection on descriptor \(descriptor)"
            result = Self.open(socket: descriptor, &connection)
        }
        guard result >= 0, let connection else {
            throw BusError("\(name): cannot connect (\(Errno(rawValue: -result)))")
        }
        bus = connection
        do {
            registration = try loop.register(fd: sd_bus_get_fd(connection), events: Self.events(of: connection),
                                             name: name) { [unowned self] _ in self.process() }
            timer = try DeadlineTimer(loop: loop) { [unowned self] _ in self.process() }
        } catch {
            if let registration { loop.unregister(registration) }
            registration = nil
            sd_bus_flush_close_unref(connection)
            bus = nil
            throw BusError("\(name): cannot watch its connection (\(error))")
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

    private static func open(socket descriptor: Int32, _ connection: inout OpaquePointer?) -> Int32 {
        var result = sd_bus_new(&connection)
        guard result >= 0, let bus = connection else { return result }
        result = sd_bus_set_fd(bus, descriptor, descriptor)
        if result >= 0 { result = sd_bus_start(bus) }
        if result < 0 { connection = sd_bus_unref(bus) }
        return result
    }

    deinit { close() }

    private static func events(of bus: OpaquePointer) -> IOEvents {
        let wanted = sd_bus_get_events(bus)
        var events: IOEvents = []
        if wanted > 0 && wanted & Int32(POLLIN) != 0 { events.insert(.readable) }
        if wanted > 0 && wanted & Int32(POLLOUT) != 0 { events.insert(.writable) }
        return events.isEmpty ? .readable : events
    }

    /// Reads and dispatches what the bus has (replies, signals, expired calls), then waits for what sd-bus needs next.
    public func process() {
        guard let bus else { return }
        while true {
            let result = sd_bus_process(bus, nil)
            if result == 0 { break }
            if result < 0 {
                close()
                onProblem?(.closed(Errno(rawValue: -result)))
                return
            }
        }
        updateEvents()
    }

    /// After queueing a message: watch for writability while sd-bus has something to send, and wake at its next
    /// deadline (UINT64_MAX: none).
    public func updateEvents() {
        guard let bus, let registration else { return }
        do {
            try loop.modify(registration, events: Self.events(of: bus))
            var deadline: UInt64 = 0
            let known = sd_bus_get_timeout(bus, &deadline) >= 0 && deadline != UInt64.max
            try timer?.arm(at: known ? Microseconds(deadline) : nil)
        } catch {
            onProblem?(.watch("\(name): \(error)"))
        }
    }

    /// Sends what is queued (a last call on the way out), then closes. Nothing more is dispatched.
    public func close() {
        if let registration { loop.unregister(registration) }
        registration = nil
        timer = nil
        if let bus { sd_bus_flush_close_unref(bus) }
        bus = nil
    }
}

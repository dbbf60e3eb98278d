import CSystemdBus
import EdgeSwipeBus
import EdgeSwipeSystem
import Gestures
import Glibc
import TouchModel

/// `rotation: accelerometer`: the service follows iio-sensor-proxy (`net.hadess.SensorProxy` at
/// `/net/hadess/SensorProxy`, Debian's iio-sensor-proxy) on the system bus itself, with no session needed: the
/// kiosk whose compositor does not turn. It claims the accelerometer, reads `HasAccelerometer` and
/// `AccelerometerOrientation`, follows `PropertiesChanged` from the name's owner, and `NameOwnerChanged` for the
/// proxy leaving and coming back (claimed again then). Nothing is polled and nothing retried on a timer: while the
/// proxy is absent the client waits for the bus to say it appeared, and the rotation stays what it was.
/// `AccelerometerRotation` decides what each value does; `onRotation` is told every change. Loop thread only.
package final class SensorProxyClient {
    package static let busName = "net.hadess.SensorProxy"
    package static let objectPath = "/net/hadess/SensorProxy"
    package static let interface = "net.hadess.SensorProxy"
    /// How long a call waits for iio-sensor-proxy's reply before it counts as not answered.
    package static let defaultReplyTimeout = Microseconds(5_000_000)

    /// Where the client is with the proxy.
    package enum State: Hashable, Sendable {
        /// ClaimAccelerometer sent, its reply awaited.
        case claiming
        /// Claimed; the properties (GetAll) awaited, then followed as they change.
        case following
        /// The proxy is not on the bus (or refused the claim): waiting for NameOwnerChanged.
        case absent
        /// Released (`stop`): nothing more happens.
        case stopped
    }

    package private(set) var state: State = .claiming
    /// The rotation in force, from the last orientation the proxy gave.
    package private(set) var rotation: AccelerometerRotation
    /// The proxy's unique name once it answered: signals from anyone else are not its properties.
    private var owner: String?
    /// Whether the claimed proxy has an accelerometer (false: said once, and the rotation stays).
    package private(set) var hasAccelerometer: Bool?
    private let connection: BusConnection
    private let log: DaemonLog
    private let replyTimeout: Microseconds
    /// Told the new rotation each time the orientation turns the panel.
    package var onRotation: ((ScreenRotation) -> Void)?

    /// Connects to the system bus (`address`: another bus, for tests) and puts it on `loop`; `start` claims.
    package init(loop: EventLoop, address: String? = nil, rotation: ScreenRotation, log: DaemonLog,
                 replyTimeout: Microseconds = SensorProxyClient.defaultReplyTimeout) throws(BusError) {
        connection = try BusConnection(loop: loop, bus: address.map { .address($0) } ?? .system)
        self.replyTimeout = replyTimeout
        self.rotation = AccelerometerRotation(rotation: rotation)
        self.log = log
        connection.onProblem = { [unowned self] problem in
            switch problem {
            case .closed(let errno):
                log.warning("rotation: accelerometer: \(connection.name) failed (\(errno)): the rotation stays "
                            + "\(self.rotation.rotation.rawValue) until the service is restarted or reloaded")
                state = .stopped
            case .watch(let message):
                log.warning("rotation: accelerometer: \(message)")
            }
        }
    }

    deinit { connection.close() }

    /// Watches the proxy's name and properties, then claims the accelerometer (the bus starts the proxy if it can).
    package func start() {
        guard let bus = connection.bus else { return }
        let context = Unmanaged.passUnretained(self).toOpaque()
        let owners = "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',interface='org.freedesktop.DBus',"
            + "member='NameOwnerChanged',arg0='\(Self.busName)'"
        // Not matched on the sender: sd-bus would compare the unique name with the well-known one. `owner` checks it.
        let properties = "type='signal',path='\(Self.objectPath)',interface='org.freedesktop.DBus.Properties',"
            + "member='PropertiesChanged',arg0='\(Self.interface)'"
        for (rule, handler) in [(owners, Self.ownerChanged), (properties, Self.propertiesChanged)] {
            let result = sd_bus_add_match_async(bus, nil, rule, handler, nil, context)
            if result < 0 { log.warning("rotation: accelerometer: cannot watch \(Self.busName) on \(connection.name): \(Errno(rawValue: -result))") }
        }
        claim()
    }

    /// ReleaseAccelerometer when claimed (no reply awaited), and the connection closed: nothing more arrives.
    package func stop() {
        if state == .following, let bus = connection.bus {
            var message: OpaquePointer?
            if sd_bus_message_new_method_call(bus, &message, Self.busName, Self.objectPath, Self.interface, "ReleaseAccelerometer") >= 0,
               let message {
                sd_bus_message_set_expect_reply(message, 0)
                sd_bus_send(bus, message, nil)
                sd_bus_message_unref(message)
            }
        }
        state = .stopped
        connection.close()
    }

    // MARK: Calls

    private func claim() {
        state = .claiming
        call("ClaimAccelerometer", interface: Self.interface) { client, reply in client.claimed(reply) }
    }

    private func readProperties() {
        call("GetAll", interface: "org.freedesktop.DBus.Properties", argument: Self.interface) { client, reply in client.read(reply) }
    }

    /// What a reply is handed to: sd-bus takes a C function, so each call carries its handler in a `ReplyBox`.
    private typealias ReplyHandler = (SensorProxyClient, OpaquePointer) -> Void

    private func call(_ method: String, interface: String, argument: String? = nil, then handler: @escaping ReplyHandler) {
        guard let bus = connection.bus else { return }
        var message: OpaquePointer?
        var result = sd_bus_message_new_method_call(bus, &message, Self.busName, Self.objectPath, interface, method)
        if result >= 0, let message {
            defer { sd_bus_message_unref(message) }
            if let argument { result = BusMessage.append(message, "s", argument) }
            if result >= 0 {
                let box = Unmanaged.passRetained(ReplyBox(client: self, handler: handler)).toOpaque()
                var slot: OpaquePointer?
                result = sd_bus_call_async(bus, &slot, message, { reply, context, _ in
                    guard let reply, let context else { return 0 }
                    let box = Unmanaged<ReplyBox>.fromOpaque(context).takeUnretainedValue()
                    if let client = box.client { box.handler(client, reply) }
                    return 0
                }, box, replyTimeout.rawValue)
                if result >= 0, let slot {
                    // The box lives as long as the call's slot: freed with it, after the reply or when the bus closes.
                    sd_bus_slot_set_destroy_callback(slot) { box in
                        if let box { Unmanaged<ReplyBox>.fromOpaque(box).release() }
                    }
                    sd_bus_slot_set_floating(slot, 1)
                    sd_bus_slot_unref(slot)
                } else {
                    Unmanaged<ReplyBox>.fromOpaque(box).release()
                }
            }
        }
        if result < 0 {
            log.warning("rotation: accelerometer: calling \(Self.busName) \(method) failed: \(Errno(rawValue: -result))")
            state = .absent
        }
        connection.updateEvents()
    }

    // MARK: Replies and signals

    private func claimed(_ reply: OpaquePointer) {
        guard state == .claiming else { return }
        if let (name, message) = BusMessage.error(of: reply) {
            state = .absent
            let absent = ["org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner"].contains(name)
            log.warning("rotation: accelerometer: " + (absent
                ? "iio-sensor-proxy (\(Self.busName)) is not on \(connection.name) and cannot be started (\(name)); is it installed? "
                : "iio-sensor-proxy did not take ClaimAccelerometer (\(name): \(message)); ")
                + "the rotation stays \(rotation.rotation.rawValue), and is followed once iio-sensor-proxy appears")
            return
        }
        owner = sd_bus_message_get_sender(reply).map { String(cString: $0) }
        state = .following
        readProperties()
    }

    private func read(_ reply: OpaquePointer) {
        guard state == .following else { return }
        if let (name, message) = BusMessage.error(of: reply) {
            log.warning("rotation: accelerometer: reading iio-sensor-proxy's properties failed (\(name): \(message)); "
                        + "the rotation stays \(rotation.rotation.rawValue)")
            return
        }
        guard let properties = BusMessage.readProperties(reply) else {
            log.warning("rotation: accelerometer: iio-sensor-proxy's properties are not a{sv}; the rotation stays \(rotation.rotation.rawValue)")
            return
        }
        apply(properties)
    }

    private func apply(_ properties: [String: BusMessage.Value]) {
        if case .bool(let has) = properties["HasAccelerometer"], has != hasAccelerometer {
            hasAccelerometer = has
            if has {
                log.info("rotation: accelerometer: iio-sensor-proxy has an accelerometer; following its orientation")
            } else {
                log.warning("rotation: accelerometer: iio-sensor-proxy reports no accelerometer (HasAccelerometer false); "
                            + "the rotation stays \(rotation.rotation.rawValue)")
            }
        }
        guard hasAccelerometer == true, case .string(let value) = properties["AccelerometerOrientation"] else { return }
        switch rotation.follow(value) {
        case .turned(let to):
            log.info("rotation: accelerometer: \(value), rotation \(to.rawValue)")
            onRotation?(to)
        case .unchanged, .flat:
            break
        case .unknown(let message):
            log.warning("rotation: accelerometer: \(message)")
        }
    }

    private func ownerChanged(_ message: OpaquePointer) {
        guard state != .stopped, sd_bus_message_get_sender(message).map({ String(cString: $0) }) == "org.freedesktop.DBus",
              BusMessage.readString(message) == Self.busName, BusMessage.readString(message) != nil,
              let newOwner = BusMessage.readString(message) else { return }
        if newOwner.isEmpty {
            owner = nil
            hasAccelerometer = nil
            if state != .absent {
                log.warning("rotation: accelerometer: iio-sensor-proxy left \(connection.name); the rotation stays "
                            + "\(rotation.rotation.rawValue) until it is back")
            }
            state = .absent
        } else if state == .absent || (state == .following && newOwner != owner) {
            // Back after leaving, or another process took the name over directly (a replacement): claimed from it.
            log.info("rotation: accelerometer: iio-sensor-proxy is on \(connection.name) again; claiming the accelerometer")
            claim()
        }
    }

    private func propertiesChanged(_ message: OpaquePointer) {
        guard state == .following, let owner, sd_bus_message_get_sender(message).map({ String(cString: $0) }) == owner,
              BusMessage.readString(message) == Self.interface, let changed = BusMessage.readProperties(message) else { return }
        apply(changed)
        // Properties said to have changed without their values: read them again.
        var invalidated: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        if sd_bus_message_read_strv(message, &invalidated) > 0, let invalidated {
            var names: [String] = []
            var i = 0
            while let name = invalidated[i] {
                names.append(String(cString: name))
                free(name)
                i += 1
            }
            free(invalidated)
            if names.contains("AccelerometerOrientation") || names.contains("HasAccelerometer") { readProperties() }
        }
    }

    private static let ownerChanged: sd_bus_message_handler_t = { message, context, _ in
        guard let message, let context else { return 0 }
        Unmanaged<SensorProxyClient>.fromOpaque(context).takeUnretainedValue().ownerChanged(message)
        return 0
    }

    private static let propertiesChanged: sd_bus_message_handler_t = { message, context, _ in
        guard let message, let context else { return 0 }
        Unmanaged<SensorProxyClient>.fromOpaque(context).takeUnretainedValue().propertiesChanged(message)
        return 0
    }
}

/// A call's reply handler and its client (weak: a reply after the client is gone is dropped).
private final class ReplyBox {
    weak var client: SensorProxyClient?
    let handler: (SensorProxyClient, OpaquePointer) -> Void
    init(client: SensorProxyClient, handler: @escaping (SensorProxyClient, OpaquePointer) -> Void) {
        self.client = client
        self.handler = handler
    }
}

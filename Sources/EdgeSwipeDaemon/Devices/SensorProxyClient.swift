import EdgeSwipeBus
import EdgeSwipeSystem
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
        guard connection.isOpen else { return }
        // Properties are not matched on the sender: the bus would compare the unique name with the well-known one.
        // `owner` checks it.
        let watches: [(BusSignalMatch, (SensorProxyClient, BusReply) -> Void)] = [
            (.nameOwnerChanged(Self.busName), { $0.ownerChanged($1) }),
            (.propertiesChanged(path: Self.objectPath, interface: Self.interface), { $0.propertiesChanged($1) }),
        ]
        for (match, handler) in watches {
            do {
                try connection.watch(match) { [weak self] message in if let self { handler(self, message) } }
            } catch {
                log.warning("rotation: accelerometer: cannot watch \(Self.busName) on \(connection.name): \(error)")
            }
        }
        claim()
    }

    /// ReleaseAccelerometer when claimed (no reply awaited), and the connection closed: nothing more arrives.
    package func stop() {
        if state == .following { try? connection.send(method("ReleaseAccelerometer")) }
        state = .stopped
        connection.close()
    }

    // MARK: Calls

    private func method(_ member: String) -> BusMethodCall {
        BusMethodCall(destination: Self.busName, path: Self.objectPath, interface: Self.interface, member: member)
    }

    private func claim() {
        state = .claiming
        call(method("ClaimAccelerometer")) { client, reply in client.claimed(reply) }
    }

    private func readProperties() {
        call(.getAllProperties(destination: Self.busName, path: Self.objectPath, interface: Self.interface)) { client, reply in
            client.read(reply)
        }
    }

    /// Sends `call`; its reply goes to `handler` while the client is there (a reply after it is gone is dropped).
    private func call(_ call: BusMethodCall, then handler: @escaping (SensorProxyClient, BusReply) -> Void) {
        do {
            try connection.call(call, timeout: replyTimeout) { [weak self] reply in if let self { handler(self, reply) } }
        } catch {
            log.warning("rotation: accelerometer: calling \(Self.busName) \(call.member) failed: \(error)")
            state = .absent
        }
    }

    // MARK: Replies and signals

    private func claimed(_ reply: BusReply) {
        guard state == .claiming else { return }
        if let (name, message) = reply.error {
            state = .absent
            let absent = ["org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner"].contains(name)
            log.warning("rotation: accelerometer: " + (absent
                ? "iio-sensor-proxy (\(Self.busName)) is not on \(connection.name) and cannot be started (\(name)); is it installed? "
                : "iio-sensor-proxy did not take ClaimAccelerometer (\(name): \(message)); ")
                + "the rotation stays \(rotation.rotation.rawValue), and is followed once iio-sensor-proxy appears")
            return
        }
        owner = reply.sender
        state = .following
        readProperties()
    }

    private func read(_ reply: BusReply) {
        guard state == .following else { return }
        if let (name, message) = reply.error {
            log.warning("rotation: accelerometer: reading iio-sensor-proxy's properties failed (\(name): \(message)); "
                        + "the rotation stays \(rotation.rotation.rawValue)")
            return
        }
        guard let properties = reply.readProperties() else {
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

    private func ownerChanged(_ message: BusReply) {
        guard state != .stopped, message.sender == "org.freedesktop.DBus",
              message.readString() == Self.busName, message.readString() != nil,
              let newOwner = message.readString() else { return }
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

    private func propertiesChanged(_ message: BusReply) {
        guard state == .following, let owner, message.sender == owner,
              message.readString() == Self.interface, let changed = message.readProperties() else { return }
        apply(changed)
        // Properties said to have changed without their values: read them again.
        if let invalidated = message.readStrings(),
           invalidated.contains("AccelerometerOrientation") || invalidated.contains("HasAccelerometer") {
            readProperties()
        }
    }
}

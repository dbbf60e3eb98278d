import CSystemdBus
import EdgeSwipeBus
import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Testing
import TouchModel

/// A private bus configured as a system bus is (`<type>system</type>`, EXTERNAL authentication, a default policy
/// that lets this user own names and call them), and with no service directory: nothing on it is activatable, so
/// a call to an absent name fails with ServiceUnknown as it does on a system without iio-sensor-proxy installed.
/// dbus-daemon comes with scripts/deps.sh (the haptics tests use it too).
final class PrivateSystemBus {
    let directory = TempDirectory()
    let address: String
    private let daemon: ChildProcess

    init() throws {
        #expect(access("/usr/bin/dbus-daemon", X_OK) == 0, "dbus-daemon is needed (scripts/deps.sh installs it)")
        let socket = directory.file("system_bus_socket")
        address = "unix:path=\(socket)"
        let config = directory.write("system.conf", """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>system</type>
              <listen>\(address)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow user="*"/>
                <allow own="*"/>
                <allow send_type="method_call"/>
                <allow send_type="signal"/>
                <allow send_destination="*"/>
                <allow receive_sender="*"/>
              </policy>
            </busconfig>
            """)
        daemon = try DBusDaemon.start(["--config-file=\(config)", "--nofork", "--nosyslog"], logPath: directory.file("dbus.log"))
    }

    deinit {
        try? daemon.signal(SIGTERM)
        _ = try? daemon.wait()
    }
}

/// `net.hadess.SensorProxy` at `/net/hadess/SensorProxy` as iio-sensor-proxy serves it (its
/// net.hadess.SensorProxy.xml): ClaimAccelerometer, ReleaseAccelerometer, the properties through
/// org.freedesktop.DBus.Properties.GetAll, PropertiesChanged when the orientation changes. A fake because
/// iio-sensor-proxy needs an IIO accelerometer, and neither the host nor the VM has one: the VM boots Debian's
/// kernel (6.1.0-57-amd64), whose config leaves CONFIG_IIO_SIMPLE_DUMMY unset (checked in /boot/config-*), so no
/// software IIO device can be made; its HID accelerometer driver (hid-sensor-accel-3d) would need an emulated HID
/// sensor hub over uhid, which is not attempted. Processed when the test calls `process()`, between turns of the
/// service's loop.
final class FakeSensorProxy {
    private var bus: OpaquePointer?
    var hasAccelerometer: Bool
    private(set) var orientation: String
    private(set) var claims = 0
    private(set) var releases = 0
    /// False: ClaimAccelerometer is taken and never answered (a stuck proxy).
    var answersClaims = true

    /// `replacing`: takes the name over from a proxy that allows it (the bus says the owner changed, with no gap).
    init(on bus: PrivateSystemBus, hasAccelerometer: Bool = true, orientation: String, replacing: Bool = false) throws {
        self.hasAccelerometer = hasAccelerometer
        self.orientation = orientation
        var connection: OpaquePointer?
        #expect(sd_bus_new(&connection) >= 0)
        let b = try #require(connection)
        #expect(sd_bus_set_address(b, bus.address) >= 0 && sd_bus_set_bus_client(b, 1) >= 0 && sd_bus_start(b) >= 0)
        self.bus = b
        let context = Unmanaged.passUnretained(self).toOpaque()
        #expect(sd_bus_add_object(b, nil, SensorProxyNames.path, { message, context, _ in
            guard let message, let context else { return 0 }
            return Unmanaged<FakeSensorProxy>.fromOpaque(context).takeUnretainedValue().handle(message)
        }, context) >= 0)
        let flags = UInt64(SD_BUS_NAME_ALLOW_REPLACEMENT) | (replacing ? UInt64(SD_BUS_NAME_REPLACE_EXISTING) : 0)
        #expect(sd_bus_request_name(b, SensorProxyNames.name, flags) >= 0)
    }

    deinit { leave() }

    /// Leaves the bus, as iio-sensor-proxy stopping or crashing does: the bus says the name has no owner.
    func leave() {
        if let bus { sd_bus_flush_close_unref(bus) }
        bus = nil
    }

    /// Answers what has arrived.
    func process() {
        guard let bus else { return }
        while sd_bus_process(bus, nil) > 0 {}
        sd_bus_flush(bus)
    }

    /// A new reading: the property and its PropertiesChanged signal, as iio-sensor-proxy sends them.
    func turn(to value: String) {
        orientation = value
        guard let bus else { return }
        var signal: OpaquePointer?
        #expect(sd_bus_message_new_signal(bus, &signal, SensorProxyNames.path, "org.freedesktop.DBus.Properties", "PropertiesChanged") >= 0)
        guard let signal else { return }
        defer { sd_bus_message_unref(signal) }
        _ = BusMessage.append(signal, "s", SensorProxyNames.name)
        appendProperties(signal, orientationOnly: true)
        sd_bus_message_open_container(signal, BusMessage.type("a"), "s")
        sd_bus_message_close_container(signal)
        #expect(sd_bus_send(bus, signal, nil) >= 0)
        sd_bus_flush(bus)
    }

    private func appendProperties(_ m: OpaquePointer, orientationOnly: Bool) {
        sd_bus_message_open_container(m, BusMessage.type("a"), "{sv}")
        if !orientationOnly {
            var flag: Int32 = hasAccelerometer ? 1 : 0
            appendEntry(m, "HasAccelerometer", "b") { sd_bus_message_append_basic(m, BusMessage.type("b"), &flag) }
            // A property of another type, as the real one has (LightLevel): skipped by the reader.
            var level = 0.0
            appendEntry(m, "LightLevel", "d") { sd_bus_message_append_basic(m, BusMessage.type("d"), &level) }
        }
        appendEntry(m, "AccelerometerOrientation", "s") { BusMessage.append(m, "s", hasAccelerometer ? orientation : "undefined") }
        sd_bus_message_close_container(m)
    }

    /// One `{sv}` entry of a property dictionary: its name, and its value of type `code` appended by `value`.
    private func appendEntry(_ m: OpaquePointer, _ name: String, _ code: String, _ value: () -> Int32) {
        sd_bus_message_open_container(m, BusMessage.type("e"), "sv")
        _ = BusMessage.append(m, "s", name)
        sd_bus_message_open_container(m, BusMessage.type("v"), code)
        #expect(value() >= 0)
        sd_bus_message_close_container(m)
        sd_bus_message_close_container(m)
    }

    private func handle(_ message: OpaquePointer) -> Int32 {
        let member = sd_bus_message_get_member(message).map { String(cString: $0) }
        let interface = sd_bus_message_get_interface(message).map { String(cString: $0) }
        var reply: OpaquePointer?
        guard sd_bus_message_new_method_return(message, &reply) >= 0, let reply else { return 0 }
        defer { sd_bus_message_unref(reply) }
        switch (interface, member) {
        case (SensorProxyNames.name, "ClaimAccelerometer"):
            claims += 1
            if !answersClaims { return 1 }
        case (SensorProxyNames.name, "ReleaseAccelerometer"): releases += 1
        case ("org.freedesktop.DBus.Properties", "GetAll"): appendProperties(reply, orientationOnly: false)
        default: return 0  // sd-bus answers UnknownMethod
        }
        sd_bus_send(nil, reply, nil)
        return 1
    }
}

enum SensorProxyNames {
    static let name = "net.hadess.SensorProxy"
    static let path = "/net/hadess/SensorProxy"
}

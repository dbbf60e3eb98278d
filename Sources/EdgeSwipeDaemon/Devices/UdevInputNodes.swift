#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeSystem
import CLibinput
import TouchInput

/// An evdev node as udev knows it, before anything opens it.
package struct UdevInputNode: Hashable, Sendable {
    package var devnode: String
    package var syspath: String
    package var properties: [String: String]
    /// udev has finished processing the device (its ID_INPUT_* properties are there).
    package var initialized: Bool

    /// Whether udev's input_id says this is a touch surface the service may open. Keyboards, keys and mice
    /// are never opened, so the check happens before the node is opened, from udev's properties alone.
    /// A tablet node (ID_INPUT_TABLET=1, neither keyboard nor mouse) that may be a pen to pair with a touch device
    /// (issue 36): opened to read its description, and kept only when it pairs with a used touch device.
    package var isPenCandidate: Bool {
        // A node that is a touch surface too (one node for pen and fingers) stays a touch device.
        initialized && properties["ID_INPUT_TABLET"] == "1" && properties["ID_INPUT_TOUCHSCREEN"] != "1"
            && properties["ID_INPUT_TOUCHPAD"] != "1" && properties["ID_INPUT_KEYBOARD"] != "1"
            && properties["ID_INPUT_MOUSE"] != "1" && properties["EDGESWIPE_CLONE"] != "1"
    }

    package var udevRefusal: String? {
        if !initialized { return "udev has not initialised it yet" }
        if properties["EDGESWIPE_CLONE"] == "1" {
            return "an EdgeSwipe clone (EDGESWIPE_CLONE=1, udev/70-edgeswipe.rules); the service never reads its own clones"
        }
        if properties["ID_INPUT_KEYBOARD"] == "1" { return "udev marks it a keyboard (ID_INPUT_KEYBOARD=1); never opened" }
        if properties["ID_INPUT_MOUSE"] == "1" { return "udev marks it a mouse (ID_INPUT_MOUSE=1); never opened" }
        if properties["ID_INPUT_TOUCHSCREEN"] == "1" || properties["ID_INPUT_TOUCHPAD"] == "1" { return nil }
        if properties["ID_INPUT_TABLET"] == "1" { return "udev marks it a tablet (ID_INPUT_TABLET=1), not a touch surface" }
        return "udev marks it neither a touchscreen nor a touchpad; never opened"
    }
}

/// Lists /dev/input/event* through libudev (no node is opened here).
package enum UdevInputNodes {
    package struct Unavailable: Error, CustomStringConvertible {
        package var description: String { "libudev could not be initialised (is /sys mounted?)" }
    }

    package static func list() throws -> [UdevInputNode] {
        guard let udev = udev_new() else { throw Unavailable() }
        defer { udev_unref(udev) }
        guard let enumerate = udev_enumerate_new(udev) else { throw Unavailable() }
        defer { udev_enumerate_unref(enumerate) }
        udev_enumerate_add_match_subsystem(enumerate, "input")
        udev_enumerate_scan_devices(enumerate)
        var nodes: [UdevInputNode] = []
        var entry = udev_enumerate_get_list_entry(enumerate)
        while let e = entry {
            defer { entry = udev_list_entry_get_next(e) }
            guard let syspath = udev_list_entry_get_name(e),
                  let device = udev_device_new_from_syspath(udev, syspath) else { continue }
            defer { udev_device_unref(device) }
            if let node = from(device: device) { nodes.append(node) }
        }
        return nodes.sorted { eventNumber($0.devnode) < eventNumber($1.devnode) }
    }

    /// The udev view of one character device (from the udev tag watcher's device numbers).
    package static func node(major: UInt32, minor: UInt32) -> UdevInputNode? {
        guard let udev = udev_new() else { return nil }
        defer { udev_unref(udev) }
        guard let device = udev_device_new_from_devnum(udev, CChar(UInt8(ascii: "c")), dev_t(DeviceNumber.make(major: major, minor: minor))) else { return nil }
        defer { udev_device_unref(device) }
        return from(device: device)
    }

    /// A node from a udev device, or nil when it is not an evdev event node.
    static func from(device: OpaquePointer) -> UdevInputNode? {
        guard let devnodeC = udev_device_get_devnode(device) else { return nil }
        let devnode = String(cString: devnodeC)
        guard devnode.hasPrefix("/dev/input/event") else { return nil }
        var properties: [String: String] = [:]
        var p = udev_device_get_properties_list_entry(device)
        while let entry = p {
            if let k = udev_list_entry_get_name(entry) {
                properties[String(cString: k)] = udev_list_entry_get_value(entry).map { String(cString: $0) } ?? ""
            }
            p = udev_list_entry_get_next(entry)
        }
        return UdevInputNode(devnode: devnode, syspath: String(cString: udev_device_get_syspath(device)),
                             properties: properties, initialized: udev_device_get_is_initialized(device) != 0)
    }

    static func eventNumber(_ node: String) -> Int {
        Int(node.dropFirst("/dev/input/event".count)) ?? Int.max
    }
}

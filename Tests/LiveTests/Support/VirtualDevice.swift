import CEdgeSwipeSys
import CEvdev
import EdgeSwipeDaemon
import EdgeSwipeSystem
import Foundation
import Glibc
import TouchInput
import TouchModel

/// A uinput device made from a `DeviceDescription` through libevdev (libevdev_uinput_create_from_device),
/// written to by the test, destroyed (unplugged) on `destroy()` or deinit.
///
/// Kernel fuzz is set to 0: libinput's udev rules zero it anyway once udev has processed the device, and an
/// offline replay does no fuzz smoothing, so live and offline see the same values.
final class VirtualDevice {
    let description: DeviceDescription
    private var evdev: OpaquePointer?
    private var uinput: OpaquePointer?
    /// /dev/uinput when the device has a phys (libevdev sets none: it is set on a descriptor of our own first).
    private var uinputDescriptor: Int32 = -1
    /// /dev/input/eventN.
    let node: String

    /// Creates the device and waits for udev to finish with it (`udevadm settle`). `phys`: its phys, as a USB
    /// or I2C driver gives one (none by default, as for most uinput devices).
    init(_ description: DeviceDescription, name: String? = nil, phys: String? = nil) throws {
        self.description = description
        guard let dev = libevdev_new() else { throw LiveTestError("libevdev_new failed") }
        libevdev_set_name(dev, name ?? description.name)
        libevdev_set_id_bustype(dev, Int32(description.id.bustype))
        libevdev_set_id_vendor(dev, Int32(description.id.vendor))
        libevdev_set_id_product(dev, Int32(description.id.product))
        libevdev_set_id_version(dev, Int32(description.id.version))
        for p in description.properties.sorted() { libevdev_enable_property(dev, UInt32(p)) }
        for (type, codes) in description.codes.sorted(by: { $0.key < $1.key }) {
            // EV_SYN is implied; EV_REP needs delay/period data and touch devices do not repeat.
            if type == EventType.syn || type == EventType.rep { continue }
            libevdev_enable_event_type(dev, UInt32(type))
            for code in codes.sorted() {
                if type == EventType.abs {
                    let a = description.absInfo[code] ?? AbsInfo(minimum: 0, maximum: 0)
                    var info = input_absinfo(value: a.value, minimum: a.minimum, maximum: a.maximum, fuzz: 0,
                                             flat: a.flat, resolution: a.resolution)
                    libevdev_enable_event_code(dev, UInt32(type), UInt32(code), &info)
                } else {
                    libevdev_enable_event_code(dev, UInt32(type), UInt32(code), nil)
                }
            }
        }
        var fd = Int32(LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue)
        if let phys {
            fd = open("/dev/uinput", O_RDWR | O_CLOEXEC)
            guard fd >= 0, edgeswipe_ui_set_phys(fd, phys) == 0 else {
                if fd >= 0 { close(fd) }
                libevdev_free(dev)
                throw LiveTestError("/dev/uinput for \"\(description.name)\" with phys \(phys): errno \(errno)")
            }
            uinputDescriptor = fd
        }
        var created: OpaquePointer?
        let rc = libevdev_uinput_create_from_device(dev, fd, &created)
        guard rc == 0, let created, let nodeC = libevdev_uinput_get_devnode(created) else {
            if uinputDescriptor >= 0 { close(uinputDescriptor) }
            libevdev_free(dev)
            throw LiveTestError("uinput device \"\(description.name)\": errno \(-rc)")
        }
        evdev = dev
        uinput = created
        node = String(cString: nodeC)
        _ = waitFor(seconds: 30) { access(node, F_OK) == 0 }
        try udevSettle()
    }

    deinit { destroy() }

    var exists: Bool { uinput != nil }

    /// Unplugs the device (the kernel removes it; readers get ENODEV).
    func destroy() {
        if let u = uinput { libevdev_uinput_destroy(u) }
        if let d = evdev { libevdev_free(d) }
        if uinputDescriptor >= 0 { close(uinputDescriptor) }
        uinputDescriptor = -1
        uinput = nil
        evdev = nil
    }

    func write(_ type: UInt16, _ code: UInt16, _ value: Int32) throws {
        guard let u = uinput else { throw LiveTestError("\(node): written after destroy") }
        let rc = libevdev_uinput_write_event(u, UInt32(type), UInt32(code), value)
        guard rc == 0 else { throw LiveTestError("\(node): uinput write failed: errno \(-rc)") }
    }

    func write(_ event: InputEvent) throws { try write(event.type, event.code, event.value) }

    /// Writes `events` with their recorded timing (relative to the first), one frame at a time: each frame's
    /// events go out together at the frame's time. `after` runs after each frame (true stops).
    /// Gaps longer than `maxGapUs` are shortened to it (only use where no timer runs, i.e. nothing touching).
    /// `waitUntil` (default: sleep) is called with each frame's due time (CLOCK_MONOTONIC µs), e.g. to read a
    /// socket meanwhile.
    func play(_ events: [InputEvent], maxGapUs: UInt64 = .max, waitUntil: ((UInt64) -> Void)? = nil,
              after: ((InputEvent) -> Bool)? = nil) throws {
        guard let first = events.first else { return }
        let start = Monotonic.now().rawValue
        var shift: UInt64 = 0
        var previous = first.time.rawValue
        for event in events {
            let t = event.time.rawValue
            if t > previous, t - previous > maxGapUs { shift += t - previous - maxGapUs }
            previous = max(previous, t)
            let due = start + (previous - first.time.rawValue - shift)
            let now = Monotonic.now().rawValue
            if due > now + 500 {
                if let waitUntil { waitUntil(due) } else { usleep(useconds_t(due - now)) }
            }
            try write(event)
            if event.isSynReport, let after, after(event) { return }
        }
    }
}

/// The evdev node whose sysfs device name is `name` (e.g. the service's own virtual keyboard).
func eventNode(named name: String) -> String? {
    let base = "/sys/class/input"
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: base) else { return nil }
    for e in entries.sorted() where e.hasPrefix("event") {
        let n = try? String(contentsOfFile: "\(base)/\(e)/device/name", encoding: .utf8)
        if n?.trimmingCharacters(in: .whitespacesAndNewlines) == name { return "/dev/input/\(e)" }
    }
    return nil
}

/// The EdgeSwipe clone of the device at `source`: another event node with the same name whose sysfs properties
/// bitmap has the clone marker (bit 0x1f, read independently of the service's code).
func edgeSwipeClone(of source: String) -> String? {
    let base = "/sys/class/input"
    func attribute(_ node: String, _ name: String) -> String? {
        (try? String(contentsOfFile: "\(base)/\(node)/device/\(name)", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    let sourceName = source.split(separator: "/").last.map(String.init) ?? source
    guard let name = attribute(sourceName, "name"),
          let entries = try? FileManager.default.contentsOfDirectory(atPath: base) else { return nil }
    for e in entries.sorted() where e.hasPrefix("event") && e != sourceName && attribute(e, "name") == name {
        if let bits = attribute(e, "properties").flatMap({ UInt64($0, radix: 16) }), bits & (1 << 31) != 0 { return "/dev/input/\(e)" }
    }
    return nil
}

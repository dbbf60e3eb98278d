import CEvdev
import EdgeSwipeSystem
import TouchInput

/// Something that can press and release a key: the uinput keyboard, or a recorder in tests.
package protocol KeyTapping: AnyObject {
    func tap(_ code: UInt16) throws
}

/// A uinput virtual keyboard that can press only the configured keys, created through libevdev
/// (libevdev_uinput_create_from_device opens /dev/uinput itself).
package final class KeyInjector: KeyTapping {
    package let keys: Set<UInt16>
    private let device: OpaquePointer
    private let uinput: OpaquePointer

    package init(keys: Set<UInt16>, name: String = "edgeswipe virtual keyboard") throws {
        guard let dev = libevdev_new() else {
            throw SystemError(errno: .noMemory, operation: "libevdev_new")
        }
        libevdev_set_name(dev, name)
        libevdev_set_id_bustype(dev, Int32(BUS_VIRTUAL))
        libevdev_enable_event_type(dev, UInt32(EV_KEY))
        for key in keys.sorted() { libevdev_enable_event_code(dev, UInt32(EV_KEY), UInt32(key), nil) }
        var created: OpaquePointer?
        do {
            try SystemCall.runNegativeErrno("create uinput keyboard (/dev/uinput)") {
                libevdev_uinput_create_from_device(dev, Int32(LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue), &created)
            }
        } catch {
            libevdev_free(dev)
            throw error
        }
        guard let created else {
            libevdev_free(dev)
            throw SystemError(errno: .ioError, operation: "create uinput keyboard (/dev/uinput)")
        }
        self.keys = keys
        device = dev
        uinput = created
    }

    deinit {
        libevdev_uinput_destroy(uinput)
        libevdev_free(device)
    }

    /// The virtual device's node, e.g. /dev/input/event7 (for logs and live tests).
    package var devnode: String? { libevdev_uinput_get_devnode(uinput).map { String(cString: $0) } }

    /// Press, report, release, report.
    package func tap(_ code: UInt16) throws {
        let name = EventCodeNames.codeName(type: EventType.key, code: code) ?? String(code)
        for value: Int32 in [1, 0] {
            try SystemCall.runNegativeErrno("uinput write \(name) \(value)") {
                libevdev_uinput_write_event(uinput, UInt32(EV_KEY), UInt32(code), value)
            }
            try SystemCall.runNegativeErrno("uinput write SYN_REPORT") {
                libevdev_uinput_write_event(uinput, UInt32(EV_SYN), UInt32(SYN_REPORT), 0)
            }
        }
    }
}

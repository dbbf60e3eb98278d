import CEvdev
import EdgeSwipeSystem
import TouchInput

/// Something that can press and release keys: the uinput keyboard (or pointer), or a recorder in tests.
package protocol KeyTapping: AnyObject {
    func tap(_ code: UInt16) throws
    /// Each stroke in order, each followed by a SYN_REPORT (a combination: `KeyStroke.combination`).
    func send(_ strokes: [KeyStroke]) throws
}

/// One key (or button) going down or up.
package struct KeyStroke: Hashable, Sendable, CustomStringConvertible {
    package var code: UInt16
    package var down: Bool

    package init(_ code: UInt16, down: Bool) {
        self.code = code
        self.down = down
    }

    /// A key combination: pressed in order, released in reverse (Alt down, Left down, Left up, Alt up), so the
    /// modifier is held while the key is pressed and released last.
    package static func combination(_ codes: [UInt16]) -> [KeyStroke] {
        codes.map { KeyStroke($0, down: true) } + codes.reversed().map { KeyStroke($0, down: false) }
    }

    package var description: String {
        "\(EventCodeNames.codeName(type: EventType.key, code: code) ?? String(code)) \(down ? "down" : "up")"
    }
}

/// A uinput virtual keyboard that can press only the configured keys, created through libevdev
/// (libevdev_uinput_create_from_device opens /dev/uinput itself). With `pointer`, a virtual mouse: relative
/// axes and the left, right and middle buttons besides `keys`, so libinput and the compositor take it for a
/// pointer and its side buttons reach the focused window as buttons 8 and 9.
package final class KeyInjector: KeyTapping {
    package let keys: Set<UInt16>
    private let device: OpaquePointer
    private let uinput: OpaquePointer

    /// A pointer's buttons besides those a route presses: without them libinput does not take it for a mouse.
    static let pointerButtons: [UInt16] = [UInt16(BTN_LEFT), UInt16(BTN_RIGHT), UInt16(BTN_MIDDLE)]

    package init(keys: Set<UInt16>, name: String = "edgeswipe virtual keyboard", pointer: Bool = false) throws {
        guard let dev = libevdev_new() else {
            throw SystemError(errno: .noMemory, operation: "libevdev_new")
        }
        libevdev_set_name(dev, name)
        libevdev_set_id_bustype(dev, Int32(BUS_VIRTUAL))
        libevdev_enable_event_type(dev, UInt32(EV_KEY))
        let codes = pointer ? keys.union(Self.pointerButtons) : keys
        for key in codes.sorted() { libevdev_enable_event_code(dev, UInt32(EV_KEY), UInt32(key), nil) }
        if pointer {
            libevdev_enable_event_type(dev, UInt32(EV_REL))
            libevdev_enable_event_code(dev, UInt32(EV_REL), UInt32(REL_X), nil)
            libevdev_enable_event_code(dev, UInt32(EV_REL), UInt32(REL_Y), nil)
        }
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
        try send([KeyStroke(code, down: true), KeyStroke(code, down: false)])
    }

    /// Each stroke, then a report. A failure stops the rest; a key left down is released by the kernel when the
    /// device goes, and by the next combination's release.
    package func send(_ strokes: [KeyStroke]) throws {
        for stroke in strokes {
            let value: Int32 = stroke.down ? 1 : 0
            try SystemCall.runNegativeErrno("uinput write \(stroke)") {
                libevdev_uinput_write_event(uinput, UInt32(EV_KEY), UInt32(stroke.code), value)
            }
            try SystemCall.runNegativeErrno("uinput write SYN_REPORT") {
                libevdev_uinput_write_event(uinput, UInt32(EV_SYN), UInt32(SYN_REPORT), 0)
            }
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
import CLibinput
import EdgeSwipeSystem
import TouchInput
import TouchModel

/// Touchscreens through libinput (path backend): libinput's calibration matrix (LIBINPUT_CALIBRATION_MATRIX)
/// and quirks apply. Devices are added by node as the udev tag watcher reports them: libinput's own udev
/// backend would learn of hotplug over netlink, which the hardened unit's PrivateNetwork= cuts off. libinput reports touches in mm with calibration applied; they become the same `TouchFrame`s the
/// evdev decoder makes, so the recognizers cannot tell the paths apart.
///
/// `open_restricted` refuses all but touchscreens, judged from udev's properties before the node is opened,
/// so a keyboard or mouse is never opened even if one is named. Touchpads are refused
/// too: libinput turns their touches into pointer motion, so the service reads them raw through libevdev.
package final class LibinputTouchSource {
    package struct Device: Sendable {
        package let name: String
        package let node: String
        /// The size libinput derives from the axis resolution; nil when the panel reports none.
        package let reportedSize: PhysicalSize?

        package init(name: String, node: String, reportedSize: PhysicalSize?) {
            self.name = name
            self.node = node
            self.reportedSize = reportedSize
        }
    }

    /// Where a used touchscreen's frames go, and the size its touches are measured against.
    package struct Use {
        package let source: SourceID
        package let size: PhysicalSize

        package init(source: SourceID, size: PhysicalSize) {
            self.source = source
            self.size = size
        }
    }

    private let loop: EventLoop
    private var li: OpaquePointer?
    /// libinput's own descriptor, borrowed: libinput_unref closes it.
    private var registration: LoopRegistration?
    private let log: DaemonLog

    /// A touchscreen appeared: returns where its frames go and its size, or nil to leave it unused.
    package var onDeviceAdded: ((Device) -> Use?)?
    /// A used touchscreen went away (after its contacts were cancelled), at the loop's time.
    package var onDeviceRemoved: ((SourceID, Microseconds) -> Void)?
    package var onFrame: ((SourceID, TouchFrame) -> Void)?

    package init(loop: EventLoop, log: DaemonLog) throws {
        self.loop = loop
        self.log = log
        let userData = Unmanaged.passUnretained(self).toOpaque()
        guard let li = libinput_path_create_context(&LibinputTouchSource.interface, userData) else {
            throw SystemError(errno: .current, operation: "libinput_path_create_context")
        }
        self.li = li
        let registration = LoopRegistration(loop: loop, descriptor: FileDescriptor(rawValue: libinput_get_fd(li)),
                                            name: "libinput", ownership: .borrowed)
        self.registration = registration
        try registration.register(events: .readable) { [unowned self] _ in self.dispatch() }
    }

    /// Adds a touchscreen by node. Its device-added event arrives through the loop (or at once, dispatched here).
    /// Returns false when libinput (or `open_restricted`) refused it.
    @discardableResult
    package func add(node: String) -> Bool {
        guard let li else { return false }
        let ok = libinput_path_add_device(li, node) != nil
        dispatch()
        return ok
    }

    deinit {
        // Off the loop before libinput closes its descriptor.
        registration?.close()
        if let li { libinput_unref(li) }
    }

    // MARK: open_restricted / close_restricted

    nonisolated(unsafe) private static var interface = libinput_interface(
        open_restricted: { path, flags, userData in
            guard let path, let userData else { return -EINVAL }
            let source = Unmanaged<LibinputTouchSource>.fromOpaque(userData).takeUnretainedValue()
            return source.openRestricted(String(cString: path), flags: flags)
        },
        close_restricted: { fd, _ in
            try? FileDescriptor(rawValue: fd).close()
        })

    private func openRestricted(_ path: String, flags: Int32) -> Int32 {
        var st = stat()
        do { try SystemCall.run("stat(\(path))") { stat(path, &st) } } catch { return -error.errno.rawValue }
        guard let node = UdevInputNodes.node(major: DeviceNumber.major(UInt64(st.st_rdev)),
                                             minor: DeviceNumber.minor(UInt64(st.st_rdev))) else { return -EACCES }
        if let why = node.udevRefusal {
            log.debug("libinput: \(path) not opened: \(why)")
            return -EACCES
        }
        guard node.properties["ID_INPUT_TOUCHSCREEN"] == "1" else {
            log.debug("libinput: \(path) not opened: not a touchscreen (touchpads are read raw through libevdev)")
            return -EACCES
        }
        do {
            // libinput's flags, but read-only: the service never writes to an input device.
            let options = FileDescriptor.OpenOptions(rawValue: flags & ~O_RDWR & ~O_WRONLY).union(.nonBlocking)
            return try FileDescriptor.open(path, options).rawValue
        } catch {
            return -error.errno.rawValue
        }
    }

    // MARK: Events

    private final class DeviceState {
        let source: SourceID
        var size: PhysicalSize
        /// A new size (its output's) waiting for the last finger to lift.
        var pendingSize: PhysicalSize?
        /// Positions are libinput's fractions of the axis range times `size` (a configured size, or a panel
        /// without resolution, whose libinput millimetres are really device units), not libinput's millimetres.
        let scaled: Bool
        /// libinput seat slot -> contact.
        var slots: [Int32: Contact] = [:]
        var contactIDs = 0
        var buffer: [Contact] = []
        init(source: SourceID, size: PhysicalSize, scaled: Bool) {
            self.source = source
            self.size = size
            self.scaled = scaled
        }
    }

    private func dispatch() {
        guard let li else { return }
        libinput_dispatch(li)
        while let event = libinput_get_event(li) {
            handle(event)
            libinput_event_destroy(event)
        }
    }

    private func handle(_ event: OpaquePointer) {
        let device = libinput_event_get_device(event)!
        let type = libinput_event_get_type(event)
        let handle = UInt(bitPattern: UnsafeRawPointer(device))
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            guard libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0 else { return }
            // libinput_device_get_size fails when the panel reports no resolution: the configuration decides.
            var w = 0.0, h = 0.0
            let reported = libinput_device_get_size(device, &w, &h) == 0 && w > 0 && h > 0
                ? PhysicalSize(widthMM: w, heightMM: h) : nil
            let info = Device(name: String(cString: libinput_device_get_name(device)),
                              node: "/dev/input/" + String(cString: libinput_device_get_sysname(device)), reportedSize: reported)
            guard let use = onDeviceAdded?(info) else {
                // Without a size it may be usable once its output's size is reported (`offerUnsizedAgain`).
                if reported == nil { unsized[handle] = info }
                return
            }
            states[handle] = DeviceState(source: use.source, size: use.size, scaled: use.size != reported)
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            unsized[handle] = nil
            guard let state = states.removeValue(forKey: handle) else { return }
            let now = loop.now
            // Unplugged mid-touch: what was down is cancelled, not lifted.
            if !state.slots.isEmpty {
                for k in state.slots.keys { state.slots[k]?.phase = .cancelled }
                emitFrame(state, time: now)
            }
            onDeviceRemoved?(state.source, now)
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP, LIBINPUT_EVENT_TOUCH_CANCEL,
             LIBINPUT_EVENT_TOUCH_FRAME:
            guard let state = states[handle], let touch = libinput_event_get_touch_event(event) else { return }
            touchEvent(type, touch, state)
        default:
            break
        }
    }

    private var states: [UInt: DeviceState] = [:]
    /// Touchscreens left unused for want of a size (no axis resolution): offered again when an output's size is
    /// reported. At most the devices libinput holds; a removed one leaves.
    private var unsized: [UInt: Device] = [:]

    /// Offers the touchscreens left unused for want of a size to `onDeviceAdded` again (an output's size was
    /// reported): those it takes now are read from their next event on.
    package func offerUnsizedAgain() {
        for handle in unsized.keys.sorted() {
            guard let info = unsized[handle], let use = onDeviceAdded?(info) else { continue }
            unsized[handle] = nil
            states[handle] = DeviceState(source: use.source, size: use.size, scaled: true)
        }
    }

    /// A used touchscreen measured at another size (its output's, reported anew): at once with no finger on it,
    /// else after the frame its last finger lifts in, when the session applies the rest of its new settings.
    package func resize(_ source: SourceID, to size: PhysicalSize) {
        guard let state = states.values.first(where: { $0.source == source }), state.scaled else { return }
        if state.slots.isEmpty { state.size = size } else { state.pendingSize = size }
    }
    private static let fractionScale: UInt32 = 1 << 20

    private func touchEvent(_ type: libinput_event_type, _ touch: OpaquePointer, _ state: DeviceState) {
        switch type {
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
            let slot = libinput_event_touch_get_seat_slot(touch)
            let mm: Point, n: Point
            if state.scaled {
                // Calibrated fractions of the axis range (libinput scales to an integer width: take a large one).
                n = Point(x: libinput_event_touch_get_x_transformed(touch, Self.fractionScale) / Double(Self.fractionScale),
                          y: libinput_event_touch_get_y_transformed(touch, Self.fractionScale) / Double(Self.fractionScale))
                mm = Point(x: n.x * state.size.widthMM, y: n.y * state.size.heightMM)
            } else {
                mm = Point(x: libinput_event_touch_get_x(touch), y: libinput_event_touch_get_y(touch))
                n = Point(x: mm.x / state.size.widthMM, y: mm.y / state.size.heightMM)
            }
            if type == LIBINPUT_EVENT_TOUCH_DOWN {
                state.contactIDs += 1
                state.slots[slot] = Contact(id: state.contactIDs, slot: Int(slot), phase: .down, deviceX: 0, deviceY: 0,
                                            mm: mm, normalized: n)
            } else if var c = state.slots[slot] {
                c.mm = mm
                c.normalized = n
                if c.phase != .down { c.phase = .move }
                state.slots[slot] = c
            }
        case LIBINPUT_EVENT_TOUCH_UP:
            state.slots[libinput_event_touch_get_seat_slot(touch)]?.phase = .up
        case LIBINPUT_EVENT_TOUCH_CANCEL:
            for k in state.slots.keys { state.slots[k]?.phase = .cancelled }
            emitFrame(state, time: Microseconds(libinput_event_touch_get_time_usec(touch)))
        case LIBINPUT_EVENT_TOUCH_FRAME:
            emitFrame(state, time: Microseconds(libinput_event_touch_get_time_usec(touch)))
        default:
            break
        }
    }

    /// One frame with every contact of the device; ended contacts leave afterwards and the rest become `move`.
    private func emitFrame(_ state: DeviceState, time: Microseconds) {
        state.buffer.removeAll(keepingCapacity: true)
        for slot in state.slots.keys.sorted() { state.buffer.append(state.slots[slot]!) }
        onFrame?(state.source, TouchFrame(time: time, contacts: state.buffer))
        for (slot, c) in state.slots {
            if c.phase == .up || c.phase == .cancelled { state.slots[slot] = nil } else { state.slots[slot]?.phase = .move }
        }
        if state.slots.isEmpty, let size = state.pendingSize {
            state.size = size
            state.pendingSize = nil
        }
    }
}

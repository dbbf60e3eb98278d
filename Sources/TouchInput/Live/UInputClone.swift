import CEdgeSwipeSys
import CEvdev
// mtdev.h includes linux/input.h too; a release build may attribute `input_absinfo` to CMtdev.
import CMtdev
import EdgeSwipeSystem

/// A uinput copy of an evdev device, made by libevdev (`libevdev_uinput_create_from_device`): the source's name,
/// ids, phys, input properties, every event code, every axis with its range, resolution, fuzz and flat, and its MT
/// slots, so compositor rules (sway's `input "VID:PID:NAME"`), udev rules by name and libinput quirks written for
/// the source match the clone unchanged (`CloneIdentity` says what is kept and what cannot be). Ownership mode
/// writes the frames other programs may see into it. The service tells a clone from a real device by
/// `CloneIdentity.markerProperty`, an input property no kernel defines and nobody matches on (docs/kiosk.md).
///
/// The kernel removes the device when its uinput descriptor closes: `close()`, deinit, or the process dying,
/// `kill -9` included. Not thread-safe: use it from one thread.
public final class UInputClone {
    /// The source's node, for messages.
    public let sourcePath: String
    /// The clone's name and phys: the source's (`CloneIdentity`); phys empty when the source has none.
    public let name: String
    public let phys: String
    @exclusivity(unchecked) private var uinput: OpaquePointer?
    /// /dev/uinput, opened here and closed by `close()` (libevdev destroys the device but leaves it open).
    private let uinputDescriptor: FileDescriptor
    /// The kernel's events of the frame being written; times stay zero (uinput stamps events itself). Memory the
    /// clone owns (freed in deinit), grown when a frame is longer: an array would check its uniqueness at each
    /// event written. Allocated last in init, when nothing can throw any more. Unchecked exclusivity, as `uinput`
    /// (one thread).
    @exclusivity(unchecked) private var frameBuffer: UnsafeMutableBufferPointer<input_event>

    /// Creates the clone of an open device (libevdev reads the capabilities from its descriptor again: the
    /// device's own libevdev context, with its queued events, is left alone). Throws naming the source.
    public init(cloning source: LiveDevice) throws {
        sourcePath = source.path
        var template: OpaquePointer?
        let rc = libevdev_new_from_fd(source.fileDescriptor.rawValue, &template)
        guard rc >= 0, let template else {
            throw LiveDeviceError.libevdev(path: source.path, operation: "libevdev_new_from_fd (clone)", errno: Errno(rawValue: -rc))
        }
        defer { libevdev_free(template) }
        let identity = CloneIdentity(sourceName: libevdev_get_name(template).map { String(cString: $0) } ?? "",
                                     sourcePhys: libevdev_get_phys(template).map { String(cString: $0) })
        name = identity.name
        phys = identity.phys ?? ""
        libevdev_set_name(template, identity.name)
        if libevdev_enable_property(template, UInt32(CloneIdentity.markerProperty)) != 0 {
            throw LiveDeviceError.libevdev(path: source.path, operation: "libevdev_enable_property(clone marker)",
                                           errno: .invalidArgument)
        }
        // A protocol A source read through libmtdev (ownership) gets a protocol B clone: the slots the converted
        // events address.
        if source.convertsToProtocolB {
            for code in [AbsCode.mtSlot, AbsCode.mtTrackingID] {
                guard let a = source.description.absInfo[code] else { continue }
                var info = input_absinfo(value: a.value, minimum: a.minimum, maximum: a.maximum, fuzz: a.fuzz, flat: a.flat,
                                         resolution: a.resolution)
                if libevdev_enable_event_code(template, UInt32(EventType.abs), UInt32(code), &info) != 0 {
                    throw LiveDeviceError.libevdev(path: source.path, operation: "libevdev_enable_event_code(clone, protocol B slots)",
                                                   errno: .invalidArgument)
                }
            }
        }
        // The descriptor is ours (close-on-exec: a spawned action never inherits it, so the clone dies with the
        // service): libevdev does not copy phys, so it is set on the descriptor before libevdev creates the device.
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open("/dev/uinput", [.readWrite])
        } catch {
            throw LiveDeviceError.cannotOpen(path: "/dev/uinput", errno: error.errno)
        }
        if let phys = identity.phys {
            do {
                try SystemCall.run("ioctl(UI_SET_PHYS)") { edgeswipe_ui_set_phys(fd.rawValue, phys) }
            } catch {
                try? fd.close()
                throw LiveDeviceError.libevdev(path: source.path, operation: "ioctl(/dev/uinput, UI_SET_PHYS)", errno: error.errno)
            }
        }
        var created: OpaquePointer?
        let createRC = libevdev_uinput_create_from_device(template, fd.rawValue, &created)
        guard createRC >= 0, let created else {
            try? fd.close()
            throw LiveDeviceError.libevdev(path: source.path, operation: "libevdev_uinput_create_from_device (clone, /dev/uinput)",
                                           errno: Errno(rawValue: -createRC))
        }
        uinputDescriptor = fd
        uinput = created
        frameBuffer = .allocate(capacity: 64)
    }

    deinit {
        close()
        frameBuffer.deallocate()
    }

    /// The clone's node, e.g. /dev/input/event9 (nil once closed, or when sysfs did not say).
    public var devnode: String? { uinput.flatMap { libevdev_uinput_get_devnode($0) }.map { String(cString: $0) } }

    /// Writes events as they are (the kernel stamps their time) in one write(2) of the whole buffer on the
    /// clone's descriptor. Give whole frames, each ending in SYN_REPORT: readers of the clone see a frame when
    /// its SYN_REPORT is written.
    public func write(_ events: UnsafeBufferPointer<InputEvent>) throws {
        guard uinput != nil else { throw LiveDeviceError.closed(path: clonePath) }
        if events.isEmpty { return }
        // One kernel entry per frame instead of one per event; the buffer is reused (no allocation per frame).
        if frameBuffer.count < events.count {
            frameBuffer.deallocate()
            frameBuffer = .allocate(capacity: events.count)
        }
        let buffer = frameBuffer
        for (i, event) in events.enumerated() {
            buffer[i] = input_event(time: timeval(), type: event.type, code: event.code, value: event.value)
        }
        let expected = events.count * MemoryLayout<input_event>.stride
        let written: Int?
        do {
            written = try uinputDescriptor.write(UnsafeRawBufferPointer(start: buffer.baseAddress, count: expected))
        } catch {
            throw LiveDeviceError.writeFailed(path: clonePath, errno: error.errno)
        }
        guard let written else { throw LiveDeviceError.writeFailed(path: clonePath, errno: .wouldBlock) }
        if written != expected { throw LiveDeviceError.shortWrite(path: clonePath, written: written, expected: expected) }
    }

    /// For messages: the clone's node, or the source's when sysfs did not say.
    private var clonePath: String { devnode ?? "the clone of \(sourcePath)" }

    /// Removes the device. Safe to call twice.
    public func close() {
        guard let u = uinput else { return }
        libevdev_uinput_destroy(u)
        uinput = nil
        try? uinputDescriptor.close()
    }
}

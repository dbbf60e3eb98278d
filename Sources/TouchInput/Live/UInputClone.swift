import CEdgeSwipeSys
import CEvdev
import EdgeSwipeSystem

/// A uinput copy of an evdev device, made by libevdev (`libevdev_uinput_create_from_device`): the source's ids,
/// input properties, every event code, every axis with its range, resolution, fuzz and flat, and its MT slots.
/// Its name is the source's with `nameSuffix` (the source's name is shortened so the suffix always fits the
/// kernel's 80 bytes) and its phys is `physPrefix` + the source's node name, so udev rules and the service can
/// tell a clone from a real device. Ownership mode writes the frames other programs may see into it.
///
/// The kernel removes the device when its uinput descriptor closes: `close()`, deinit, or the process dying,
/// `kill -9` included. Not thread-safe: use it from one thread.
public final class UInputClone {
    /// Appended to the source's name (docs/kiosk.md tells rules matching by name to allow for it).
    public static let nameSuffix = " (EdgeSwipe)"
    /// The clone's phys starts with this, followed by the source's node name, e.g. `edgeswipe-clone/event5`.
    public static let physPrefix = "edgeswipe-clone/"
    /// uinput's name buffer (UINPUT_MAX_NAME_SIZE), terminating zero included.
    static let maxNameBytes = 80

    /// The source's node, for messages.
    public let sourcePath: String
    public let name: String
    public let phys: String
    @exclusivity(unchecked) private var uinput: OpaquePointer?
    /// /dev/uinput, opened here and closed by `close()` (libevdev destroys the device but leaves it open).
    private let uinputDescriptor: FileDescriptor
    /// The kernel's events of the frame being written; times stay zero (uinput stamps events itself). Written for
    /// every forwarded frame: unchecked exclusivity, as `uinput` (one thread).
    @exclusivity(unchecked) private var frameBuffer: [input_event] = []

    /// Whether a device name is a clone's, by its suffix (the service never opens its own clones).
    public static func isCloneName(_ name: String) -> Bool { name.hasSuffix(nameSuffix) }

    /// The clone's name for a source named `source`: the suffix appended, the source's part cut at a character
    /// boundary so that the whole fits uinput's buffer.
    public static func cloneName(of source: String) -> String {
        let room = maxNameBytes - 1 - nameSuffix.utf8.count
        var kept = Substring(source)
        while kept.utf8.count > room { kept = kept.dropLast() }
        return kept + nameSuffix
    }

    /// Creates the clone of an open device (libevdev reads the capabilities from its descriptor again: the
    /// device's own libevdev context, with its queued events, is left alone). Throws naming the source.
    public init(cloning source: LiveDevice) throws {
        sourcePath = source.path
        name = Self.cloneName(of: source.description.name)
        let phys = Self.physPrefix + (source.path.split(separator: "/").last.map(String.init) ?? source.path)
        self.phys = phys
        var template: OpaquePointer?
        let rc = libevdev_new_from_fd(source.fileDescriptor.rawValue, &template)
        guard rc >= 0, let template else {
            throw LiveDeviceError.libevdev(path: source.path, operation: "libevdev_new_from_fd (clone)", errno: Errno(rawValue: -rc))
        }
        defer { libevdev_free(template) }
        libevdev_set_name(template, name)
        // The descriptor is ours (close-on-exec: a spawned action never inherits it, so the clone dies with the
        // service): libevdev does not copy phys, so it is set on the descriptor before libevdev creates the device.
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open("/dev/uinput", [.readWrite])
        } catch {
            throw LiveDeviceError.cannotOpen(path: "/dev/uinput", errno: error.errno)
        }
        do {
            try SystemCall.run("ioctl(UI_SET_PHYS)") { edgeswipe_ui_set_phys(fd.rawValue, phys) }
        } catch {
            try? fd.close()
            throw LiveDeviceError.libevdev(path: source.path, operation: "ioctl(/dev/uinput, UI_SET_PHYS)", errno: error.errno)
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
    }

    deinit { close() }

    /// The clone's node, e.g. /dev/input/event9 (nil once closed, or when sysfs did not say).
    public var devnode: String? { uinput.flatMap { libevdev_uinput_get_devnode($0) }.map { String(cString: $0) } }

    /// Writes events as they are (the kernel stamps their time) in one write(2) of the whole array on the
    /// clone's descriptor. Give whole frames, each ending in SYN_REPORT: readers of the clone see a frame when
    /// its SYN_REPORT is written.
    public func write(_ events: [InputEvent]) throws {
        guard uinput != nil else { throw LiveDeviceError.closed(path: phys) }
        if events.isEmpty { return }
        // One kernel entry per frame instead of one per event; the buffer is reused (no allocation per frame).
        if frameBuffer.count < events.count { frameBuffer = Array(repeating: input_event(), count: events.count) }
        for (i, event) in events.enumerated() {
            frameBuffer[i].type = event.type
            frameBuffer[i].code = event.code
            frameBuffer[i].value = event.value
        }
        let expected = events.count * MemoryLayout<input_event>.stride
        let outcome = frameBuffer.withUnsafeBytes { raw in
            Result { () throws(SystemError) -> Int? in try uinputDescriptor.write(UnsafeRawBufferPointer(rebasing: raw[..<expected])) }
        }
        let written: Int?
        switch outcome {
        case .success(let n): written = n
        case .failure(let error): throw LiveDeviceError.writeFailed(path: phys, errno: error.errno)
        }
        guard let written else { throw LiveDeviceError.writeFailed(path: phys, errno: .wouldBlock) }
        if written != expected { throw LiveDeviceError.shortWrite(path: phys, written: written, expected: expected) }
    }

    /// Removes the device. Safe to call twice.
    public func close() {
        guard let u = uinput else { return }
        libevdev_uinput_destroy(u)
        uinput = nil
        try? uinputDescriptor.close()
    }
}

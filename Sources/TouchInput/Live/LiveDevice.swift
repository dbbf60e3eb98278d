import CEvdev
import Glibc
import EdgeSwipeSystem
import TouchModel

/// An open `/dev/input/eventN`, read non-blocking through libevdev with SYN_DROPPED resync.
///
/// Events come out in libevdev's order: after a kernel buffer overrun, a SYN_DROPPED followed by the synced
/// device state and a SYN_REPORT, which a `MultitouchDecoder` in `.live` mode takes as its next frame.
/// The device is never grabbed unless `grab` is true. Not thread-safe: use it from one thread.
public final class LiveDevice {
    public let path: String
    /// As libevdev reads it; a protocol A device's gains slots once `convertToProtocolB()` was called.
    public private(set) var description: DeviceDescription
    /// For epoll: readable means `read` has something.
    public let fileDescriptor: FileDescriptor
    public private(set) var isGrabbed = false
    /// Unchecked exclusivity: one thread, and `read`'s callback must not call `read` on the same device again
    /// (nothing does). The dynamic check would be a runtime call into thread-local state on every read.
    @exclusivity(unchecked) private var evdev: OpaquePointer?
    @exclusivity(unchecked) private var reader = SyncingReader()
    /// libmtdev's protocol A to B conversion of what is read, for an owned protocol A device.
    @exclusivity(unchecked) private var conversion: ProtocolBConversion?

    /// Opens `path` read-only and non-blocking. `udevProperties` (from libudev, when the caller has them)
    /// go into the description for classification. Throws `LiveDeviceError` naming the node.
    public init(path: String, grab: Bool = false, udevProperties: [String: String] = [:]) throws {
        self.path = path
        let fd: FileDescriptor
        do {
            fd = try FileDescriptor.open(path, [.readOnly, .nonBlocking])
        } catch {
            throw LiveDeviceError.cannotOpen(path: path, errno: error.errno)
        }
        var dev: OpaquePointer?
        let rc = libevdev_new_from_fd(fd.rawValue, &dev)
        guard rc >= 0, let dev else {
            try? fd.close()
            let e = Errno(rawValue: -rc)
            if e == .notATypewriter || e == .invalidArgument { throw LiveDeviceError.notEvdev(path: path, errno: e) }
            throw LiveDeviceError.libevdev(path: path, operation: "libevdev_new_from_fd", errno: e)
        }
        // Event times on CLOCK_MONOTONIC, the clock the daemon's timers use.
        let clockRC = libevdev_set_clock_id(dev, CLOCK_MONOTONIC)
        if clockRC < 0 {
            libevdev_free(dev)
            try? fd.close()
            throw LiveDeviceError.libevdev(path: path, operation: "libevdev_set_clock_id(CLOCK_MONOTONIC)",
                                           errno: Errno(rawValue: -clockRC))
        }
        fileDescriptor = fd
        evdev = dev
        description = DeviceDescription(libevdev: dev, origin: path, udevProperties: udevProperties)
        if grab {
            do { try self.grab() } catch { close(); throw error }
        }
    }

    /// Takes the device for this descriptor alone (EVIOCGRAB through libevdev): no other reader gets its events
    /// until `close()`, or until the descriptor closes with the process, `kill -9` included.
    public func grab() throws {
        guard let dev = evdev else { throw LiveDeviceError.closed(path: path) }
        if isGrabbed { return }
        let rc = libevdev_grab(dev, LIBEVDEV_GRAB)
        if rc < 0 { throw LiveDeviceError.grabFailed(path: path, errno: Errno(rawValue: -rc)) }
        isGrabbed = true
    }

    /// Gives the device back to every reader (EVIOCGRAB released through libevdev), keeping it open: ownership
    /// mode does this when its clone can no longer be written, so touch is not lost until a restart.
    public func ungrab() throws {
        guard let dev = evdev else { throw LiveDeviceError.closed(path: path) }
        guard isGrabbed else { return }
        let rc = libevdev_grab(dev, LIBEVDEV_UNGRAB)
        if rc < 0 { throw LiveDeviceError.libevdev(path: path, operation: "libevdev_grab(LIBEVDEV_UNGRAB)", errno: Errno(rawValue: -rc)) }
        isGrabbed = false
    }

    deinit { close() }

    /// From now on a protocol A device's events are read as protocol B (libmtdev, `ProtocolBConversion`), and
    /// `description` says so: ownership needs slots. Call it before anything reads the device or its
    /// description. False (nothing changed) for a device that is not protocol A, or when mtdev cannot be set up.
    public func convertToProtocolB() -> Bool {
        if conversion != nil { return true }
        guard let converter = ProtocolBConversion(device: description) else { return false }
        conversion = converter
        description = converter.description
        return true
    }

    /// Whether events are read through libmtdev's conversion (`convertToProtocolB()`).
    public var convertsToProtocolB: Bool { conversion != nil }

    /// Delivers what can be read now, at most `limit` events. `.unplugged` means the device is gone:
    /// cancel the decoder's contacts and close.
    public func read(limit: Int = 1024, _ body: (InputEvent) -> Void) throws -> ReadOutcome {
        guard let dev = evdev else { throw LiveDeviceError.closed(path: path) }
        do {
            if let conversion {
                return try reader.read(limit: limit, next: { flags, event in libevdev_next_event(dev, flags, &event) },
                                       deliver: { conversion.convert($0, body) })
            }
            return try reader.read(limit: limit, next: { flags, event in libevdev_next_event(dev, flags, &event) },
                                   deliver: body)
        } catch let e as Errno {
            throw LiveDeviceError.readFailed(path: path, errno: e)
        }
    }

    /// libevdev buffers events read from the descriptor: after `.limitReached` some may wait there without
    /// the descriptor becoming readable again, so read again (now) rather than waiting for epoll.
    public var hasPendingEvents: Bool {
        guard let dev = evdev else { return false }
        return libevdev_has_event_pending(dev) > 0
    }

    /// Releases the grab (if any), libevdev and the descriptor. Safe to call twice.
    public func close() {
        guard let dev = evdev else { return }
        if isGrabbed { _ = libevdev_grab(dev, LIBEVDEV_UNGRAB) }
        isGrabbed = false
        libevdev_free(dev)
        evdev = nil
        try? fileDescriptor.close()
    }
}

extension LiveDevice {
    /// Reads into `decoder` (which should be in `.live` mode) and hands each frame to `onFrame`.
    /// On unplug the contacts in flight are cancelled at `now` and that frame is delivered too.
    public func read(into decoder: inout MultitouchDecoder, now: Microseconds, limit: Int = 1024,
                     _ onFrame: (TouchFrame) -> Void) throws -> ReadOutcome {
        let outcome = try read(limit: limit) { event in
            if let frame = decoder.feed(event) { onFrame(frame) }
        }
        if outcome == .unplugged, let frame = decoder.cancelAll(time: now) { onFrame(frame) }
        return outcome
    }
}

import CEdgeSwipeSys
import CEvdev
import CMtdev
import TouchModel

/// A protocol A multitouch device's events as protocol B, converted by libmtdev as libinput converts them
/// (`evdev_need_mtdev`): slots, tracking ids, a slot's values only when they change. Ownership uses it so that a
/// protocol A panel can be owned: the decoder, the forwarder and the clone then see one slotted device. Pure
/// computation (mtdev's plumbing API, configured from the description, not from a descriptor): no I/O.
///
/// Not thread-safe: use it from one thread.
public final class ProtocolBConversion {
    /// mtdev's slots (DIM_FINGER in its source): the converted device declares ABS_MT_SLOT 0...31.
    public static let slotCount: Int32 = 32

    /// The device as the converted events describe it: the source's, with ABS_MT_SLOT and ABS_MT_TRACKING_ID.
    public let description: DeviceDescription
    private let mtdev: UnsafeMutablePointer<mtdev>
    private var raw = input_event()

    /// Whether `device` needs converting: multitouch positions without slots (protocol A).
    public static func isProtocolA(_ device: DeviceDescription) -> Bool {
        device.has(type: EventType.abs, code: AbsCode.mtPositionX) && device.has(type: EventType.abs, code: AbsCode.mtPositionY)
            && device.slotCount == nil
    }

    /// Nil for a device that is not protocol A, or when mtdev cannot be set up (no memory).
    public init?(device: DeviceDescription) {
        guard Self.isProtocolA(device), let dev = mtdev_new() else { return nil }
        guard mtdev_init(dev) == 0 else {
            mtdev_delete(dev)
            return nil
        }
        // What mtdev_configure would read from the descriptor, from the description instead (mtdev knows
        // ABS_MT_TOUCH_MAJOR ... ABS_MT_PRESSURE).
        for code in UInt16(ABS_MT_TOUCH_MAJOR)...UInt16(ABS_MT_PRESSURE) {
            guard device.has(type: EventType.abs, code: code), let info = device.absInfo[code] else { continue }
            mtdev_set_mt_event(dev, Int32(code), 1)
            mtdev_set_abs_minimum(dev, Int32(code), info.minimum)
            mtdev_set_abs_maximum(dev, Int32(code), info.maximum)
            mtdev_set_abs_fuzz(dev, Int32(code), info.fuzz)
            mtdev_set_abs_resolution(dev, Int32(code), info.resolution)
        }
        mtdev = dev
        var converted = device
        converted.codes[EventType.abs, default: []].formUnion([AbsCode.mtSlot, AbsCode.mtTrackingID])
        converted.absInfo[AbsCode.mtSlot] = AbsInfo(minimum: 0, maximum: Self.slotCount - 1)
        if converted.absInfo[AbsCode.mtTrackingID] == nil {
            converted.absInfo[AbsCode.mtTrackingID] = AbsInfo(minimum: Int32(MT_ID_MIN), maximum: Int32(MT_ID_MAX))
        }
        description = converted
    }

    deinit {
        mtdev_close(mtdev)
        mtdev_delete(mtdev)
    }

    /// Feeds one source event; at its SYN_REPORT, delivers the frame's protocol B events (slot changes stamped with
    /// the SYN_REPORT's time, the source's other events as they were) ending in that SYN_REPORT. A frame that
    /// changes nothing delivers nothing.
    @inline(__always)
    public func convert(_ event: InputEvent, _ deliver: (InputEvent) -> Void) {
        raw.type = event.type
        raw.code = event.code
        raw.value = event.value
        edgeswipe_input_event_set_time(&raw, Int64(event.time.rawValue / 1_000_000), Int64(event.time.rawValue % 1_000_000))
        mtdev_put_event(mtdev, &raw)
        guard event.isSynReport else { return }
        while mtdev_empty(mtdev) == 0 {
            mtdev_get_event(mtdev, &raw)
            let us = UInt64(max(0, edgeswipe_input_event_sec(&raw))) &* 1_000_000 &+ UInt64(max(0, edgeswipe_input_event_usec(&raw)))
            deliver(InputEvent(time: Microseconds(us), type: raw.type, code: raw.code, value: raw.value))
        }
    }
}

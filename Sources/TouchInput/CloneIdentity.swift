/// What an ownership clone (`UInputClone`) calls itself: the source's name and phys, so that whatever users match
/// a panel by (sway's `input "VID:PID:NAME"`, udev's `ATTRS{name}`, libinput quirks' `MatchName`) matches its clone
/// unchanged; the ids, properties, codes and axes are copied by libevdev. Pure: tested without a kernel.
///
/// What uinput cannot copy: a name longer than its 80-byte buffer (cut at a character boundary), the uniq string
/// (uinput has no ioctl for it), and the parent (a clone is a virtual device, /sys/devices/virtual/input).
///
/// A clone is told from a real device by `markerProperty`, an input property no kernel defines: users, udev rules,
/// quirks and compositors match on names, ids, phys and places, never on property bits, and libinput and udev's
/// input_id look only at the properties they know. Every EdgeSwipe clone carries it, so no instance (the
/// service, or another `edgeswipe run`) reads any clone; the shipped udev rule marks such a device
/// `EDGESWIPE_CLONE=1` and does not tag it.
public struct CloneIdentity: Hashable, Sendable {
    /// INPUT_PROP_MAX (0x1f): the last property bit, far above the ones the kernel defines (0x00-0x07 in 6.x). In
    /// the sysfs `properties` bitmap a clone shows as eight hex digits from 8 up (e.g. `80000002` with DIRECT).
    public static let markerProperty: UInt16 = 0x1f
    /// uinput's name buffer (UINPUT_MAX_NAME_SIZE 80) without its terminating zero.
    public static let maxNameBytes = 79
    /// UI_SET_PHYS copies at most 1024 bytes, terminating zero included (strndup_user).
    public static let maxPhysBytes = 1023

    /// The clone's name: the source's, cut to `maxNameBytes` at a character boundary.
    public var name: String
    /// The clone's phys: the source's, or nil when it has none (then none is set).
    public var phys: String?

    public init(sourceName: String, sourcePhys: String?) {
        name = Self.cut(sourceName, toBytes: Self.maxNameBytes)
        phys = sourcePhys.flatMap { $0.isEmpty ? nil : Self.cut($0, toBytes: Self.maxPhysBytes) }
    }

    /// Whether a device is an EdgeSwipe clone (of this instance or another): it has `markerProperty`.
    public static func isClone(_ device: DeviceDescription) -> Bool { device.properties.contains(markerProperty) }

    static func cut(_ text: String, toBytes room: Int) -> String {
        var kept = Substring(text)
        while kept.utf8.count > room { kept = kept.dropLast() }
        return String(kept)
    }
}

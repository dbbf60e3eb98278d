#if canImport(Glibc)
import Glibc
#endif
import CLibinput

extension UdevInputNodes {
    /// The evdev node udev knows under a device number, with its properties, read from udev's database
    /// (/run/udev/data) — no netlink, so it works inside PrivateNetwork. Nil when there is no such device
    /// or it is not an evdev event node.
    public static func node(_ number: CharDeviceNumber) throws -> UdevInputNode? {
        guard let udev = udev_new() else { throw Unavailable() }
        defer { udev_unref(udev) }
        guard let device = udev_device_new_from_devnum(udev, CChar(UInt8(ascii: "c")),
                                                       gnu_dev_makedev(number.major, number.minor)) else { return nil }
        defer { udev_device_unref(device) }
        return from(device: device)
    }
}

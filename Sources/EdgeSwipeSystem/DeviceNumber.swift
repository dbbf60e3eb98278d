import CEdgeSwipeSys

/// makedev(3), major(3) and minor(3) for `dev_t` values such as `stat.st_rdev`.
public enum DeviceNumber {
    public static func make(major: UInt32, minor: UInt32) -> UInt64 { edgeswipe_makedev(major, minor) }
    public static func major(_ device: UInt64) -> UInt32 { edgeswipe_major(device) }
    public static func minor(_ device: UInt64) -> UInt32 { edgeswipe_minor(device) }
}

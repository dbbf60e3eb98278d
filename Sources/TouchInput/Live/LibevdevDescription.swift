import CEvdev
// mtdev.h includes linux/input.h too; a release build may attribute `input_absinfo` to CMtdev.
import CMtdev

extension DeviceDescription {
    /// Everything libevdev knows about an open device: name, ids, every supported type and code up to
    /// libevdev's maximum, absinfo with resolution, and input properties.
    init(libevdev dev: OpaquePointer, origin: String, udevProperties: [String: String] = [:]) {
        let name = libevdev_get_name(dev).map { String(cString: $0) } ?? ""
        let phys = libevdev_get_phys(dev).map { String(cString: $0) } ?? ""
        let id = InputID(bustype: UInt16(truncatingIfNeeded: libevdev_get_id_bustype(dev)),
                         vendor: UInt16(truncatingIfNeeded: libevdev_get_id_vendor(dev)),
                         product: UInt16(truncatingIfNeeded: libevdev_get_id_product(dev)),
                         version: UInt16(truncatingIfNeeded: libevdev_get_id_version(dev)))
        var codes: [UInt16: Set<UInt16>] = [:]
        var absInfo: [UInt16: AbsInfo] = [:]
        for type in 0...UInt32(EV_MAX) where libevdev_has_event_type(dev, type) != 0 {
            var set = Set<UInt16>()
            let maxCode = libevdev_event_type_get_max(type)
            if maxCode >= 0 {
                for code in 0...UInt32(maxCode) where libevdev_has_event_code(dev, type, code) != 0 {
                    set.insert(UInt16(code))
                    if type == UInt32(EV_ABS), let info = libevdev_get_abs_info(dev, code) {
                        absInfo[UInt16(code)] = AbsInfo(minimum: info.pointee.minimum, maximum: info.pointee.maximum,
                                                        fuzz: info.pointee.fuzz, flat: info.pointee.flat,
                                                        resolution: info.pointee.resolution, value: info.pointee.value)
                    }
                }
            }
            codes[UInt16(type)] = set
        }
        var properties = Set<UInt16>()
        for property in 0...UInt32(INPUT_PROP_MAX) where libevdev_has_property(dev, property) != 0 {
            properties.insert(UInt16(property))
        }
        self.init(name: name, id: id, codes: codes, absInfo: absInfo, properties: properties,
                  udevProperties: udevProperties, origin: origin, phys: phys)
    }
}

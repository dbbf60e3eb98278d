import TouchModel

/// How the decoder turns a slot's ABS_MT_TOUCH_MAJOR, _MINOR and ABS_MT_PRESSURE into a `ContactShape`: the size
/// axes in mm by their own resolution (units per mm; the kernel gives them in surface units, and hid-multitouch
/// sets their resolution as it does the position's), pressure as a fraction of its range. Worked out once per
/// device, so a frame only multiplies.
struct ContactShapeAxes {
    /// mm per unit of ABS_MT_TOUCH_MAJOR; 0 without the axis or without its resolution (no size then).
    var majorMMPerUnit: Double = 0
    /// mm per unit of ABS_MT_TOUCH_MINOR; 0 without it (a round contact: minor is major, as the kernel's
    /// multi-touch protocol says a device may leave it out then).
    var minorMMPerUnit: Double = 0
    var pressureMinimum: Double = 0
    /// 1 / the pressure axis's range; 0 without the axis.
    var pressurePerUnit: Double = 0
    /// The device has ABS_MT_TOUCH_MAJOR but gives it no resolution: no size in mm, so size gates are off for it.
    var sizeWithoutResolution = false

    static let none = ContactShapeAxes()

    init() {}

    init(_ device: DeviceDescription) {
        if device.has(type: EventType.abs, code: AbsCode.mtTouchMajor), let major = device.absInfo[AbsCode.mtTouchMajor] {
            if major.resolution > 0 {
                majorMMPerUnit = 1 / Double(major.resolution)
                if device.has(type: EventType.abs, code: AbsCode.mtTouchMinor), let minor = device.absInfo[AbsCode.mtTouchMinor],
                   minor.resolution > 0 {
                    minorMMPerUnit = 1 / Double(minor.resolution)
                }
            } else {
                sizeWithoutResolution = true
            }
        }
        if device.has(type: EventType.abs, code: AbsCode.mtPressure), let p = device.absInfo[AbsCode.mtPressure],
           p.maximum > p.minimum {
            pressureMinimum = Double(p.minimum)
            pressurePerUnit = 1 / (Double(p.maximum) - Double(p.minimum))
        }
    }

    /// Neither size nor pressure: every contact's shape is `.none`, and the slots need not keep the values.
    var isNone: Bool { majorMMPerUnit == 0 && pressurePerUnit == 0 }

    @inline(__always)
    func shape(of p: RawPosition) -> ContactShape {
        let major = Double(max(p.major, 0)) * majorMMPerUnit
        let minor = minorMMPerUnit > 0 ? Double(max(p.minor, 0)) * minorMMPerUnit : major
        let pressure = pressurePerUnit > 0 ? min(max((Double(p.pressure) - pressureMinimum) * pressurePerUnit, 0), 1) : 0
        return ContactShape(majorMM: major, minorMM: minor, pressure: pressure)
    }
}

import Gestures
import TouchInput
import TouchModel

/// Whether the service uses a touchscreen libinput reports, with which settings and which physical size. Pure:
/// the same device and configuration give the same answer, so it is tested without libinput.
///
/// The size follows the evdev path's rule (`SurfaceGeometry`): a configured size (the device entry's `size`)
/// wins over the one libinput derives from the axis resolution, and without either the device is
/// not used. Many panels (eGalax, 3M, N-Trig, Atmel) report no resolution, so the configuration is read before
/// the size is looked at.
public enum LibinputAdmission {
    /// Used: the configuration entry that selected it (if one did), its pipeline options (calibration left to
    /// libinput) and the size its touches are measured against.
    case use(entry: Int?, options: PipelineOptions, size: PhysicalSize, sizeIsConfigured: Bool)
    /// Left alone by the configuration (not selected, or `ignore`): logged as information.
    case ignored(String)
    /// Selected but not usable (no size, settings that do not map): logged as a warning.
    case refused(String)

    public static func decide(_ device: LibinputTouchSource.Device, config: DaemonConfig,
                              base: PipelineOptions = PipelineOptions()) -> LibinputAdmission {
        // Selectors match on name and node: libinput does not say more.
        let probe = DeviceDescription(name: device.name, id: InputID(bustype: 0, vendor: 0, product: 0, version: 0),
                                      origin: device.node)
        let decision = DeviceSelection.select(probe, node: device.node,
                                              classification: Classification(kind: .touchscreen, reason: "libinput"),
                                              selectors: config.selectors, mode: config.selection)
        guard decision.use else { return .ignored(decision.reason) }
        var options: PipelineOptions
        do {
            options = try PipelineOptions(settings: config.settings(forEntry: decision.selectorIndex), base: base)
        } catch {
            return .refused("\(error)")
        }
        options.calibration = .identity   // libinput applies LIBINPUT_CALIBRATION_MATRIX itself
        if let size = options.configuredSize {
            return .use(entry: decision.selectorIndex, options: options, size: size, sizeIsConfigured: true)
        }
        guard let size = device.reportedSize else {
            return .refused("""
                libinput reports no physical size (the panel has no axis resolution); give one with a 'size' \
                setting (mm) in a device entry that matches it
                """)
        }
        return .use(entry: decision.selectorIndex, options: options, size: size, sizeIsConfigured: false)
    }
}

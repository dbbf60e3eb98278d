import Gestures
import TouchInput
import TouchModel

/// Whether the service uses a touchscreen libinput reports, with which settings and which physical size. Pure:
/// the same device and configuration give the same answer, so it is tested without libinput.
///
/// The size follows the evdev path's rule (`SurfaceGeometry`): a configured size (the device entry's `size`)
/// wins over the one libinput derives from the axis resolution; a panel with neither takes its output's reported
/// size (`outputSize`), and without that too the device is not used. Many panels (eGalax, 3M, N-Trig, Atmel) report no resolution, so the configuration is read before
/// the size is looked at.
package enum LibinputAdmission {
    /// Used: its setup (the configuration entry that selected it, if one did; calibration left to libinput) and the
    /// size its touches are measured against.
    case use(setup: DeviceSetup, size: PhysicalSize, sizeIsConfigured: Bool)
    /// Left alone by the configuration (not selected, or `ignore`): logged as information.
    case ignored(String)
    /// Selected but not usable (no size, settings that do not map): logged as a warning.
    case refused(String)

    /// `ownAll`: `run --own` (the setup says the device is wanted owned, which a reload compares with).
    package static func decide(_ device: LibinputTouchSource.Device, config: DaemonConfig,
                              base: PipelineOptions = PipelineOptions(), ownAll: Bool = false,
                              outputs: ReportedOutputs = ReportedOutputs()) -> LibinputAdmission {
        // Selectors match on name and node: libinput does not say more.
        let probe = DeviceDescription(name: device.name, id: InputID(bustype: 0, vendor: 0, product: 0, version: 0),
                                      origin: device.node)
        let decision = DeviceSelection.select(probe, node: device.node,
                                              classification: Classification(kind: .touchscreen, reason: "libinput"),
                                              selectors: config.selectors, mode: config.selection)
        guard decision.use else { return .ignored(decision.reason) }
        let setup: DeviceSetup
        do {
            setup = try DeviceSetup(entry: decision.selectorIndex, reader: .libinput, config: config, base: base, ownAll: ownAll,
                                    outputs: outputs)
        } catch {
            return .refused("\(error)")
        }
        if let size = setup.options.configuredSize {
            return .use(setup: setup, size: size, sizeIsConfigured: true)
        }
        guard let size = device.reportedSize ?? setup.options.outputSize else {
            return .refused("""
                libinput reports no physical size (the panel has no axis resolution); give one with a 'size' \
                setting (mm) in a device entry that matches it, or it takes its output's once the session reports \
                it (edgeswipe feedback, or report-output --size)
                """)
        }
        return .use(setup: setup, size: size, sizeIsConfigured: false)
    }
}

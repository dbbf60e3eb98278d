import EdgeSwipeControl
import Gestures
import TouchInput
import TouchModel

/// What one device is set up with, worked out in one place from the configuration: the entry that matched it,
/// its pipeline options (size, rotation, calibration, edges, thresholds), whether the configuration owns it, and
/// who decodes it, which decides who calibrates. Opening a device, the libinput path, `run --replay`,
/// `replay --config` and reload all take it from here, as sway configures an input device through one function
/// (`input_manager_configure_input`); a reload computes a new setup and applies the difference (`Difference`).
package struct DeviceSetup: Hashable, Sendable {
    /// Who turns the device's events into touches.
    package enum Reader: Hashable, Sendable {
        /// libevdev, through the project's decoder: the pipeline applies the entry's calibration.
        case evdev
        /// libinput: it applies the device's LIBINPUT_CALIBRATION_MATRIX itself, so the pipeline applies none.
        case libinput
        /// A device of a recording, decoded as through libevdev.
        case recording
    }

    /// The configuration entry whose settings and actions the device has; nil for the defaults.
    package var entry: Int?
    package var reader: Reader
    package var options: PipelineOptions
    /// The configuration owns the device (`own: true` in its settings, or `run --own`).
    package var own: Bool
    /// The output the device is on, from the reported outputs (its settings' `output`, or the only one); with
    /// `rotation: auto` its transform is the device's rotation. Published in hello and state (`screens`).
    package var output: ReportedOutputs.Mapping
    /// The device's rotation follows its output (`rotation: auto`).
    package var followsOutput: Bool
    /// The device's rotation follows the accelerometer (`rotation: accelerometer`, `outputs.accelerometer`).
    package var followsAccelerometer: Bool

    /// The setup from entry `entry` of `config` (nil: the defaults) over `base` (the stack and navigation), on the
    /// outputs reported so far (and the accelerometer's turn). Throws when the settings do not map to pipeline options.
    package init(entry: Int?, reader: Reader, config: DaemonConfig, base: PipelineOptions = PipelineOptions(),
                ownAll: Bool = false, outputs: ReportedOutputs = ReportedOutputs()) throws {
        let settings = config.settings(forEntry: entry)
        var options = try PipelineOptions(settings: settings, base: base)
        if reader == .libinput { options.calibration = .identity }  // the one place of "libinput calibrates itself"
        let output = outputs.mapping(named: settings.output)
        followsOutput = settings.rotation == .auto
        followsAccelerometer = settings.rotation == .accelerometer
        if followsOutput, case .output(let report) = output {
            // After the calibration (device space), as the compositor turns what libinput calibrated.
            options.rotation = report.orientation.rotation
            options.flipped = report.orientation.flipped
        } else if followsAccelerometer {
            options.rotation = outputs.accelerometer
        }
        // The size of a panel without axis resolution, unless its settings give one (SurfaceGeometry decides).
        if case .output(let report) = output, let w = report.widthMM, let h = report.heightMM {
            options.outputSize = PhysicalSize(widthMM: w, heightMM: h)
        }
        self.entry = entry
        self.reader = reader
        self.options = options
        self.output = output
        own = ownAll || settings.own == true
    }

    /// The setup of a device as the configuration's entries match it (the first that matches; none: the defaults).
    package init(device: DeviceDescription, node: String?, kind: DeviceKind, reader: Reader, config: DaemonConfig,
                base: PipelineOptions = PipelineOptions(), ownAll: Bool = false,
                outputs: ReportedOutputs = ReportedOutputs()) throws {
        try self.init(entry: config.entry(for: device, node: node, kind: kind), reader: reader, config: config,
                      base: base, ownAll: ownAll, outputs: outputs)
    }

    /// What differs between a device's setup and a new one (a reload).
    package struct Difference: OptionSet, Hashable, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }
        /// Another entry matched (its actions apply from now on).
        package static let entry = Difference(rawValue: 1)
        /// Recognizers, rotation or calibration: a new arena, between touches.
        package static let recognition = Difference(rawValue: 2)
        /// The configured size: the decoder's geometry stays until the device is opened again.
        package static let size = Difference(rawValue: 4)
        /// Ownership: taken or given up only when the device is opened.
        package static let ownership = Difference(rawValue: 8)
        /// The output's reported size: the size of a device measured by it (no axis resolution), between touches.
        package static let outputSize = Difference(rawValue: 16)
    }

    /// What `next` changes.
    package func difference(to next: DeviceSetup) -> Difference {
        var d: Difference = []
        if next.entry != entry { d.insert(.entry) }
        var a = options, b = next.options
        if a.configuredSize != b.configuredSize { d.insert(.size) }
        if a.outputSize != b.outputSize { d.insert(.outputSize) }
        a.configuredSize = nil
        b.configuredSize = nil
        a.outputSize = nil
        b.outputSize = nil
        if a != b { d.insert(.recognition) }
        if next.own != own { d.insert(.ownership) }
        return d
    }
}

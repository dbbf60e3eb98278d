import EdgeSwipeControl
import Gestures
import Testing
import TouchInput
import TouchModel
@testable import EdgeSwipeDaemon

/// Issue 27, items 1 and 2 in the one place a device's setup is worked out: `rotation: auto` takes the transform
/// of the output the touchscreen is on (its `output:` setting, or the only output reported), after the device's
/// calibration; a fixed rotation ignores reports; several outputs and none named is not guessed.
@Suite struct OutputFollowingSetupTests {
    func config(_ text: String) throws -> DaemonConfig { try DaemonConfig.parse(text: text, source: "test.yaml") }

    func report(_ name: String, _ value: Int) -> OutputReport {
        OutputReport(output: name, orientation: OutputOrientation(namedIndex: value)!)
    }

    @Test func theConfigurationReadsAutoAndOutput() throws {
        let c = try config("defaults:\n  rotation: auto\ndevices:\n  - match:\n      name: P\n    output: HDMI-A-2\n    rotation: 180\n")
        #expect(c.defaults.rotation == .auto)
        #expect(c.devices[0].settings.output == "HDMI-A-2")
        #expect(c.settings(forEntry: 0).rotation == .fixed(.r180))
        #expect(c.settings(forEntry: nil).output == nil)
        func issues(_ text: String) -> [String] {
            do { _ = try config(text); return [] } catch let e as ConfigError { return e.issues.map { "\($0.key): \($0.message)" } } catch { return ["\(error)"] }
        }
        #expect(issues("defaults:\n  rotation: automatic\n") == ["defaults.rotation: must be 0, 90, 180 or 270 (degrees clockwise), auto (the output's) or accelerometer (iio-sensor-proxy's), got automatic"])
        #expect(issues("defaults:\n  rotation: \"auto\"\n").isEmpty)
        #expect(issues("defaults:\n  output: \"\"\n") == ["defaults.output: an output name must not be empty"])
        #expect(issues("defaults:\n  output: [a]\n") == ["defaults.output: expected a string, got a list"])
    }

    @Test func autoFollowsTheOnlyOutputAndFixedIgnoresIt() throws {
        let auto = try config("defaults:\n  rotation: auto\n")
        let outputs = ReportedOutputs([report("DSI-1", 1)])
        let turned = try DeviceSetup(entry: nil, reader: .evdev, config: auto, outputs: outputs)
        // transform 90 is counter-clockwise: 270 clockwise.
        #expect(turned.followsOutput && turned.options.rotation == .r270 && !turned.options.flipped)
        #expect(turned.output == .output(report("DSI-1", 1)))
        // Nothing reported yet: upright, waiting for one.
        let waiting = try DeviceSetup(entry: nil, reader: .evdev, config: auto)
        #expect(waiting.options.rotation == .r0 && waiting.output == .unreported(named: nil))
        // A fixed rotation keeps its angle; the output is still known (published, checked by doctor).
        let fixed = try DeviceSetup(entry: nil, reader: .evdev, config: config("defaults:\n  rotation: 180\n"), outputs: outputs)
        #expect(!fixed.followsOutput && fixed.options.rotation == .r180 && fixed.output == .output(report("DSI-1", 1)))
        // A flipped transform mirrors.
        let mirrored = try DeviceSetup(entry: nil, reader: .evdev, config: auto, outputs: ReportedOutputs([report("DSI-1", 7)]))
        #expect(mirrored.options.rotation == .r270 && mirrored.options.flipped)
    }

    /// Two outputs: the touchscreen's is the one its settings name; none named is not guessed (upright, and the
    /// service says which names it could take).
    @Test func withSeveralOutputsTheNamedOneDecides() throws {
        let outputs = ReportedOutputs([report("HEADLESS-1", 0), report("HEADLESS-2", 3)])
        let named = try DeviceSetup(entry: nil, reader: .evdev,
                                    config: config("defaults:\n  rotation: auto\n  output: HEADLESS-2\n"), outputs: outputs)
        #expect(named.options.rotation == .r90 && named.output == .output(report("HEADLESS-2", 3)))
        let other = try DeviceSetup(entry: nil, reader: .evdev,
                                    config: config("defaults:\n  rotation: auto\n  output: HEADLESS-3\n"), outputs: outputs)
        #expect(other.options.rotation == .r0 && other.output == .unreported(named: "HEADLESS-3"))
        let unnamed = try DeviceSetup(entry: nil, reader: .evdev, config: config("defaults:\n  rotation: auto\n"), outputs: outputs)
        #expect(unnamed.options.rotation == .r0 && unnamed.output == .ambiguous(["HEADLESS-1", "HEADLESS-2"]))
    }

    /// The transform composes after the device's calibration (udev's LIBINPUT_CALIBRATION_MATRIX, or the entry's):
    /// a panel whose touch layer is mirrored left to right (matrix -1 0 1 0 1 0) on an output turned 90°. A touch at
    /// the native (0.2, 0.9) is calibrated to (0.8, 0.9), then turned 90° clockwise (transform 270): (1 − 0.9, 0.8) =
    /// (0.1, 0.8) of the screen, which is 100 × 200 mm turned: 10 mm from the left, 160 mm down.
    @Test func theTransformComposesAfterTheCalibration() throws {
        let c = try config("defaults:\n  rotation: auto\n  calibration: [-1, 0, 1, 0, 1, 0]\n")
        let setup = try DeviceSetup(entry: nil, reader: .evdev, config: c, outputs: ReportedOutputs([report("DSI-1", 3)]))
        let t = setup.options.screenTransform(deviceSize: PhysicalSize(widthMM: 200, heightMM: 100), calibrates: true)
        let p = t.screenMM(normalized: Point(x: 0.2, y: 0.9))
        #expect(abs(p.x - 10) < 1e-9 && abs(p.y - 160) < 1e-9)
        // Through libinput, the matrix is libinput's to apply: the pipeline turns what it gets.
        let libinput = try DeviceSetup(entry: nil, reader: .libinput, config: c, outputs: ReportedOutputs([report("DSI-1", 3)]))
        let q = libinput.options.screenTransform(deviceSize: PhysicalSize(widthMM: 200, heightMM: 100), calibrates: false)
            .screenMM(normalized: Point(x: 0.8, y: 0.9))
        #expect(abs(q.x - 10) < 1e-9 && abs(q.y - 160) < 1e-9)
    }

    /// A new transform is a recognition difference (a new arena between touches), as a reload's rotation is.
    @Test func aNewTransformIsARecognitionDifference() throws {
        let c = try config("defaults:\n  rotation: auto\n")
        let before = try DeviceSetup(entry: nil, reader: .evdev, config: c, outputs: ReportedOutputs([report("DSI-1", 0)]))
        let after = try DeviceSetup(entry: nil, reader: .evdev, config: c, outputs: ReportedOutputs([report("DSI-1", 2)]))
        #expect(before.difference(to: after) == .recognition)
        #expect(before.difference(to: before) == [])
    }

    @Test func theTableIsBounded() {
        var outputs = ReportedOutputs()
        let kept = (0..<ReportedOutputs.limit).map { outputs.record(report("OUT-\($0)", 0)) }
        #expect(kept.allSatisfy { $0 })
        let seventeenth = outputs.record(report("OUT-NEW", 0))
        #expect(!seventeenth)
        let known = outputs.record(report("OUT-3", 2))  // a known one is updated
        #expect(known)
        #expect(outputs.byName.count == 16 && outputs.byName["OUT-3"]?.orientation.transform == .r180)
    }

    /// `rotation: accelerometer`: read, named by check-config, and the accelerometer's turn taken by the devices that
    /// follow it only (the output's transform does not turn them; a fixed rotation ignores the accelerometer).
    @Test func accelerometerTakesTheAccelerometersTurnOnly() throws {
        let c = try config("defaults:\n  rotation: accelerometer\ndevices:\n  - match:\n      name: P\n    rotation: 0\n"
                           + "  - match:\n      name: Q\n    rotation: accelerometer\n")
        #expect(c.defaults.rotation == .accelerometer && c.usesAccelerometer)
        #expect(!(try config("defaults:\n  rotation: auto\n")).usesAccelerometer)
        #expect(c.summaryLines.contains("rotation: accelerometer for the defaults, entry 2: iio-sensor-proxy's AccelerometerOrientation "
                                        + "(net.hadess.SensorProxy on the system bus); 0 until it gives one"))
        var outputs = ReportedOutputs([report("DSI-1", 1)])
        let upright = try DeviceSetup(entry: nil, reader: .evdev, config: c, outputs: outputs)
        #expect(upright.followsAccelerometer && !upright.followsOutput && upright.options.rotation == .r0)
        outputs.accelerometer = .r90
        let turned = try DeviceSetup(entry: nil, reader: .evdev, config: c, outputs: outputs)
        #expect(turned.options.rotation == .r90 && !turned.options.flipped)
        #expect(upright.difference(to: turned).contains(.recognition))
        let fixed = try DeviceSetup(entry: 0, reader: .evdev, config: c, outputs: outputs)
        #expect(!fixed.followsAccelerometer && fixed.options.rotation == .r0)
        let auto = try DeviceSetup(entry: nil, reader: .evdev, config: config("defaults:\n  rotation: auto\n"), outputs: outputs)
        #expect(auto.options.rotation == .r270)  // the output's transform 90, not the accelerometer's turn
    }

    /// Item 2's "that output's size": the output's reported size is the size of a panel without axis resolution
    /// (SurfaceGeometry decides whether it is needed); a new size alone is its own difference, not a new arena.
    @Test func theOutputsReportedSizeGoesWithTheDeviceOnIt() throws {
        let fixed = try config("defaults:\n  rotation: 90\n")
        var sized = report("DSI-1", 0)
        sized.widthMM = 155
        sized.heightMM = 87
        let s = try DeviceSetup(entry: nil, reader: .evdev, config: fixed, outputs: ReportedOutputs([sized]))
        // A fixed rotation takes it too: a panel mapped to an output spans it, whichever way it is turned.
        #expect(s.options.outputSize == PhysicalSize(widthMM: 155, heightMM: 87) && s.options.rotation == .r90)
        var bigger = sized
        bigger.widthMM = 310
        bigger.heightMM = 174
        let t = try DeviceSetup(entry: nil, reader: .evdev, config: fixed, outputs: ReportedOutputs([bigger]))
        #expect(s.difference(to: t) == .outputSize)
        // No size reported, or several outputs and none named: none; named: that output's.
        #expect(try DeviceSetup(entry: nil, reader: .evdev, config: fixed, outputs: ReportedOutputs([report("DSI-1", 0)])).options.outputSize == nil)
        var other = report("HDMI-A-1", 0)
        other.widthMM = 600
        other.heightMM = 340
        #expect(try DeviceSetup(entry: nil, reader: .evdev, config: fixed, outputs: ReportedOutputs([sized, other])).options.outputSize == nil)
        let named = try config("defaults:\n  output: HDMI-A-1\n")
        #expect(try DeviceSetup(entry: nil, reader: .evdev, config: named, outputs: ReportedOutputs([sized, other])).options.outputSize
                == PhysicalSize(widthMM: 600, heightMM: 340))
    }
}

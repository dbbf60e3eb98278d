import Gestures
import Testing
import TouchInput
import TouchModel
@testable import EdgeSwipeDaemon

/// One device setup from the configuration (issue 23): the entry's settings over the defaults, calibration left to
/// libinput when it reads the device, ownership from `own` or `--own`, and what a reload's new setup changes.
@Suite struct DeviceSetupTests {
    static let yaml = """
        version: 1
        defaults:
          rotation: 90
        devices:
          - match:
              name: "Panel A"
            calibration: [1.1, 0, 0, 0, 1.2, 0]
            size: 200x120
            own: true
          - match:
              name: "Panel B"
            edges: [left, right]
        """

    func config(_ text: String = yaml) throws -> DaemonConfig { try DaemonConfig.parse(text: text, source: "test.yaml") }

    func device(_ name: String) -> DeviceDescription {
        DeviceDescription(name: name, id: InputID(bustype: 0, vendor: 0, product: 0, version: 0), origin: "/dev/input/event5")
    }

    @Test func theEntrysSettingsOverTheDefaults() throws {
        let a = try DeviceSetup(device: device("Panel A"), node: "/dev/input/event5", kind: .touchscreen, reader: .evdev,
                                config: config())
        #expect(a.entry == 0)
        #expect(a.options.rotation == .r90)   // from the defaults
        #expect(a.options.calibration == CalibrationMatrix([1.1, 0, 0, 0, 1.2, 0]))
        #expect(a.options.configuredSize == PhysicalSize(widthMM: 200, heightMM: 120))
        #expect(a.own)
        let b = try DeviceSetup(device: device("Panel B"), node: nil, kind: .touchscreen, reader: .evdev, config: config())
        #expect(b.entry == 1 && !b.own)
        #expect(b.options.recognizers.map(\.edges) == [[.left], [.right]])
        let other = try DeviceSetup(device: device("Other"), node: nil, kind: .touchscreen, reader: .evdev, config: config())
        #expect(other.entry == nil && other.options.recognizers.map(\.edges) == [[.left]] && other.options.rotation == .r90)
    }

    /// libinput applies the device's calibration itself: a setup read through it has none, whatever the entry says.
    @Test func libinputCalibratesItself() throws {
        for reader in [DeviceSetup.Reader.evdev, .recording, .libinput] {
            let setup = try DeviceSetup(entry: 0, reader: reader, config: config())
            #expect(setup.options.calibration == (reader == .libinput ? .identity : CalibrationMatrix([1.1, 0, 0, 0, 1.2, 0])))
        }
    }

    @Test func runOwnOwnsEveryDevice() throws {
        #expect(try DeviceSetup(entry: 1, reader: .evdev, config: config(), ownAll: true).own)
        #expect(try !DeviceSetup(entry: 1, reader: .evdev, config: config()).own)
    }

    /// A reload compares the new setup with the old one: only recognizers, rotation and calibration need a new
    /// arena; a size or ownership change is named on its own; the same file changes nothing.
    @Test func aReloadsDifferenceIsWhatChanged() throws {
        let old = try DeviceSetup(entry: 0, reader: .evdev, config: config())
        #expect(old.difference(to: try DeviceSetup(entry: 0, reader: .evdev, config: config())).isEmpty)
        let rotated = try config(Self.yaml.replacing("rotation: 90", with: "rotation: 180"))
        #expect(old.difference(to: try DeviceSetup(entry: 0, reader: .evdev, config: rotated)) == .recognition)
        let resized = try config(Self.yaml.replacing("200x120", with: "201x120"))
        #expect(old.difference(to: try DeviceSetup(entry: 0, reader: .evdev, config: resized)) == .size)
        let shared = try config(Self.yaml.replacing("own: true", with: "own: false"))
        #expect(old.difference(to: try DeviceSetup(entry: 0, reader: .evdev, config: shared)) == .ownership)
        // Entry 1: no calibration, no size, both edges, not owned.
        #expect(old.difference(to: try DeviceSetup(entry: 1, reader: .evdev, config: config()))
                == [.entry, .recognition, .size, .ownership])
    }
}

import EdgeSwipeControl
import EdgeSwipeDaemon
import Gestures
import FixtureSupport
import Testing
import TouchInput
import TouchModel
import TouchTrace

/// Issue 14 item 12: the default backend (libinput) read a touchscreen's size before its configuration, so a panel
/// without axis resolution was dropped even with a `size` in its device entry, while `--backend evdev` used it.
@Suite struct LibinputAdmissionTests {
    static let nTrig = "whot__evemu-devices__touchscreens__N-Trig_MultiTouch.desc"
    /// Touchscreen descriptions, with and without resolution.
    static let touchscreens = [
        nTrig, "p12tic__xorg-integration-tests__recordings__tablets__N-Trig-MultiTouch.desc",
        "whot__evemu-devices__touchscreens__ELAN_CANDO_Windows7.desc",
        "whot__evemu-devices__touchscreens__QUANTA_OpticalTouchScreen.desc",
        "whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.desc",
        "../../samples/demo-back-swipes.evemu",
    ]

    static func description(_ fixture: String) throws -> DeviceDescription {
        try TraceReader.read(path: Fixtures.path(fixture)).devices[0].description
    }

    /// What libinput reports for a description: evdev_device_get_size fails when an axis has no resolution
    /// (libinput then fakes one), else (maximum - minimum) / resolution per axis.
    static func libinputDevice(_ d: DeviceDescription, node: String = "/dev/input/event7") -> LibinputTouchSource.Device {
        let mt = d.absInfo[AbsCode.mtPositionX] != nil
        let x = d.absInfo[mt ? AbsCode.mtPositionX : AbsCode.x]!, y = d.absInfo[mt ? AbsCode.mtPositionY : AbsCode.y]!
        let size = x.resolution > 0 && y.resolution > 0
            ? PhysicalSize(widthMM: Double(x.maximum - x.minimum) / Double(x.resolution),
                           heightMM: Double(y.maximum - y.minimum) / Double(y.resolution))
            : nil
        return LibinputTouchSource.Device(name: d.name, node: node, reportedSize: size)
    }

    static func config(_ yaml: String) throws -> DaemonConfig {
        try DaemonConfig.parse(text: "version: 1\n" + yaml, source: "test.yaml")
    }

    @Test func panelWithoutResolutionTakesTheSizeOfItsDeviceEntry() throws {
        let d = try Self.description(Self.nTrig)
        #expect(d.absInfo[AbsCode.mtPositionX]?.resolution == 0 && d.absInfo[AbsCode.mtPositionY]?.resolution == 0)
        let config = try Self.config("devices:\n  - match:\n      name: \"N-Trig MultiTouch\"\n    size: 260x163\n")
        guard case .use(let setup, let size, let configured) = LibinputAdmission.decide(Self.libinputDevice(d), config: config) else {
            Issue.record("not used: \(LibinputAdmission.decide(Self.libinputDevice(d), config: config))")
            return
        }
        #expect(setup.entry == 0 && setup.reader == .libinput)
        #expect(size == PhysicalSize(widthMM: 260, heightMM: 163) && configured)
    }

    @Test func panelWithoutResolutionOrSizeIsRefusedNamingTheSetting() throws {
        let d = try Self.description(Self.nTrig)
        guard case .refused(let why) = LibinputAdmission.decide(Self.libinputDevice(d), config: try Self.config("")) else {
            Issue.record("not refused")
            return
        }
        #expect(why.contains("no axis resolution") && why.contains("'size'"), "\(why)")
    }

    /// Issue 27, item 2: with neither, the panel takes the size of the output it is on, once the session reports it;
    /// a panel with resolution keeps libinput's; a report without a size leaves it refused.
    @Test func panelWithoutResolutionOrSizeTakesItsOutputsReportedSize() throws {
        let d = try Self.description(Self.nTrig)
        let sized = ReportedOutputs([OutputReport(output: "DSI-1", orientation: OutputOrientation(transform: .r0), widthMM: 256, heightMM: 192)])
        guard case .use(_, let size, let configured) = LibinputAdmission.decide(Self.libinputDevice(d), config: try Self.config(""), outputs: sized) else {
            Issue.record("not used")
            return
        }
        #expect(size == PhysicalSize(widthMM: 256, heightMM: 192) && !configured)
        let demo = try Self.description("../../samples/demo-back-swipes.evemu")
        guard case .use(_, let own, _) = LibinputAdmission.decide(Self.libinputDevice(demo), config: try Self.config(""), outputs: sized) else {
            Issue.record("demo not used")
            return
        }
        #expect(own == PhysicalSize(widthMM: 1599.0 / 11, heightMM: 2559.0 / 11))
        let unsized = ReportedOutputs([OutputReport(output: "DSI-1", orientation: OutputOrientation(transform: .r0))])
        guard case .refused(let why) = LibinputAdmission.decide(Self.libinputDevice(d), config: try Self.config(""), outputs: unsized) else {
            Issue.record("not refused")
            return
        }
        #expect(why.contains("output's"), "\(why)")
    }

    /// The configuration is read first: a panel it does not select is left alone for that reason, not for its size.
    @Test func panelNotSelectedIsIgnoredBeforeItsSizeIsLookedAt() throws {
        let d = try Self.description(Self.nTrig)
        let config = try Self.config("select: listed\ndevices:\n  - match:\n      name: \"Other*\"\n    size: 100x60\n")
        guard case .ignored(let why) = LibinputAdmission.decide(Self.libinputDevice(d), config: config) else {
            Issue.record("not ignored")
            return
        }
        #expect(why.contains("listed"), "\(why)")
    }

    /// A configured size wins over the one libinput derives from the resolution (ABS_MT_POSITION_X 0...1599 and Y
    /// 0...2559 at 11 units/mm here: 1599/11 x 2559/11 mm).
    @Test func configuredSizeWinsOverTheResolution() throws {
        let d = try Self.description("../../samples/demo-back-swipes.evemu")
        let reported = try #require(Self.libinputDevice(d).reportedSize)
        #expect(abs(reported.widthMM - 145.36) < 0.01 && abs(reported.heightMM - 232.64) < 0.01)
        let config = try Self.config("devices:\n  - match:\n      name: \"NVT*\"\n    size: 200x120\n")
        guard case .use(_, let size, let configured) = LibinputAdmission.decide(Self.libinputDevice(d), config: config) else {
            Issue.record("not used")
            return
        }
        #expect(size == PhysicalSize(widthMM: 200, heightMM: 120) && configured)
    }

    /// The class: for every touchscreen description, with and without a `size` entry, both backends agree: the
    /// size libinput's path uses is the one the evdev path's geometry takes, and both refuse the same devices.
    @Test(arguments: touchscreens) func bothBackendsAgreeOnSize(fixture: String) throws {
        let d = try Self.description(fixture)
        for yaml in ["", "devices:\n  - match:\n      name: \"*\"\n    size: 310x174.5\n"] {
            let config = try Self.config(yaml)
            let evdev = try? SurfaceGeometry(device: d, configuredSize: config.settings(forEntry: config.devices.isEmpty ? nil : 0).size)
            switch LibinputAdmission.decide(Self.libinputDevice(d), config: config) {
            case .use(_, let size, let configured):
                let g = try #require(evdev, "\(fixture): evdev refuses what libinput uses")
                #expect(abs(size.widthMM - g.size.widthMM) < 1e-9 && abs(size.heightMM - g.size.heightMM) < 1e-9, "\(fixture)")
                #expect(configured == g.sizeIsConfigured, "\(fixture)")
                if !yaml.isEmpty { #expect(size == PhysicalSize(widthMM: 310, heightMM: 174.5)) }
            case .refused(let why):
                #expect(evdev == nil, "\(fixture): libinput refuses (\(why)) what evdev uses")
                #expect(yaml.isEmpty, "\(fixture): refused with a size configured: \(why)")
            case .ignored(let why):
                Issue.record("\(fixture): ignored (\(why))")
            }
        }
    }
}

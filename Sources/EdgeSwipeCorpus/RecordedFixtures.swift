import TouchInput
import TouchTrace
import Gestures
import TouchModel

/// A swipe a recording must produce with the standard recognizers: the edge, the outcome and the inward
/// translation (mm) in the frame that begins it, all worked out from the recording's own numbers.
public struct ExpectedBegin: Hashable, Sendable {
    public var edge: Edge
    public var outcome: SwipeOutcome
    public var translationMM: Double

    public init(_ edge: Edge, _ outcome: SwipeOutcome, translationMM: Double) {
        self.edge = edge
        self.outcome = outcome
        self.translationMM = translationMM
    }
}

/// One real recording in Tests/Fixtures and what the standard recognizers (one finger, left and right edges,
/// default contract) must make of it, with the geometry that says why.
public struct RecordedFixture: Hashable, Sendable {
    public var file: String
    /// Companion evemu description for an events-only file.
    public var description: String?
    /// For devices that report no resolution: the size a user would configure (and why that size).
    public var size: PhysicalSize?
    public var sizeNote: String
    /// The touch-down nearest to the left or right edge, mm, from the file's first positions (nil: no touch).
    public var nearestSideEdgeMM: Double?
    public var begins: [ExpectedBegin]
    public var why: String

    public var isNegative: Bool { begins.isEmpty }
}

public enum RecordedFixtures {
    /// Physical sizes for devices without resolution.
    enum Sizes {
        static let touchpad = (size: PhysicalSize(widthMM: 100, heightMM: 60),
                               note: "100 × 60 mm configured: a typical laptop touchpad (the device reports no resolution)")
        static let nTrig = (size: PhysicalSize(widthMM: 261, heightMM: 163),
                            note: "261 × 163 mm configured: a 12.1-inch 16:10 tablet-PC panel, where N-Trig DuoSense digitizers were fitted")
        static let nexus4 = (size: PhysicalSize(widthMM: 61.4, heightMM: 102.4),
                             note: "61.4 × 102.4 mm configured: the Nexus 4's 4.7-inch 768 × 1280 panel")
        static let wacomE6 = (size: PhysicalSize(widthMM: 277.6, heightMM: 156.9),
                              note: "277.6 × 156.9 mm configured: the axes count 0.1 mm (0…2776 × 0…1569), a 12.5-inch 16:9 panel")
        static let atmel = (size: PhysicalSize(widthMM: 152.4, heightMM: 91.4),
                            note: "152.4 × 91.4 mm configured: a 7-inch 800 × 480 panel, matching its 0…799 × 0…479 axes")
        static let elanCando = (size: PhysicalSize(widthMM: 474, heightMM: 296),
                                note: "474 × 296 mm configured: a 22-inch 16:10 monitor")
        static let ep0430m09 = (size: PhysicalSize(widthMM: 93.6, heightMM: 56.2),
                                note: "93.6 × 56.2 mm configured: the EP0430M09 is a 4.3-inch 800 × 480 module")
        static let quanta = (size: PhysicalSize(widthMM: 509.2, heightMM: 286.4),
                             note: "509.2 × 286.4 mm configured: a 23-inch 16:9 all-in-one")
    }

    /// Every recording in Tests/Fixtures. Distances come from the first position of every contact in the file
    /// (the fixtures' expectations list), normalised over the axis range and scaled by the size.
    public static let all: [RecordedFixture] = negatives + swipes

    /// The two recordings in which a finger lands in a side edge zone and swipes inward.
    static let swipes: [RecordedFixture] = [
        // 45 touches on a 100 × 60 mm (configured) pad. Touch 17 (tracking id 88) lands at x = 4.25 mm; 63 ms
        // later it is 6.02 mm in but 3.71 mm down (> tan 30° × 6.02 = 3.48), 75 ms later 9.97 mm in and 4.52 mm
        // down (≤ 5.76): it begins there. It lifts at 44.12 mm (progress 0.44 < 0.5) after slowing to a stop
        // (a quadratic fit of its last 100 ms gives ~33 mm/s, a line ~149 mm/s, both < 200): cancel.
        // Touch 18 (id 89) lands at 2.5 mm; at 50 ms it is 4.35 mm in, at 62 ms 8.17 mm in and 2.78 mm down
        // (≤ 4.72): begins. Lifts at 45.05 mm (0.45) nearly still (fits: −13 / 136 mm/s): cancel.
        // Every other touch lands at least 10.9 mm from the left and right edges.
        RecordedFixture(file: "whot__evemu-devices__touchpads__SynPS2_Synaptics_TouchPad.events",
                        description: "whot__evemu-devices__touchpads__SynPS2_Synaptics_TouchPad.desc",
                        size: Sizes.touchpad.size, sizeNote: Sizes.touchpad.note, nearestSideEdgeMM: 2.5,
                        begins: [ExpectedBegin(.left, .cancel, translationMM: 9.97), ExpectedBegin(.left, .cancel, translationMM: 8.17)],
                        why: "touches 17 and 18 land 4.2 and 2.5 mm from the left edge and swipe 44-45 mm inward (progress < 0.5), slowing to a stop: both begin and cancel"),
        // Single-touch Synaptics, 100 × 60 mm (configured). Touch 1 lands at x = 5316 of 1472…5472, 3.9 mm from
        // the right; 149 ms later it is 5.88 mm in, 163 ms later 7.58 mm in and 0.4 mm down: begins. It swipes
        // 37 mm in, then returns to the right edge (x = 5472, the maximum) and lifts there: progress 0, cancel.
        // Touch 2 lands on the right edge (x = 5472) and only moves along it (y 2145 → 2166 in 250 ms): no
        // inward travel within 250 ms, the activation time-out.
        RecordedFixture(file: "whot__evemu-devices__touchpads__SynPS2_Synaptics_TouchPad-fdo23890.events",
                        description: "whot__evemu-devices__touchpads__SynPS2_Synaptics_TouchPad-fdo23890.desc",
                        size: Sizes.touchpad.size, sizeNote: Sizes.touchpad.note, nearestSideEdgeMM: 0,
                        begins: [ExpectedBegin(.right, .cancel, translationMM: 7.58)],
                        why: "touch 1 lands 3.9 mm from the right edge, swipes 37 mm in and comes back to the edge: begins, cancels; touch 2 rests on the edge: times out"),
    ]

    /// Loads one recording as a corpus sample (label real-recording).
    public static func sample(_ f: RecordedFixture, directory: String) throws -> CorpusSample {
        let path = directory + "/" + f.file
        let desc = f.description.map { directory + "/" + $0 }
        let trace = try TraceReader.read(path: path, description: desc)
        guard let device = trace.devices.first else { throw CorpusError.noDevice(f.file) }
        let geometry = try SurfaceGeometry(device: device.description, configuredSize: f.size)
        let expected: Expectation = f.begins.first.map { .swipe($0.edge, $0.outcome) } ?? .noBegin
        return CorpusSample(name: f.file, label: .realRecording, expected: expected, device: device.description,
                            geometry: geometry, events: device.events, note: f.why)
    }

    /// The recordings in which nothing may begin, as corpus negatives.
    public static func negativeSamples(directory: String) throws -> [CorpusSample] {
        try all.filter(\.isNegative).map { try sample($0, directory: directory) }
    }
}

public enum CorpusError: Error, CustomStringConvertible {
    case noDevice(String)

    public var description: String {
        switch self {
        case .noDevice(let file): return "\(file): the recording has no device"
        }
    }
}

extension RecordedFixtures {
    static let negatives: [RecordedFixture] = [
    // aosp-mirror__platform_frameworks_base__tests__Input__res__raw__google_pixel_tablet_touchscreen.evemu: 1 contacts; size 145.4x232.6; nearest touch-down to a side edge: 71.7 mm (right)
    RecordedFixture(file: "aosp-mirror__platform_frameworks_base__tests__Input__res__raw__google_pixel_tablet_touchscreen.evemu", description: nil, size: nil, sizeNote: "resolution from the device",
                    nearestSideEdgeMM: 71.7, begins: [], why: "every touch-down is at least 71.7 mm from the left and right edges: outside the 5 mm zone"),
    // tablets__N-Trig-MultiTouch.touch_1_begin.events: 1 contacts; size 261.0x163.0; nearest touch-down to a side edge: 74.6 mm (left)
    RecordedFixture(file: "p12tic__xorg-integration-tests__recordings__tablets__N-Trig-MultiTouch.touch_1_begin.events", description: "p12tic__xorg-integration-tests__recordings__tablets__N-Trig-MultiTouch.desc", size: Sizes.nTrig.size, sizeNote: Sizes.nTrig.note,
                    nearestSideEdgeMM: 74.6, begins: [], why: "every touch-down is at least 74.6 mm from the left and right edges: outside the 5 mm zone"),
    // tablets__N-Trig-MultiTouch.touch_1_end.events: 0 contacts; size 261.0x163.0; no touch-down
    RecordedFixture(file: "p12tic__xorg-integration-tests__recordings__tablets__N-Trig-MultiTouch.touch_1_end.events", description: "p12tic__xorg-integration-tests__recordings__tablets__N-Trig-MultiTouch.desc", size: Sizes.nTrig.size, sizeNote: Sizes.nTrig.note,
                    nearestSideEdgeMM: nil, begins: [], why: "no finger touches"),
    // tablets__N-Trig-MultiTouch.touch_1_update.events: 1 contacts; size 261.0x163.0; nearest touch-down to a side edge: 74.9 mm (left)
    RecordedFixture(file: "p12tic__xorg-integration-tests__recordings__tablets__N-Trig-MultiTouch.touch_1_update.events", description: "p12tic__xorg-integration-tests__recordings__tablets__N-Trig-MultiTouch.desc", size: Sizes.nTrig.size, sizeNote: Sizes.nTrig.note,
                    nearestSideEdgeMM: 74.9, begins: [], why: "every touch-down is at least 74.9 mm from the left and right edges: outside the 5 mm zone"),
    // tablets__n4.events: 12 contacts; size 61.4x102.4; nearest touch-down to a side edge: 5.1 mm (left)
    RecordedFixture(file: "p12tic__xorg-integration-tests__recordings__tablets__n4.events", description: "p12tic__xorg-integration-tests__recordings__tablets__n4.desc", size: Sizes.nexus4.size, sizeNote: Sizes.nexus4.note,
                    nearestSideEdgeMM: 5.1, begins: [], why: "twelve touches; the nearest to a side edge lands 5.1 mm from the left (x ≥ 128 of 0…1535 on a 61.4 mm wide panel): outside the 5 mm zone"),
    // touchpads__SynPS2-Synaptics-TouchPad-Clickpad.left-phys-click.events: 1 contacts; size 100.0x60.0; nearest touch-down to a side edge: 9.7 mm (left)
    RecordedFixture(file: "p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad-Clickpad.left-phys-click.events", description: "p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad-Clickpad.desc", size: Sizes.touchpad.size, sizeNote: Sizes.touchpad.note,
                    nearestSideEdgeMM: 9.7, begins: [], why: "lands 9.7 mm from the left edge, in the bottom button area, and presses without moving"),
    // touchpads__SynPS2-Synaptics-TouchPad-Clickpad.one-finger-down.events: 1 contacts; size 100.0x60.0; nearest touch-down to a side edge: 30.8 mm (left)
    RecordedFixture(file: "p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad-Clickpad.one-finger-down.events", description: "p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad-Clickpad.desc", size: Sizes.touchpad.size, sizeNote: Sizes.touchpad.note,
                    nearestSideEdgeMM: 30.8, begins: [], why: "every touch-down is at least 30.8 mm from the left and right edges: outside the 5 mm zone"),
    // touchpads__SynPS2-Synaptics-TouchPad-Clickpad.one-finger-up.events: 0 contacts; size 100.0x60.0; no touch-down
    RecordedFixture(file: "p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad-Clickpad.one-finger-up.events", description: "p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad-Clickpad.desc", size: Sizes.touchpad.size, sizeNote: Sizes.touchpad.note,
                    nearestSideEdgeMM: nil, begins: [], why: "no finger touches"),
    // touchpads__SynPS2-Synaptics-TouchPad-Clickpad.right-phys-click.events: 1 contacts; size 100.0x60.0; nearest touch-down to a side edge: 5.1 mm (right)
    RecordedFixture(file: "p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad-Clickpad.right-phys-click.events", description: "p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad-Clickpad.desc", size: Sizes.touchpad.size, sizeNote: Sizes.touchpad.note,
                    nearestSideEdgeMM: 5.1, begins: [], why: "lands at x = 5267 of 1472…5472: (5472 − 5267) / 4000 × 100 = 5.1 mm from the right edge, just outside the zone, and presses the button without moving"),
    // touchpads__SynPS2-Synaptics-TouchPad-Clickpad.two-finger-down.events: 2 contacts; size 100.0x60.0; nearest touch-down to a side edge: 30.4 mm (left)
    RecordedFixture(file: "p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad-Clickpad.two-finger-down.events", description: "p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad-Clickpad.desc", size: Sizes.touchpad.size, sizeNote: Sizes.touchpad.note,
                    nearestSideEdgeMM: 30.4, begins: [], why: "every touch-down is at least 30.4 mm from the left and right edges: outside the 5 mm zone"),
    // touchpads__SynPS2-Synaptics-TouchPad-Clickpad.two-finger-scroll-down.events: 2 contacts; size 100.0x60.0; nearest touch-down to a side edge: 26.3 mm (left)
    RecordedFixture(file: "p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad-Clickpad.two-finger-scroll-down.events", description: "p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad-Clickpad.desc", size: Sizes.touchpad.size, sizeNote: Sizes.touchpad.note,
                    nearestSideEdgeMM: 26.3, begins: [], why: "every touch-down is at least 26.3 mm from the left and right edges: outside the 5 mm zone"),
    // touchpads__SynPS2-Synaptics-TouchPad-Clickpad.two-finger-up.events: 0 contacts; size 100.0x60.0; no touch-down
    RecordedFixture(file: "p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad-Clickpad.two-finger-up.events", description: "p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad-Clickpad.desc", size: Sizes.touchpad.size, sizeNote: Sizes.touchpad.note,
                    nearestSideEdgeMM: nil, begins: [], why: "no finger touches"),
    // touchpads__SynPS2-Synaptics-TouchPad-move.events: 1 contacts; size 100.0x60.0; nearest touch-down to a side edge: 14.8 mm (left)
    RecordedFixture(file: "p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad-move.events", description: "p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad.desc", size: Sizes.touchpad.size, sizeNote: Sizes.touchpad.note,
                    nearestSideEdgeMM: 14.8, begins: [], why: "every touch-down is at least 14.8 mm from the left and right edges: outside the 5 mm zone"),
    // touchpads__SynPS2-Synaptics-TouchPad-tap-and-move.events: 2 contacts; size 100.0x60.0; nearest touch-down to a side edge: 14.8 mm (left)
    RecordedFixture(file: "p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad-tap-and-move.events", description: "p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad.desc", size: Sizes.touchpad.size, sizeNote: Sizes.touchpad.note,
                    nearestSideEdgeMM: 14.8, begins: [], why: "every touch-down is at least 14.8 mm from the left and right edges: outside the 5 mm zone"),
    // touchpads__SynPS2-Synaptics-TouchPad-tap.events: 1 contacts; size 100.0x60.0; nearest touch-down to a side edge: 48.0 mm (right)
    RecordedFixture(file: "p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad-tap.events", description: "p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad.desc", size: Sizes.touchpad.size, sizeNote: Sizes.touchpad.note,
                    nearestSideEdgeMM: 48.0, begins: [], why: "every touch-down is at least 48.0 mm from the left and right edges: outside the 5 mm zone"),
    // touchpads__SynPS2-Synaptics-TouchPad-two-finger-scroll-down.events: 1 contacts; size 100.0x60.0; nearest touch-down to a side edge: 36.6 mm (left)
    RecordedFixture(file: "p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad-two-finger-scroll-down.events", description: "p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad.desc", size: Sizes.touchpad.size, sizeNote: Sizes.touchpad.note,
                    nearestSideEdgeMM: 36.6, begins: [], why: "every touch-down is at least 36.6 mm from the left and right edges: outside the 5 mm zone"),
    // touchpads__SynPS2-Synaptics-TouchPad-two-finger-scroll-up.events: 1 contacts; size 100.0x60.0; nearest touch-down to a side edge: 40.3 mm (left)
    RecordedFixture(file: "p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad-two-finger-scroll-up.events", description: "p12tic__xorg-integration-tests__recordings__touchpads__SynPS2-Synaptics-TouchPad.desc", size: Sizes.touchpad.size, sizeNote: Sizes.touchpad.note,
                    nearestSideEdgeMM: 40.3, begins: [], why: "every touch-down is at least 40.3 mm from the left and right edges: outside the 5 mm zone"),
    // tablets__Wacom_ISDv4_E6_Finger.2fg-double-tap.events: 2 contacts; size 277.6x156.9; nearest touch-down to a side edge: 124.9 mm (left)
    RecordedFixture(file: "whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.2fg-double-tap.events", description: "whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.desc", size: Sizes.wacomE6.size, sizeNote: Sizes.wacomE6.note,
                    nearestSideEdgeMM: 124.9, begins: [], why: "every touch-down is at least 124.9 mm from the left and right edges: outside the 5 mm zone"),
    // tablets__Wacom_ISDv4_E6_Finger.2fg-tap.events: 2 contacts; size 277.6x156.9; nearest touch-down to a side edge: 128.7 mm (left)
    RecordedFixture(file: "whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.2fg-tap.events", description: "whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.desc", size: Sizes.wacomE6.size, sizeNote: Sizes.wacomE6.note,
                    nearestSideEdgeMM: 128.7, begins: [], why: "every touch-down is at least 128.7 mm from the left and right edges: outside the 5 mm zone"),
    // tablets__Wacom_ISDv4_E6_Finger.double-center-circle.events: 2 contacts; size 277.6x156.9; nearest touch-down to a side edge: 114.3 mm (left)
    RecordedFixture(file: "whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.double-center-circle.events", description: "whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.desc", size: Sizes.wacomE6.size, sizeNote: Sizes.wacomE6.note,
                    nearestSideEdgeMM: 114.3, begins: [], why: "every touch-down is at least 114.3 mm from the left and right edges: outside the 5 mm zone"),
    // tablets__Wacom_ISDv4_E6_Finger.double-center-scroll.events: 2 contacts; size 277.6x156.9; nearest touch-down to a side edge: 123.1 mm (left)
    RecordedFixture(file: "whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.double-center-scroll.events", description: "whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.desc", size: Sizes.wacomE6.size, sizeNote: Sizes.wacomE6.note,
                    nearestSideEdgeMM: 123.1, begins: [], why: "every touch-down is at least 123.1 mm from the left and right edges: outside the 5 mm zone"),
    // tablets__Wacom_ISDv4_E6_Finger.double-tap-center.events: 2 contacts; size 277.6x156.9; nearest touch-down to a side edge: 132.3 mm (left)
    RecordedFixture(file: "whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.double-tap-center.events", description: "whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.desc", size: Sizes.wacomE6.size, sizeNote: Sizes.wacomE6.note,
                    nearestSideEdgeMM: 132.3, begins: [], why: "every touch-down is at least 132.3 mm from the left and right edges: outside the 5 mm zone"),
    // tablets__Wacom_ISDv4_E6_Finger.double-top-swipe.events: 2 contacts; size 277.6x156.9; nearest touch-down to a side edge: 11.6 mm (left)
    RecordedFixture(file: "whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.double-top-swipe.events", description: "whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.desc", size: Sizes.wacomE6.size, sizeNote: Sizes.wacomE6.note,
                    nearestSideEdgeMM: 11.6, begins: [], why: "two fingers land 11.6 and 11.8 mm from the left edge (x = 116 and 118 of 2776): outside the zone; and two fingers against one-finger recognizers"),
    // tablets__Wacom_ISDv4_E6_Finger.single-center-circle.events: 1 contacts; size 277.6x156.9; nearest touch-down to a side edge: 126.4 mm (right)
    RecordedFixture(file: "whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.single-center-circle.events", description: "whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.desc", size: Sizes.wacomE6.size, sizeNote: Sizes.wacomE6.note,
                    nearestSideEdgeMM: 126.4, begins: [], why: "every touch-down is at least 126.4 mm from the left and right edges: outside the 5 mm zone"),
    // tablets__Wacom_ISDv4_E6_Finger.single-center-scroll.events: 1 contacts; size 277.6x156.9; nearest touch-down to a side edge: 137.1 mm (left)
    RecordedFixture(file: "whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.single-center-scroll.events", description: "whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.desc", size: Sizes.wacomE6.size, sizeNote: Sizes.wacomE6.note,
                    nearestSideEdgeMM: 137.1, begins: [], why: "every touch-down is at least 137.1 mm from the left and right edges: outside the 5 mm zone"),
    // tablets__Wacom_ISDv4_E6_Finger.single-tap-center.events: 1 contacts; size 277.6x156.9; nearest touch-down to a side edge: 126.9 mm (left)
    RecordedFixture(file: "whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.single-tap-center.events", description: "whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.desc", size: Sizes.wacomE6.size, sizeNote: Sizes.wacomE6.note,
                    nearestSideEdgeMM: 126.9, begins: [], why: "every touch-down is at least 126.9 mm from the left and right edges: outside the 5 mm zone"),
    // tablets__Wacom_ISDv4_E6_Finger.single-top-swipe.events: 1 contacts; size 277.6x156.9; nearest touch-down to a side edge: 12.0 mm (left)
    RecordedFixture(file: "whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.single-top-swipe.events", description: "whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.desc", size: Sizes.wacomE6.size, sizeNote: Sizes.wacomE6.note,
                    nearestSideEdgeMM: 12.0, begins: [], why: "the swipe the file name calls top runs left to right along the top: it lands at x = 120 of 0…2776, 0.043 × 277.6 = 12.0 mm from the left edge, outside the 5 mm zone (and 11.4 mm from the top)"),
    // touchpads__AlpsPS2-ALPS-DualPoint-TouchPad-non-MT.doubletap.events: 2 contacts; size 100.0x60.0; nearest touch-down to a side edge: 47.2 mm (left)
    RecordedFixture(file: "whot__evemu-devices__touchpads__AlpsPS2-ALPS-DualPoint-TouchPad-non-MT.doubletap.events", description: nil, size: Sizes.touchpad.size, sizeNote: Sizes.touchpad.note,
                    nearestSideEdgeMM: 47.2, begins: [], why: "every touch-down is at least 47.2 mm from the left and right edges: outside the 5 mm zone"),
    // touchpads__AlpsPS2-ALPS-DualPoint-TouchPad-non-MT.tap.events: 1 contacts; size 100.0x60.0; nearest touch-down to a side edge: 45.3 mm (left)
    RecordedFixture(file: "whot__evemu-devices__touchpads__AlpsPS2-ALPS-DualPoint-TouchPad-non-MT.tap.events", description: nil, size: Sizes.touchpad.size, sizeNote: Sizes.touchpad.note,
                    nearestSideEdgeMM: 45.3, begins: [], why: "every touch-down is at least 45.3 mm from the left and right edges: outside the 5 mm zone"),
    // touchpads__AlpsPS2-ALPS-DualPoint-TouchPad.events: 1 contacts; size 100.0x60.0; nearest touch-down to a side edge: 9.5 mm (right)
    RecordedFixture(file: "whot__evemu-devices__touchpads__AlpsPS2-ALPS-DualPoint-TouchPad.events", description: "whot__evemu-devices__touchpads__AlpsPS2-ALPS-DualPoint-TouchPad.desc", size: Sizes.touchpad.size, sizeNote: Sizes.touchpad.note,
                    nearestSideEdgeMM: 9.5, begins: [], why: "one long touch landing 9.5 mm from the right edge (x = 1811 of 0…2000)"),
    // touchpads__AlpsPS2_ALPS_GlidePoint.2-finger-tap.events: 2 contacts; size 100.0x60.0; nearest touch-down to a side edge: 33.4 mm (right)
    RecordedFixture(file: "whot__evemu-devices__touchpads__AlpsPS2_ALPS_GlidePoint.2-finger-tap.events", description: nil, size: Sizes.touchpad.size, sizeNote: Sizes.touchpad.note,
                    nearestSideEdgeMM: 33.4, begins: [], why: "every touch-down is at least 33.4 mm from the left and right edges: outside the 5 mm zone"),
    // touchpads__AlpsPS2_ALPS_GlidePoint.double-tap.events: 2 contacts; size 100.0x60.0; nearest touch-down to a side edge: 45.8 mm (right)
    RecordedFixture(file: "whot__evemu-devices__touchpads__AlpsPS2_ALPS_GlidePoint.double-tap.events", description: nil, size: Sizes.touchpad.size, sizeNote: Sizes.touchpad.note,
                    nearestSideEdgeMM: 45.8, begins: [], why: "every touch-down is at least 45.8 mm from the left and right edges: outside the 5 mm zone"),
    // touchpads__AlpsPS2_ALPS_GlidePoint.right-edge-scroll.events: 1 contacts; size 100.0x60.0; nearest touch-down to a side edge: 14.1 mm (right)
    RecordedFixture(file: "whot__evemu-devices__touchpads__AlpsPS2_ALPS_GlidePoint.right-edge-scroll.events", description: "whot__evemu-devices__touchpads__AlpsPS2_ALPS_GlidePoint.desc", size: Sizes.touchpad.size, sizeNote: Sizes.touchpad.note,
                    nearestSideEdgeMM: 14.1, begins: [], why: "an edge scroll: lands 14.1 mm from the right edge (x = 1168 of 0…1360) and moves along it"),
    // touchpads__AlpsPS2_ALPS_GlidePoint.single-tap.events: 1 contacts; size 100.0x60.0; nearest touch-down to a side edge: 48.1 mm (right)
    RecordedFixture(file: "whot__evemu-devices__touchpads__AlpsPS2_ALPS_GlidePoint.single-tap.events", description: nil, size: Sizes.touchpad.size, sizeNote: Sizes.touchpad.note,
                    nearestSideEdgeMM: 48.1, begins: [], why: "every touch-down is at least 48.1 mm from the left and right edges: outside the 5 mm zone"),
    // touchpads__CyPS2_Cypress_Trackpad.three_finger_press.events: 3 contacts; size 100.0x60.0; nearest touch-down to a side edge: 22.9 mm (left)
    RecordedFixture(file: "whot__evemu-devices__touchpads__CyPS2_Cypress_Trackpad.three_finger_press.events", description: nil, size: nil, sizeNote: "resolution from the device",
                    nearestSideEdgeMM: 22.9, begins: [], why: "every touch-down is at least 22.9 mm from the left and right edges: outside the 5 mm zone"),
    // touchpads__CyPS2_Cypress_Trackpad.three_finger_tap.events: 1 contacts; size 100.0x60.0; nearest touch-down to a side edge: 40.1 mm (left)
    RecordedFixture(file: "whot__evemu-devices__touchpads__CyPS2_Cypress_Trackpad.three_finger_tap.events", description: nil, size: nil, sizeNote: "resolution from the device",
                    nearestSideEdgeMM: 40.1, begins: [], why: "every touch-down is at least 40.1 mm from the left and right edges: outside the 5 mm zone"),
    // touchpads__CyPS2_Cypress_Trackpad.two_finger_press.events: 2 contacts; size 100.0x60.0; nearest touch-down to a side edge: 36.4 mm (left)
    RecordedFixture(file: "whot__evemu-devices__touchpads__CyPS2_Cypress_Trackpad.two_finger_press.events", description: nil, size: nil, sizeNote: "resolution from the device",
                    nearestSideEdgeMM: 36.4, begins: [], why: "every touch-down is at least 36.4 mm from the left and right edges: outside the 5 mm zone"),
    // touchpads__CyPS2_Cypress_Trackpad.two_finger_tap.events: 2 contacts; size 100.0x60.0; nearest touch-down to a side edge: 42.2 mm (left)
    RecordedFixture(file: "whot__evemu-devices__touchpads__CyPS2_Cypress_Trackpad.two_finger_tap.events", description: nil, size: nil, sizeNote: "resolution from the device",
                    nearestSideEdgeMM: 42.2, begins: [], why: "every touch-down is at least 42.2 mm from the left and right edges: outside the 5 mm zone"),
    // touchpads__ETPS2_Elantech_Touchpad.events: 3 contacts; size 100.0x60.0; nearest touch-down to a side edge: 27.7 mm (right)
    RecordedFixture(file: "whot__evemu-devices__touchpads__ETPS2_Elantech_Touchpad.events", description: "whot__evemu-devices__touchpads__ETPS2_Elantech_Touchpad.desc", size: Sizes.touchpad.size, sizeNote: Sizes.touchpad.note,
                    nearestSideEdgeMM: 27.7, begins: [], why: "every touch-down is at least 27.7 mm from the left and right edges: outside the 5 mm zone"),
    // touchpads__SynPS2_Synaptics_TouchPad-with-scrollbuttons.events: 2 contacts; size 58.3x31.5; nearest touch-down to a side edge: 21.0 mm (left)
    RecordedFixture(file: "whot__evemu-devices__touchpads__SynPS2_Synaptics_TouchPad-with-scrollbuttons.events", description: nil, size: nil, sizeNote: "resolution from the device",
                    nearestSideEdgeMM: 21.0, begins: [], why: "every touch-down is at least 21.0 mm from the left and right edges: outside the 5 mm zone"),
    // touchpads__SynPS2_Synaptics_TouchPad.button-rpress.events: 1 contacts; size 100.0x60.0; nearest touch-down to a side edge: 10.3 mm (left)
    RecordedFixture(file: "whot__evemu-devices__touchpads__SynPS2_Synaptics_TouchPad.button-rpress.events", description: "whot__evemu-devices__touchpads__SynPS2_Synaptics_TouchPad.desc", size: Sizes.touchpad.size, sizeNote: Sizes.touchpad.note,
                    nearestSideEdgeMM: 10.3, begins: [], why: "lands 10.3 mm from the left edge, in the bottom button area, and presses without moving"),
    // touchpads__SynPS2_Synaptics_TouchPad.leftmove.events: 1 contacts; size 100.0x60.0; nearest touch-down to a side edge: 42.8 mm (right)
    RecordedFixture(file: "whot__evemu-devices__touchpads__SynPS2_Synaptics_TouchPad.leftmove.events", description: "whot__evemu-devices__touchpads__SynPS2_Synaptics_TouchPad.desc", size: Sizes.touchpad.size, sizeNote: Sizes.touchpad.note,
                    nearestSideEdgeMM: 42.8, begins: [], why: "every touch-down is at least 42.8 mm from the left and right edges: outside the 5 mm zone"),
    // touchpads__SynPS2_Synaptics_TouchPad.two-finger-vert-scroll.events: 2 contacts; size 100.0x60.0; nearest touch-down to a side edge: 31.5 mm (left)
    RecordedFixture(file: "whot__evemu-devices__touchpads__SynPS2_Synaptics_TouchPad.two-finger-vert-scroll.events", description: "whot__evemu-devices__touchpads__SynPS2_Synaptics_TouchPad.desc", size: Sizes.touchpad.size, sizeNote: Sizes.touchpad.note,
                    nearestSideEdgeMM: 31.5, begins: [], why: "every touch-down is at least 31.5 mm from the left and right edges: outside the 5 mm zone"),
    // touchpads__bcm5974.three-finger-click.events: 4 contacts; size 100.0x60.0; nearest touch-down to a side edge: 31.3 mm (left)
    RecordedFixture(file: "whot__evemu-devices__touchpads__bcm5974.three-finger-click.events", description: nil, size: Sizes.touchpad.size, sizeNote: Sizes.touchpad.note,
                    nearestSideEdgeMM: 31.3, begins: [], why: "every touch-down is at least 31.3 mm from the left and right edges: outside the 5 mm zone"),
    // touchscreens__Atmel_maXTouch_Touchscreen.1-finger-drag-up-down.events: 1 contacts; size 152.4x91.4; nearest touch-down to a side edge: 68.9 mm (left)
    RecordedFixture(file: "whot__evemu-devices__touchscreens__Atmel_maXTouch_Touchscreen.1-finger-drag-up-down.events", description: nil, size: Sizes.atmel.size, sizeNote: Sizes.atmel.note,
                    nearestSideEdgeMM: 68.9, begins: [], why: "every touch-down is at least 68.9 mm from the left and right edges: outside the 5 mm zone"),
    // touchscreens__Atmel_maXTouch_Touchscreen.1-finger-fast-taps.events: 9 contacts; size 152.4x91.4; nearest touch-down to a side edge: 64.9 mm (left)
    RecordedFixture(file: "whot__evemu-devices__touchscreens__Atmel_maXTouch_Touchscreen.1-finger-fast-taps.events", description: nil, size: Sizes.atmel.size, sizeNote: Sizes.atmel.note,
                    nearestSideEdgeMM: 64.9, begins: [], why: "every touch-down is at least 64.9 mm from the left and right edges: outside the 5 mm zone"),
    // touchscreens__Atmel_maXTouch_Touchscreen.2-fingers-touch-release.events: 2 contacts; size 152.4x91.4; nearest touch-down to a side edge: 42.3 mm (left)
    RecordedFixture(file: "whot__evemu-devices__touchscreens__Atmel_maXTouch_Touchscreen.2-fingers-touch-release.events", description: nil, size: Sizes.atmel.size, sizeNote: Sizes.atmel.note,
                    nearestSideEdgeMM: 42.3, begins: [], why: "every touch-down is at least 42.3 mm from the left and right edges: outside the 5 mm zone"),
    // touchscreens__ELAN_CANDO_Windows7.1-finger-drag-up-down.events: 1 contacts; size 474.0x296.0; nearest touch-down to a side edge: 229.1 mm (left)
    RecordedFixture(file: "whot__evemu-devices__touchscreens__ELAN_CANDO_Windows7.1-finger-drag-up-down.events", description: "whot__evemu-devices__touchscreens__ELAN_CANDO_Windows7.desc", size: Sizes.elanCando.size, sizeNote: Sizes.elanCando.note,
                    nearestSideEdgeMM: 229.1, begins: [], why: "every touch-down is at least 229.1 mm from the left and right edges: outside the 5 mm zone"),
    // touchscreens__EP0430M09.1-finger-drag-up-down.events: 1 contacts; size 93.6x56.2; nearest touch-down to a side edge: 44.3 mm (left)
    RecordedFixture(file: "whot__evemu-devices__touchscreens__EP0430M09.1-finger-drag-up-down.events", description: nil, size: Sizes.ep0430m09.size, sizeNote: Sizes.ep0430m09.note,
                    nearestSideEdgeMM: 44.3, begins: [], why: "every touch-down is at least 44.3 mm from the left and right edges: outside the 5 mm zone"),
    // touchscreens__EP0430M09.2-finger-scroll-down.events: 2 contacts; size 93.6x56.2; nearest touch-down to a side edge: 25.5 mm (right)
    RecordedFixture(file: "whot__evemu-devices__touchscreens__EP0430M09.2-finger-scroll-down.events", description: nil, size: Sizes.ep0430m09.size, sizeNote: Sizes.ep0430m09.note,
                    nearestSideEdgeMM: 25.5, begins: [], why: "every touch-down is at least 25.5 mm from the left and right edges: outside the 5 mm zone"),
    // touchscreens__EP0430M09.2-fingers-touch-release.events: 2 contacts; size 93.6x56.2; nearest touch-down to a side edge: 25.3 mm (right)
    RecordedFixture(file: "whot__evemu-devices__touchscreens__EP0430M09.2-fingers-touch-release.events", description: nil, size: Sizes.ep0430m09.size, sizeNote: Sizes.ep0430m09.note,
                    nearestSideEdgeMM: 25.3, begins: [], why: "every touch-down is at least 25.3 mm from the left and right edges: outside the 5 mm zone"),
    // touchscreens__EP0430M09.4-finger-drag-down.events: 4 contacts; size 93.6x56.2; nearest touch-down to a side edge: 14.1 mm (right)
    RecordedFixture(file: "whot__evemu-devices__touchscreens__EP0430M09.4-finger-drag-down.events", description: nil, size: Sizes.ep0430m09.size, sizeNote: Sizes.ep0430m09.note,
                    nearestSideEdgeMM: 14.1, begins: [], why: "every touch-down is at least 14.1 mm from the left and right edges: outside the 5 mm zone"),
    // touchscreens__N-Trig_MultiTouch.1-finger-drag-NW-SE.events: 1 contacts; size 261.0x163.0; nearest touch-down to a side edge: 5.6 mm (left)
    RecordedFixture(file: "whot__evemu-devices__touchscreens__N-Trig_MultiTouch.1-finger-drag-NW-SE.events", description: "whot__evemu-devices__touchscreens__N-Trig_MultiTouch.desc", size: Sizes.nTrig.size, sizeNote: Sizes.nTrig.note,
                    nearestSideEdgeMM: 5.6, begins: [], why: "lands at x = 205 of 0…9600: 0.0214 × 261 = 5.6 mm from the left edge, just outside the 5 mm zone; it then drags diagonally (45°, outside the 30° tolerance) to the far corner"),
    // touchscreens__N-Trig_MultiTouch.2-fingers-touch-release.events: 2 contacts; size 261.0x163.0; nearest touch-down to a side edge: 43.2 mm (left)
    RecordedFixture(file: "whot__evemu-devices__touchscreens__N-Trig_MultiTouch.2-fingers-touch-release.events", description: "whot__evemu-devices__touchscreens__N-Trig_MultiTouch.desc", size: Sizes.nTrig.size, sizeNote: Sizes.nTrig.note,
                    nearestSideEdgeMM: 43.2, begins: [], why: "every touch-down is at least 43.2 mm from the left and right edges: outside the 5 mm zone"),
    // touchscreens__QUANTA_OpticalTouchScreen.events: 9 contacts; size 509.2x286.4; nearest touch-down to a side edge: 33.7 mm (left)
    RecordedFixture(file: "whot__evemu-devices__touchscreens__QUANTA_OpticalTouchScreen.events", description: "whot__evemu-devices__touchscreens__QUANTA_OpticalTouchScreen.desc", size: Sizes.quanta.size, sizeNote: Sizes.quanta.note,
                    nearestSideEdgeMM: 33.7, begins: [], why: "every touch-down is at least 33.7 mm from the left and right edges: outside the 5 mm zone"),
    // touchscreens__QUANTA_OpticalTouchScreen.touch-hover.events: 1 contacts; size 509.2x286.4; nearest touch-down to a side edge: 233.1 mm (right)
    RecordedFixture(file: "whot__evemu-devices__touchscreens__QUANTA_OpticalTouchScreen.touch-hover.events", description: "whot__evemu-devices__touchscreens__QUANTA_OpticalTouchScreen.desc", size: Sizes.quanta.size, sizeNote: Sizes.quanta.note,
                    nearestSideEdgeMM: 233.1, begins: [], why: "every touch-down is at least 233.1 mm from the left and right edges: outside the 5 mm zone"),
    ]
}

import EdgeSwipeDaemon
import FixtureSupport
import Foundation
import Gestures
import TouchInput
import TouchTrace
import TouchModel

/// A recording replayed live, with the pipeline options its offline replay uses.
struct ReplayCase: Sendable, CustomStringConvertible {
    var name: String
    /// The file handed to `evemu-play` (events; for .evemu files the description is skipped by the tool).
    var eventsPath: String
    var descriptionPath: String?
    var options: PipelineOptions
    var description: String { name }

    func trace() throws -> Trace { try TraceReader.read(path: eventsPath, description: descriptionPath) }

    static let packageRoot = Fixtures.packageRoot.path

    /// The synthesised demo: five strokes on the Google Pixel Tablet touchscreen description (resolution 11/mm).
    /// samples/make-demo-sample.py says what each does: complete, cancel, complete, complete, a tap (no swipe).
    static let demo = ReplayCase(name: "demo-back-swipes (touchscreen)",
                                 eventsPath: packageRoot + "/samples/demo-back-swipes.evemu",
                                 descriptionPath: nil, options: PipelineOptions())
    static let demoExpected = ["began left 1", "ended left 1 complete", "began left 1", "ended left 1 cancel",
                               "began left 1", "ended left 1 complete", "began left 1", "ended left 1 complete",
                               "failed left 1 (notInEdgeZone)"]

    /// Recognizers on all four edges, with a configured size (these devices report no resolution).
    static func allEdges(size: PhysicalSize, activationTimeoutMS: Double = 250) -> PipelineOptions {
        var o = PipelineOptions()
        o.configuredSize = size
        o.recognizers = Edge.allCases.map { EdgeSwipeConfig(edges: [$0], activationTimeoutMS: activationTimeoutMS) }
        return o
    }

    /// The recording as an evemu file in which every event carries its frame's SYN_REPORT time (the time the
    /// decoder gives the frame), for `evemu-play`: the tool sleeps before each event whose time differs from the
    /// previous one, and every sleep adds its overhead to the replay (under TCG enough to stretch a 1.2 s swipe
    /// past an activation timeout). With frame times it sleeps once per frame.
    func writeFrameTimedCopy(to path: String) throws {
        var device = try trace().devices[0]
        var frameStart = 0
        for i in device.events.indices where device.events[i].isSynReport {
            for j in frameStart..<i { device.events[j].time = device.events[i].time }
            frameStart = i + 1
        }
        try EvemuWriter.write(device).write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// A real touchscreen recording (Wacom ISDv4 E6, single touch, no resolution): at 100x60 mm its
    /// touch-down is 4.3 mm from the left edge and 7 mm from the top. This slow stroke begins 244 ms after
    /// touch-down, 6 ms inside the default 250 ms activation timeout: too close for a live replay whose timing
    /// jitters by more than that under TCG, so the recognizers here allow 500 ms.
    static let wacom = ReplayCase(
        name: "Wacom ISDv4 E6 single-top-swipe (touchscreen, --size 100x60)",
        eventsPath: Fixtures.path("whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.single-top-swipe.events"),
        descriptionPath: Fixtures.path("whot__evemu-devices__tablets__Wacom_ISDv4_E6_Finger.desc"),
        options: allEdges(size: PhysicalSize(widthMM: 100, heightMM: 60), activationTimeoutMS: 500))

    /// A real touchpad recording (ALPS DualPoint, protocol B, no resolution): a long stroke starting near the
    /// bottom-right corner.
    static let alps = ReplayCase(
        name: "ALPS DualPoint TouchPad (touchpad, --size 100x60)",
        eventsPath: Fixtures.path("whot__evemu-devices__touchpads__AlpsPS2-ALPS-DualPoint-TouchPad.events"),
        descriptionPath: Fixtures.path("whot__evemu-devices__touchpads__AlpsPS2-ALPS-DualPoint-TouchPad.desc"),
        options: allEdges(size: PhysicalSize(widthMM: 100, heightMM: 60)))
}

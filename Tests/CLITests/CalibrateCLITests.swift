import FixtureSupport
import Foundation
import Testing

/// `edgeswipe calibrate --replay` on the N-Trig MultiTouch description (a real panel without axis resolution:
/// 0…9600 × 0…7200) and this project's synthesised traces (Tests/Fixtures/tools/edge_trace.py). At 246 × 184.5 mm
/// both axes are 9600 / 246 = 7200 / 184.5 = 39.02 units per mm, so 39 in the hwdb.
@Suite struct CalibrateCLITests {
    static let description = Fixtures.path("p12tic__xorg-integration-tests__recordings__tablets__N-Trig-MultiTouch.desc")
    static let trace = Fixtures.path("calibration/n-trig-edge-trace.events")

    static let expected = """
        # udev hwdb: put this in /etc/udev/hwdb.d/61-evdev-local.hwdb, then run
        #   systemd-hwdb update && udevadm trigger /dev/input/eventN
        # N-Trig MultiTouch: traced edges, 246x184.5 mm (edgeswipe calibrate)
        evdev:input:b0003v1B96p0001*
         EVDEV_ABS_00=0:9600:39
         EVDEV_ABS_01=0:7200:39
         EVDEV_ABS_35=0:9600:39
         EVDEV_ABS_36=0:7200:39

        # Or, exact and without udev, in the service's configuration (/etc/edgeswipe/edgeswipe.yaml):
        devices:
          - match:
              name: "N-Trig MultiTouch"
            size: 246x184.5


        """

    @Test func theTraceGivesTheHwdbLinesAndTheSizeTheSameOnEveryRun() throws {
        let first = try CLI.run(["calibrate", "--replay", Self.trace, "-d", Self.description, "--size", "246x184.5"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == Self.expected)
        #expect(first.stderr == "")
        let second = try CLI.run(["calibrate", "--replay", Self.trace, "-d", Self.description, "--size", "246x184.5"])
        #expect(second.stdout == first.stdout)
    }

    /// The printed `devices:` entry as the service's configuration: `replay --config` puts the 5 mm band at 5 mm,
    /// so the swipe landing 4.0 mm from the left edge begins and the one landing 7.0 mm in fails (edge_trace.py swipes).
    @Test func replayingWithThePrintedSettingPutsTheBandAtItsMillimetres() throws {
        let dir = NSTemporaryDirectory() + "edgeswipe-calibrate-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let printed = try CLI.run(["calibrate", "--replay", Self.trace, "-d", Self.description, "--size", "246x184.5"])
        let setting = try #require(printed.stdout.range(of: "devices:\n")).lowerBound
        try String(printed.stdout[setting...]).write(toFile: dir + "/config.yaml", atomically: true, encoding: .utf8)
        let replay = try CLI.run(["replay", "--config", dir + "/config.yaml", "--json", "-d", Self.description,
                                  Fixtures.path("calibration/n-trig-left-swipes-4mm-7mm.events")])
        #expect(replay.status == 0, "\(replay.stderr)")
        let gestures = (replay.jsonObjects ?? []).filter { $0["type"] as? String == "gesture" }
        let began = gestures.filter { $0["phase"] as? String == "began" }
        let failed = gestures.filter { $0["phase"] as? String == "failed" }
        #expect(began.count == 1 && failed.count == 1)
        // The landing points in mm are the ones edge_trace.py placed (x 156 and 273 of 9600 over 246 mm).
        #expect((began.first?["startMM"] as? [String: Any])?["x"] as? Double == 4)
        #expect(began.first?["extentMM"] as? Double == 246)
        #expect((failed.first?["startMM"] as? [String: Any])?["x"] as? Double == 7)
        #expect(failed.first?["reason"] as? String == "notInEdgeZone")
        // Without a size the panel has no millimetres, and replay says which setting gives them.
        let bare = try CLI.run(["replay", "-d", Self.description, Fixtures.path("calibration/n-trig-left-swipes-4mm-7mm.events")])
        #expect(bare.status == 1 && bare.stderr.contains("ABS_MT_POSITION_X has resolution 0"))
    }

    @Test func aTraceMissingAnEdgeNamesItAndPrintsNothing() throws {
        let r = try CLI.run(["calibrate", "--replay", Fixtures.path("calibration/n-trig-edge-trace-no-left.events"),
                             "-d", Self.description, "--size", "246x184.5"])
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr == "edgeswipe calibrate: the trace misses the left edge (20 % of its length traced); each edge needs 60 % of its length traced, one finger sliding along it\n")
    }

    @Test(arguments: [
        (["calibrate", "--replay", "x.events"], "--size WxH is required"),
        (["calibrate", "--replay", "x.events", "--size", "5x5"], "--size"),
        (["calibrate", "--replay", "x.events", "--size", "293x165", "/dev/input/event3"], "not both"),
        (["calibrate", "--size", "293x165", "-d", "x.desc"], "--device describes a --replay file"),
        (["calibrate", "--size", "293x165", "--duration", "-1"], "--duration"),
    ])
    func badOptionsAreUsageErrors(arguments: [String], says: String) throws {
        let r = try CLI.run(arguments)
        #expect(r.status == 64)
        #expect(r.stderr.contains(says), "\(r.stderr)")
    }

    @Test func aFileThatIsNoRecordingIsNamed() throws {
        let r = try CLI.run(["calibrate", "--replay", Fixtures.path("LICENSES.md"), "--size", "293x165"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("LICENSES.md"))
    }
}

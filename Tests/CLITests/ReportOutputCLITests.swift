import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Testing

/// `edgeswipe report-output` as a compositor hook runs it: against a running service with `rotation: auto` (the
/// recording's device, waiting to play, follows the only output), a refused value named on the command line, and a
/// socket nobody serves.
@Suite(.serialized) struct ReportOutputCLITests {
    static let recording = Fixtures.path(
        "aosp-mirror__platform_frameworks_base__tests__Input__res__raw__google_pixel_tablet_touchscreen.evemu")

    @Test func theServiceTurnsTheDeviceAndSaysSo() throws {
        let dir = NSTemporaryDirectory() + "edgeswipe-report-output-\(getpid())"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "defaults:\n  rotation: auto\n".write(toFile: dir + "/config.yaml", atomically: true, encoding: .utf8)
        let (child, socket) = try startService(["--config", dir + "/config.yaml", "--replay", Self.recording, "--replay-delay", "600"], in: dir)
        defer { try? child.signal(SIGKILL); _ = try? child.wait() }

        // Hyprland's monitor transform 1 is wl_output's 90: the panel turned 90 degrees clockwise, touches turned by
        // 90, the opposite of sway's `transform 90` (270).
        let hyprland = try CLI.run(["report-output", "--socket", socket, "--output", "DSI-1", "--wl-transform", "1"])
        #expect(hyprland.status == 0, "\(hyprland.stderr)")
        #expect(hyprland.stdout == #"{"devices":[{"device":null,"flipped":false,"pending":false,"rotation":90}],"output":"DSI-1"}"# + "\n")
        let sway = try CLI.run(["report-output", "--socket", socket, "--output", "DSI-1", "--transform", "90"])
        #expect(sway.stdout == #"{"devices":[{"device":null,"flipped":false,"pending":false,"rotation":270}],"output":"DSI-1"}"# + "\n")
        let r = try CLI.run(["report-output", "--socket", socket, "--output", "DSI-1", "--transform", "flipped-270"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == #"{"devices":[{"device":null,"flipped":true,"pending":false,"rotation":270}],"output":"DSI-1"}"# + "\n")
        // Another output does not turn it: only one output may be unnamed, so the device now waits for a name.
        let second = try CLI.run(["report-output", "--socket", socket, "--output", "HDMI-A-1", "--transform", "90"])
        #expect(second.stdout == #"{"devices":[],"output":"HDMI-A-1"}"# + "\n")
        let log = (try? String(contentsOfFile: dir + "/stderr", encoding: .utf8)) ?? ""
        #expect(log.contains("follows its output's rotation, but 2 outputs are reported (DSI-1, HDMI-A-1) and its settings name none: set output: NAME"))
    }

    @Test func badValuesAreUsageErrors() throws {
        let r = try CLI.run(["report-output", "--output", "DSI-1", "--transform", "45"])
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("edgeswipe report-output: --transform '45' must be 0, 90, 180, 270, normal, flipped, flipped-90, flipped-180 or flipped-270\n"))
        let wl = try CLI.run(["report-output", "--output", "DSI-1", "--wl-transform", "8"])
        #expect(wl.status == 64)
        #expect(wl.stderr.hasPrefix("edgeswipe report-output: --wl-transform '8' must be 0 to 7 (wl_output.transform's enum)\n"), "\(wl.stderr)")
        let both = try CLI.run(["report-output", "--output", "DSI-1", "--wl-transform", "1", "--transform", "90"])
        #expect(both.status == 64 && both.stderr.hasPrefix("edgeswipe report-output: --transform and --wl-transform name the same thing: give one\n"))
        let none = try CLI.run(["report-output", "--output", "DSI-1"])
        #expect(none.status == 64 && none.stderr.hasPrefix("edgeswipe report-output: --transform T (or --wl-transform N) is required\n"))
        let missing = try CLI.run(["report-output", "--transform", "90"])
        #expect(missing.status == 64 && missing.stderr.hasPrefix("edgeswipe report-output: --output NAME is required\n"))
    }

    /// Issue 33: --size took any positive size (0.001x0.001), which no output has and which divides into millions
    /// of pixels per mm. A side is 10 mm at least (a watch's screen is about 25 mm).
    @Test(arguments: ["0.001x0.001", "0.3x100", "100x9.9", "1e-300x100"])
    func aSizeNoOutputHasIsAUsageError(_ size: String) throws {
        let r = try CLI.run(["report-output", "--output", "DSI-1", "--transform", "90", "--size", size])
        #expect(r.status == 64, "\(r.status): \(r.stderr)")
        #expect(r.stderr.hasPrefix("edgeswipe report-output: --size '\(size)' must be WxH in millimetres, each side from 10 to 5000, e.g. 344x194\n"),
                "\(r.stderr)")
    }

    @Test func theSmallestSizeIsTaken() throws {
        let socket = NSTemporaryDirectory() + "edgeswipe-report-output-small-\(getpid()).sock"
        let r = try CLI.run(["report-output", "--socket", socket, "--output", "DSI-1", "--transform", "90", "--size", "10x10"])
        #expect(r.status == 1 && r.stderr.contains("connect(\(socket))"), "\(r.stderr)")
    }

    @Test func aSocketNobodyServesIsAFailure() throws {
        let socket = NSTemporaryDirectory() + "edgeswipe-report-output-none-\(getpid()).sock"
        let r = try CLI.run(["report-output", "--socket", socket, "--output", "DSI-1", "--transform", "90"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("connect(\(socket))"), "\(r.stderr)")
    }
}

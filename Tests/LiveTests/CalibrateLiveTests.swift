import FixtureSupport
import Foundation
import Testing
import TouchTrace

extension LiveSuite {
    /// Issue 38, item 5, on a real kernel: a uinput panel without axis resolution (the N-Trig MultiTouch description,
    /// 0…9600 × 0…7200, protocol A) traced along its four edges (Tests/Fixtures/tools/edge_trace.py) while
    /// `edgeswipe calibrate NODE --size 293x165` reads it. At 293 × 165 mm: 9600 / 293 = 32.76 → 33 (0.7 % off) and
    /// 7200 / 165 = 43.64 → 44 (0.8 % off), both within 2 %.
    @Suite struct CalibrateLiveTests {
        static let description = Fixtures.path("p12tic__xorg-integration-tests__recordings__tablets__N-Trig-MultiTouch.desc")
        static let trace = Fixtures.path("calibration/n-trig-edge-trace.events")

        @Test func aTracedPanelGivesTheHwdbLinesItStopsByItselfAndEveryRunAgrees() throws {
            let recording = try TraceReader.read(path: Self.trace, description: Self.description)
            let dir = try makeTempDirectory("calibrate")
            defer { try? FileManager.default.removeItem(atPath: dir) }
            var outputs: [String] = []
            for run in 0..<2 {
                let device = try VirtualDevice(recording.devices[0].description)
                let child = try Child([Tools.edgeswipe, "calibrate", device.node, "--size", "293x165", "--duration", "120"],
                                      output: dir + "/run\(run)")
                try child.waitUntilOpen(device.node)
                try device.play(recording.devices[0].events)
                // It stops when all four edges are traced and the finger lifts, long before --duration.
                #expect(child.wait(seconds: 60) == 0, "edgeswipe calibrate: \(child.stderr)")
                #expect(child.stderr.contains("the left edge is traced (4 of 4)"), "\(child.stderr)")
                outputs.append(child.stdout)
                device.destroy()
            }
            print("live-tests: calibrate: \(outputs[0])")
            #expect(outputs[0].contains("""
                evdev:input:b0003v1B96p0001*
                 EVDEV_ABS_00=0:9600:33
                 EVDEV_ABS_01=0:7200:44
                 EVDEV_ABS_35=0:9600:33
                 EVDEV_ABS_36=0:7200:44
                """))
            #expect(outputs[0].contains("    size: 293x165\n"))
            #expect(outputs[1] == outputs[0])
            // Live and the recording give the same text.
            let offline = try Child([Tools.edgeswipe, "calibrate", "--replay", Self.trace, "-d", Self.description, "--size", "293x165"],
                                    output: dir + "/offline")
            #expect(offline.wait(seconds: 60) == 0)
            #expect(offline.stdout == outputs[0])
        }
    }
}

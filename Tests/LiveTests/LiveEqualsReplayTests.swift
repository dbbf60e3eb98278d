import EdgeSwipeDaemon
import Foundation
import Testing
import TouchInput
import TouchTrace
import TouchModel

extension LiveSuite {
    /// Issue 8, "Live equals replay" and "Recordings agree": uinput devices made from fixture descriptions, the
    /// fixtures written into them by the project and by the real tools (evemu-play, libinput replay), read live by
    /// LiveDevice + LiveSession, `edgeswipe record` and `libinput record`; every reading gives the gestures of the
    /// offline ReplaySession of the same file.
    @Suite struct LiveEqualsReplayTests {
        static let cases: [ReplayCase] = [.demo, .wacom, .alps]

        /// The independent look at the demo: what make-demo-sample.py says each stroke does.
        @Test func demoOfflineReplayIsWhatTheScriptSays() throws {
            let offline = try Offline.gestures(ReplayCase.demo.trace(), options: ReplayCase.demo.options)
            #expect(offline.map(\.key) == ReplayCase.demoExpected)
        }

        /// The project writes the recording through uinput with its recorded timing (one write per event, each
        /// frame at its recorded time); LiveSession reads it.
        @Test(arguments: cases)
        func projectWriterEqualsOfflineReplay(_ c: ReplayCase) throws {
            let trace = try c.trace()
            let offline = try Offline.gestures(trace, options: c.options)
            #expect(!offline.isEmpty)
            let device = try VirtualDevice(trace.devices[0].description)
            let reader = try LiveReader(node: device.node, options: c.options)
            defer { reader.stop() }
            try device.play(trace.devices[0].events)
            reader.waitQuiet()
            let live = reader.snapshot
            print("live-tests: \(c): project writer: \(live.events) events read, gestures \(live.gestures.map(\.key))")
            #expect(agree(live.gestures, offline) == nil, "\(c)")
            #expect(live.synDropped == 0)
        }

        /// evemu-play writes the file into the device node; LiveSession, `edgeswipe record` and `libinput record`
        /// read it at once. The live gestures and the offline replays of both recordings equal the offline replay
        /// of the original file.
        @Test(arguments: cases)
        func evemuPlayAndBothRecordersAgree(_ c: ReplayCase) throws {
            let trace = try c.trace()
            let offline = try Offline.gestures(trace, options: c.options)
            let dir = try makeTempDirectory("record")
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let device = try VirtualDevice(trace.devices[0].description)
            let reader = try LiveReader(node: device.node, options: c.options)
            defer { reader.stop() }
            let ours = try Child([Tools.edgeswipe, "record", device.node, "-o", dir + "/edgeswipe.yaml"], output: dir + "/es")
            let theirs = try Child([Tools.libinput, "record", "-o", dir + "/libinput.yaml", device.node], output: dir + "/li")
            try ours.waitUntilOpen(device.node)
            try theirs.waitUntilOpen(device.node)

            let played = dir + "/played.evemu"
            try c.writeFrameTimedCopy(to: played)
            #expect(try Offline.gestures(path: played, options: c.options).map(\.key) == offline.map(\.key))
            let play = try Child([Tools.evemuPlay, device.node], stdin: .file(played), output: dir + "/play")
            #expect(play.wait(seconds: 120) == 0, "evemu-play: \(play.stderr)")
            reader.waitQuiet()
            #expect(ours.stop(SIGTERM) == 0, "edgeswipe record: \(ours.stderr)")
            #expect(theirs.stop(SIGINT) == 0, "libinput record: \(theirs.stderr)")

            let live = reader.snapshot
            print("live-tests: \(c): evemu-play: \(live.events) events read, gestures \(live.gestures.map(\.key))")
            // evemu-play sleeps before every frame and each sleep adds its overhead: under TCG the replay runs
            // 5-17 % long, so times are compared loosely with the file and exactly with the recordings below
            // (the same kernel stream).
            #expect(agree(live.gestures, offline, fraction: 0.35) == nil, "\(c) live")
            for (who, file) in [("edgeswipe record", "/edgeswipe.yaml"), ("libinput record", "/libinput.yaml")] {
                let recording = try TraceReader.read(path: dir + file)
                #expect(recording.format == .libinputRecord)
                let events = recording.devices.first?.events.count ?? 0
                let steps = try Offline.gestures(recording, options: c.options)
                print("live-tests: \(c): \(who): \(events) events, gestures \(steps.map(\.key))")
                #expect(agree(steps, offline, fraction: 0.35) == nil, "\(c) \(who)")
                #expect(agree(steps, live.gestures, toleranceUs: 20_000, fraction: 0) == nil, "\(c) \(who) vs live")
            }
            // Both recorders saw the same kernel stream.
            let a = try TraceReader.read(path: dir + "/edgeswipe.yaml").devices.first?.events.count
            let b = try TraceReader.read(path: dir + "/libinput.yaml").devices.first?.events.count
            #expect(a == b && a == live.events)

            if c.name == ReplayCase.demo.name {
                // Both recordings through `libinput replay`: libinput's own, and ours (RecordCommand promises a file
                // libinput replay accepts).
                try libinputReplay(dir + "/libinput.yaml", c, offline, dir)
                try libinputReplay(dir + "/edgeswipe.yaml", c, offline, dir)
            }
        }

        /// `libinput replay` of the libinput recording: the tool makes its own uinput device and waits for Enter
        /// (answered through a pipe once LiveSession has the device open).
        private func libinputReplay(_ recording: String, _ c: ReplayCase, _ offline: [GestureStep], _ dir: String) throws {
            let replay = try Child([Tools.libinput, "replay", recording], stdin: .pipe, output: dir + "/replay",
                                   extraEnvironment: ["PYTHONUNBUFFERED=1"])
            defer { replay.stop(SIGTERM) }
            var node: String?
            _ = waitFor(seconds: 120) {
                node = replay.stdout.firstMatch(of: /\/dev\/input\/event[0-9]+/).map { String($0.output) }
                return node != nil || !replay.isRunning
            }
            let replayNode = try #require(node, "libinput replay gave no node: \(replay.stdout) \(replay.stderr)")
            try udevSettle()
            let reader = try LiveReader(node: replayNode, options: c.options)
            defer { reader.stop() }
            replay.writeStdin("\n")
            // After the replay the tool prompts for Enter again: two prompts in all.
            let prompted = waitFor(seconds: 120) { replay.stdout.components(separatedBy: "Hit enter").count >= 3 }
            #expect(prompted, "libinput replay did not finish: \(replay.stdout) \(replay.stderr)")
            reader.waitQuiet()
            let live = reader.snapshot
            let file = URL(fileURLWithPath: recording).lastPathComponent
            print("live-tests: \(c): libinput replay \(file): \(live.events) events read, gestures \(live.gestures.map(\.key))")
            // libinput replay (Python) also sleeps per event: loose times, as for evemu-play.
            #expect(agree(live.gestures, offline, fraction: 0.35) == nil, "\(c) libinput replay \(file)")
        }
    }
}

enum Tools {
    static let libinput = "/usr/bin/libinput"
    static let evemuPlay = "/usr/bin/evemu-play"

    /// The `edgeswipe` binary built next to the test binary (.build/debug).
    static var edgeswipe: String {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if dir.lastPathComponent.hasSuffix(".xctest") { dir = dir.deletingLastPathComponent() }
        let candidate = dir.appendingPathComponent("edgeswipe").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        return ReplayCase.packageRoot + "/.build/debug/edgeswipe"
    }
}

import CEdgeSwipeSys
import EdgeSwipeControl
import EdgeSwipeHaptics
import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Testing
import TouchModel

// Issue 25, "Haptics on a real session bus" and the evdev fallback, on a uinput force-feedback device that
// counts what reaches it: effect uploads (EVIOCSFF, served through UI_BEGIN/END_FF_UPLOAD) and plays (EV_FF
// with value 1). feedbackd finds it as its vibrator through a udev rule (FEEDBACKD_TYPE=vibra, as Debian's
// 90-feedbackd.rules sets for a phone's `vibrator`), so what feedbackd plays under each profile is counted too.

/// A uinput vibrator: FF_RUMBLE and FF_PERIODIC, 16 effects; a thread answers uploads and erases and counts.
final class UinputVibrator: @unchecked Sendable {
    static let name = "EdgeSwipe test vibrator"
    struct Counts: Equatable, CustomStringConvertible {
        var uploads = 0, erases = 0, plays = 0
        var lastUpload: ff_effect?
        static func == (a: Counts, b: Counts) -> Bool { a.uploads == b.uploads && a.erases == b.erases && a.plays == b.plays }
        var description: String { "uploads \(uploads), erases \(erases), plays \(plays)" }
    }

    let node: String
    private let fd: Int32
    private let lock = NSLock()
    private var counts = Counts()
    private var stopping = false
    private let finished = DispatchSemaphore(value: 0)

    init() throws {
        fd = open("/dev/uinput", O_RDWR | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw LiveTestError("open /dev/uinput: errno \(errno)") }
        var setup = uinput_setup()
        setup.id.bustype = UInt16(BUS_VIRTUAL)
        setup.id.vendor = 0x1d6b
        setup.id.product = 0x0125
        setup.ff_effects_max = 16
        withUnsafeMutableBytes(of: &setup.name) { raw in
            for (i, byte) in Self.name.utf8.enumerated() { raw[i] = byte }
        }
        guard edgeswipe_ui_set_evbit(fd, Int32(EV_FF)) == 0, edgeswipe_ui_set_ffbit(fd, Int32(FF_RUMBLE)) == 0,
              edgeswipe_ui_set_ffbit(fd, Int32(FF_PERIODIC)) == 0, edgeswipe_ui_set_ffbit(fd, Int32(FF_SINE)) == 0,
              edgeswipe_ui_set_ffbit(fd, Int32(FF_GAIN)) == 0,
              edgeswipe_ui_dev_setup(fd, &setup) == 0, edgeswipe_ui_dev_create(fd) == 0 else {
            throw LiveTestError("creating the uinput vibrator: errno \(errno)")
        }
        var sysname = [CChar](repeating: 0, count: 64)
        guard edgeswipe_ui_get_sysname(fd, &sysname, UInt32(sysname.count)) >= 0 else { throw LiveTestError("UI_GET_SYSNAME: errno \(errno)") }
        let sysdir = "/sys/devices/virtual/input/" + String(decoding: sysname.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var found: String?
        _ = waitFor(seconds: 10) {
            found = (try? FileManager.default.contentsOfDirectory(atPath: sysdir))?.first { $0.hasPrefix("event") }
            return found.map { FileManager.default.fileExists(atPath: "/dev/input/" + $0) } ?? false
        }
        guard let found else { throw LiveTestError("no event node under \(sysdir)") }
        node = "/dev/input/" + found
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    deinit {
        lock.withLock { stopping = true }
        finished.wait()
        _ = edgeswipe_ui_dev_destroy(fd)
        close(fd)
    }

    var current: Counts { lock.withLock { counts } }

    private func serve() {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while !lock.withLock({ stopping }) {
            guard poll(&pfd, 1, 50) > 0 else { continue }
            var event = input_event()
            while read(fd, &event, MemoryLayout<input_event>.size) == MemoryLayout<input_event>.size {
                handle(event)
            }
        }
        finished.signal()
    }

    private func handle(_ event: input_event) {
        if event.type == UInt16(EV_UINPUT) && event.code == UInt16(UI_FF_UPLOAD) {
            var upload = uinput_ff_upload()
            upload.request_id = UInt32(bitPattern: event.value)
            guard edgeswipe_ui_begin_ff_upload(fd, &upload) == 0 else { return }
            upload.retval = 0
            _ = edgeswipe_ui_end_ff_upload(fd, &upload)
            lock.withLock { counts.uploads += 1; counts.lastUpload = upload.effect }
        } else if event.type == UInt16(EV_UINPUT) && event.code == UInt16(UI_FF_ERASE) {
            var erase = uinput_ff_erase()
            erase.request_id = UInt32(bitPattern: event.value)
            guard edgeswipe_ui_begin_ff_erase(fd, &erase) == 0 else { return }
            erase.retval = 0
            _ = edgeswipe_ui_end_ff_erase(fd, &erase)
            lock.withLock { counts.erases += 1 }
        } else if event.type == UInt16(EV_FF) && event.code < 16 && event.value == 1 {
            lock.withLock { counts.plays += 1 }
        }
    }
}

extension LiveSuite {
    @Suite struct HapticsLiveTests {
        /// A swipe as the observer receives it: arms, disarms, arms again, completes; then a tap at the edge.
        static func feel(_ haptics: Haptics, gesture: Int, pump: () -> Void) {
            let events: [(Int, BackObservation.Kind, Double)] = [
                (gesture, .started, 0), (gesture, .progressed, 16), (gesture, .armed, 120), (gesture, .disarmed, 260),
                (gesture, .armed, 400), (gesture, .invoked, 450), (gesture + 1, .started, 600), (gesture + 1, .cancelled, 640),
            ]
            let base = Monotonic.now()
            for (id, kind, ms) in events {
                let time = base + Microseconds(milliseconds: ms)
                haptics.observe(BackObservation(kind: kind, gestureID: id, frameTime: time), now: time)
                pump()
            }
        }

        @Test func evdevFallbackUploadsOnceAndPlaysOncePerCue() throws {
            let vibrator = try UinputVibrator()
            var reports: [String] = []
            let rumble = try EvdevRumble(path: vibrator.node, pulse: Microseconds(20_000)) { reports.append($0) }
            #expect(waitFor(seconds: 10) { vibrator.current.uploads == 1 })
            let effect = try #require(vibrator.current.lastUpload)
            #expect(effect.type == UInt16(FF_RUMBLE))
            #expect(effect.replay.length == 20)
            let haptics = Haptics(output: rumble)
            Self.feel(haptics, gesture: 1) {}
            // arm, disarm, arm: three plays, no further upload; the tap plays nothing.
            #expect(waitFor(seconds: 10) { vibrator.current.plays == 3 }, "\(vibrator.current)")
            usleep(300_000)
            #expect(vibrator.current == UinputVibrator.Counts(uploads: 1, erases: 0, plays: 3))
            #expect(reports.isEmpty)
        }

        @Test func feedbackdPlaysOncePerCueOnItsVibratorAndNothingWhenSilent() throws {
            let dir = try makeTempDirectory("haptics")
            defer { try? FileManager.default.removeItem(atPath: dir) }
            // feedbackd's vibrator is whatever input device udev gives FEEDBACKD_TYPE=vibra.
            let rule = "/run/udev/rules.d/91-edgeswipe-test-vibra.rules"
            try FileManager.default.createDirectory(atPath: "/run/udev/rules.d", withIntermediateDirectories: true)
            try "SUBSYSTEM==\"input\", KERNEL==\"event*\", ATTRS{name}==\"\(UinputVibrator.name)\", ENV{FEEDBACKD_TYPE}=\"vibra\"\n"
                .write(toFile: rule, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: rule) }
            #expect(try Subprocess.run("/usr/bin/udevadm", ["control", "--reload"]).status == 0)
            let vibrator = try UinputVibrator()
            #expect(try Subprocess.run("/usr/bin/udevadm", ["settle", "--timeout=20"]).status == 0)
            let property = try Subprocess.run("/usr/bin/udevadm", ["info", "--query=property", vibrator.node]).stdout
            #expect(property.contains("FEEDBACKD_TYPE=vibra"), "\(property)")

            let address = "unix:path=\(dir)/bus"
            let bus = try DBusDaemon.start(["--session", "--nofork", "--nosyslog", "--address=\(address)"])
            defer { try? bus.signal(SIGTERM); _ = try? bus.wait() }
            let log = "\(dir)/feedbackd.log"
            let feedbackd = try Spawn.start(["/usr/libexec/feedbackd"],
                                            environment: ["DBUS_SESSION_BUS_ADDRESS=\(address)", "GSETTINGS_BACKEND=memory", "HOME=\(dir)",
                                                          "G_MESSAGES_DEBUG=all"],
                                            fileActions: [.open(fd: 1, path: log, flags: O_WRONLY | O_CREAT), .open(fd: 2, path: log, flags: O_WRONLY | O_CREAT)])
            defer { try? feedbackd.signal(SIGTERM); _ = try? feedbackd.wait() }
            let logText = { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
            #expect(waitFor(seconds: 30) { logText().contains("was acquired") }, "\(logText())")

            let setProfile = { (profile: String) throws in
                let r = try Subprocess.run("/usr/bin/busctl", ["--address=\(address)", "set-property", FeedbackdHaptics.busName,
                                                               FeedbackdHaptics.objectPath, FeedbackdHaptics.interface, "Profile", "s", profile])
                #expect(r.status == 0, "\(r.stderr)")
            }
            // The quiet profile (haptics only): the cue's hint asks for no more than that anyway.
            try setProfile("quiet")
            let loop = try EventLoop()
            var reports: [String] = []
            let driver = try FeedbackdHaptics(loop: loop, address: address) { reports.append($0) }
            let haptics = Haptics(output: driver)
            let pump = { _ = try? loop.runOnce(timeoutMilliseconds: 0) }
            Self.feel(haptics, gesture: 1, pump: pump)
            #expect(waitFor(seconds: 20) { pump(); return driver.answeredCalls == 3 && vibrator.current.plays == 3 },
                    "\(vibrator.current), answered \(driver.answeredCalls)\n\(logText())")
            usleep(500_000)
            let afterQuiet = vibrator.current
            #expect(afterQuiet.plays == 3, "\(afterQuiet)")

            try setProfile("silent")
            Self.feel(haptics, gesture: 3, pump: pump)
            #expect(waitFor(seconds: 20) { pump(); return driver.answeredCalls == 6 }, "answered \(driver.answeredCalls)")
            usleep(500_000)
            // feedbackd received the three cues (its event ids reached 6) and played none of them.
            #expect(driver.lastEventId == 6)
            #expect(vibrator.current.plays == afterQuiet.plays, "\(vibrator.current)")
            #expect(vibrator.current.uploads == afterQuiet.uploads, "\(vibrator.current)")
            #expect(reports.isEmpty)
        }
    }
}

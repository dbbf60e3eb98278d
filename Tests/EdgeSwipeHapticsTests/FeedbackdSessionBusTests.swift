import EdgeSwipeControl
import EdgeSwipeHaptics
import EdgeSwipeSystem
import FixtureSupport
import Glibc
import Testing
import TouchModel

// Issue 25, "Haptics on a real session bus": a private dbus-daemon (session configuration) with Debian's
// feedbackd on it (scripts/deps.sh installs both), and the driver the feedback command uses. feedbackd numbers
// the events it receives from 1 and logs each with the name it looked up; that log, not our own counters, says
// how many calls arrived and whether feedbackd found a feedback for them under the profile in force. The host
// has no vibrator, so feedbackd cannot play the rumble here; the VM check plays it on a uinput vibrator.

private let dbusDaemon = "/usr/bin/dbus-daemon"
private let feedbackd = "/usr/libexec/feedbackd"
private let busctl = "/usr/bin/busctl"

private final class SessionBus {
    let directory: String
    let address: String
    private var children: [ChildProcess] = []
    let feedbackdLog: String

    /// `withFeedbackd` false: a bus with no service files at all, so nothing activates feedbackd either.
    init(withFeedbackd: Bool = true) throws {
        #expect(access(dbusDaemon, X_OK) == 0 && access(feedbackd, X_OK) == 0,
                "dbus-daemon and feedbackd are needed (scripts/deps.sh installs them)")
        var template = Array("/tmp/edgeswipe-haptics-XXXXXX".utf8CString)
        directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        address = "unix:path=\(directory)/bus"
        feedbackdLog = "\(directory)/feedbackd.log"
        var configuration = ["--session"]
        if !withFeedbackd {
            let path = "\(directory)/bare.conf"
            let fd = FileDescriptor(rawValue: try SystemCall.run("open(\(path))") { open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600) })
            _ = try fd.closeAfter { try fd.writeAll(Array(try Self.bareConfiguration(listen: address).utf8)) }
            configuration = ["--config-file=\(path)"]
        }
        children.append(try DBusDaemon.start(configuration + ["--nofork", "--nosyslog", "--address=\(address)"],
                                             logPath: "\(directory)/dbus.log"))
        // The memory GSettings backend: no dconf in a test; the profile is set through feedbackd's property.
        let environment = ["DBUS_SESSION_BUS_ADDRESS=\(address)", "GSETTINGS_BACKEND=memory",
                           "G_MESSAGES_DEBUG=fbd-feedback-manager fbd-feedback-theme", "HOME=\(directory)"]
        children.append(try Spawn.start([feedbackd], environment: environment,
                                        fileActions: [.open(fd: 1, path: feedbackdLog, flags: O_WRONLY | O_CREAT),
                                                      .open(fd: 2, path: feedbackdLog, flags: O_WRONLY | O_CREAT)]))
        guard withFeedbackd else { return }
        try waitFor { self.log().contains("Service name 'org.sigxcpu.Feedback' was acquired") }
    }

    static func withoutFeedbackd() throws -> SessionBus { try SessionBus(withFeedbackd: false) }

    /// Debian's session bus configuration without its service directories and includes: nothing activatable.
    private static func bareConfiguration(listen: String) throws -> String {
        let fd = try FileDescriptor.open("/usr/share/dbus-1/session.conf", .readOnly)
        let text = String(decoding: try fd.closeAfter { try fd.readToEnd(upTo: 1 << 16) }, as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("servicedir") && !$0.contains("includedir") && !$0.contains("<include") }
            .joined(separator: "\n")
    }

    deinit {
        for child in children.reversed() {
            try? child.signal(SIGTERM)
            _ = try? child.wait()
        }
        for file in ["bus", "dbus.log", "feedbackd.log", "bare.conf"] { unlink("\(directory)/\(file)") }
        rmdir(directory)
    }

    func log() -> String {
        guard let fd = try? FileDescriptor.open(feedbackdLog, .readOnly),
              let bytes = try? fd.closeAfter({ try fd.readToEnd(upTo: 1 << 20) }) else { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// feedbackd's lines about our events: "Event 'NAME' for 'APP'" and "No feedback for event NAME".
    func eventLines() -> [String] {
        log().split(separator: "\n").compactMap { line in
            if let r = line.firstRange(of: "Event '") { return "event " + line[r.upperBound...].prefix { $0 != "'" } }
            if let r = line.firstRange(of: "No feedback for event ") { return "none " + line[r.upperBound...] }
            return nil
        }
    }

    func setProfile(_ profile: String) throws {
        let child = try Spawn.start([busctl, "--address=\(address)", "set-property", FeedbackdHaptics.busName,
                                     FeedbackdHaptics.objectPath, FeedbackdHaptics.interface, "Profile", "s", profile])
        #expect(try child.wait() == .exited(0))
    }

    func waitFor(_ condition: () -> Bool) throws {
        var tries = 0
        while !condition() {
            tries += 1
            if tries == 500 { Issue.record("timed out waiting (5 s)"); return }
            usleep(10_000)
        }
    }
}

@Suite(.serialized) struct FeedbackdSessionBusTests {
    /// A swipe that arms, disarms and arms again, then a tap: as the observer receives them.
    private static let swipe: [(BackObservation.Kind, Int)] = [
        (.started, 0), (.progressed, 16), (.armed, 120), (.progressed, 136), (.disarmed, 260), (.armed, 400), (.invoked, 450),
    ]
    private static let tap: [(BackObservation.Kind, Int)] = [(.started, 600), (.cancelled, 640)]

    private func play(_ haptics: Haptics, driver: FeedbackdHaptics, loop: EventLoop, bus: SessionBus, gesture: Int) throws {
        let base = Monotonic.now()
        for (kind, ms) in Self.swipe.map({ ($0.0, $0.1) }) + Self.tap.map({ ($0.0, $0.1) }) {
            let id = kind == .started && ms == 600 ? gesture + 1 : gesture
            let time = base + Microseconds(milliseconds: Double(ms))
            haptics.observe(BackObservation(kind: kind, gestureID: id, frameTime: time), now: time)
        }
        // The loop reads the replies.
        try bus.waitFor {
            _ = try? loop.runOnce(timeoutMilliseconds: 10)
            return driver.pendingCalls == 0
        }
    }

    @Test func exactlyOneFeedbackPerArmAndDisarmAndNoneWhenSilent() throws {
        let bus = try SessionBus()
        let loop = try EventLoop()
        var reports: [String] = []
        let driver = try FeedbackdHaptics(loop: loop, address: bus.address) { reports.append($0) }
        let haptics = Haptics(output: driver)

        try play(haptics, driver: driver, loop: loop, bus: bus, gesture: 1)
        #expect(driver.answeredCalls == 3)
        #expect(driver.lastEventId == 3)  // feedbackd's own count: events 1, 2, 3 and no other
        #expect(bus.eventLines() == ["event button-pressed", "event button-released", "event button-pressed"])

        try bus.setProfile("silent")
        try play(haptics, driver: driver, loop: loop, bus: bus, gesture: 3)
        #expect(driver.answeredCalls == 6)
        #expect(driver.lastEventId == 6)
        // feedbackd received the three and, under `silent`, found no feedback for any.
        #expect(Array(bus.eventLines().dropFirst(3)) == ["event button-pressed", "none button-pressed",
                                                         "event button-released", "none button-released",
                                                         "event button-pressed", "none button-pressed"])
        #expect(reports.isEmpty)
    }

    @Test func withoutFeedbackdTheCueFailsOnceWithAClearReport() throws {
        // A bus with no feedbackd and no activation file for it.
        let bus = try SessionBus.withoutFeedbackd()
        let loop = try EventLoop()
        var reports: [String] = []
        let driver = try FeedbackdHaptics(loop: loop, address: bus.address) { reports.append($0) }
        driver.play(.armed)
        driver.play(.disarmed)
        try bus.waitFor {
            _ = try? loop.runOnce(timeoutMilliseconds: 10)
            return driver.pendingCalls == 0
        }
        #expect(driver.failedCalls == 2)
        // Reported once, though both calls failed.
        #expect(reports.count == 1)
        #expect(reports.first?.hasPrefix("feedbackd: org.freedesktop.DBus.Error.ServiceUnknown (is feedbackd installed?)") == true)
    }

    @Test func noSessionBusIsAClearError() {
        let loop = try! EventLoop()
        #expect(throws: HapticsError.self) {
            try FeedbackdHaptics(loop: loop, address: "unix:path=/nonexistent/edgeswipe-bus") { _ in }
        }
    }
}

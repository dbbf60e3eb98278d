import EdgeSwipeDaemon
import FixtureSupport
import Foundation
import Synchronization
import Testing
import TouchInput

/// On a real kernel with uinput and udev: the VM rig (Tests/VM, EDGESWIPE_VM=1). Skipped elsewhere.
/// Run: Tests/VM/vm-run -- .build/debug/EdgeSwipePackageTests.xctest --testing-library swift-testing --filter DaemonLiveTests
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["EDGESWIPE_VM"] == "1"))
struct DaemonLiveTests {
    private func key(_ name: String) -> UInt16 { EventCodeNames.code(type: EventType.key, named: name)! }

    private func run(_ argv: [String]) throws -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: argv[0])
        p.arguments = Array(argv.dropFirst())
        try p.run()
        p.waitUntilExit()
        return p.terminationStatus
    }

    private func charNumber(_ node: String) -> CharDeviceNumber? {
        var st = stat()
        guard stat(node, &st) == 0 else { return nil }
        let dev = UInt64(st.st_rdev)
        let major = UInt32((dev >> 8) & 0xfff) | UInt32((dev >> 32) & ~0xfff)
        let minor = UInt32(dev & 0xff) | UInt32((dev >> 12) & ~0xff)
        return CharDeviceNumber(major: major, minor: minor)
    }

    @Test func keyBackReachesAReaderThroughUinput() throws {
        let keyboard = try KeyInjector(keys: [KeyCode.keyBack])
        let node = try #require(keyboard.devnode)
        let reader = try LiveDevice(path: node)
        #expect(reader.description.name == "edgeswipe virtual keyboard")
        #expect(reader.description.codes[EventType.key] == [KeyCode.keyBack])
        // The service never opens what it creates: a key device is not a touch surface.
        let d = DeviceSelection.decide(reader.description, node: node, classification: classify(reader.description),
                                       selectors: [DeviceSelector(name: "*")], mode: .all)
        #expect(!d.use)

        try keyboard.tap(KeyCode.keyBack)
        var events: [InputEvent] = []
        let deadline = Date().addingTimeInterval(10)
        while events.count < 4, Date() < deadline {
            _ = try reader.read { events.append($0) }
            if events.count < 4 { usleep(5000) }
        }
        let seen = events.map { [$0.type, $0.code, UInt16(bitPattern: Int16(truncatingIfNeeded: $0.value))] }
        #expect(seen == [[EventType.key, KeyCode.keyBack, 1], [EventType.syn, SynCode.report, 0],
                         [EventType.key, KeyCode.keyBack, 0], [EventType.syn, SynCode.report, 0]])
    }

    /// The shipped udev rule, loaded into the guest's udev: a touchscreen is tagged and the watcher sees it
    /// come and go; a keyboard is never tagged.
    @Test func udevRuleTagsTouchscreensAndTheWatcherFollowsHotplug() throws {
        let rules = Fixtures.packageRoot.appendingPathComponent("udev/70-edgeswipe.rules").path
        try? FileManager.default.createDirectory(atPath: "/etc/udev/rules.d", withIntermediateDirectories: true)
        _ = try? FileManager.default.removeItem(atPath: "/etc/udev/rules.d/70-edgeswipe.rules")
        try FileManager.default.copyItem(atPath: rules, toPath: "/etc/udev/rules.d/70-edgeswipe.rules")
        #expect(try run(["/usr/bin/udevadm", "control", "--reload"]) == 0)

        let changes = Mutex<[UdevTagWatcher.Change]>([])
        let loop = LoopThread { loop in
            let w = try UdevTagWatcher(loop: loop, log: .silent) { c in changes.withLock { $0.append(c) } }
            return (w, nil)
        }
        defer { #expect(loop.stop()) }
        #expect(loop.failure.withLock { $0 } == nil)

        // A keyboard (it can type): udev marks it ID_INPUT_KEYBOARD, the rule leaves it untagged.
        let typing = try KeyInjector(keys: Set(["KEY_A", "KEY_S", "KEY_D", "KEY_ENTER", "KEY_SPACE", "KEY_1"].map(key)))
        let typingNode = try #require(typing.devnode)
        #expect(try run(["/usr/bin/udevadm", "settle", "--timeout=30"]) == 0)
        let typingNumber = try #require(charNumber(typingNode))
        #expect(access("/run/udev/tags/edgeswipe/\(typingNumber.udevID)", F_OK) != 0)

        // A touchscreen from a real description.
        let desc = Fixtures.path("aosp-mirror__platform_frameworks_base__tests__Input__res__raw__google_pixel_tablet_touchscreen.evemu")
        let evemu = Process()
        evemu.executableURL = URL(fileURLWithPath: "/usr/bin/evemu-device")
        evemu.arguments = [desc]
        let out = Pipe()
        evemu.standardOutput = out
        try evemu.run()
        defer { if evemu.isRunning { evemu.terminate() } }
        func waitFor(_ n: Int) {
            let deadline = Date().addingTimeInterval(30)
            while changes.withLock({ $0.count }) < n, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        }
        waitFor(1)
        let added = changes.withLock { $0 }
        guard case .added(let number)? = added.first else {
            Issue.record("no touchscreen tagged: \(added)")
            return
        }
        #expect(access("/run/udev/tags/edgeswipe/\(number.udevID)", F_OK) == 0)
        let line = String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
        let node = try #require(line.split(separator: " ").map(String.init).first { $0.hasPrefix("/dev/input/event") }
                                    .map { $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: ":")) })
        #expect(charNumber(node) == number)

        // Unplug: the tag file goes, and the watcher says so.
        evemu.terminate()
        evemu.waitUntilExit()
        waitFor(2)
        #expect(changes.withLock { $0 } == [.added(number), .removed(number)])
        _ = typing
    }
}

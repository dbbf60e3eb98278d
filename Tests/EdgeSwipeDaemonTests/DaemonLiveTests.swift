import EdgeSwipeDaemon
import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Synchronization
import Testing
import TouchInput
import TouchModel

/// On a real kernel with uinput and udev: the VM rig (Tests/VM, EDGESWIPE_VM=1). Skipped elsewhere.
/// Run: Tests/VM/vm-run -- .build/debug/EdgeSwipePackageTests.xctest --testing-library swift-testing --filter DaemonLiveTests
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["EDGESWIPE_VM"] == "1"))
struct DaemonLiveTests {
    private func key(_ name: String) -> UInt16 { EventCodeNames.code(type: EventType.key, named: name)! }

    /// Runs a program to completion (posix_spawn through `Spawn`; Foundation's Process is avoided:
    /// its run loop could not create its wake-up socket pair in the guest). Returns the exit status.
    private func run(_ argv: [String]) throws -> Int32 {
        try Spawn.start(argv).wait().shellStatus
    }

    private func charNumber(_ node: String) -> CharDeviceNumber? {
        var st = stat()
        guard stat(node, &st) == 0 else { return nil }
        let dev = UInt64(st.st_rdev)
        return CharDeviceNumber(major: DeviceNumber.major(dev), minor: DeviceNumber.minor(dev))
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

        // A touchscreen from a real description, made by evemu-device (which keeps it until killed).
        let desc = Fixtures.path("aosp-mirror__platform_frameworks_base__tests__Input__res__raw__google_pixel_tablet_touchscreen.evemu")
        let evemu = try CommandRunner(log: .silent).spawn(["/usr/bin/evemu-device", desc])
        var evemuReaped = false
        defer {
            if !evemuReaped {
                kill(evemu, SIGTERM)
                var st: Int32 = 0
                waitpid(evemu, &st, 0)
            }
        }
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
        // It is the device evemu made: same name in sysfs as in the description's "N:" line.
        let descText = try String(contentsOfFile: desc, encoding: .utf8)
        let expectedName = descText.split(separator: "\n").first { $0.hasPrefix("N: ") }.map { String($0.dropFirst(3)) }
        let sysName = try? String(contentsOfFile: number.sysPath + "/device/name", encoding: .utf8)
        #expect(sysName?.trimmingCharacters(in: .whitespacesAndNewlines) == expectedName)
        // And udev's database gives its node and properties from the number alone.
        let udevNode = try #require(UdevInputNodes.node(major: number.major, minor: number.minor))
        #expect(udevNode.devnode.hasPrefix("/dev/input/event"))
        #expect(charNumber(udevNode.devnode) == number)
        #expect(udevNode.properties["ID_INPUT_TOUCHSCREEN"] == "1")
        #expect(udevNode.properties["EDGESWIPE_KIND"] == "touchscreen")
        #expect(udevNode.udevRefusal == nil)

        // Unplug: the tag file goes, and the watcher says so.
        kill(evemu, SIGTERM)
        var st: Int32 = 0
        waitpid(evemu, &st, 0)
        evemuReaped = true
        waitFor(2)
        #expect(changes.withLock { $0 } == [.added(number), .removed(number)])
        _ = typing
    }
}

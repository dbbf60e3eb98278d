@testable import EdgeSwipeDaemon
import EdgeSwipeSystem
import Foundation
import Synchronization
import Testing
import TouchModel

@Suite struct UdevTagWatcherTests {
    @Test func deviceNumbersFromUdevIDs() {
        #expect(CharDeviceNumber(udevID: "c13:70") == CharDeviceNumber(major: 13, minor: 70))
        #expect(CharDeviceNumber(udevID: "c13:70")?.charPath == "/dev/char/13:70")
        #expect(CharDeviceNumber(udevID: "b8:0") == nil)
        #expect(CharDeviceNumber(udevID: "+input:input5") == nil)
        #expect(CharDeviceNumber(udevID: "c13") == nil)
        #expect(CharDeviceNumber(udevID: "c13:x") == nil)
    }

    /// A stand-in tag directory in /tmp, changed the way udev changes the real one.
    @Test func hotplugThroughTheTagDirectory() throws {
        let dir = TempDirectory()
        let tags = dir.file("tags")
        let tagDir = tags + "/edgeswipe"
        #expect(mkdir(tags, 0o755) == 0)
        let changes = Mutex<[UdevTagWatcher.Change]>([])
        let initial = Mutex<Set<CharDeviceNumber>>([])
        let loop = LoopThread { loop in
            let w = try UdevTagWatcher(loop: loop, tagDirectory: tagDir, log: .silent) { c in changes.withLock { $0.append(c) } }
            initial.withLock { $0 = w.present }
            return (w, nil)
        }
        defer { #expect(loop.stop()) }
        #expect(loop.failure.withLock { $0 } == nil)
        #expect(initial.withLock { $0 }.isEmpty)

        // Each step waits until the watcher has seen the previous one (no fixed sleeps: the VM rig is slow).
        func waitFor(_ n: Int) {
            let deadline = Date().addingTimeInterval(10)
            while changes.withLock({ $0.count }) < n, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        }
        // The directory does not exist until udev tags a first device.
        #expect(mkdir(tagDir, 0o755) == 0)
        _ = dir.write("tags/edgeswipe/c13:70", "")
        waitFor(1)
        _ = dir.write("tags/edgeswipe/b8:1", "")            // not a character device: ignored
        _ = dir.write("tags/edgeswipe/c13:71", "")
        waitFor(2)
        #expect(unlink(tagDir + "/c13:70") == 0)
        waitFor(3)
        Thread.sleep(forTimeInterval: 0.02)                 // nothing more may follow
        #expect(changes.withLock { $0 } == [.added(CharDeviceNumber(major: 13, minor: 70)),
                                            .added(CharDeviceNumber(major: 13, minor: 71)),
                                            .removed(CharDeviceNumber(major: 13, minor: 70))])
    }

    @Test func devicesTaggedBeforeStartArePresent() throws {
        let dir = TempDirectory()
        #expect(mkdir(dir.file("edgeswipe"), 0o755) == 0)
        _ = dir.write("edgeswipe/c13:65", "")
        _ = dir.write("edgeswipe/c13:64", "")
        #expect(UdevTagWatcher.list(dir.file("edgeswipe")) == [CharDeviceNumber(major: 13, minor: 64),
                                                              CharDeviceNumber(major: 13, minor: 65)])
        let loop = try EventLoop()
        let w = try UdevTagWatcher(loop: loop, tagDirectory: dir.file("edgeswipe"), log: .silent)
        #expect(w.present == [CharDeviceNumber(major: 13, minor: 64), CharDeviceNumber(major: 13, minor: 65)])
    }

    @Test func parsesPackedInotifyRecords() {
        var bytes: [UInt8] = []
        func append(_ wd: Int32, _ mask: UInt32, _ name: String, padTo: Int) {
            withUnsafeBytes(of: wd) { bytes += $0 }
            withUnsafeBytes(of: mask) { bytes += $0 }
            withUnsafeBytes(of: UInt32(0)) { bytes += $0 }
            withUnsafeBytes(of: UInt32(padTo)) { bytes += $0 }
            bytes += Array(name.utf8) + [UInt8](repeating: 0, count: padTo - name.utf8.count)
        }
        append(2, UInt32(IN_CREATE), "c13:70", padTo: 16)
        append(2, UInt32(IN_DELETE), "c13:7", padTo: 16)
        append(1, UInt32(IN_Q_OVERFLOW), "", padTo: 0)
        let records = UdevTagWatcher.parse(bytes[...])
        #expect(records == [.init(wd: 2, mask: UInt32(IN_CREATE), name: "c13:70"),
                            .init(wd: 2, mask: UInt32(IN_DELETE), name: "c13:7"),
                            .init(wd: 1, mask: UInt32(IN_Q_OVERFLOW), name: "")])
        // A truncated trailing record is not invented.
        #expect(UdevTagWatcher.parse(bytes[..<40]).count == 1)
    }
}

@Suite struct UdevNodeLookupTests {
    @Test func nonInputDevicesAndMissingNumbersGiveNothing() throws {
        // 1:3 is /dev/null (subsystem mem): a real device, but not an evdev node.
        #expect(UdevInputNodes.node(major: 1, minor: 3) == nil)
        #expect(UdevInputNodes.node(major: 13, minor: 4095) == nil)
    }
}

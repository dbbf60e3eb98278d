import EdgeSwipeDaemon
import EdgeSwipeSystem
import Foundation
import Testing
import TouchModel

/// Runs on the host (no devices needed): the tag watcher with udev's database directory reports a tagged device
/// only once udev's record for it exists. The VM rig showed udev creating /run/udev/tags/edgeswipe/c13:N about
/// 0.1-0.3 ms before /run/udev/data/c13:N, and `edgeswipe run` then found the device "not initialised" and never
/// opened it.
@Suite struct UdevTagWatcherRecordTests {
    @Test func aTagIsReportedOnlyOnceUdevsRecordExists() throws {
        let root = try makeTempDirectory("udev")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let tags = root + "/tags/edgeswipe", data = root + "/data"
        try FileManager.default.createDirectory(atPath: tags, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        // Present at start, with its record: reported at once.
        _ = FileManager.default.createFile(atPath: tags + "/c13:64", contents: nil)
        _ = FileManager.default.createFile(atPath: data + "/c13:64", contents: Data("E:ID_INPUT=1\n".utf8))

        let loop = try EventLoop()
        var changes: [UdevTagWatcher.Change] = []
        let watcher = try UdevTagWatcher(loop: loop, tagDirectory: tags, databaseDirectory: data, log: .silent) {
            changes.append($0)
        }
        #expect(watcher.present == [CharDeviceNumber(major: 13, minor: 64)])
        #expect(changes == [.added(CharDeviceNumber(major: 13, minor: 64))])
        changes.removeAll()
        func settle() throws { while try loop.runOnce(timeoutMilliseconds: 50) > 0 {} }

        // Tagged first, recorded a moment later (udev writes the record to a temporary file and renames it).
        _ = FileManager.default.createFile(atPath: tags + "/c13:65", contents: nil)
        try settle()
        #expect(changes == [])
        #expect(!watcher.present.contains(CharDeviceNumber(major: 13, minor: 65)))
        _ = FileManager.default.createFile(atPath: data + "/.#c13:65tmp", contents: Data("E:ID_INPUT_TOUCHSCREEN=1\n".utf8))
        try settle()
        #expect(changes == [])
        #expect(rename(data + "/.#c13:65tmp", data + "/c13:65") == 0)
        try settle()
        #expect(changes == [.added(CharDeviceNumber(major: 13, minor: 65))])

        // Tagged and gone before any record: never reported either way.
        _ = FileManager.default.createFile(atPath: tags + "/c13:66", contents: nil)
        try settle()
        #expect(unlink(tags + "/c13:66") == 0)
        try settle()
        _ = FileManager.default.createFile(atPath: data + "/c13:66", contents: nil)
        try settle()
        #expect(changes == [.added(CharDeviceNumber(major: 13, minor: 65))])

        // Unplugged: reported removed.
        #expect(unlink(tags + "/c13:65") == 0)
        try settle()
        #expect(changes == [.added(CharDeviceNumber(major: 13, minor: 65)), .removed(CharDeviceNumber(major: 13, minor: 65))])
        withExtendedLifetime(watcher) {}
    }
}

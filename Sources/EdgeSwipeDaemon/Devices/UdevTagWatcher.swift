#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeSystem
import TouchInput

/// A character device number as udev names it in its database and tag directories: "c13:70".
package struct CharDeviceNumber: Hashable, Sendable, Comparable, CustomStringConvertible {
    package var major: UInt32
    package var minor: UInt32

    package init(major: UInt32, minor: UInt32) {
        self.major = major
        self.minor = minor
    }

    /// From a udev id such as "c13:70"; nil for anything else (block devices "b8:0", "n3", "+input:...").
    package init?(udevID: String) {
        guard udevID.hasPrefix("c") else { return nil }
        let parts = udevID.dropFirst().split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let ma = UInt32(parts[0]), let mi = UInt32(parts[1]) else { return nil }
        self.init(major: ma, minor: mi)
    }

    package var udevID: String { "c\(major):\(minor)" }
    /// udev's stable symlink to the node (e.g. /dev/char/13:70 -> ../input/event6).
    package var charPath: String { "/dev/char/\(major):\(minor)" }
    /// The sysfs directory of the device.
    package var sysPath: String { "/sys/dev/char/\(major):\(minor)" }
    package var description: String { udevID }
    package static func < (a: Self, b: Self) -> Bool { (a.major, a.minor) < (b.major, b.minor) }
}

/// Hotplug for the sandboxed service: watches udev's tag directory (/run/udev/tags/edgeswipe) with inotify.
///
/// With PrivateNetwork=yes the service has its own network namespace, and udev's netlink events do not
/// reach it, so a udev monitor (and libinput's udev backend) would see no hotplug at all. udev creates
/// /run/udev/tags/<tag>/c13:N once it has processed a device carrying the tag (rules applied, node
/// permissions set, database written) and removes it when the device goes away: a file appearing is
/// "ready to open", a file vanishing is "gone".
package final class UdevTagWatcher {
    package enum Change: Hashable, Sendable {
        case added(CharDeviceNumber)
        case removed(CharDeviceNumber)
    }

    package let tagDirectory: String
    /// The inotify descriptor, owned and closed by its registration.
    private let inotify: LoopRegistration
    private var fd: Int32 { inotify.descriptor.rawValue }
    private var tagWatch: Int32 = -1
    private var parentWatch: Int32 = -1
    private let log: DaemonLog
    /// Devices currently tagged (and recorded, with `databaseDirectory`), as last seen.
    package private(set) var present: Set<CharDeviceNumber> = []
    package var onChange: ((Change) -> Void)?
    /// udev's database directory (/run/udev/data), when set. udev creates a device's tag file a moment before it
    /// writes the device's database record (seen in the VM rig: 0.1-0.3 ms), and until then libudev calls the
    /// device uninitialised, without its ID_INPUT_* properties. With it, a tagged device is reported added only
    /// once its record exists.
    package let databaseDirectory: String?
    private var databaseWatch: Int32 = -1
    /// Tagged, but udev's record is not written yet: reported when it is.
    private var awaitingRecord: Set<CharDeviceNumber> = []

    /// Starts watching. If the tag directory does not exist yet (no tagged device was ever seen), its
    /// parent is watched until it appears. `present` holds the devices tagged at start.
    package init(loop: EventLoop, tagDirectory: String = "/run/udev/tags/edgeswipe", databaseDirectory: String? = nil,
                log: DaemonLog, onChange: ((Change) -> Void)? = nil) throws {
        self.tagDirectory = tagDirectory
        self.databaseDirectory = databaseDirectory
        self.log = log
        self.onChange = onChange
        let fd = try SystemCall.run("inotify_init1") { inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) }
        inotify = LoopRegistration(loop: loop, descriptor: FileDescriptor(rawValue: fd), name: "udev tags")
        let parent = String(tagDirectory[..<(tagDirectory.lastIndex(of: "/") ?? tagDirectory.startIndex)])
        parentWatch = try SystemCall.run("inotify_add_watch(\(parent))") {
            inotify_add_watch(fd, parent.isEmpty ? "/" : parent, UInt32(IN_CREATE | IN_MOVED_TO | IN_ONLYDIR))
        }
        if let db = databaseDirectory {
            do {
                databaseWatch = try SystemCall.run("inotify_add_watch(\(db))") {
                    inotify_add_watch(fd, db, UInt32(IN_CREATE | IN_MOVED_TO | IN_ONLYDIR))
                }
            } catch {
                log.warning("\(error): devices are reported as soon as they are tagged")
            }
        }
        watchTagDirectory()
        try inotify.register(events: .readable) { [unowned self] _ in self.readEvents() }
    }

    /// Adds the watch on the tag directory if it exists, and reconciles `present` with its listing
    /// (entries may have appeared before the watch did).
    private func watchTagDirectory() {
        guard tagWatch < 0 else { return }
        // Fails while the directory does not exist yet: the parent's watch reports when it appears.
        guard let wd = try? SystemCall.run("inotify_add_watch(\(tagDirectory))", {
            inotify_add_watch(fd, tagDirectory, UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | IN_ONLYDIR))
        }) else { return }
        tagWatch = wd
        for number in UdevTagWatcher.list(tagDirectory) { tagged(number) }
    }

    /// A tag appeared: reported now, or once udev's record for it exists.
    private func tagged(_ number: CharDeviceNumber) {
        guard !present.contains(number), !awaitingRecord.contains(number) else { return }
        // Not through SystemCall: access(2) is asked yes or no, and any failure (ENOENT above all) means no record yet.
        if databaseWatch >= 0, let db = databaseDirectory, access("\(db)/\(number.udevID)", F_OK) != 0 {
            awaitingRecord.insert(number)
            log.debug("\(number): tagged; waiting for udev's database record")
            return
        }
        present.insert(number)
        onChange?(.added(number))
    }

    private func untagged(_ number: CharDeviceNumber) {
        if awaitingRecord.remove(number) != nil { return }   // never reported
        if present.remove(number) != nil { onChange?(.removed(number)) }
    }

    /// The tagged character devices in a directory, sorted.
    package static func list(_ directory: String) -> [CharDeviceNumber] {
        // readdir's NULL is the end (an error there ends the listing too: the inotify watch reports what comes after).
        guard let names = try? DirectoryEntries.names(of: directory) else { return [] }
        return names.compactMap { CharDeviceNumber(udevID: $0) }.sorted()
    }

    private func readEvents() {
        var buffer = [UInt8](repeating: 0, count: 8192)
        while true {
            let read: Int?
            do {
                read = try buffer.withUnsafeMutableBytes { (raw) throws(SystemError) in try inotify.descriptor.read(into: raw) }
            } catch {
                log.error("udev tags: \(error)")
                return
            }
            guard let n = read, n > 0 else { return }   // drained
            for e in UdevTagWatcher.parse(buffer[..<n]) { handle(e) }
        }
    }

    private func handle(_ e: InotifyRecord) {
        if e.mask & UInt32(IN_Q_OVERFLOW) != 0 {
            log.warning("udev tag watch overflowed; rescanning \(tagDirectory)")
            rescan()
            return
        }
        if e.wd == databaseWatch {
            if let number = CharDeviceNumber(udevID: e.name), awaitingRecord.remove(number) != nil {
                present.insert(number)
                onChange?(.added(number))
            }
            return
        }
        if e.wd == parentWatch {
            if tagDirectory.hasSuffix("/" + e.name) { watchTagDirectory() }
            return
        }
        guard e.wd == tagWatch else { return }
        if e.mask & UInt32(IN_IGNORED) != 0 {
            // The directory itself went away (udev database cleared): everything is gone; wait for it again.
            tagWatch = -1
            rescan()
            return
        }
        guard let number = CharDeviceNumber(udevID: e.name) else { return }
        if e.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
            tagged(number)
        } else if e.mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
            untagged(number)
        }
    }

    private func rescan() {
        let now = Set(UdevTagWatcher.list(tagDirectory))
        for gone in present.union(awaitingRecord).subtracting(now).sorted() { untagged(gone) }
        watchTagDirectory()
        // A record written while events were lost: awaiting devices are checked again.
        let awaiting = awaitingRecord
        awaitingRecord.removeAll()
        for new in now.subtracting(present).union(awaiting).sorted() { tagged(new) }
    }

    /// One `struct inotify_event`: int wd; uint32 mask, cookie, len; char name[len] (NUL-padded).
    struct InotifyRecord: Hashable {
        var wd: Int32
        var mask: UInt32
        var name: String
    }

    static func parse(_ bytes: ArraySlice<UInt8>) -> [InotifyRecord] {
        var out: [InotifyRecord] = []
        var i = bytes.startIndex
        // Native byte order, as the kernel wrote it.
        func u32(_ at: Int) -> UInt32 {
            bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at - bytes.startIndex, as: UInt32.self) }
        }
        while bytes.endIndex - i >= 16 {
            let len = Int(u32(i + 12))
            guard bytes.endIndex - i >= 16 + len else { break }
            let nameBytes = bytes[(i + 16)..<(i + 16 + len)].prefix { $0 != 0 }
            out.append(InotifyRecord(wd: Int32(bitPattern: u32(i)), mask: u32(i + 4),
                                     name: String(decoding: nameBytes, as: UTF8.self)))
            i += 16 + len
        }
        return out
    }
}

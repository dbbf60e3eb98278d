import EdgeSwipeDoctor
import FixtureSupport
import Foundation
import Glibc
import Testing

/// Issue 39, item 3, the gathering: dconf databases made by `dconf compile` (Tests/Fixtures/desktop/*.keyfile are
/// their sources, so the expected values are the keyfiles' own), and which of the user's files are read, with
/// what a file that cannot be read leaves in the notes.
@Suite struct DesktopReadingTests {
    static let alice = InvokingUser(uid: 1000, gid: 1000, groups: [1000])

    func database(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: Fixtures.url("desktop/" + name))) }

    @Test func aDconfDatabaseGivesTheKeyfilesValues() throws {
        let values = try DconfDatabase.values(try database("dconf-user-gesture-improvements"))
        #expect(values["/org/gnome/shell/enabled-extensions"] == .strings(["ding@rastersoft.com", "gestureImprovements@gestures",
                                                                          "appindicatorsupport@rgcjonas.gmail.com"]))
        #expect(values["/org/gnome/shell/disabled-extensions"] == .strings(["windowgestures@extension.amarullz.com"]))
        #expect(values["/org/gnome/desktop/interface/color-scheme"] == .string("prefer-dark"))
        #expect(values["/org/gnome/desktop/interface/text-scaling-factor"] == .other("d"))
        #expect(values.count == 5)
        let off = try DconfDatabase.values(try database("dconf-user-extensions-off"))
        #expect(off["/org/gnome/shell/disable-user-extensions"] == .bool(true))
    }

    @Test func aDamagedOrForeignDatabaseIsAnErrorNotACrash() throws {
        #expect(throws: DconfDatabase.Failure.notADatabase) { try DconfDatabase.values(Array("[org/gnome/shell]\n".utf8)) }
        #expect(throws: DconfDatabase.Failure.notADatabase) { try DconfDatabase.values([]) }
        let real = try database("dconf-user-gesture-improvements")
        // Every cut of the real file, and every byte of its header and table turned to 0xFF: an answer or an
        // error, never a crash.
        for length in stride(from: 0, to: real.count, by: 7) { _ = try? DconfDatabase.values(Array(real[0..<length])) }
        for at in 8..<min(real.count, 0x160) {
            var bent = real
            bent[at] = 0xFF
            _ = try? DconfDatabase.values(bent)
        }
        var loop = real
        // The root item's parent (item 5: its field at 0x4c + 5 * 24 + 4 holds 0xFFFFFFFF, "no parent") pointed at itself.
        let parentAt = 0x4c + 5 * 24 + 4
        #expect(Array(loop[parentAt..<parentAt + 4]) == [0xFF, 0xFF, 0xFF, 0xFF])
        loop.replaceSubrange(parentAt..<parentAt + 4, with: [5, 0, 0, 0])
        #expect(throws: DconfDatabase.Failure.damaged("a key's parents do not end at the root")) { try DconfDatabase.values(loop) }
    }

    /// A reader over files in memory.
    final class Files: @unchecked Sendable {
        var files: [String: Result<[UInt8], UserFileReader.Failure>]
        var asked: [String] = []
        init(_ files: [String: Result<[UInt8], UserFileReader.Failure>]) { self.files = files }
        func read(_ path: String, _ limit: Int) -> Result<[UInt8], UserFileReader.Failure> {
            asked.append(path)
            return files[path] ?? .failure(.cannotOpen("No such file or directory (errno 2)"))
        }
    }

    @Test func kwinrcIsReadWhenKWinRunsOrNoDesktopDoes() {
        let files = Files(["/home/alice/.config/kwinrc": .success(Array("[TouchEdges]\nLeft=ShowDesktop\n".utf8))])
        let kwin = ProcessFact(pid: 5, name: "kwin_wayland", arguments: ["/usr/bin/kwin_wayland", "--xwayland"], uid: 1000)
        let sway = ProcessFact(pid: 6, name: "sway", arguments: ["sway"], uid: 1000)
        let read = { (p: [ProcessFact]) in
            DesktopReading.read(processes: p, home: "/home/alice", xdgConfigHome: nil, user: Self.alice, environment: { _ in nil },
                                reader: files.read)
        }
        #expect(read([kwin]).kwinrc?.path == "/home/alice/.config/kwinrc")
        #expect(read([]).kwinrc?.text == "[TouchEdges]\nLeft=ShowDesktop\n")
        // The user runs sway: KWin's file is not theirs now.
        files.asked = []
        #expect(read([sway]).kwinrc == nil)
        #expect(files.asked == [])
        // Another user's KWin beside the user's sway changes nothing.
        var bobs = kwin
        bobs.uid = 1001
        #expect(read([sway, bobs]).kwinrc == nil)
    }

    @Test func anUnreadableOrHugeFileIsANoteNamingIt() {
        let files = Files(["/x/kwinrc": .failure(.cannotOpen("Permission denied (errno 13)")),
                           "/x/inputactions/config.yaml": .failure(.tooLarge(bytes: 5 << 20, limit: 1 << 20)),
                           "/x/dconf/user": .success(Array("not a database".utf8))])
        let shell = ProcessFact(pid: 9, name: "gnome-shell", arguments: ["/usr/bin/gnome-shell"], uid: 1000)
        let facts = DesktopReading.read(processes: [shell], home: "/home/alice", xdgConfigHome: "/x", user: Self.alice,
                                        environment: { $0 == "XDG_CURRENT_DESKTOP" ? "GNOME" : nil }, reader: files.read)
        // GNOME Shell runs: no KWin files are asked for; the dconf database is, and it is not one.
        #expect(files.asked == ["/x/dconf/user"])
        #expect(facts.gnome == GnomeFact(settingsSource: "/x/dconf/user"))
        #expect(facts.notes == ["did not read GNOME's settings /x/dconf/user: not a dconf database (no GVariant signature)"])
        #expect(facts.currentDesktop == "GNOME")
        let none = DesktopReading.read(processes: [], home: nil, xdgConfigHome: "/x", user: Self.alice, environment: { _ in nil },
                                       reader: files.read)
        #expect(none.notes == ["did not read KWin configuration /x/kwinrc: Permission denied (errno 13)",
                               "did not read InputActions configuration /x/inputactions/config.yaml: 5242880 bytes, more than the 1048576 read"])
    }

    @Test func aRealFileOverTheBoundIsNotRead() throws {
        let dir = "/tmp/edgeswipe-desktop-\(getpid())"
        defer { _ = system("rm -rf '\(dir)'") }
        #expect(system("mkdir -p '\(dir)' && head -c 2097152 /dev/zero | tr '\\000' '#' > '\(dir)/kwinrc'") == 0)
        let me = InvokingUser(uid: getuid(), gid: getgid(), groups: [getgid()])
        let facts = DesktopReading.read(processes: [], home: nil, xdgConfigHome: dir, user: me, environment: { _ in nil })
        #expect(facts.kwinrc == nil)
        #expect(facts.notes == ["did not read KWin configuration \(dir)/kwinrc: 2097152 bytes, more than the 1048576 read"])
    }
}

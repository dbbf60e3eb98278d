import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Glibc
import Testing

/// Issue 39, item 3, as a user runs it: `edgeswipe doctor` with a fake HOME under a KDE session (a script named
/// `kwin_wayland`, the kernel names the process after it) reads that HOME's `kwinrc`; under GNOME (a script named
/// `gnome-shell` that answers `--version` as GNOME Shell 43 does) it reads the dconf database and asks the version.
@Suite(.serialized) struct DoctorDesktopCLITests {
    let dir = "/tmp/edgeswipe-doctor-desktop-\(getpid())"

    /// Starts `bin/NAME` of `dir` (a shell script) and waits until /proc names it so.
    func start(_ name: String) throws -> ChildProcess {
        let child = try Spawn.start(["\(dir)/bin/\(name)"], fileActions: [.open(fd: 0, path: "/dev/null", flags: O_RDONLY)])
        for _ in 0..<200 where (try? String(contentsOfFile: "/proc/\(child.pid)/comm", encoding: .utf8)) != name + "\n" { usleep(10_000) }
        return child
    }

    func doctor(_ environment: [String]) throws -> [String: Any] {
        let path = "\(dir)/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let r = try Subprocess.run("/usr/bin/env", ["-u", "SUDO_UID", "-u", "PKEXEC_UID", "-u", "XDG_CONFIG_HOME", "PATH=\(path)"] + environment
                                   + [CLI.binary.path, "doctor", "--json", "--no-grab-check", "--socket", "\(dir)/none.sock"])
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        return try #require(object, "\(r.stdout) \(r.stderr)")
    }

    func findings(_ json: [String: Any]) -> [[String: Any]] { (json["findings"] as? [[String: Any]]) ?? [] }

    @Test func aKDESessionsKwinrcTouchEdgeOnTheLeftIsAFinding() throws {
        defer { _ = system("rm -rf '\(dir)'") }
        #expect(system("""
            set -e; rm -rf '\(dir)'; mkdir -p '\(dir)/bin' '\(dir)/home/.config'
            printf '#!/bin/sh\\nsleep 60\\n' > '\(dir)/bin/kwin_wayland'; chmod 755 '\(dir)/bin/kwin_wayland'
            cp '\(Fixtures.path("desktop/kwinrc-touchedges-left"))' '\(dir)/home/.config/kwinrc'
            """) == 0)
        let kwin = try start("kwin_wayland")
        defer { try? kwin.signal(SIGKILL); _ = try? kwin.wait() }
        let json = try doctor(["HOME=\(dir)/home"])
        let kwinrc = findings(json).filter { $0["code"] as? String == "kwinTouchEdge" }
        #expect(kwinrc.count == 1, "\(json)")
        #expect(kwinrc.first?["subject"] as? String == "\(dir)/home/.config/kwinrc:9")
        #expect(kwinrc.first?["severity"] as? String == "problem")
        #expect(json["ok"] as? Bool == false)
    }

    @Test func aGNOMESessionsExtensionsAndVersionAreRead() throws {
        defer { _ = system("rm -rf '\(dir)'") }
        #expect(system("""
            set -e; rm -rf '\(dir)'; mkdir -p '\(dir)/bin' '\(dir)/home/.config/dconf'
            printf '#!/bin/sh\\n[ "$1" = --version ] && { echo "GNOME Shell 43.9"; exit 0; }\\nsleep 60\\n' > '\(dir)/bin/gnome-shell'
            chmod 755 '\(dir)/bin/gnome-shell'
            cp '\(Fixtures.path("desktop/dconf-user-gesture-improvements"))' '\(dir)/home/.config/dconf/user'
            """) == 0)
        let shell = try start("gnome-shell")
        defer { try? shell.signal(SIGKILL); _ = try? shell.wait() }
        let json = try doctor(["HOME=\(dir)/home"])
        let extensions = findings(json).filter { $0["code"] as? String == "gnomeGestureExtension" }
        #expect(extensions.map { $0["subject"] as? String } == ["gestureImprovements@gestures"], "\(json)")
        let notes = (json["notes"] as? [String]) ?? []
        #expect(notes.contains("GNOME Shell 43.9 runs; enabled extensions (\(dir)/home/.config/dconf/user): ding@rastersoft.com, "
                               + "gestureImprovements@gestures, appindicatorsupport@rgcjonas.gmail.com"), "\(notes)")
    }
}

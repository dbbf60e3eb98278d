import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Glibc
import Testing

/// Issue 33 item 6: `edgeswipe doctor` run as root for a user (sudo sets SUDO_UID) follows only that user's
/// compositors and reads their files with that user's rights: a `sway -c FILE` of the user's that the user
/// cannot read (a root-only file, or one in a directory they cannot enter) is not read, and another user's
/// sway is not followed at all. The compositors are shell scripts named `sway` (the kernel names the process
/// after the script), started as uid 65534 or 65533 by setpriv. Before: every such file was read as root.
@Suite(.serialized) struct DoctorAsRootCLITests {
    let dir = "/tmp/edgeswipe-doctor-root-\(getpid())"

    func setUp() throws {
        #expect(system("""
            set -e; rm -rf '\(dir)'; mkdir -p '\(dir)/bin' '\(dir)/private' '\(dir)/home'; chmod 755 '\(dir)' '\(dir)/bin'
            chmod 700 '\(dir)/private'; printf '#!/bin/sh\\nsleep 60\\n' > '\(dir)/bin/sway'; chmod 755 '\(dir)/bin/sway'
            for f in private/secret.conf rootonly.conf open.conf; do printf 'output * bg #000000 solid_color\\n' > '\(dir)/'$f; done
            chmod 644 '\(dir)/private/secret.conf' '\(dir)/open.conf'; chmod 600 '\(dir)/rootonly.conf'
            """) == 0)
    }

    /// The doctor's notes with a fake sway of `uid` started with `-c config`, run for SUDO_UID=65534.
    func notes(swayUID: UInt32, config: String) throws -> [String] {
        let sway = try Spawn.start(["/usr/bin/setpriv", "--reuid=\(swayUID)", "--regid=\(swayUID)", "--clear-groups",
                                    "\(dir)/bin/sway", "-c", config],
                                   fileActions: [.open(fd: 0, path: "/dev/null", flags: O_RDONLY)])
        defer { try? sway.signal(SIGKILL); _ = try? sway.wait() }
        // The script is running once /proc shows it under its name.
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: "/proc/\(sway.pid)/comm")
            || (try? String(contentsOfFile: "/proc/\(sway.pid)/comm", encoding: .utf8)) != "sway\n" {
            usleep(10_000)
        }
        let r = try Subprocess.run("/usr/bin/env", ["SUDO_UID=65534", "SUDO_GID=65534", "HOME=\(dir)/home", "XDG_CONFIG_HOME=",
                                                    CLI.binary.path, "doctor", "--json", "--no-grab-check",
                                                    "--socket", "\(dir)/none.sock"])
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        return try #require(object?["notes"] as? [String], "\(r.stdout) \(r.stderr)")
    }

    @Test func asRootTheInvokingUsersRightsDecideWhatIsRead() throws {
        guard geteuid() == 0 else { return }  // setpriv and the uid switch need root (CI runs as root)
        try setUp()
        defer { _ = system("rm -rf '\(dir)'") }
        let open = try notes(swayUID: 65534, config: "\(dir)/open.conf")
        #expect(open.contains("read sway configuration \(dir)/open.conf"), "\(open)")
        for hidden in ["\(dir)/private/secret.conf", "\(dir)/rootonly.conf"] {
            let n = try notes(swayUID: 65534, config: hidden)
            #expect(!n.contains { $0.contains("read sway configuration \(hidden)") }, "\(n)")
            #expect(n.contains("did not read sway file \(hidden): Permission denied (errno 13)"), "\(n)")
        }
        // Another user's sway: not followed, even to a file anyone may read.
        let other = try notes(swayUID: 65533, config: "\(dir)/open.conf")
        #expect(!other.contains { $0.contains("\(dir)/open.conf") }, "\(other)")
    }
}

/// Issue 33, gap: the doctor asked `swaymsg` for the outputs without a deadline. A `swaymsg` that never answers
/// is stopped after the doctor's deadline and named in a note; the doctor goes on and answers.
@Suite(.serialized) struct DoctorToolDeadlineCLITests {
    @Test func aCompositorToolThatNeverAnswersIsStopped() throws {
        let dir = "/tmp/edgeswipe-doctor-deadline-\(getpid())"
        defer { _ = system("rm -rf '\(dir)'") }
        #expect(system("""
            set -e; mkdir -p '\(dir)/bin'; printf '#!/bin/sh\\nsleep 60\\n' > '\(dir)/bin/sway'
            printf '#!/bin/sh\\necho $$ > \(dir)/swaymsg.pid\\nexec sleep 600\\n' > '\(dir)/bin/swaymsg'; chmod 755 '\(dir)/bin/sway' '\(dir)/bin/swaymsg'
            """) == 0)
        let sway = try Spawn.start(["\(dir)/bin/sway"], fileActions: [.open(fd: 0, path: "/dev/null", flags: O_RDONLY)])
        defer { try? sway.signal(SIGKILL); _ = try? sway.wait() }
        for _ in 0..<200 where (try? String(contentsOfFile: "/proc/\(sway.pid)/comm", encoding: .utf8)) != "sway\n" { usleep(10_000) }
        let path = "\(dir)/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let r = try Subprocess.run("/usr/bin/env", ["-u", "SUDO_UID", "-u", "PKEXEC_UID", "PATH=\(path)", CLI.binary.path, "doctor",
                                                    "--json", "--no-grab-check", "--socket", "\(dir)/none.sock"])
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let notes = try #require(object?["notes"] as? [String], "\(r.stdout) \(r.stderr)")
        #expect(notes.contains("did not learn the compositor's outputs: 'swaymsg -t get_outputs -r' did not finish within 2000 ms (it was stopped)"),
                "\(notes)")
        // The tool was stopped (and reaped), not left running.
        let pid = try #require(Int32((try? String(contentsOfFile: "\(dir)/swaymsg.pid", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
    }
}

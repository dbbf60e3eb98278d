import EdgeSwipeDoctor
import Foundation
import Glibc
import Testing

/// Issue 33 item 6 and its low item: the compositor files the doctor reads. Only the invoking user's compositors
/// are followed (another user's `sway -c FILE` is not theirs to read, least of all as root), each file once,
/// within a bound on files and bytes (a Hyprland configuration with 400 `source =` lines of one large file read
/// it 400 times: 430 MB), and a file is looked at before anything opens it (a device node or a FIFO is refused).
@Suite struct CompositorConfigReadingTests {
    static let alice = InvokingUser(uid: 1000, gid: 1000, groups: [1000])

    /// A reader over files in memory that counts what it was asked.
    final class Files: @unchecked Sendable {
        var texts: [String: String]
        var asked: [String] = []
        init(_ texts: [String: String]) { self.texts = texts }
        func read(_ path: String, _ limit: Int) -> Result<String, UserFileReader.Failure> {
            asked.append(path)
            guard let text = texts[path] else { return .failure(.cannotOpen("No such file or directory (errno 2)")) }
            guard text.utf8.count <= limit else { return .failure(.tooLarge(bytes: text.utf8.count, limit: limit)) }
            return .success(text)
        }
    }

    @Test func anotherUsersCompositorIsNotFollowed() {
        let files = Files(["/root/secret": "bind = , edge:l:r, exec, x\n", "/home/alice/.config/sway/config": "# alice\n"])
        let bobs = ProcessFact(pid: 7, name: "sway", arguments: ["sway", "-c", "/root/secret"], uid: 1001)
        let read = CompositorConfigReading.read(processes: [bobs], home: "/home/alice", xdgConfigHome: nil, user: Self.alice,
                                                reader: files.read)
        #expect(!files.asked.contains("/root/secret"))
        // None of Alice's compositors runs: her own default places are read.
        #expect(read.files.map(\.path) == ["/home/alice/.config/sway/config"])
        // Her own sway's -c file is followed.
        let hers = ProcessFact(pid: 8, name: "sway", arguments: ["sway", "-c", "/root/secret"], uid: 1000)
        let own = CompositorConfigReading.read(processes: [bobs, hers], home: "/home/alice", xdgConfigHome: nil, user: Self.alice,
                                               reader: files.read)
        #expect(own.files.map(\.path) == ["/root/secret"])
    }

    @Test func eachSourcedFileIsReadOnceWithinTheBounds() {
        let big = String(repeating: "# padding line of a large sourced file\n", count: 27_000)  // 1.05 MB: over a file's bound
        let sourcing = String(repeating: "source = /etc/hypr/big.conf\n", count: 400)
            + (1...30).map { "source = /etc/hypr/part\($0).conf\n" }.joined()
        var texts = ["/home/alice/.config/hypr/hyprland.conf": sourcing, "/etc/hypr/big.conf": big]
        for k in 1...30 { texts["/etc/hypr/part\(k).conf"] = String(repeating: "x", count: 300_000) + "\n" }
        let files = Files(texts)
        let hyprland = ProcessFact(pid: 9, name: "Hyprland", arguments: ["Hyprland"], uid: 1000)
        let read = CompositorConfigReading.read(processes: [hyprland], home: "/home/alice", xdgConfigHome: nil, user: Self.alice,
                                                reader: files.read)
        #expect(files.asked.filter { $0 == "/etc/hypr/big.conf" }.count == 1)
        // big.conf is over the 1 MiB a file may have; the parts are 300 001 bytes: 13 fit in the 4 MiB with the main file.
        let mainBytes = sourcing.utf8.count
        let fitting = (4 << 20 - mainBytes) / 300_001
        #expect(read.files.count == 1 + min(fitting, CompositorConfigReading.maxFiles - 1))
        #expect(read.files.map(\.text.utf8.count).reduce(0, +) <= 4 << 20)
        #expect(read.notes.contains { $0.hasPrefix("did not read /etc/hypr/big.conf") || $0.contains("big.conf") })
        #expect(read.notes.contains { $0.hasPrefix("did not read \(30 - (read.files.count - 1)) more compositor files") }, "\(read.notes)")
    }

    @Test func aFileIsLookedAtBeforeItIsOpened() throws {
        let dir = "/tmp/edgeswipe-userfile-\(getpid())"
        defer { _ = system("rm -rf '\(dir)'") }
        #expect(system("mkdir -p '\(dir)' && mkfifo '\(dir)/fifo' && printf 'output * bg x\\n' > '\(dir)/plain'") == 0)
        let me = InvokingUser(uid: getuid(), gid: getgid(), groups: [getgid()])
        // A FIFO with no writer: opening it for reading would block or read nothing; it is refused unopened.
        #expect(UserFileReader.read(path: "\(dir)/fifo", maxBytes: 1 << 20, as: me) == .failure(.notARegularFile))
        #expect(UserFileReader.read(path: "/dev/null", maxBytes: 1 << 20, as: me) == .failure(.notARegularFile))
        #expect(UserFileReader.read(path: "\(dir)/plain", maxBytes: 1 << 20, as: me) == .success("output * bg x\n"))
        #expect(UserFileReader.read(path: "\(dir)/plain", maxBytes: 4, as: me) == .failure(.tooLarge(bytes: 14, limit: 4)))
        #expect(UserFileReader.read(path: "\(dir)/none", maxBytes: 4, as: me) == .failure(.cannotOpen("No such file or directory (errno 2)")))
    }
}

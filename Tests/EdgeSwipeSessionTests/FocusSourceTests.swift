#if canImport(Glibc)
import Glibc
#endif
@testable import EdgeSwipeSession
import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Testing
import TouchModel

/// A listening Unix socket on the test's loop that hands each accepted client to `onClient` and each read to
/// `onRead`: a fake sway IPC socket or a fake Hyprland socket.
final class FakeSocket {
    let path: String
    let loop: EventLoop
    private var listener: LoopRegistration?
    private(set) var clients: [LoopRegistration] = []
    var onClient: (LoopRegistration) -> Void = { _ in }
    var onRead: (LoopRegistration, [UInt8]) -> Void = { _, _ in }

    init(loop: EventLoop, path: String) throws {
        self.loop = loop
        self.path = path
        let fd = try UnixSocketListen.listening(at: path)
        let registration = LoopRegistration(loop: loop, descriptor: fd, name: "fake socket")
        try registration.register(events: .readable) { [unowned self] _ in accept() }
        listener = registration
    }

    deinit {
        listener?.close()
        unlink(path)
    }

    private func accept() {
        guard let fd = try? listener?.descriptor.accept() else { return }
        let client = LoopRegistration(loop: loop, descriptor: fd, name: "fake socket client")
        clients.append(client)
        try? client.register(events: .readable) { [unowned self, unowned client] _ in
            var chunk = [UInt8](repeating: 0, count: 4096)
            guard let n = try? chunk.withUnsafeMutableBytes({ try client.descriptor.read(into: $0) }), n > 0 else {
                client.close()
                return
            }
            onRead(client, Array(chunk.prefix(n)))
        }
        onClient(client)
    }
}

/// The sources' I/O against fake sockets: what they read from the wire, in the pieces a socket gives it.
@Suite(.serialized) struct FocusSourceTests {
    static func directory() -> String {
        let d = NSTemporaryDirectory() + "edgeswipe-focus-src-\(getpid())-\(UUID().uuidString.prefix(8))"
        mkdir(d, 0o700)
        return d
    }

    static func run(_ loop: EventLoop, seconds: Double = 5) throws {
        let guardTimer = try DeadlineTimer(loop: loop) { _ in
            Issue.record("the scenario did not end within \(seconds) s")
            loop.stop()
        }
        try guardTimer.arm(at: Monotonic.now() + Microseconds(seconds: seconds))
        try loop.run()
        withExtendedLifetime(guardTimer) {}
    }

    static func frame(_ type: UInt32, _ payload: [UInt8]) -> [UInt8] {
        let n = UInt32(payload.count)
        return Array("i3-ipc".utf8) + withUnsafeBytes(of: n.littleEndian, Array.init) + withUnsafeBytes(of: type.littleEndian, Array.init) + payload
    }

    @Test func swaySubscribesAsksTheTreeAndFollowsTheFocusReadInPieces() throws {
        let loop = try EventLoop()
        let dir = Self.directory()
        let sway = try FakeSocket(loop: loop, path: dir + "/sway-ipc.sock")
        var asked: [UInt8] = []
        let tree = Array(try Data(contentsOf: Fixtures.url("sway-ipc/get-tree-three-apps.json")))
        let events = String(decoding: try Data(contentsOf: Fixtures.url("sway-ipc/window-events.jsonl")), as: UTF8.self).split(separator: "\n")
        sway.onRead = { client, bytes in
            asked += bytes
            // Both requests come at once: subscribe ["window"] (2), then get_tree (4).
            guard asked.count >= 14 + 10 + 14 else { return }
            var wire = Self.frame(2, Array(#"{"success":true}"#.utf8)) + Self.frame(4, tree)
            // The real events after it: view 7 focused (line 7), then view 7 closed by a made-up close.
            wire += Self.frame(0x8000_0003, Array(events[6].utf8))
            wire += Self.frame(0x8000_0003, Array(#"{"change":"title","container":{"id":7,"app_id":"org.edgeswipe.TestAdw","name":"Renamed","pid":14554}}"#.utf8))
            wire += Self.frame(0x8000_0003, Array(#"{"change":"close","container":{"id":7}}"#.utf8))
            // In pieces of 7, 3, 97, 1 and 500 bytes in turn, each its own write: headers and payloads cut
            // everywhere (not all tiny: a Unix socket's buffer holds a few hundred writes, not thousands).
            var at = 0, piece = 0
            let sizes = [7, 3, 97, 1, 500]
            while at < wire.count {
                let end = min(at + sizes[piece % sizes.count], wire.count)
                #expect((try? client.descriptor.sendAll(wire[at..<end])) == end - at)
                at = end
                piece += 1
            }
        }
        var seen: [FocusedWindow?] = []
        var said: [String] = []
        let source = try SwayFocusSource(loop: loop, path: sway.path, say: { said.append($0) }) { window in
            seen.append(window)
            if seen.count == 4 { loop.stop() }
        }
        try Self.run(loop)
        #expect(asked == Self.frame(2, Array(#"["window"]"#.utf8)) + Self.frame(4, []))
        #expect(seen == [FocusedWindow(appID: "org.qt-project.qmlscene", title: "EdgeSwipe test: Kirigami", pid: 14647),
                         FocusedWindow(appID: "org.edgeswipe.TestAdw", title: "EdgeSwipe test: libadwaita", pid: 14554),
                         FocusedWindow(appID: "org.edgeswipe.TestAdw", title: "Renamed", pid: 14554),
                         nil])
        #expect(said.isEmpty, "\(said)")
        withExtendedLifetime(source) {}
        rmdir(dir)
    }

    @Test func swaySaysABadStreamAndStops() throws {
        let loop = try EventLoop()
        let dir = Self.directory()
        let sway = try FakeSocket(loop: loop, path: dir + "/sway-ipc.sock")
        sway.onRead = { client, _ in _ = try? client.descriptor.sendAll(Array("HTTP/1.1 400 Bad Request\r\n\r\n".utf8)) }
        var said: [String] = []
        let source = try SwayFocusSource(loop: loop, path: sway.path, say: { said.append($0); loop.stop() }) { _ in }
        try Self.run(loop)
        #expect(said == ["sway IPC (\(sway.path)): not i3-ipc (bad magic): the focus is no longer reported"])
        withExtendedLifetime(source) {}
        rmdir(dir)
    }

    @Test func hyprlandReportsTheLineAtOnceAndThePidFromItsAnswer() throws {
        let loop = try EventLoop()
        let dir = Self.directory()
        let events = try FakeSocket(loop: loop, path: dir + "/.socket2.sock")
        let requests = try FakeSocket(loop: loop, path: dir + "/.socket.sock")
        var asked: [String] = []
        var answers = [#"{"address":"0x5500aa","class":"foot","title":"~","pid":300}"#,
                       #"{"address":"0x5500bb","class":"org.kde.dolphin","title":"Home — Dolphin","pid":4321}"#]
        requests.onRead = { client, bytes in
            asked.append(String(decoding: bytes, as: UTF8.self))
            // One request a connection: the answer, then Hyprland closes it.
            _ = try? client.descriptor.sendAll(Array(answers.removeFirst().utf8))
            client.close()
        }
        var seen: [FocusedWindow?] = []
        events.onClient = { _ in }
        let source = try HyprlandFocusSource(loop: loop, directory: dir, say: { Issue.record("said: \($0)") }) { window in
            seen.append(window)
            switch seen.count {
            case 1:
                // The focus at start (foot, with its pid) known: a change comes as its two lines, cut mid-line.
                let wire = Array("workspace>>1\nactivewindow>>org.kde.dolphin,Home — Dolphin\nactivewindowv2>>5500bb\n".utf8)
                _ = try? events.clients.first?.descriptor.sendAll(wire[0..<20])
                _ = try? events.clients.first?.descriptor.sendAll(wire[20...])
            case 3:
                _ = try? events.clients.first?.descriptor.sendAll(Array("activewindow>>,\nactivewindowv2>>\n".utf8))
            case 4:
                loop.stop()
            default:
                break
            }
        }
        try Self.run(loop)
        #expect(asked == ["j/activewindow", "j/activewindow"])
        #expect(seen == [FocusedWindow(appID: "foot", title: "~", pid: 300),
                         FocusedWindow(appID: "org.kde.dolphin", title: "Home — Dolphin"),
                         FocusedWindow(appID: "org.kde.dolphin", title: "Home — Dolphin", pid: 4321),
                         nil])
        withExtendedLifetime(source) {}
        rmdir(dir)
    }
}

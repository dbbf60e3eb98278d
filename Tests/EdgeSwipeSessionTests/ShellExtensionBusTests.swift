#if canImport(Glibc)
import Glibc
#endif
import CSystemdBus
import EdgeSwipeBus
import EdgeSwipeControl
import EdgeSwipeFeedback
@testable import EdgeSwipeSession
import EdgeSwipeSystem
import EdgeSwipeWayland
import FixtureSupport
import Gestures
import Testing
import TouchModel

/// GNOME Shell with EdgeSwipe's extension as the bus sees it: a connection owning org.gnome.Shell with the
/// extension's object (desktop/gnome-shell/edgeswipe@edgeswipe.org/extension.js: GetVersion, ShowArrow, HideArrow,
/// GetFocus, the FocusChanged signal). `name`: another name, for a client posing as the Shell.
private final class FakeShell {
    struct Show: Equatable {
        var connector, side: String
        var centreY, reach, halfHeight: Double
        var body, chevron: UInt32
    }
    private var bus: OpaquePointer?
    var focus: (Bool, String, String, Int32) = (false, "", "", 0)
    private(set) var shows: [Show] = []
    private(set) var hides: [UInt32] = []
    private(set) var focusCalls = 0
    /// False: the object is not there (the extension is not enabled): calls get UnknownObject.
    var exported: Bool

    init(on session: PrivateSessionBus, name: String = ShellExtension.busName, exported: Bool = true) throws {
        self.exported = exported
        var connection: OpaquePointer?
        #expect(sd_bus_new(&connection) >= 0)
        let b = try #require(connection)
        #expect(sd_bus_set_address(b, session.address) >= 0 && sd_bus_set_bus_client(b, 1) >= 0 && sd_bus_start(b) >= 0)
        bus = b
        let context = Unmanaged.passUnretained(self).toOpaque()
        #expect(sd_bus_add_object(b, nil, ShellExtension.path, { message, context, _ in
            guard let message, let context else { return 0 }
            return Unmanaged<FakeShell>.fromOpaque(context).takeUnretainedValue().handle(message)
        }, context) >= 0)
        #expect(sd_bus_request_name(b, name, 0) >= 0)
    }

    deinit {
        if let bus { sd_bus_flush_close_unref(bus) }
    }

    func process() {
        guard let bus else { return }
        while sd_bus_process(bus, nil) > 0 {}
        sd_bus_flush(bus)
    }

    func emitFocus(_ f: (Bool, String, String, Int32)) {
        guard let bus else { return }
        var signal: OpaquePointer?
        #expect(sd_bus_message_new_signal(bus, &signal, ShellExtension.path, ShellExtension.interface, "FocusChanged") >= 0)
        guard let signal else { return }
        defer { sd_bus_message_unref(signal) }
        appendFocus(signal, f)
        #expect(sd_bus_send(bus, signal, nil) >= 0)
        sd_bus_flush(bus)
    }

    private func appendFocus(_ m: OpaquePointer, _ f: (Bool, String, String, Int32)) {
        var flag: Int32 = f.0 ? 1 : 0
        var pid = f.3
        sd_bus_message_append_basic(m, BusMessage.type("b"), &flag)
        _ = BusMessage.append(m, "s", f.1)
        _ = BusMessage.append(m, "s", f.2)
        sd_bus_message_append_basic(m, BusMessage.type("i"), &pid)
    }

    private func handle(_ message: OpaquePointer) -> Int32 {
        guard let member = sd_bus_message_get_member(message).map({ String(cString: $0) }) else { return 0 }
        guard exported else {
            return "org.freedesktop.DBus.Error.UnknownObject".withCString { name in
                "no object at \(ShellExtension.path)".withCString { text in
                    var error = sd_bus_error(name: name, message: text, _need_free: 0)
                    return sd_bus_reply_method_error(message, &error)
                }
            }
        }
        var reply: OpaquePointer?
        guard sd_bus_message_new_method_return(message, &reply) >= 0, let reply else { return -ENOMEM }
        defer { sd_bus_message_unref(reply) }
        let read = BusReplyReader(message)
        switch member {
        case "GetVersion":
            var version: UInt32 = 1
            sd_bus_message_append_basic(reply, BusMessage.type("u"), &version)
        case "GetFocus":
            focusCalls += 1
            appendFocus(reply, focus)
        case "ShowArrow":
            shows.append(Show(connector: read.string(), side: read.string(), centreY: read.double(), reach: read.double(),
                              halfHeight: read.double(), body: read.uint32(), chevron: read.uint32()))
        case "HideArrow":
            hides.append(read.uint32())
        default:
            return 0
        }
        return sd_bus_send(nil, reply, nil)
    }
}

/// Reads a message's arguments in order (a test's reader: 0 and "" for what is not there).
private struct BusReplyReader {
    let message: OpaquePointer
    init(_ message: OpaquePointer) { self.message = message }
    func string() -> String { BusMessage.readString(message, "s") ?? "" }
    func double() -> Double {
        var v = 0.0
        return sd_bus_message_read_basic(message, BusMessage.type("d"), &v) > 0 ? v : .nan
    }
    func uint32() -> UInt32 {
        var v: UInt32 = 0
        return sd_bus_message_read_basic(message, BusMessage.type("u"), &v) > 0 ? v : .max
    }
}

/// Issue 39: `edgeswipe feedback` on GNOME draws the arrow and reads the focus through EdgeSwipe's Shell
/// extension. These run the session program's pieces (ShellArrow, ShellFocusSource) against a fake Shell on a
/// private session bus; Tests/Desktop/gnome-shell-check runs them against the real GNOME Shell 43.
@Suite(.serialized) struct ShellExtensionBusTests {
    /// Turns the loop and the fake until `condition` holds (5 s at most).
    private func pump(_ loop: EventLoop, _ shells: [FakeShell], until condition: () -> Bool) {
        for _ in 0..<500 {
            _ = try? loop.runOnce(timeoutMilliseconds: 5)
            shells.forEach { $0.process() }
            if condition() { return }
            usleep(2_000)
        }
        Issue.record("timed out waiting (5 s)")
    }

    /// A 1600 × 1000 logical-pixel output for a 160 × 100 mm screen: 10 px per mm both ways.
    private static let output: OutputInfo = {
        var o = OutputInfo()
        o.name = "eDP-1"
        o.modeWidth = 1600
        o.modeHeight = 1000
        return o
    }()

    @Test func aSwipeIsShownPictureByPictureThenHiddenAfterItsLeavingAnimation() throws {
        let session = try PrivateSessionBus()
        let shell = try FakeShell(on: session)
        let loop = try EventLoop()
        let bus = try BusConnection(loop: loop, bus: .address(session.address))
        var clock = Microseconds(1_000_000)
        var said: [String] = []
        let arrow = try ShellArrow(bus: bus, loop: loop, outputs: { [Self.output] }, outputName: "eDP-1",
                                   clock: { clock }, say: { said.append($0) })
        arrow.screenSize = PhysicalSize(widthMM: 160, heightMM: 100)
        pump(loop, [shell]) { said.contains { $0.hasPrefix("arrow: GNOME Shell extension edgeswipe@edgeswipe.org, interface version 1") } }

        arrow.observe(BackObservation(kind: .started, gestureID: 7, edge: .left, progress: 0, positionMM: Point(x: 1, y: 50)))
        arrow.observe(BackObservation(kind: .armed, gestureID: 7, edge: .left, progress: 0.25, positionMM: Point(x: 20, y: 30), armed: true))
        pump(loop, [shell]) { shell.shows.count == 2 }
        // At 10 px/mm: the bulge's half height 16 mm / 2 = 80 px; the reach 4 mm at progress 0 (40 px), 4 + 8 ·
        // 0.25 / 0.5 = 8 mm at 0.25 (80 px); the centre line at the finger, 50 mm = 500 px, then 30 mm = 300 px.
        // Colours, straight bytes: the body 0.55 · 255 = 140 (0x8C) of 0.12 · 255 = 31 (0x1F); the chevron 0.9 →
        // 230 (0xE6) of 0.85 → 217 (0xD9); armed, 0.95 → 242 (0xF2) of (0.10, 0.45, 0.91) → (26, 115, 232) and white.
        #expect(shell.shows == [
            FakeShell.Show(connector: "eDP-1", side: "left", centreY: 500, reach: 40, halfHeight: 80, body: 0x8C1F_1F1F, chevron: 0xE6D9_D9D9),
            FakeShell.Show(connector: "eDP-1", side: "left", centreY: 300, reach: 80, halfHeight: 80, body: 0xF21A_73E8, chevron: 0xFFFF_FFFF),
        ])

        // The end: the leaving animation (150 ms), a picture per 60 Hz tick of the loop when it differs from the
        // last one (this clock stands still between the steps below, so the ticks in between send nothing), then
        // HideArrow(0).
        arrow.observe(BackObservation(kind: .invoked, gestureID: 7, edge: .left, progress: 0.6, positionMM: Point(x: 40, y: 30), armed: true))
        pump(loop, [shell]) { shell.shows.count == 3 }
        // Presence 1 at the end's arrival: the reach is the end's, 4 + 8 = 12 mm (progress 0.6 is past 0.5).
        #expect(shell.shows.last?.reach == 120)
        clock = clock + Microseconds(milliseconds: 75)
        pump(loop, [shell]) { shell.shows.count == 4 }
        // Half way: presence 0.5, the reach and the colours' alpha halved (0.95 · 0.5 · 255 = 121 = 0x79).
        #expect(shell.shows.last?.reach == 60)
        #expect(shell.shows.last?.body == 0x791A_73E8)
        clock = clock + Microseconds(milliseconds: 75)
        pump(loop, [shell]) { shell.hides.count == 1 }
        #expect(shell.hides == [0])
        #expect(shell.shows.count == 4)
        #expect(!said.contains { $0.contains("refused") })
    }

    @Test func anExtensionThatDoesNotAnswerIsSaidWithTheWayOutAndTheShellIsAskedToEnableIt() throws {
        let session = try PrivateSessionBus()
        let shell = try FakeShell(on: session, exported: false)
        let loop = try EventLoop()
        let bus = try BusConnection(loop: loop, bus: .address(session.address))
        var said: [String] = []
        let arrow = try ShellArrow(bus: bus, loop: loop, outputs: { [Self.output] }, outputName: nil, say: { said.append($0) })
        pump(loop, [shell]) { said.count == 2 }
        withExtendedLifetime(arrow) {}
        #expect(said.first?.hasPrefix("the EdgeSwipe GNOME Shell extension (edgeswipe@edgeswipe.org) does not answer: enable it with `gnome-extensions enable edgeswipe@edgeswipe.org`") == true)
        // The fake has no org.gnome.Shell.Extensions at /org/gnome/Shell: the Shell's refusal is said, named.
        #expect(said.last?.hasPrefix("the Shell did not enable edgeswipe@edgeswipe.org: org.freedesktop.DBus.Error.") == true)
    }

    @Test func theFocusComesFromGetFocusThenFromTheShellsSignalsOnly() throws {
        let session = try PrivateSessionBus()
        let shell = try FakeShell(on: session)
        let impostor = try FakeShell(on: session, name: "org.example.NotTheShell")
        shell.focus = (true, "org.gnome.TextEditor", "Untitled", 4242)
        let loop = try EventLoop()
        let bus = try BusConnection(loop: loop, bus: .address(session.address))
        var seen: [FocusedWindow?] = []
        var said: [String] = []
        let source = try ShellFocusSource(bus: bus, say: { said.append($0) }) { seen.append($0) }
        pump(loop, [shell, impostor]) { seen.count == 1 }
        #expect(shell.focusCalls == 1)
        #expect(seen == [FocusedWindow(appID: "org.gnome.TextEditor", title: "Untitled", pid: 4242)])

        // The match rule reaches the bus asynchronously, before GetFocus's reply (sent after it on one connection).
        impostor.emitFocus((true, "evil", "lies", 1))
        shell.emitFocus((true, "org.kde.kate", "notes.txt", 0))
        shell.emitFocus((false, "", "", 0))
        pump(loop, [shell, impostor]) { seen.count == 3 }
        // pid 0 is no pid; nothing focused is nil; the impostor's signal is not seen.
        #expect(seen == [FocusedWindow(appID: "org.gnome.TextEditor", title: "Untitled", pid: 4242),
                         FocusedWindow(appID: "org.kde.kate", title: "notes.txt", pid: nil), nil])
        #expect(said.isEmpty)
        withExtendedLifetime(source) {}
    }

    @Test func getFocusFailingIsSaidAndTheSignalsStillCount() throws {
        let session = try PrivateSessionBus()
        let shell = try FakeShell(on: session, exported: false)
        let loop = try EventLoop()
        let bus = try BusConnection(loop: loop, bus: .address(session.address))
        var seen: [FocusedWindow?] = []
        var said: [String] = []
        let source = try ShellFocusSource(bus: bus, say: { said.append($0) }) { seen.append($0) }
        pump(loop, [shell]) { said.count == 1 }
        #expect(said.first?.hasPrefix("focus: GetFocus failed (org.freedesktop.DBus.Error.UnknownObject: no object at /org/edgeswipe/Shell); the EdgeSwipe GNOME Shell extension") == true)
        usleep(50_000)
        shell.emitFocus((true, "firefox", "Mozilla Firefox", 77))
        pump(loop, [shell]) { seen.count == 1 }
        #expect(seen == [FocusedWindow(appID: "firefox", title: "Mozilla Firefox", pid: 77)])
        withExtendedLifetime(source) {}
    }
}

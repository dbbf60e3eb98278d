#if canImport(Glibc)
import Glibc
#endif
import CSystemdBus
import EdgeSwipeBus
@testable import EdgeSwipeSession
import EdgeSwipeSystem
import Testing
import TouchModel

/// KWin as EdgeSwipe's script sees it, on a private session bus: a connection owning org.kde.KWin that serves
/// /Scripting (unloadScript, loadScript: it keeps the path, the name and the file's text) and runs a loaded script
/// at /0 as KWin 5.27 does. "Running" the script is what a test then makes it do: call KWinFocus on
/// org.edgeswipe.Feedback from this connection, as the script's callDBus does.
private final class FakeKWin {
    private var bus: OpaquePointer?
    private(set) var loaded: [(path: String, name: String, text: String)] = []
    private(set) var unloaded: [String] = []
    private(set) var runs = 0
    /// The answers to our calls: nil for a method return, else the error's name.
    private(set) var answers: [String?] = []

    init(on session: PrivateSessionBus, name: String? = "org.kde.KWin") throws {
        var connection: OpaquePointer?
        #expect(sd_bus_new(&connection) >= 0)
        let b = try #require(connection)
        #expect(sd_bus_set_address(b, session.address) >= 0 && sd_bus_set_bus_client(b, 1) >= 0 && sd_bus_start(b) >= 0)
        bus = b
        let context = Unmanaged.passUnretained(self).toOpaque()
        for path in ["/Scripting", "/0"] {
            #expect(sd_bus_add_object(b, nil, path, { message, context, _ in
                guard let message, let context else { return 0 }
                return Unmanaged<FakeKWin>.fromOpaque(context).takeUnretainedValue().handle(message)
            }, context) >= 0)
        }
        if let name { #expect(sd_bus_request_name(b, name, 0) >= 0) }
    }

    deinit { if let bus { sd_bus_flush_close_unref(bus) } }

    func process() {
        guard let bus else { return }
        while sd_bus_process(bus, nil) > 0 {}
        sd_bus_flush(bus)
    }

    private func handle(_ message: OpaquePointer) -> Int32 {
        guard let member = sd_bus_message_get_member(message).map({ String(cString: $0) }) else { return 0 }
        var reply: OpaquePointer?
        guard sd_bus_message_new_method_return(message, &reply) >= 0, let reply else { return -ENOMEM }
        defer { sd_bus_message_unref(reply) }
        switch member {
        case "unloadScript":
            unloaded.append(BusMessage.readString(message) ?? "")
            var yes: Int32 = 1
            sd_bus_message_append_basic(reply, BusMessage.type("b"), &yes)
        case "loadScript":
            let path = BusMessage.readString(message) ?? "", name = BusMessage.readString(message) ?? ""
            let text = Self.readText(path)
            loaded.append((path, name, text))
            var id: Int32 = 0
            sd_bus_message_append_basic(reply, BusMessage.type("i"), &id)
        case "run":
            runs += 1
        default:
            return 0
        }
        return sd_bus_send(nil, reply, nil)
    }

    /// A file's first 64 KiB as text (what KWin would load).
    static func readText(_ path: String) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = read(fd, &buffer, buffer.count)
        return n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : ""
    }

    /// What the script's callDBus sends: KWinFocus with these strings, from this connection.
    func callFocus(_ arguments: [String]) {
        guard let bus else { return }
        var call: OpaquePointer?
        #expect(sd_bus_message_new_method_call(bus, &call, KWinScript.busName, KWinScript.path, KWinScript.interface, KWinScript.member) >= 0)
        guard let call else { return }
        defer { sd_bus_message_unref(call) }
        for a in arguments { _ = BusMessage.append(call, "s", a) }
        let context = Unmanaged.passUnretained(self).toOpaque()
        #expect(sd_bus_call_async(bus, nil, call, { reply, context, _ in
            guard let reply, let context else { return 0 }
            let me = Unmanaged<FakeKWin>.fromOpaque(context).takeUnretainedValue()
            me.answers.append(BusMessage.error(of: reply)?.name)
            return 0
        }, context, 2_000_000) >= 0)
        sd_bus_flush(bus)
    }
}


/// Issue 39 item 2: the focused window on KDE Plasma through EdgeSwipe's KWin script. KWinFocusSource against a
/// fake KWin on a private session bus; Tests/Desktop/kwin-check.py runs it against the real KWin 5.27.
@Suite(.serialized) struct KWinFocusBusTests {
    @Test func theScriptIsWrittenLoadedAndRunAndOnlyKWinsCallsCount() throws {
        let session = try PrivateSessionBus()
        let kwin = try FakeKWin(on: session)
        let impostor = try FakeKWin(on: session, name: nil)
        let loop = try EventLoop()
        let bus = try BusConnection(loop: loop, bus: .address(session.address))
        var seen: [FocusedWindow?] = []
        var said: [String] = []
        let source = try KWinFocusSource(bus: bus, runtimeDirectory: session.directory, say: { said.append($0) }) { seen.append($0) }
        let both = { kwin.process(); impostor.process() }
        pump(loop, both) { kwin.runs == 1 && said.contains("focus: KWin runs EdgeSwipe's script (/0)") }
        // A predecessor's script is unloaded first; ours is loaded from the runtime directory under its plugin name.
        #expect(kwin.unloaded == ["edgeswipe-focus"])
        #expect(kwin.loaded.map(\.path) == [session.directory + "/edgeswipe-kwin-focus.js"])
        #expect(kwin.loaded.map(\.name) == ["edgeswipe-focus"])
        #expect(kwin.loaded.first?.text == KWinScript.text)
        var st = stat()
        #expect(stat(session.directory + "/edgeswipe-kwin-focus.js", &st) == 0 && st.st_mode & 0o777 == 0o600)

        kwin.callFocus(["true", "org.kde.kate", "notes.txt", "4242"])
        impostor.callFocus(["true", "evil", "lies", "1"])
        kwin.callFocus(["true", "org.kde.dolphin", "Home", "not a pid"])
        kwin.callFocus(["false", "", "", "0"])
        kwin.callFocus(["maybe", "x", "y", "1"])
        pump(loop, both) { kwin.answers.count == 4 && impostor.answers.count == 1 }
        #expect(seen == [FocusedWindow(appID: "org.kde.kate", title: "notes.txt", pid: 4242),
                         FocusedWindow(appID: "org.kde.dolphin", title: "Home", pid: nil), nil])
        #expect(kwin.answers == [nil, nil, nil, "org.freedesktop.DBus.Error.InvalidArgs"])
        #expect(impostor.answers == ["org.freedesktop.DBus.Error.AccessDenied"])
        #expect(said.contains { $0.hasPrefix("focus: refused a KWinFocus from :1.") && $0.hasSuffix(", which is not KWin (said once per caller)") })
        #expect(said.contains("focus: KWinFocus's first argument is \"true\" or \"false\", got \"maybe\" (a script of another version?); ignored, said once"))
        withExtendedLifetime(source) {}
    }

    /// A second feedback in the session cannot have the name: it says so, and the first keeps it.
    @Test func aSecondFeedbackIsToldTheNameIsNotItsOwn() throws {
        let session = try PrivateSessionBus()
        let loop = try EventLoop()
        let first = try BusConnection(loop: loop, bus: .address(session.address))
        let second = try BusConnection(loop: loop, bus: .address(session.address))
        var said1: [String] = [], said2: [String] = []
        let a = try KWinFocusSource(bus: first, runtimeDirectory: session.directory, say: { said1.append($0) }) { _ in }
        pump(loop, {}) { said1.count == 1 }
        let b = try KWinFocusSource(bus: second, runtimeDirectory: session.directory, say: { said2.append($0) }) { _ in }
        pump(loop, {}) { said2.count == 2 }
        #expect(said2.contains("focus: the bus name org.edgeswipe.Feedback is not ours (another connection owns it); is another edgeswipe feedback running?"))
        #expect(!said1.contains { $0.contains("not ours") })
        withExtendedLifetime((a, b)) {}
    }

    @Test func withoutKWinItSaysSoAndWithoutARuntimeDirectoryItCannotStart() throws {
        let session = try PrivateSessionBus()
        let loop = try EventLoop()
        let bus = try BusConnection(loop: loop, bus: .address(session.address))
        var said: [String] = []
        let source = try KWinFocusSource(bus: bus, runtimeDirectory: session.directory, say: { said.append($0) }) { _ in }
        pump(loop, {}) { !said.isEmpty }
        #expect(said == ["focus: KWin is not on the session bus (org.freedesktop.DBus.Error.NameHasNoOwner); the focus is reported once it is"])
        withExtendedLifetime(source) {}
        #expect(throws: FocusReadError("$XDG_RUNTIME_DIR is not set: there is nowhere to write the KWin script")) {
            _ = try KWinFocusSource(bus: bus, runtimeDirectory: nil, say: { _ in }) { _ in }
        }
    }

    @Test func theScriptsArgumentsAreRead() throws {
        #expect(try KWinScript.read(["true", "org.kde.kate", "a.txt", "12"]).get() == FocusedWindow(appID: "org.kde.kate", title: "a.txt", pid: 12))
        #expect(try KWinScript.read(["true", "", "", "0"]).get() == FocusedWindow(appID: "", title: "", pid: nil))
        #expect(try KWinScript.read(["true", "a", "b", "-5"]).get() == FocusedWindow(appID: "a", title: "b", pid: nil))
        #expect(try KWinScript.read(["true", "a", "b", "99999999999"]).get() == FocusedWindow(appID: "a", title: "b", pid: nil))
        #expect(try KWinScript.read(["false", "a", "b", "12"]).get() == nil)
        #expect(throws: FocusReadError("KWinFocus takes 4 strings (focused, app_id, title, pid), got 3")) { try KWinScript.read(["true", "a", "b"]).get() }
    }
}

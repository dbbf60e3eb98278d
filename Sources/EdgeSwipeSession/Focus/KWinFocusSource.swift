#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeBus
import EdgeSwipeControl
import EdgeSwipeSystem
import TouchModel

/// The focused window on KDE Plasma, from EdgeSwipe's KWin script (`KWinScript`): this source owns
/// org.edgeswipe.Feedback and serves KWinFocus at /org/edgeswipe/Feedback, writes the script into
/// $XDG_RUNTIME_DIR, and has KWin load and run it once the name is ours and KWin is there. Only KWin may call: a call from any other connection than the
/// one owning org.kde.KWin (asked at the start, followed through NameOwnerChanged) is refused, AccessDenied.
/// A KWin that restarts (a new owner) gets the script again. On the way out the script is unloaded.
final class KWinFocusSource {
    private let bus: BusConnection
    private let say: (String) -> Void
    private let onFocus: (FocusedWindow?) -> Void
    private let scriptPath: String
    /// The unique name owning org.kde.KWin, nil while none does.
    private var kwin: String?
    /// org.edgeswipe.Feedback is ours: only then is the script written, loaded and, on the way out, unloaded (a
    /// second feedback in the session must not take the first one's script away).
    private var ownsName = false
    private var refusedCallers = SayOnce()
    private var saidBadCall = false
    static let callTimeout = Microseconds(milliseconds: 2000)

    init(bus: BusConnection, runtimeDirectory: String?, say: @escaping (String) -> Void,
         onFocus: @escaping (FocusedWindow?) -> Void) throws {
        guard let runtimeDirectory, runtimeDirectory.hasPrefix("/") else {
            throw FocusReadError("$XDG_RUNTIME_DIR is not set: there is nowhere to write the KWin script")
        }
        self.bus = bus
        self.say = say
        self.onFocus = onFocus
        scriptPath = runtimeDirectory + "/edgeswipe-kwin-focus.js"
        do {
            try bus.export(path: KWinScript.path) { [weak self] call in self?.answer(call) ?? .done }
            try bus.requestName(KWinScript.busName) { [weak self] why in
                if let why {
                    say("focus: the bus name \(KWinScript.busName) is not ours (\(why)); is another edgeswipe feedback running?")
                    return
                }
                guard let self else { return }
                ownsName = true
                if kwin != nil { load() }
            }
            try bus.watch(BusSignalMatch(sender: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                                         member: "NameOwnerChanged", arg0: KWinScript.kwinBusName)) { [weak self] signal in
                _ = signal.readString()
                _ = signal.readString()
                self?.kwinOwner(signal.readString())
            }
            try bus.call(BusMethodCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                                       member: "GetNameOwner", arguments: [.string(KWinScript.kwinBusName)]), timeout: Self.callTimeout) { [weak self] reply in
                guard let self else { return }
                if let error = reply.error {
                    say("focus: KWin is not on the session bus (\(error.name)); the focus is reported once it is")
                    return
                }
                kwinOwner(reply.readString())
            }
        } catch {
            throw FocusReadError("the session bus refused the KWin script's object or calls: \(error)")
        }
    }

    deinit {
        guard ownsName else { return }
        try? bus.send(Self.scripting("unloadScript", [.string(KWinScript.pluginName)]))
        unlink(scriptPath)
    }

    private static func scripting(_ member: String, _ arguments: [BusValue]) -> BusMethodCall {
        BusMethodCall(destination: KWinScript.kwinBusName, path: "/Scripting", interface: "org.kde.kwin.Scripting",
                      member: member, arguments: arguments)
    }

    /// KWin has a new owner (its first, or a restarted one): the script is loaded into it.
    private func kwinOwner(_ name: String?) {
        let owner = name.flatMap { $0.isEmpty ? nil : $0 }
        guard owner != kwin else { return }
        kwin = owner
        guard owner != nil else {
            say("focus: KWin left the session bus; the focus is reported again when it is back")
            return
        }
        if ownsName { load() }
    }

    /// unloadScript (a predecessor's), loadScript, then run: KWin 5.27 serves the loaded script at /ID, KWin 6 at
    /// /Scripting/ScriptID; the first is tried, then the second.
    private func load() {
        do {
            try Self.write(KWinScript.text, to: scriptPath)
        } catch {
            say("focus: \(error)")
            return
        }
        try? bus.call(Self.scripting("unloadScript", [.string(KWinScript.pluginName)]), timeout: Self.callTimeout) { [weak self] _ in
            guard let self else { return }
            try? bus.call(Self.scripting("loadScript", [.string(scriptPath), .string(KWinScript.pluginName)]), timeout: Self.callTimeout) {
                [weak self] reply in
                guard let self else { return }
                guard reply.error == nil, let id = reply.readInt32(), id >= 0 else {
                    say("focus: KWin did not load \(scriptPath) (" + (reply.error.map { "\($0.name): \($0.message)" } ?? "id \(reply.readInt32() ?? -1)") + ")")
                    return
                }
                run(id, paths: ["/\(id)", "/Scripting/Script\(id)"])
            }
        }
    }

    private func run(_ id: Int32, paths: [String]) {
        guard let path = paths.first else {
            say("focus: KWin loaded the script as \(id) but runs it at none of /\(id), /Scripting/Script\(id)")
            return
        }
        try? bus.call(BusMethodCall(destination: KWinScript.kwinBusName, path: path, interface: "org.kde.kwin.Script", member: "run"),
                      timeout: Self.callTimeout) { [weak self] reply in
            guard let self else { return }
            if reply.error != nil { run(id, paths: Array(paths.dropFirst())) } else { say("focus: KWin runs EdgeSwipe's script (\(path))") }
        }
    }

    /// A call to our object: KWinFocus from KWin's connection is read; anything else is refused.
    private func answer(_ call: BusReply) -> BusAnswer {
        guard call.interface == KWinScript.interface, call.member == KWinScript.member else {
            return .error(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "\(KWinScript.interface) has one method, \(KWinScript.member)")
        }
        guard let sender = call.sender, sender == kwin else {
            let who = call.sender ?? "an unknown sender"
            if let text = refusedCallers.message(who, "focus: refused a \(KWinScript.member) from \(who), which is not KWin (said once per caller)") { say(text) }
            return .error(name: "org.freedesktop.DBus.Error.AccessDenied", message: "only KWin reports the focus here")
        }
        var arguments: [String] = []
        while arguments.count < 5, let s = call.readString() { arguments.append(s) }
        switch KWinScript.read(arguments) {
        case .success(let window):
            onFocus(window)
            return .done
        case .failure(let why):
            if !saidBadCall {
                saidBadCall = true
                say("focus: \(why) (a script of another version?); ignored, said once")
            }
            return .error(name: "org.freedesktop.DBus.Error.InvalidArgs", message: why.description)
        }
    }

    /// The script, written afresh: the user's own runtime directory, mode 0600, never through a symlink.
    static func write(_ text: String, to path: String) throws {
        do {
            let descriptor = FileDescriptor(rawValue: try SystemCall.run("open(\(path))") {
                open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
            })
            _ = try descriptor.closeAfter { try descriptor.writeAll(Array(text.utf8)) }
        } catch {
            throw FocusReadError("cannot write the KWin script \(path): \(error)")
        }
    }
}

import EdgeSwipeBus

/// The focused window on GNOME, from EdgeSwipe's Shell extension (`ShellExtension`): its GetFocus at the start,
/// then each FocusChanged signal (sent by the Shell's connection only: the match names org.gnome.Shell as the
/// sender, so another client cannot pose as it). Both carry (focused, app_id, title, pid), pid 0 for none; the
/// Shell gives the pid of every Wayland client, so the toolkit is read as with sway.
final class ShellFocusSource {
    private let bus: BusConnection
    private let onFocus: (FocusedWindow?) -> Void
    private let say: (String) -> Void
    private var saidBadSignal = false

    init(bus: BusConnection, say: @escaping (String) -> Void, onFocus: @escaping (FocusedWindow?) -> Void) throws {
        self.bus = bus
        self.say = say
        self.onFocus = onFocus
        do {
            try bus.watch(ShellExtension.focusChanged) { [weak self] message in self?.take(message, from: "FocusChanged") }
            try bus.call(ShellExtension.getFocus, timeout: ShellExtension.callTimeout) { [weak self] reply in
                guard let self else { return }
                if let error = reply.error {
                    say("focus: GetFocus failed (\(error.name): \(error.message)); " + ShellExtension.notEnabled
                        + "; the focus is reported from its first FocusChanged")
                    return
                }
                take(reply, from: "GetFocus")
            }
        } catch {
            throw FocusReadError("the session bus refused the GNOME Shell extension's calls: \(error)")
        }
    }

    private func take(_ message: BusReply, from member: String) {
        switch Self.read(message) {
        case .some(let window): onFocus(window)
        case .none:
            guard !saidBadSignal else { return }
            saidBadSignal = true
            say("focus: the GNOME Shell extension's \(member) has the signature \"\(message.signature)\", not \"bssi\" "
                + "(an extension of another version?): ignored, said once")
        }
    }

    /// (focused, app_id, title, pid) as a focus: `.some(nil)` when nothing is focused, nil when the message is not
    /// of that signature. A pid of 0 or below is no pid.
    static func read(_ message: BusReply) -> FocusedWindow?? {
        guard message.signature == "bssi", let focused = message.readBool(), let appID = message.readString(),
              let title = message.readString(), let pid = message.readInt32() else { return nil }
        guard focused else { return .some(nil) }
        return .some(FocusedWindow(appID: appID, title: title, pid: pid > 0 ? pid : nil))
    }
}

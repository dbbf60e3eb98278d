import EdgeSwipeControl
import EdgeSwipeSystem

/// The focused window from sway's IPC socket ($SWAYSOCK): one connection that subscribes to `window` events and
/// asks for the tree once (the focus at start), read on the event loop through `I3IPCFramer`. Each change of the
/// focused view (a focus event, a title change of the focused view, its close) goes to `onFocus`. When sway
/// closes the socket (it quit: the session is over too) or sends what is not i3-ipc, it says so and stops.
final class SwayFocusSource {
    private var registration: LoopRegistration?
    private var framer = I3IPCFramer()
    private var focusedID: Int64?
    private var focused: FocusedWindow?
    private var problems = SayOnce()
    private let onFocus: (FocusedWindow?) -> Void
    private let say: (String) -> Void
    private let path: String

    init(loop: EventLoop, path: String, say: @escaping (String) -> Void, onFocus: @escaping (FocusedWindow?) -> Void) throws {
        self.path = path
        self.say = say
        self.onFocus = onFocus
        let fd = try UnixStream.connected(to: path, nonBlocking: true)
        let r = LoopRegistration(loop: loop, descriptor: fd, name: "sway IPC")
        registration = r
        // Subscribe first: a focus change between the two is then an event after the tree, never lost.
        let hello = I3IPCFramer.encode(type: SwayIPCType.subscribe, payload: Array(#"["window"]"#.utf8))
            + I3IPCFramer.encode(type: SwayIPCType.getTree, payload: [])
        _ = try fd.sendAll(hello)
        try r.register(events: .readable) { [unowned self] _ in readable() }
    }

    deinit { registration?.close() }

    private func readable() {
        guard let fd = registration?.descriptor else { return }
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n: Int?
            do {
                n = try chunk.withUnsafeMutableBytes { try fd.read(into: $0) }
            } catch {
                stop("sway IPC (\(path)): \(error)")
                return
            }
            guard let n else { return }
            if n == 0 {
                stop("sway IPC (\(path)) closed: the focus is no longer reported")
                return
            }
            framer.append(chunk.prefix(n)) { take($0) }
            if framer.isBroken {
                stop("sway IPC (\(path)): not i3-ipc (bad magic): the focus is no longer reported")
                return
            }
        }
    }

    private func take(_ output: I3IPCFramer.Output) {
        switch output {
        case .badMagic:
            return
        case .oversized(let type, let isEvent, let length):
            problems.say("oversized \(type) \(isEvent)",
                         "sway IPC: a \(isEvent ? "event" : "reply") of type \(type) has \(length) bytes, over the "
                         + "\(framer.maxPayload)-byte bound: skipped" + (type == SwayIPCType.getTree && !isEvent
                            ? " (the focus is known from the next focus change)" : ""), to: say)
        case .message(let message):
            do {
                try read(message)
            } catch {
                problems.say("bad \(message.type)", "sway IPC: \(error) (said once)", to: say)
            }
        }
    }

    private func read(_ message: I3IPCFramer.Message) throws(FocusReadError) {
        if message.isEvent {
            guard message.type == SwayIPCType.windowEvent else { return }
            switch try SwayFocusReading.windowEvent(message.payload) {
            case .focused(let view): set(view.id, view.window)
            case .changed(let view) where view.id == focusedID: set(view.id, view.window)
            case .closed(let id) where id == focusedID: set(nil, nil)
            case .changed, .closed, .ignored: break
            }
        } else if message.type == SwayIPCType.getTree {
            let view = try SwayFocusReading.focusedView(tree: message.payload)
            set(view?.id, view?.window)
        } else if message.type == SwayIPCType.subscribe, (try? JSONValue.decode(message.payload))?["success"] != .bool(true) {
            throw FocusReadError("subscribe [\"window\"] was refused: \(String(decoding: message.payload.prefix(200), as: UTF8.self))")
        }
    }

    private func set(_ id: Int64?, _ window: FocusedWindow?) {
        focusedID = id
        guard window != focused else { return }
        focused = window
        onFocus(window)
    }

    private func stop(_ why: String) {
        registration?.close()
        registration = nil
        say(why)
    }
}


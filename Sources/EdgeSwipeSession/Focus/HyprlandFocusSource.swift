import EdgeSwipeControl
import EdgeSwipeSystem

/// The focused window from Hyprland: its event socket (`.socket2.sock`) says each focus change
/// (`activewindow>>CLASS,TITLE`, reported at once without a pid; `activewindowv2>>ADDRESS`), and for the pid one
/// `j/activewindow` request on the request socket (`.socket.sock`) follows each change, read on the loop like the
/// events (never a blocking wait). An answer for a window that is no longer the focused one is dropped; a change
/// while a request is out asks again when it is answered. Lines are bounded (64 KiB), and so is an answer.
final class HyprlandFocusSource {
    private let loop: EventLoop
    private let directory: String
    private var events: LoopRegistration?
    private var framer = LineFramer(maxLineBytes: 64 * 1024)
    private var query: LoopRegistration?
    private var answer: [UInt8] = []
    private var askAgain = false
    /// The focused window's address as the last activewindowv2 said it.
    private var address: String?
    /// Whether an activewindowv2 line came yet: before it, the first answer (the focus at start) counts as it is.
    private var sawAddress = false
    private var focused: FocusedWindow?
    private var problems = SayOnce()
    private let say: (String) -> Void
    private let onFocus: (FocusedWindow?) -> Void

    static let maxAnswerBytes = 64 * 1024

    init(loop: EventLoop, directory: String, say: @escaping (String) -> Void, onFocus: @escaping (FocusedWindow?) -> Void) throws {
        self.loop = loop
        self.directory = directory
        self.say = say
        self.onFocus = onFocus
        let fd = try UnixStream.connected(to: directory + "/.socket2.sock", nonBlocking: true)
        let r = LoopRegistration(loop: loop, descriptor: fd, name: "Hyprland events")
        events = r
        try r.register(events: .readable) { [unowned self] _ in eventsReadable() }
        ask()
    }

    deinit {
        events?.close()
        query?.close()
    }

    private func eventsReadable() {
        guard let fd = events?.descriptor else { return }
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n: Int?
            do { n = try chunk.withUnsafeMutableBytes { try fd.read(into: $0) } } catch {
                stopEvents("Hyprland's event socket: \(error)")
                return
            }
            guard let n else { return }
            if n == 0 {
                stopEvents("Hyprland's event socket closed: the focus is no longer reported")
                return
            }
            chunk.withUnsafeBytes { bytes in
                framer.append(UnsafeRawBufferPointer(rebasing: bytes.prefix(n))) { output in
                    switch output {
                    case .line(let line): take(HyprlandFocusReading.event(line))
                    case .oversized: problems.say("oversized", "Hyprland's event socket: a line over 64 KiB (skipped; said once)", to: say)
                    }
                }
            }
        }
    }

    private func take(_ event: HyprlandFocusEvent) {
        switch event {
        case .activeWindow(let window):
            // Without a pid for now; the answer to the request brings it.
            if window?.appID != focused?.appID || window?.title != focused?.title { set(window) }
        case .activeWindowAddress(let newAddress):
            address = newAddress
            sawAddress = true
            if newAddress == nil { set(nil) } else { ask() }
        case .other:
            break
        }
    }

    /// Sends `j/activewindow` on a new request connection, or marks that it must go again once the one out is answered.
    private func ask() {
        guard query == nil else { askAgain = true; return }
        askAgain = false
        answer.removeAll(keepingCapacity: true)
        do {
            let fd = try UnixStream.connected(to: directory + "/.socket.sock", nonBlocking: true)
            let r = LoopRegistration(loop: loop, descriptor: fd, name: "Hyprland request")
            query = r
            _ = try fd.sendAll(HyprlandFocusReading.activeWindowRequest)
            try r.register(events: .readable) { [unowned self] _ in answerReadable() }
        } catch {
            query?.close()
            query = nil
            problems.say("request \(error)", "Hyprland's request socket: \(error) (the focus has no pid; said once)", to: say)
        }
    }

    private func answerReadable() {
        guard let fd = query?.descriptor else { return }
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let n: Int?
            do { n = try chunk.withUnsafeMutableBytes { try fd.read(into: $0) } } catch {
                finishQuery(error: "\(error)")
                return
            }
            guard let n else { return }
            if n == 0 { break }
            guard answer.count + n <= Self.maxAnswerBytes else {
                finishQuery(error: "an answer over \(Self.maxAnswerBytes) bytes")
                return
            }
            answer.append(contentsOf: chunk.prefix(n))
        }
        finishQuery(error: nil)
    }

    private func finishQuery(error: String?) {
        query?.close()
        query = nil
        if let error {
            problems.say("answer \(error)", "Hyprland's j/activewindow: \(error) (said once)", to: say)
        } else {
            do {
                let active = try HyprlandFocusReading.activeWindow(answer)
                // The focus moved on while asking: the next answer counts.
                if !sawAddress || active?.address == address { set(active?.window) }
            } catch {
                problems.say("answer bad", "Hyprland: \(error) (said once)", to: say)
            }
        }
        if askAgain { ask() }
    }

    private func set(_ window: FocusedWindow?) {
        guard window != focused else { return }
        focused = window
        onFocus(window)
    }

    private func stopEvents(_ why: String) {
        events?.close()
        events = nil
        say(why)
    }
}

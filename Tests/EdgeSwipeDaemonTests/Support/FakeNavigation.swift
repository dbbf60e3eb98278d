import EdgeSwipeSystem
import Navigation
import EdgeSwipeDaemon
import TouchModel
import EdgeSwipeControl

/// A stand-in for the navigation controller behind the control socket. It keeps a stack, answers state,
/// refuses pops at the root, and plays an interactive pop as timer-driven progress events (every 2 ms,
/// +0.1), like a finger dragging. A push of "flood-N" publishes N diagnostic events of about 1 KB at once
/// (before its reply), for the slow-client tests.
final class FakeNavigation: ControlCommandHandler {
    weak var server: ControlServer?
    var stack: [ScreenSpec] = [ScreenSpec(name: "home", kind: .plain)]
    private var transition: (from: String, to: String, progress: Double)?
    private var floodSequence = 0
    private(set) var disconnected: [UInt64] = []
    private let transitionTimer: DeadlineTimer

    init(loop: EventLoop) throws {
        transitionTimer = try DeadlineTimer(loop: loop)
        transitionTimer.onExpiry = { [unowned self] now in self.transitionStep(now) }
    }

    private func emit(_ name: String, _ now: Microseconds, _ fields: [String: JSONValue] = [:]) {
        server?.publish(.navigation(name, time: now, fields: fields))
    }

    var stateValue: JSONValue {
        .object([
            "stack": .array(stack.map { .string($0.name) }),
            "transition": .bool(transition != nil),
            "disconnected": .array(disconnected.map { .integer(Int64($0)) }),
        ])
    }

    func handle(_ command: ControlCommand, from client: ControlClientID, now: Microseconds) -> Result<JSONValue, ControlError> {
        switch command {
        case .push(let spec):
            if spec.name.hasPrefix("flood-"), let n = Int(spec.name.dropFirst(6)) {
                flood(n)
                return .success(.object(["flooded": .integer(Int64(n))]))
            }
            guard transition == nil else { return .failure(ControlError(.refused, "transitionInProgress")) }
            let from = stack.last!.name
            emit("willDisappear", now, ["screen": .string(from)])
            emit("willAppear", now, ["screen": .string(spec.name)])
            stack.append(spec)
            emit("didDisappear", now, ["screen": .string(from)])
            emit("didAppear", now, ["screen": .string(spec.name)])
            return .success(stateValue)
        case .pop:
            guard stack.count > 1 else {
                emit("popRefused", now, ["reason": .string("root")])
                return .failure(ControlError(.refused, "root"))
            }
            guard transition == nil else { return .failure(ControlError(.refused, "transitionInProgress")) }
            let from = stack[stack.count - 1].name, to = stack[stack.count - 2].name
            transition = (from, to, 0)
            emit("transitionBegan", now, ["from": .string(from), "to": .string(to)])
            try? transitionTimer.arm(at: now + 2000)
            return .success(.object(["transition": .string("began")]))
        case .setStack(let screens):
            stack = screens
            return .success(stateValue)
        case .popToRoot:
            stack = [stack[0]]
            return .success(stateValue)
        case .state:
            return .success(stateValue)
        case .setExclusions, .setInteractivePopEnabled, .registerBackHandler, .unregisterBackHandler, .reportOutput, .withdrawOutput, .reportFocus,
             .declareContentRegion, .withdrawContentRegion, .contentAnswer:
            return .failure(ControlError(.unavailable, "not in this fake"))
        case .subscribe, .unsubscribe:
            return .failure(ControlError(.unavailable, "the server handles subscriptions"))
        }
    }

    func clientDisconnected(_ client: ControlClientID, now: Microseconds) {
        disconnected.append(client.rawValue)
    }

    private func transitionStep(_ now: Microseconds) {
        guard var t = transition else { return }
        t.progress = min(1, t.progress + 0.1)
        emit("transitionProgress", now, ["progress": .number(t.progress)])
        if t.progress >= 1 - 1e-9 {
            stack.removeLast()
            transition = nil
            emit("transitionFinished", now, ["from": .string(t.from), "to": .string(t.to)])
            emit("didAppear", now, ["screen": .string(t.to)])
        } else {
            transition = t
            try? transitionTimer.arm(at: now + 2000)
        }
    }

    private func flood(_ n: Int) {
        let padding = String(repeating: "x", count: 1000)
        for _ in 0..<n {
            floodSequence += 1
            server?.publish(ControlEvent(eventClass: .diagnostic, object: [
                "type": .string("diagnostic"), "code": .string("flood"), "seq": .integer(Int64(floodSequence)),
                "padding": .string(padding),
            ]))
        }
    }
}

/// Keeps loop-thread objects alive for the loop's lifetime.
final class KeepAlive {
    let objects: [AnyObject]
    init(_ objects: [AnyObject]) { self.objects = objects }
}

/// A control server with a FakeNavigation on a loop thread.
func startControlServer(_ dir: TempDirectory, queueLimit: Int = 256 * 1024, maxClients: Int = 256,
                        access: AccessPolicy? = nil) -> LoopThread {
    let path = dir.file("control.sock")
    return LoopThread { loop in
        let options = ControlServer.Options(path: path, access: access, maxClients: maxClients, queueLimitBytes: queueLimit)
        let nav = try FakeNavigation(loop: loop)
        let server = try ControlServer(loop: loop, options: options, handler: nav, log: .silent)
        nav.server = server
        return (KeepAlive([server, nav]), server.statistics)
    }
}

import EdgeSwipeSystem
import TouchModel

/// ServiceConnection's handlers, one per state: each returns the next state, nil for a cause its state cannot have.
extension ServiceConnection {
    func idle(_ cause: Cause) -> State? {
        guard cause == .start else { return nil }
        return attempt()
    }

    func waiting(_ cause: Cause) -> State? {
        guard cause == .timer else { return nil }
        return attempt()
    }

    func connected(_ cause: Cause) -> State? {
        switch cause {
        case .timer:
            // The refused registration asked again.
            guard let socket else { return nil }
            do { try write(registration.request, on: socket) } catch { return lose("\(error)") }
            return .connected
        case .registered:
            // The service is up and serves us: a later loss starts the delays over once this connection has served a while.
            backoff.registered(at: Monotonic.now())
            lastFailure = nil
            say("observing back gestures at \(path)")
            return .observing
        case .refused(let retryAfter):
            if let retryAfter { arm(after: retryAfter, what: "registration") }
            return .connected
        case .lost(let why): return lose(why)
        case .start: return nil
        }
    }

    func observing(_ cause: Cause) -> State? {
        guard case .lost(let why) = cause else { return nil }
        return lose(why)
    }

    // MARK: What the handlers do

    /// Connects, registers and greets: `connected`, or `waiting` when any of it fails.
    private func attempt() -> State {
        do {
            let registration = LoopRegistration(loop: loop, descriptor: try UnixStream.connected(to: path, nonBlocking: true),
                                                name: "control socket \(path)")
            try registration.register(events: .readable) { [unowned self] _ in self.readable() }
            socket = registration
            framer = LineFramer()
            refusal = nil
            // Observers see every back swipe of their edges and never take one; the events reach this client
            // whatever it subscribed to.
            try write(self.registration.request, on: registration)
            for request in greeting { try write(request, on: registration) }
            return .connected
        } catch {
            socket?.close()
            socket = nil
            return wait("\(error)")
        }
    }

    /// Closes the connection and waits for the next attempt.
    private func lose(_ why: String) -> State {
        socket?.close()
        socket = nil
        backoff.lost(at: Monotonic.now())
        dropped.connectionEnded().forEach(say)
        return wait(why)
    }

    /// Says why (once while it stays the same) and arms the timer for the next attempt.
    private func wait(_ why: String) -> State {
        if why != lastFailure {
            say("\(why); connecting again until it answers")
            lastFailure = why
        }
        let delay = backoff.delay()
        arm(after: delay, what: "reconnection")
        return .waiting(retryIn: delay)
    }

    private func arm(after delay: Microseconds, what: String) {
        do { try timer.arm(at: Monotonic.now() + delay) } catch { say("cannot arm the \(what) timer: \(error)") }
    }

    func write(_ request: ControlRequest, on socket: LoopRegistration) throws {
        // send, not write: a service that closed on us is an EPIPE to reconnect after, not a SIGPIPE that ends us.
        try socket.descriptor.sendAll(request.line)
    }

    // MARK: Reading

    private func readable() {
        guard let socket else { return }
        var chunk = [UInt8](repeating: 0, count: 16384)
        let n: Int?
        do {
            n = try chunk.withUnsafeMutableBytes { try socket.descriptor.read(into: $0) }
        } catch {
            return handle(.lost("\(error)"))
        }
        guard let n else { return }  // nothing after all (a spurious wake-up)
        if n == 0 {
            return handle(.lost("the service closed the connection" + (refusal.map { " (\($0.code)): \($0.message)" } ?? "")))
        }
        var lines: [[UInt8]] = []
        chunk[0..<n].withUnsafeBytes { bytes in
            framer.append(bytes) { if case .line(let line) = $0 { lines.append(line) } }
        }
        for bytes in lines {
            guard let line = ServiceLine(line: bytes) else {
                drop(.notJSON)
                continue
            }
            if case .error(let error) = line, error.id == nil {
                // Refused as a client (tooManyClients, permissionDenied): said with the close.
                refusal = ControlRefusal(path: path, error: error)
            }
            switch registration.answer(line) {
            case .registered?: handle(.registered)
            case .notRegistered(let message, let retryAfter)?:
                say(message)
                handle(.refused(retryAfter: retryAfter))
            case nil: break
            }
            if let reason = onLine(line) { drop(reason) }
        }
    }

    /// A line of this connection that cannot be used: said as DroppedLines decides.
    private func drop(_ reason: DroppedLines.Reason) {
        if let message = dropped.dropped(reason) { say(message) }
    }
}

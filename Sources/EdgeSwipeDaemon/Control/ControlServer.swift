#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeSystem
import Synchronization
import TouchInput
import EdgeSwipeControl

/// The control socket's transport: accepts clients on a Unix stream socket, reads request lines through
/// `ControlProtocol`, passes commands to a `ControlCommandHandler`, and fans events out to subscribers.
///
/// Nothing here blocks. Writes are non-blocking; what the kernel does not take is queued per client up to
/// `queueLimitBytes`, and a client past that is disconnected, so a stuck reader never stalls input handling.
package final class ControlServer {
    package struct Options: Sendable {
        package var path: String
        package var mode: UInt32
        /// Group given to the socket file.
        package var groupID: UInt32?
        package var access: AccessPolicy
        package var maxClients: Int
        package var queueLimitBytes: Int
        package var maxLineBytes: Int

        package init(path: String, mode: UInt32 = 0o660, groupID: UInt32? = nil, access: AccessPolicy? = nil,
                    maxClients: Int = 64, queueLimitBytes: Int = 1 << 20,
                    maxLineBytes: Int = ControlProtocol.defaultMaxLineBytes) {
            self.path = path
            self.mode = mode
            self.groupID = groupID
            self.access = access ?? .standard(socketGID: groupID)
            self.maxClients = maxClients
            self.queueLimitBytes = queueLimitBytes
            self.maxLineBytes = maxLineBytes
        }

        /// From the configuration's `socket` section: resolves the group and user names.
        package init(_ config: SocketConfig, path: String) throws {
            var gid: UInt32?
            if let group = config.group {
                guard let g = Accounts.gid(group) else {
                    throw SystemError(errno: .noEntry, operation: "socket.group: look up group \"\(group)\"")
                }
                gid = g
            }
            var extra = Set<UInt32>()
            for user in config.allowUsers {
                guard let u = Accounts.uid(user) else {
                    throw SystemError(errno: .noEntry, operation: "socket.allow_users: look up user \"\(user)\"")
                }
                extra.insert(u)
            }
            self.init(path: path, groupID: gid, access: .standard(socketGID: gid, extraUIDs: extra),
                      maxClients: config.maxClients, queueLimitBytes: config.queueLimitBytes)
        }
    }

    package let options: Options
    package let statistics = ControlServerStatistics()
    package weak var handler: (any ControlCommandHandler)?

    private let loop: EventLoop
    private let log: DaemonLog
    private let listener: UnixListener
    private var clients: [ControlClientID: ControlConnection] = [:]
    private var nextClient: UInt64 = 1
    private let readBuffer: UnsafeMutableRawBufferPointer

    /// `passed`: the listening socket systemd handed over (edgeswipe.socket); nil creates one at `options.path`.
    package init(loop: EventLoop, options: Options, handler: (any ControlCommandHandler)?, log: DaemonLog,
                passed: FileDescriptor? = nil) throws {
        self.loop = loop
        self.handler = handler
        self.log = log
        var options = options
        if let passed {
            // The socket unit chose the address, not the configuration or --socket: messages name the real one.
            options.path = try UnixAddress.bound(passed)
            listener = UnixListener(loop: loop, adopting: passed, path: options.path)
        } else {
            listener = try UnixListener(loop: loop, path: options.path, mode: mode_t(options.mode), groupID: options.groupID)
        }
        self.options = options
        readBuffer = .allocate(byteCount: 64 * 1024, alignment: 16)
        // A throw here runs deinit, which removes the socket file; the listener's registration closes it.
        try listener.registration.register(events: .readable) { [unowned self] _ in self.acceptPending() }
        log.info("control socket listening on \(options.path)\(passed == nil ? "" : " (passed by systemd)")")
    }

    deinit {
        shutdown()
        readBuffer.deallocate()
    }

    package var clientCount: Int { clients.count }

    /// Disconnects every client and removes the socket file. Idempotent.
    package func shutdown() {
        for id in Array(clients.keys) { disconnect(id, reason: "service stopping") }
        if !listener.registration.isClosed { listener.shutdown() }
    }

    /// Sends an event to every client subscribed to its class, or to its recipient alone when it has one (and
    /// that is a client of this server). Encoded once by the caller.
    package func publish(_ event: ControlEvent) {
        statistics.eventsPublished.bump()
        if let recipient = event.recipient {
            if clients[recipient] != nil { send(event.line[...], to: recipient) }
            return
        }
        for (id, c) in clients where c.subscriptions.contains(event.eventClass) {
            send(event.line[...], to: id)
        }
    }

    /// Whether any client would receive an event of this class (so the caller can skip encoding it).
    package func hasSubscribers(to eventClass: EventClass) -> Bool {
        clients.values.contains { $0.subscriptions.contains(eventClass) }
    }

    /// Subscription of a client (nil when gone): for diagnostics and tests.
    package func subscriptions(of id: ControlClientID) -> Set<EventClass>? { clients[id]?.subscriptions }

    /// The credentials (SO_PEERCRED) of a connected client; nil for an id that is not this socket's (an HTTP stream).
    package func peer(of id: ControlClientID) -> PeerCredentials? { clients[id]?.peer }

    // MARK: Accepting

    private func acceptPending() {
        while true {
            let accepted: FileDescriptor?
            do {
                accepted = try listener.descriptor.accept()
            } catch where error.errno == .connectionAborted {
                continue
            } catch {
                // EMFILE and friends: the pending connection stays in the backlog and the listener stays
                // readable, so level-triggered epoll would spin. Stop listening until a client leaves.
                log.error("\(SystemError(errno: error.errno, operation: "accept(\(options.path))")); "
                          + "not accepting until a client disconnects")
                setAccepting(false)
                return
            }
            guard let fd = accepted else { return }
            admit(fd)
        }
    }

    private var acceptPaused = false

    private func setAccepting(_ on: Bool) {
        guard listener.registration.isRegistered, acceptPaused == on else { return }
        do {
            try listener.registration.modify(events: on ? .readable : [])
            acceptPaused = !on
        } catch {
            log.error("control: \(error)")
        }
    }

    private func admit(_ fd: FileDescriptor) {
        let peer: PeerCredentials
        do {
            peer = try PeerCredentials.of(socket: fd.rawValue)
        } catch {
            log.warning("control: \(error); connection closed")
            try? fd.close()
            return
        }
        if !options.access.allows(peer) {
            statistics.refusedCredentials.bump()
            log.warning("control: refused \(peer): not an allowed user or group")
            refuse(fd, ControlError(.permissionDenied, "uid \(peer.uid) may not use this socket"))
            return
        }
        if clients.count >= options.maxClients {
            statistics.refusedTooMany.bump()
            log.warning("control: refused \(peer): \(options.maxClients) clients already connected")
            refuse(fd, ControlError(.tooManyClients, "\(options.maxClients) clients already connected"))
            return
        }
        let id = ControlClientID(rawValue: nextClient)
        nextClient += 1
        let c = ControlConnection(id: id, registration: LoopRegistration(loop: loop, descriptor: fd, name: "\(id)"),
                                  peer: peer, maxLineBytes: options.maxLineBytes)
        do {
            try c.registration.register(events: c.interest) { [unowned self] events in self.service(id, events) }
        } catch {
            log.error("control: \(error)")
            return   // dropping `c` closes the socket
        }
        clients[id] = c
        statistics.accepted.bump()
        statistics.connected.store(clients.count, ordering: .relaxed)
        log.debug("control: \(id) connected (\(peer))")
        send(ControlProtocol.hello(fields: handler?.helloFields() ?? [:])[...], to: id)
    }

    /// One best-effort error line to a refused peer, then close. The line is short, so a fresh socket's
    /// buffer takes it whole; if not, the peer loses only the explanation.
    private func refuse(_ fd: FileDescriptor, _ error: ControlError) {
        let line = ControlProtocol.error(error)
        _ = try? fd.closeAfter {
            try line.withUnsafeBytes { raw in
                try SystemCall.nonBlocking("send") {
                    Glibc.send(fd.rawValue, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
                }
            }
        }
    }

    // MARK: Per-client I/O

    private func service(_ id: ControlClientID, _ events: IOEvents) {
        guard let c = clients[id] else { return }
        if events.contains(.writable) { flush(c) }
        if !c.isClosed, case .open = c.state,
           !events.isDisjoint(with: [.readable, .readHangUp, .hangUp, .error]) {
            readAvailable(c)
        }
        if !c.isClosed, events.contains(.error) || events.contains(.hangUp) {
            disconnect(id, reason: "connection reset")
        }
    }

    private func readAvailable(_ c: ControlConnection) {
        // Bounded per wake-up so one busy client cannot starve the others; epoll is level-triggered.
        for _ in 0..<16 {
            let read: Int?
            do {
                read = try c.descriptor.read(into: readBuffer)
            } catch {
                disconnect(c.id, reason: "\(error)")
                return
            }
            guard let n = read else { return }   // drained
            if n > 0 {
                c.framer.append(UnsafeRawBufferPointer(rebasing: readBuffer[0..<n])) { output in
                    guard !c.isClosed else { return }
                    switch output {
                    case .line(let line): handleLine(line, from: c)
                    case .oversized:
                        statistics.linesTooLong.bump()
                        send(ControlProtocol.error(ControlError(.lineTooLong,
                            "request line longer than \(options.maxLineBytes) bytes; discarded up to its newline"))[...], to: c.id)
                    }
                }
                statistics.inputHighWater.raise(to: c.framer.bufferedBytes)
                if c.isClosed { return }
            } else {
                peerFinishedSending(c)
                return
            }
        }
    }

    private func peerFinishedSending(_ c: ControlConnection) {
        if c.output.isEmpty {
            disconnect(c.id, reason: "closed by the client")
        } else {
            move(c, to: .draining, on: "peer finished sending, output queued")
            updateInterest(c)
        }
    }

    private func handleLine(_ line: [UInt8], from c: ControlConnection) {
        statistics.commands.bump()
        // A copy, not `&c.subscriptions`: the handler may publish, and publishing reads every subscription.
        var subscriptions = c.subscriptions
        let response = ControlProtocol.respond(to: line, subscriptions: &subscriptions, handler: handler,
                                               client: c.id, now: loop.now)
        c.subscriptions = subscriptions
        if response.isError { statistics.errorReplies.bump() }
        // The handler may have published events that disconnected this very client.
        guard !c.isClosed else { return }
        send(response.line[...], to: c.id)
    }

    /// Writes what the socket takes now and queues the rest; past the queue limit the client is dropped.
    private func send(_ bytes: ArraySlice<UInt8>, to id: ControlClientID) {
        guard let c = clients[id], !c.isClosed else { return }
        var remaining = bytes
        if c.output.isEmpty {
            let written = remaining.withUnsafeBytes { writeSome(c, $0) }
            guard let written else { return }
            remaining = remaining.dropFirst(written)
            if remaining.isEmpty { return }
        }
        if c.output.count + remaining.count > options.queueLimitBytes {
            statistics.disconnectedSlow.bump()
            log.warning("control: \(id) (\(c.peer)) dropped: it does not read its events")
            disconnect(id, reason: "too slow: more than \(options.queueLimitBytes) bytes queued")
            return
        }
        c.output.append(remaining)
        statistics.outputHighWater.raise(to: c.output.count)
        updateInterest(c)
    }

    private func flush(_ c: ControlConnection) {
        while !c.output.isEmpty {
            let written = c.output.withUnsent { raw in writeSome(c, raw) }
            guard let written, !c.isClosed else { return }
            if written == 0 { break }
            c.output.consume(written)
        }
        if c.output.isEmpty, case .draining = c.state {
            disconnect(c.id, reason: "closed by the client")
            return
        }
        updateInterest(c)
    }

    /// Bytes written (0 when the socket is full), or nil when the client was disconnected.
    private func writeSome(_ c: ControlConnection, _ raw: UnsafeRawBufferPointer) -> Int? {
        do {
            return try SystemCall.nonBlocking("send") {
                Glibc.send(c.descriptor.rawValue, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            } ?? 0
        } catch {
            disconnect(c.id, reason: "\(error)")
            return nil
        }
    }

    private func updateInterest(_ c: ControlConnection) {
        guard !c.isClosed else { return }
        do {
            try c.registration.modify(events: c.interest)
        } catch {
            disconnect(c.id, reason: "\(error)")
        }
    }

    /// The only place a connection changes state: open -> draining -> closed, or open -> closed.
    private func move(_ c: ControlConnection, to next: ControlConnection.State, on event: String) {
        let from = c.state
        switch (from, next) {
        case (.open, .draining), (.open, .closed), (.draining, .closed):
            log.debug("control: \(c.id): \(from) -> \(event) -> \(next)")
            c.state = next
        case (.open, .open), (.draining, .open), (.draining, .draining), (.closed, _):
            log.error("control: BUG: \(c.id): impossible transition \(from) -> \(event) -> \(next); ignored")
        }
    }

    private func disconnect(_ id: ControlClientID, reason: String) {
        guard let c = clients.removeValue(forKey: id) else { return }
        move(c, to: .closed, on: reason)
        c.registration.close()
        statistics.disconnected.bump()
        statistics.connected.store(clients.count, ordering: .relaxed)
        log.debug("control: \(id) disconnected: \(reason)")
        if acceptPaused { setAccepting(true) }
        handler?.clientDisconnected(id, now: loop.now)
    }
}

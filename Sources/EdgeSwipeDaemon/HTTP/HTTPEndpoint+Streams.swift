#if canImport(Glibc)
import Glibc
#endif
import CMicroHTTPD
import EdgeSwipeSystem
import Synchronization
import TouchInput
import EdgeSwipeControl

/// libmicrohttpd pulls an event stream's bytes from here. Nothing queued: suspend until `publish` resumes.
let httpStreamReader: MHD_ContentReaderCallback = { cls, _, buffer, max in
    guard let cls, let buffer else { return -2 }
    let stream = Unmanaged<EventStream>.fromOpaque(cls).takeUnretainedValue()
    return stream.endpoint?.read(stream, into: buffer, max: max) ?? -2  // MHD_CONTENT_READER_END_WITH_ERROR
}

/// The stream's response is destroyed: its connection is gone.
let httpStreamFreed: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    let stream = Unmanaged<EventStream>.fromOpaque(cls).takeRetainedValue()
    stream.endpoint?.streamClosed(stream)
}

extension HTTPEndpoint {
    /// Sends an event to every event-stream client subscribed to its class, or to its recipient alone when it
    /// has one (and that is an open stream of this endpoint); framed once.
    package func publish(_ event: ControlEvent) {
        statistics.eventsPublished.bump()
        if let recipient = event.recipient {
            if let stream = streams[recipient], stream.state == .open { enqueue(SSEFraming.frame(line: event.line), to: stream) }
            return
        }
        var framed: [UInt8]?
        for stream in streams.values where stream.state == .open && stream.classes.contains(event.eventClass) {
            let bytes = framed ?? SSEFraming.frame(line: event.line)
            framed = bytes
            enqueue(bytes, to: stream)
        }
    }

    func enqueue(_ bytes: [UInt8], to stream: EventStream) {
        if stream.queue.count + bytes.count > options.queueLimitBytes {
            log.warning("http: \(stream.id) dropped: it does not read its events")
            drop(stream, reason: "too slow: more than \(options.queueLimitBytes) bytes queued", slow: true)
            return
        }
        stream.queue.append(bytes[...])
        statistics.queueHighWater.raise(to: stream.queue.count)
        if stream.suspended {
            stream.suspended = false
            MHD_resume_connection(stream.connection)
            scheduleRun()
        }
    }

    func openStream(_ connection: OpaquePointer, classes: Set<EventClass>, origin: String?) -> MHD_Result {
        guard streams.count < options.maxEventClients else {
            return queue(.error(503, ControlErrorCode.tooManyClients.rawValue,
                                "\(options.maxEventClients) event streams already open"), on: connection, origin: origin)
        }
        let key = KernelRandom.hex(byteCount: EventStream.keyLength / 2)
        let stream = EventStream(id: nextClientID(), key: key, connection: connection, classes: classes, endpoint: self)
        stream.queue.append(SSEFraming.preamble(stream: stream.key, fields: handler?.helloFields() ?? [:])[...])
        let cls = Unmanaged.passRetained(stream).toOpaque()
        guard let response = MHD_create_response_from_callback(UInt64.max /* MHD_SIZE_UNKNOWN */, 16 * 1024,
                                                                 httpStreamReader, cls, httpStreamFreed) else {
            Unmanaged<EventStream>.fromOpaque(cls).release()
            return MHD_Result.NO
        }
        defer { MHD_destroy_response(response) }
        addCommonHeaders(response, contentType: "text/event-stream; charset=utf-8", origin: origin)
        // An event stream is quiet while nothing happens; it must not hit the idle timeout.
        _ = edgeswipe_mhd_set_connection_timeout(connection, 0)
        streams[stream.id] = stream
        watchHangUp(stream)
        statistics.streamsOpened.bump()
        statistics.streamsConnected.store(streams.count, ordering: .relaxed)
        log.debug("http: \(stream.id) opened an event stream (\(classes.sorted().map(\.rawValue).joined(separator: ",")))")
        let queued = MHD_queue_response(connection, 200, response)
        onStreamOpened?(stream.id)
        return queued
    }

    /// The open stream whose key is `key`. Every open stream's key is compared in full, at a cost that does not
    /// depend on how much of a key matches (as the bearer token's), so timing tells nothing about live keys.
    func openStream(key: String) -> EventStream? {
        var found: EventStream?
        for stream in streams.values where stream.state == .open && BearerToken.equalInConstantTime(stream.key.utf8, key.utf8) {
            found = stream
        }
        return found
    }

    /// An EventSource sends nothing after its request: the socket turning readable means EOF (or junk), and
    /// either way the stream ends. Level-triggered, so it keeps firing until `drop` unregisters it.
    private func watchHangUp(_ stream: EventStream) {
        let fd = edgeswipe_mhd_connection_fd(stream.connection)
        guard fd >= 0 else { return }
        // Borrowed: the socket is libmicrohttpd's connection's.
        let watch = LoopRegistration(loop: loop, descriptor: FileDescriptor(rawValue: fd), name: "http \(stream.id) hang-up",
                                     ownership: .borrowed)
        stream.hangUpWatch = watch
        do {
            try watch.register(events: [.readable, .readHangUp]) { [weak self, weak stream] _ in
                guard let self, let stream else { return }
                self.drop(stream, reason: "the client went away", slow: false)
            }
        } catch {
            stream.hangUpWatch = nil
            log.warning("http: \(stream.id): cannot watch for hang-up: \(error)")
        }
    }

    private func unwatch(_ stream: EventStream) {
        stream.hangUpWatch?.close()
        stream.hangUpWatch = nil
    }

    func read(_ stream: EventStream, into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
        guard stream.state == .open else { return -2 }
        if stream.queue.isEmpty {
            stream.suspended = true
            MHD_suspend_connection(stream.connection)
            return 0
        }
        let n = stream.queue.withUnsent { raw in
            let n = min(raw.count, max)
            UnsafeMutableRawPointer(buffer).copyMemory(from: raw.baseAddress!, byteCount: n)
            return n
        }
        stream.queue.consume(n)
        return n
    }

    /// Ends a stream: a suspended one is resumed so its reader ends the response; one stuck on a full
    /// socket has its socket shut down, so MHD's next send fails and MHD closes it. MHD owns the close.
    func drop(_ stream: EventStream, reason: String, slow: Bool) {
        guard stream.state == .open else { return }
        stream.state = .dropped
        unwatch(stream)
        stream.queue = ByteQueue()
        if slow { statistics.streamsDroppedSlow.bump() }
        streams[stream.id] = nil
        statistics.streamsConnected.store(streams.count, ordering: .relaxed)
        log.debug("http: \(stream.id): open -> \(reason) -> dropped")
        if stream.suspended {
            stream.suspended = false
            MHD_resume_connection(stream.connection)
            scheduleRun()
        } else {
            let fd = edgeswipe_mhd_connection_fd(stream.connection)
            if fd >= 0 { _ = try? SystemCall.run("shutdown(fd \(fd))") { Glibc.shutdown(fd, Int32(SHUT_RDWR)) } }
        }
        handler?.clientDisconnected(stream.id, now: loop.now)
    }

    func streamClosed(_ stream: EventStream) {
        // MHD closes the socket just before it frees the response, with no accept in between: the fd
        // number cannot have been reused yet.
        unwatch(stream)
        statistics.streamsClosed.bump()
        if streams.removeValue(forKey: stream.id) != nil {
            statistics.streamsConnected.store(streams.count, ordering: .relaxed)
            log.debug("http: \(stream.id) closed its event stream")
            // Not dropped first (that tells the handler itself): what the page set goes with its stream.
            handler?.clientDisconnected(stream.id, now: loop.now)
        }
    }
}

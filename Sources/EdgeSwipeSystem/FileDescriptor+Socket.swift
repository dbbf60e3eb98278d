import Glibc

/// Writes to a stream socket and waits on it. Clients of the control socket write through `send`, never `write`:
/// a service that has closed on them (over max_clients, refused, crashed) is then an EPIPE error to report, where
/// write(2) raised SIGPIPE and ended the client silently (issue 33).
extension FileDescriptor {
    /// Sends what the socket takes now, without SIGPIPE (MSG_NOSIGNAL) and without waiting (MSG_DONTWAIT): the
    /// byte count, or nil when the socket's buffer is full.
    public func send(_ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int? {
        try SystemCall.nonBlocking("send(fd \(rawValue))") {
            Glibc.send(rawValue, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
        }
    }

    /// Sends every byte the socket takes now, retrying short sends; stops when its buffer is full and returns how
    /// many bytes went.
    @discardableResult
    public func sendAll(_ bytes: some Sequence<UInt8>) throws(SystemError) -> Int {
        let array = Array(bytes)
        var done = 0
        while done < array.count {
            let n = try array.withUnsafeBytes { raw in
                Result { () throws(SystemError) -> Int? in try send(UnsafeRawBufferPointer(rebasing: raw[done...])) }
            }.get()
            guard let n else { break }
            done += n
        }
        return done
    }

    /// Waits at most `timeoutMS` for the descriptor to be ready for `events` (POLLIN, POLLOUT): whether it is (a
    /// hang-up or an error counts as ready, for the next read or send to report).
    public func wait(for events: Int32, timeoutMS: Int32) throws(SystemError) -> Bool {
        var entry = pollfd(fd: rawValue, events: Int16(truncatingIfNeeded: events), revents: 0)
        return try SystemCall.run("poll(fd \(rawValue))") { Glibc.poll(&entry, 1, max(timeoutMS, 0)) } > 0
    }

    /// Sleeps `milliseconds` (poll with no descriptor): for a retry that has no descriptor to wait on.
    public static func pause(milliseconds: Int32) throws(SystemError) {
        try SystemCall.run("poll(pause)") { Glibc.poll(nil, 0, max(milliseconds, 0)) }
    }
}

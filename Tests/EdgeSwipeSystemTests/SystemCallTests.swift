import CEdgeSwipeSys
import EdgeSwipeSystem
import Glibc
import Testing

@Suite("System call helper")
struct SystemCallTests {
    @Test func retriesEINTRThenReturns() throws {
        var calls = 0
        let r = try SystemCall.run("test call") { () -> Int32 in
            calls += 1
            if calls < 3 { errno = EINTR; return -1 }
            return 7
        }
        #expect(r == 7)
        #expect(calls == 3)
    }

    @Test func failureCarriesErrnoAndOperation() {
        #expect(throws: SystemError(errno: .badFileDescriptor, operation: "read(fd -1)")) {
            try SystemCall.run("read(fd -1)") { () -> Int32 in errno = EBADF; return -1 }
        }
        let e = SystemError(errno: .noEntry, operation: "open(\"/x\")")
        #expect(e.description == "open(\"/x\") failed: No such file or directory (errno 2)")
        #expect(throws: SystemError(errno: .noEntry, operation: "open(\"/nonexistent/edgeswipe\")")) {
            _ = try FileDescriptor.open("/nonexistent/edgeswipe", .readOnly)
        }
    }

    @Test func negativeErrnoStyle() throws {
        var calls = 0
        let r = try SystemCall.runNegativeErrno("libevdev thing") { () -> Int32 in
            calls += 1
            return calls == 1 ? -EINTR : 0
        }
        #expect(r == 0 && calls == 2)
        #expect(throws: SystemError(errno: .noDevice, operation: "libevdev thing")) {
            try SystemCall.runNegativeErrno("libevdev thing") { () -> Int32 in -ENODEV }
        }
    }

    /// Would-block is a value: nil from an empty non-blocking pipe, not an error.
    @Test func nonBlockingReadWithNothingIsNil() throws {
        let (reader, writer) = try FileDescriptor.pipe(nonBlocking: true)
        defer { try? reader.close(); try? writer.close() }
        var buffer = [UInt8](repeating: 0, count: 16)
        let n = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
        #expect(n == nil)
        #expect(try writer.writeAll(Array("hi".utf8)) == 2)
        let m = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
        #expect(m == 2)
        #expect(buffer[0] == UInt8(ascii: "h"))
    }

    /// Calls that return the errno itself (posix_spawn, pthread_sigmask).
    @Test func returnedErrnoStyle() {
        var calls = 0
        #expect(throws: Never.self) { try SystemCall.runReturningErrno("x") { calls += 1; return calls == 1 ? EINTR : 0 } }
        #expect(calls == 2)
        #expect(throws: SystemError(errno: .invalidArgument, operation: "pthread_sigmask")) {
            try SystemCall.runReturningErrno("pthread_sigmask") { EINVAL }
        }
    }
}

/// Counts SIGUSR2 deliveries to the handler below.
nonisolated(unsafe) private var interruptions = 0

@Suite(.serialized) struct InterruptedCallTests {
    /// A blocking read on an empty pipe, interrupted by a signal whose handler does not ask for restarts
    /// (read returns EINTR), and completed once data arrives.
    @Test func aReadInterruptedByASignalIsRetried() throws {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in interruptions += 1 }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0   // no SA_RESTART
        var previous = sigaction()
        #expect(sigaction(SIGUSR2, &action, &previous) == 0)
        defer { sigaction(SIGUSR2, &previous, nil) }
        var unblock = SignalMask.makeSet([SIGUSR2]), oldMask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &unblock, &oldMask)
        defer { pthread_sigmask(SIG_SETMASK, &oldMask, nil) }

        let (r, w) = try FileDescriptor.pipe()
        defer { try? r.close(); try? w.close() }
        interruptions = 0
        let reader = pthread_self()
        var helper = pthread_t()
        let context = Unmanaged.passRetained(Box((reader, w))).toOpaque()
        #expect(pthread_create(&helper, nil, { raw in
            let box = Unmanaged<Box<(pthread_t, FileDescriptor)>>.fromOpaque(raw!).takeRetainedValue()
            usleep(100_000)
            pthread_kill(box.value.0, SIGUSR2)
            usleep(100_000)
            _ = try? box.value.1.writeAll(Array("x".utf8))
            return nil
        }, context) == 0)
        var byte: UInt8 = 0
        let n = try withUnsafeMutableBytes(of: &byte) { try r.read(into: $0) }
        pthread_join(helper, nil)
        #expect(interruptions == 1)
        #expect(n == 1)
        #expect(byte == UInt8(ascii: "x"))
    }
}

private final class Box<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

@Suite struct FileDescriptorTests {
    private func isOpen(_ fd: FileDescriptor) -> Bool {
        fcntl(fd.rawValue, F_GETFD) != -1
    }

    @Test func closeAfterClosesWhenTheBodyReturnsAndWhenItThrows() throws {
        let (r, w) = try FileDescriptor.pipe()
        #expect(try r.closeAfter { 5 } == 5)
        #expect(!isOpen(r))
        struct Boom: Error {}
        #expect(throws: Boom.self) { try w.closeAfter { throw Boom() } }
        #expect(fcntl(w.rawValue, F_GETFD) == -1 && errno == EBADF)
    }

    @Test func aSecondCloseIsReportedNotSilent() throws {
        let (r, w) = try FileDescriptor.pipe()
        try w.close()
        try r.close()
        #expect(throws: SystemError(errno: .badFileDescriptor, operation: "close(fd \(r.rawValue))")) { try r.close() }
    }

    @Test func writeAllWritesEveryByteAcrossShortWrites() throws {
        let (r, w) = try FileDescriptor.pipe(nonBlocking: true)
        defer { try? r.close(); try? w.close() }
        // More than a pipe holds (64 KiB): the non-blocking write stops where the pipe is full.
        let bytes = [UInt8](repeating: 7, count: 100_000)
        let written = try w.writeAll(bytes)
        #expect(written == 65_536)
    }
}

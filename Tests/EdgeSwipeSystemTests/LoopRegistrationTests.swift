import EdgeSwipeSystem
import Glibc
import Testing

@Suite struct LoopRegistrationTests {
    private func isClosed(_ fd: FileDescriptor) -> Bool {
        fcntl(fd.rawValue, F_GETFD) == -1 && errno == EBADF
    }

    @Test func aRegistrationIsOnTheLoopUntilDroppedAndThenClosed() throws {
        let loop = try EventLoop()
        let (r, w) = try FileDescriptor.pipe(nonBlocking: true)
        defer { try? w.close() }
        var seen: [IOEvents] = []
        var registration: LoopRegistration? = LoopRegistration(loop: loop, descriptor: r, name: "pipe")
        #expect(loop.registrationCount == 0)
        try registration?.register(events: .readable) { seen.append($0) }
        #expect(loop.registrationCount == 1)
        #expect(registration?.events == .readable)
        try w.writeAll(Array("x".utf8))
        #expect(try loop.runOnce(timeoutMilliseconds: 1000) == 1)
        #expect(seen == [.readable])

        registration = nil
        #expect(loop.registrationCount == 0)
        #expect(isClosed(r))
        #expect(try loop.runOnce(timeoutMilliseconds: 0) == 0)
    }

    @Test func closeUnregistersAndClosesOnceAndABorrowedDescriptorStaysOpen() throws {
        let loop = try EventLoop()
        let (r, w) = try FileDescriptor.pipe()
        defer { try? w.close() }
        let owned = LoopRegistration(loop: loop, descriptor: r, name: "owned")
        try owned.register(events: .readable) { _ in }
        owned.close()
        owned.close()
        #expect(owned.isClosed && !owned.isRegistered)
        #expect(isClosed(r))
        #expect(loop.registrationCount == 0)

        let borrowed = LoopRegistration(loop: loop, descriptor: w, name: "borrowed", ownership: .borrowed)
        try borrowed.register(events: .writable) { _ in }
        borrowed.close()
        #expect(loop.registrationCount == 0)
        #expect(fcntl(w.rawValue, F_GETFD) != -1)
    }

    /// A setup step after the descriptor was created throws: dropping the half-built owner closes it.
    @Test func aThrowDuringSetupClosesTheDescriptor() throws {
        let loop = try EventLoop()
        let (r, w) = try FileDescriptor.pipe()
        defer { try? w.close() }
        final class Owner {
            let registration: LoopRegistration
            init(loop: EventLoop, fd: FileDescriptor) throws {
                registration = LoopRegistration(loop: loop, descriptor: fd, name: "half-built")
                try registration.register(events: .readable) { _ in }
                throw SystemError(errno: .ioError, operation: "a later setup step")
            }
        }
        #expect(throws: SystemError.self) { _ = try Owner(loop: loop, fd: r) }
        #expect(isClosed(r))
        #expect(loop.registrationCount == 0)
    }

    /// The loop refuses the descriptor (a regular file cannot be polled): the convenience init closes it.
    @Test func aRefusedRegistrationClosesTheDescriptor() throws {
        let loop = try EventLoop()
        var opened: FileDescriptor?
        #expect(throws: SystemError.self) {
            _ = try LoopRegistration(loop: loop, name: "regular file", events: .readable, open: {
                let fd = try FileDescriptor.open("/proc/self/exe", .readOnly)
                opened = fd
                return fd
            }, handler: { _ in })
        }
        let fd = try #require(opened)
        #expect(isClosed(fd))
        #expect(loop.registrationCount == 0)
    }
}

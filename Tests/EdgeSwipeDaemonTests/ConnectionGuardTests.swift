import Testing
import TouchModel
@testable import EdgeSwipeDaemon

/// ConnectionGuard's bookkeeping on its own (the HTTP tests drive it through libmicrohttpd): which
/// connections are cut, in which order, and when.
@Suite struct ConnectionGuardTests {
    /// Distinct fake connection pointers (never dereferenced).
    static func connection(_ i: Int) -> OpaquePointer { OpaquePointer(bitPattern: 0x1000 + i * 16)! }

    @Test func pastTheShareTheOldestUnprovenConnectionIsCut() {
        var g = ConnectionGuard(headDeadlineMs: 10_000, maxConnections: 8, reserved: 2)
        for i in 0..<6 { #expect(g.opened(Self.connection(i), fd: Int32(100 + i), now: Microseconds(UInt64(i) * 10)).isEmpty) }
        // The seventh unproven connection cuts the oldest (fd 100), the eighth the next (fd 101).
        #expect(g.opened(Self.connection(6), fd: 106, now: 60) == [100])
        #expect(g.opened(Self.connection(7), fd: 107, now: 70) == [101])
        #expect(g.unprovenCount == 6)
    }

    @Test func provenConnectionsAreNeverCutAndDoNotCount() {
        var g = ConnectionGuard(headDeadlineMs: 100, maxConnections: 4, reserved: 2)
        _ = g.opened(Self.connection(0), fd: 10, now: 0)
        g.proven(Self.connection(0))
        _ = g.opened(Self.connection(1), fd: 11, now: 1)
        _ = g.opened(Self.connection(2), fd: 12, now: 2)
        #expect(g.unprovenCount == 2)
        #expect(g.opened(Self.connection(3), fd: 13, now: 3) == [11])
        // Long past every deadline: only unproven ones expire, each once.
        #expect(g.expired(now: 1_000_000).sorted() == [12, 13])
        #expect(g.expired(now: 2_000_000).isEmpty)
        #expect(g.nextDeadline == nil)
    }

    @Test func theDeadlineCountsFromTheStartWhateverArrivesMeanwhile() {
        var g = ConnectionGuard(headDeadlineMs: 400, maxConnections: 128, reserved: 16)
        _ = g.opened(Self.connection(0), fd: 10, now: 1_000)
        _ = g.opened(Self.connection(1), fd: 11, now: 2_000)
        #expect(g.nextDeadline == 401_000)
        #expect(g.expired(now: 400_999).isEmpty)
        #expect(g.expired(now: 401_000) == [10])
        #expect(g.nextDeadline == 402_000)
        g.closed(Self.connection(1))
        #expect(g.nextDeadline == nil && g.records.count == 1)
    }
}

import EdgeSwipeControl
import Testing
import TouchModel

@Suite struct ReconnectBackoffTests {
    @Test func doublesToItsLimitAndStartsOverAfterALastingConnection() {
        var b = ReconnectBackoff(first: 100_000, limit: 5_000_000)
        let delays = (0..<8).map { _ in b.delay().rawValue }
        #expect(delays == [100_000, 200_000, 400_000, 800_000, 1_600_000, 3_200_000, 5_000_000, 5_000_000])
        // Registered at 60 s, lost an hour later: the service had been serving; the next loss waits 100 ms.
        b.registered(at: 60_000_000)
        b.lost(at: 3_660_000_000)
        #expect(b.delay() == 100_000)
    }

    /// Issue 33: a service in a crash loop accepts, answers the registration and dies within a second; each
    /// answer started the delays over, so it got ~9 connections a second. Now they grow as if it were away.
    @Test func aServiceThatDiesSoonAfterRegisteringIsNotAskedAgainAtOnce() {
        var b = ReconnectBackoff(first: 100_000, limit: 5_000_000)
        var now: Microseconds = 1_000_000
        var delays: [UInt64] = []
        for _ in 0..<8 {
            b.registered(at: now)
            now = now + 300_000  // up 0.3 s, then gone
            b.lost(at: now)
            let d = b.delay()
            delays.append(d.rawValue)
            now = now + d
        }
        #expect(delays == [100_000, 200_000, 400_000, 800_000, 1_600_000, 3_200_000, 5_000_000, 5_000_000])
    }

    @Test func tenSecondsRegisteredIsLasting() {
        var b = ReconnectBackoff(first: 100_000, limit: 5_000_000)
        _ = (b.delay(), b.delay(), b.delay())  // 100, 200, 400 ms
        b.registered(at: 5_000_000)
        b.lost(at: 14_999_999)
        #expect(b.delay() == 800_000)
        b.registered(at: 20_000_000)
        b.lost(at: 30_000_000)
        #expect(b.delay() == 100_000)
    }

    @Test func aConnectionRefusedBeforeRegisteringKeepsTheDelayGrowing() {
        var b = ReconnectBackoff(first: 100_000, limit: 5_000_000)
        _ = b.delay()
        b.lost(at: 50_000_000)  // over max_clients: an error line and closed, never registered
        #expect(b.delay() == 200_000)
    }
}

import Synchronization
import Testing
import TouchModel
@testable import EdgeSwipeDaemon

/// Issue 33, gap: the log volume of a flapping accelerometer or an action that fires on every swipe was not
/// damped (10 000 lines for 10 000 events). Per place in the code: 10 lines, one more saying the rest are held
/// back, and the count with the first line of the next minute. Debug lines (asked for with --verbose) pass.
@Suite struct LogDamperTests {
    @Test func tenThousandLinesFromOnePlaceInTenSecondsAreElevenAndACount() {
        var d = LogDamper()
        var decisions: [LogDamper.Decision] = []
        for k in 0..<10_000 { decisions.append(d.admit(site: "a", now: Microseconds(UInt64(k) * 1_000))) }
        #expect(decisions.prefix(10).allSatisfy { $0 == .write(suppressedBefore: 0) })
        #expect(decisions[10] == .holdBack)
        #expect(decisions.dropFirst(11).allSatisfy { $0 == .suppress })
        // Another place is not held back by this one.
        #expect(d.admit(site: "b", now: 5_000_000) == .write(suppressedBefore: 0))
        // A minute after the window began: written, with the 10 000 − 11 written = 9 989 held back.
        #expect(d.admit(site: "a", now: 60_000_000) == .write(suppressedBefore: 9_989))
        #expect(d.admit(site: "a", now: 60_001_000) == .write(suppressedBefore: 0))
    }

    @Test func aQuietPlaceIsNeverHeldBack() {
        var d = LogDamper()
        // One line every 6 s: 10 a minute, each written.
        for k in 0..<100 { #expect(d.admit(site: "rotation", now: Microseconds(UInt64(k) * 6_000_000)) == .write(suppressedBefore: 0)) }
    }

    @Test func theServicesLogDampsByCallSiteAndLetsDebugThrough() {
        let lines = Mutex<[String]>([])
        let now = Mutex<UInt64>(0)
        let log = DaemonLog(minimum: .debug, sink: { _, m in lines.withLock { $0.append(m) } }, clock: { Microseconds(now.withLock { $0 }) })
        func turned(_ degrees: Int) { log.info("rotation: accelerometer: 1 device(s) turn to \(degrees)") }   // one place
        for k in 0..<1_000 {
            now.withLock { $0 = UInt64(k) * 10_000 }
            turned(k % 2 == 0 ? 90 : 0)
            log.debug("debug \(k)")
        }
        let written = lines.withLock { $0 }
        #expect(written.filter { $0.hasPrefix("rotation:") }.count == 11)
        #expect(written.filter { $0.hasPrefix("debug ") }.count == 1_000)
        #expect(written.last { $0.hasPrefix("rotation:") }?.hasSuffix("their count comes with the next one)") == true)
        now.withLock { $0 = 61_000_000 }
        turned(0)
        #expect(lines.withLock { $0.last } == "rotation: accelerometer: 1 device(s) turn to 0 (989 more lines from here were held back in the last 1 min)")
    }

    /// `run --verbose` (issue 34 item 5): the session's state machines log through the service's log as debug
    /// lines, none damped (a swipe is dozens of lines from one place); without --verbose there is no sink at all,
    /// so no line is formatted. A bug line keeps its level (error).
    @Test func theTransitionSinkIsTheLogsDebugLinesOrNothing() throws {
        #expect(DaemonLog(minimum: .info) { _, _ in }.transitionSink == nil)
        let lines = Mutex<[String]>([])
        let log = DaemonLog(minimum: .debug, sink: { level, m in lines.withLock { $0.append("\(level): \(m)") } }, clock: { 0 })
        let sink = try #require(log.transitionSink)
        for k in 0..<50 { sink.debug("left-1: began → frame \(k) → changed") }
        sink(.error, "BUG pop: driving → began is not a valid transition; ignored")
        let written = lines.withLock { $0 }
        #expect(written.count == 51)
        #expect(written.first == "debug: left-1: began → frame 0 → changed")
        #expect(written.last == "error: BUG pop: driving → began is not a valid transition; ignored")
    }
}

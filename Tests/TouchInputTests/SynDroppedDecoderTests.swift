import Testing
import TouchInput
import TouchModel

@Suite("Decoder: SYN_DROPPED and cancelAll")
struct SynDroppedDecoderTests {
    @Test func recordingCancelsContactsAndDropsUpToSynReport() throws {
        var d = try TestDevices.decoder(TestDevices.touchscreenB(), mode: .recording)
        let frames = decode(&d,
                            frame(1000, .slot(0), .tid(1), .x(100), .y(100)),
                            frame(2000, .x(150)),
                            // The overflow hit mid-frame: x=170 arrived, the rest up to SYN_REPORT is a fragment.
                            frame(3000, .x(170), .dropped, .x(400), .y(400)),
                            // The same touch continues: it was cancelled, so it stays out of the frames.
                            frame(4000, .x(410)),
                            frame(5000, .tid(-1)),
                            frame(6000, .tid(2), .x(50), .y(60)),
                            frame(7000, .x(55)))
        #expect(frames.map(summary) == [
            ["1 s0 down (100,100)"],
            ["1 s0 move (150,100)"],
            ["1 s0 cancelled (170,100)"],
            [], [],
            ["2 s0 down (50,60)"],
            ["2 s0 move (55,60)"],
        ])
        #expect(frames.map(\.resynced) == [false, false, true, false, false, false, false])
        #expect(frames[2].time == 3000)
        #expect(frames[2].fingerCount == 0)
        #expect(d.diagnostics == [.synDropped(count: 1), .droppedEvents(count: 2)])
    }

    @Test func recordingDropKeepsSlotSelectionOfTheFragment() throws {
        var d = try TestDevices.decoder(TestDevices.touchscreenB(), mode: .recording)
        let frames = decode(&d,
                            frame(1000, .slot(0), .tid(1), .x(100), .y(100)),
                            frame(2000, .dropped, .slot(1), .x(900)),
                            // Without the kept selection this would land in slot 0.
                            frame(3000, .tid(2), .x(800), .y(300)))
        #expect(frames.map(summary) == [
            ["1 s0 down (100,100)"],
            ["1 s0 cancelled (100,100)"],
            ["2 s1 down (800,300)"],
        ])
    }

    @Test func recordingDropKeepsSingleTouchKeyStateWithoutStalePositions() throws {
        var d = try TestDevices.decoder(TestDevices.singleTouch(), mode: .recording)
        let x = AbsCode.x, y = AbsCode.y
        let frames = decode(&d,
                            frame(1000, .abs(x, 100), .abs(y, 100), .touch(1)),
                            // The lift is in the fragment: without it the next touch would stay ignored.
                            frame(2000, .dropped, .abs(x, 150), .touch(0)),
                            frame(3000, .abs(x, 400), .abs(y, 300), .touch(1)),
                            // A touch that begins in a fragment has no trustworthy position: left out until it lifts.
                            frame(4000, .touch(0), .dropped, .abs(x, 900), .touch(1)),
                            frame(5000, .abs(x, 910)),
                            frame(6000, .touch(0)),
                            frame(7000, .abs(x, 920), .touch(1)))
        #expect(frames.map(summary) == [
            ["1 s0 down (100,100)"],
            ["1 s0 cancelled (100,100)"],
            ["2 s0 down (400,300)"],
            ["2 s0 cancelled (400,300)"],
            [], [],
            ["3 s0 down (920,300)"],
        ])
    }

    @Test func liveTakesTheSyncedStateAsTheNextFrame() throws {
        var d = try TestDevices.decoder(TestDevices.touchscreenB(), mode: .live)
        let lines = LogLines()
        d.logSink = LogSink { _, line in lines.append(line) }
        // After SYN_DROPPED libevdev delivers the difference to the device's current state, then SYN_REPORT.
        let frames = decode(&d,
                            frame(1000, .slot(0), .tid(1), .x(100), .y(100)),
                            frame(3000, .dropped, .slot(0), .tid(-1), .slot(1), .tid(5), .x(600), .y(200)),
                            frame(4000, .x(610)))
        #expect(frames.map(summary) == [
            ["1 s0 down (100,100)"],
            ["1 s0 up (100,100)", "2 s1 down (600,200)"],
            ["2 s1 move (610,200)"],
        ])
        #expect(frames.map(\.resynced) == [false, true, false])
        #expect(lines.all == [
            "slot 0: empty -> TRACKING_ID 1 -> pending",
            "slot 0: pending -> SYN_REPORT -> active(1)",
            "normal -> SYN_DROPPED -> resyncing",
            "slot 0: active(1) -> TRACKING_ID -1 -> empty",
            "slot 1: empty -> TRACKING_ID 5 -> pending",
            "resyncing -> SYN_REPORT -> normal",
            "slot 1: pending -> SYN_REPORT -> active(2)",
        ])
        #expect(d.diagnostics == [.synDropped(count: 1)])
    }

    @Test func cancelAllEndsContactsInFlightOnce() throws {
        var d = try TestDevices.decoder(TestDevices.touchscreenB())
        var frames = decode(&d, frame(1000, .slot(0), .tid(1), .x(100), .y(100)))
        // A second touch begins but its frame never completes (unplug).
        for e in [Ev.slot(1), .tid(2), .x(5)] { #expect(d.feed(e.event(at: 1400)) == nil) }
        let result = d.cancelAll(time: 1500)
        let cancelled = try #require(result)
        #expect(summary(cancelled) == ["1 s0 cancelled (100,100)"])
        #expect(cancelled.time == 1500)
        #expect(d.cancelAll(time: 1600) == nil)
        frames = decode(&d,
                        frame(2000, .slot(0), .x(120)),
                        frame(3000, .tid(-1), .slot(1), .tid(-1)),
                        frame(4000, .slot(0), .tid(3)))
        // The touch that was never reported took no id: the next contact shown is 2 (ids follow first reports).
        #expect(frames.map(summary) == [[], [], ["2 s0 down (120,100)"]])
    }

    @Test func cancelAllWhileDroppingDeliversTheCancellationsOnce() throws {
        var d = try TestDevices.decoder(TestDevices.touchscreenB(), mode: .recording)
        _ = decode(&d, frame(1000, .slot(0), .tid(1), .x(100), .y(100)))
        for e in [Ev.x(120), .dropped, .y(300)] { #expect(d.feed(e.event(at: 2000)) == nil) }
        // The trace ends (or the device goes) before the SYN_REPORT that would close the fragment.
        let result = d.cancelAll(time: 2500)
        let cancelled = try #require(result)
        #expect(summary(cancelled) == ["1 s0 cancelled (120,100)"])
        let frames = decode(&d, frame(3000))
        #expect(frames.map(summary) == [[]])
        #expect(frames.map(\.resynced) == [true])
    }

    @Test func cancelAllOnAnIdleDecoderIsNil() throws {
        var d = try TestDevices.decoder(TestDevices.singleTouch())
        #expect(d.cancelAll(time: 5) == nil)
    }
}

/// Collects debug lines from a @Sendable closure.
final class LogLines: @unchecked Sendable {
    private var lines: [String] = []
    func append(_ s: String) { lines.append(s) }
    var all: [String] { lines }
}

import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Navigation
import Testing
import TouchInput
import TouchModel
import TouchTrace
@testable import EdgeSwipeDaemon
import EdgeSwipeControl

/// The session core live and replay share: one deadline order, and work per event that does not depend on
/// how many sources there are.
@Suite struct SessionCoreTests {
    func demo() throws -> Trace {
        try TraceReader.read(path: Fixtures.packageRoot.appendingPathComponent("samples/demo-back-swipes.evemu").path)
    }

    func options() throws -> PipelineOptions {
        var o = PipelineOptions()
        o.stack = try StackSpec.parse("home,inbox:header,message:header")
        return o
    }

    func replayed(_ trace: Trace, options: PipelineOptions) throws -> [String] {
        var replayed: [String] = []
        try ReplaySession(trace: trace, options: options).run(sink: {
            replayed.append(EventJSON.output($0, deviceName: { _ in nil }))
        })
        return replayed
    }

    /// A recording fed event by event into a live session (no timerfd ever fires: the events' own times
    /// drive the deadlines), then ended as `ReplayFeeder` ends it, gives exactly the offline replay's outputs.
    @Test func liveSessionFedARecordingGivesTheReplaysOutputs() throws {
        let trace = try demo()
        let options = try options()
        let replayed = try replayed(trace, options: options)
        // The reference has what this test is about: swipes, and navigation's animation deadlines between them.
        #expect(replayed.filter { $0.contains("\"transitionFinished\"") }.count >= 2)
        #expect(try live(trace, options: options) == replayed)
    }

    /// Issue 23: the announcement that a released pop settles (its outcome and how long the rest takes) is a
    /// navigation event, so live and replay give the same sequence with it: the demo's pops, each announced once
    /// at its release and ended after the time announced.
    @Test func liveAndReplayGiveTheSameSequenceWithTheSettlingOfEachPop() throws {
        let trace = try demo()
        let options = try options()
        let replayed = try replayed(trace, options: options)
        let pops = replayed.filter { $0.contains("\"transitionBegan\"") && $0.contains("\"interactivePop\"") }
        let settlings = replayed.filter { $0.contains("\"transitionSettling\"") }
        #expect(pops.count >= 2)
        #expect(settlings.count == pops.count)
        // make-demo-sample.py's stroke 1 (HTTPReplayFeederTests): released at 74.73 % and slowly, so it completes in
        // (1 - 0.7473) x 350 ms = 88.4 ms.
        let first = try #require(settlings.first)
        #expect(first.contains("\"kind\":\"interactivePop\",\"outcome\":\"complete\",\"progress\":0.7473"))
        #expect(first.contains("\"remainingMs\":88.4"))
        // Each settling comes right after the release's gesture and progress lines, and the pop ends the time it
        // announced later.
        func time(_ line: String) -> Double? {
            guard let r = line.range(of: "\"time\":") else { return nil }
            return Double(line[r.upperBound...].prefix { $0.isNumber || $0 == "." })
        }
        func remainingMs(_ line: String) -> Double? {
            guard let r = line.range(of: "\"remainingMs\":") else { return nil }
            return Double(line[r.upperBound...].prefix { $0.isNumber || $0 == "." })
        }
        for settling in settlings {
            let i = try #require(replayed.firstIndex(of: settling))
            #expect(replayed[..<i].last { $0.contains("\"type\":\"gesture\"") }.map {
                $0.contains("\"phase\":\"ended\"") || $0.contains("\"phase\":\"cancelled\"") } == true)
            let end = try #require(replayed[i...].first {
                ($0.contains("\"transitionFinished\"") || $0.contains("\"transitionCancelled\"")) && $0.contains("interactivePop")
            })
            let announced = try #require(time(settling)) + (try #require(remainingMs(settling))) / 1000
            #expect(abs(try #require(time(end)) - announced) < 0.000_06, "\(settling) then \(end)")
        }
        #expect(try live(trace, options: options) == replayed)
    }

    /// A session made without an output holds navigation's first events (the initial stack's) until
    /// `start(output:)`, which sends them before anything else: the service's start order (issue 23).
    @Test func aSessionSendsNothingUntilStartedThenTheInitialStackFirst() throws {
        let loop = try EventLoop()
        let options = try options()
        let navigation = NavigationSession(screens: options.stack!, config: options.navigation,
                                           popRecognizer: options.popRecognizer, now: 0)
        let session = try LiveSession(loop: loop, options: options, navigation: navigation)
        var lines: [String] = []
        session.start(output: { lines.append(EventJSON.output($0, deviceName: { _ in nil })) })
        #expect(lines == [
            #"{"type":"navigation","event":"transitionBegan","time":0,"kind":"setScreens","from":null,"to":"message"}"#,
            #"{"type":"navigation","event":"willAppear","time":0,"screen":"message"}"#,
            #"{"type":"navigation","event":"didAppear","time":0,"screen":"message"}"#,
            #"{"type":"navigation","event":"transitionFinished","time":0,"kind":"setScreens","from":null,"to":"message"}"#,
        ])
        #expect(navigation.takeEvents().isEmpty)
        withExtendedLifetime(loop) {}
    }

    /// The recording fed event by event into a live session on a loop that never runs, ended as `ReplayFeeder`
    /// ends it.
    func live(_ trace: Trace, options: PipelineOptions) throws -> [String] {
        var live: [String] = []
        let loop = try EventLoop()
        let navigation = NavigationSession(screens: options.stack!, config: options.navigation,
                                           popRecognizer: options.popRecognizer, now: 0)
        let session = try LiveSession(loop: loop, options: options, navigation: navigation) {
            live.append(EventJSON.output($0, deviceName: { _ in nil }))
        }
        let id = try session.addFed(trace.devices[0].description)
        for e in trace.devices[0].events { session.feed(e, to: id) }
        session.remove(id, now: trace.devices[0].events.last!.time)
        session.core.fire(upTo: .max)
        withExtendedLifetime(loop) {}
        return live
    }

    /// 1 device with events and 2999 that declare themselves and send nothing: the pipelines visited are the
    /// same per event as with the one device alone, plus one end-of-recording cancel per idle device.
    @Test func workPerEventDoesNotGrowWithTheDevicesDeclared() throws {
        let trace = try demo()
        var crowded = trace
        crowded.devices += Array(repeating: TraceDevice(description: trace.devices[0].description), count: 2999)
        let alone = try ReplaySession(trace: trace, options: options())
        alone.run(sink: { _ in })
        let many = try ReplaySession(trace: crowded, options: options())
        many.run(sink: { _ in })
        #expect(alone.core.pipelineVisits >= trace.eventCount)
        #expect(many.core.pipelineVisits == alone.core.pipelineVisits + 2999)
    }

    /// Events of several devices at the same time come in the order the devices are declared; otherwise
    /// in time order.
    @Test func mergedEventsAreInTimeOrderThenDeclarationOrder() {
        let d = DeviceDescription(name: "t", id: InputID(bustype: 0, vendor: 0, product: 0, version: 0))
        func events(_ times: [UInt64], code: UInt16) -> [InputEvent] {
            times.map { InputEvent(time: Microseconds($0), type: 0, code: code, value: 0) }
        }
        let trace = Trace(devices: [TraceDevice(description: d, events: events([5, 10, 10], code: 0)),
                                    TraceDevice(description: d, events: events([1, 10, 20], code: 1)),
                                    TraceDevice(description: d, events: events([10], code: 2))],
                          format: .evemu, source: "test")
        var merge = TraceMerge(trace)
        var order: [String] = []
        while let (device, e) = merge.next() { order.append("\(e.time)/\(device)") }
        #expect(order == ["1/1", "5/0", "10/0", "10/0", "10/1", "10/2", "20/1"])
    }

    @Test func timeHeapPopsByTimeThenRank() {
        var heap = TimeHeap<String>()
        let entries: [(UInt64, Int)] = [(7, 2), (3, 9), (7, 1), (0, 5), (3, 0), (UInt64.max, 0), (7, 1)]
        for (t, r) in entries { heap.push(time: Microseconds(t), rank: r, payload: "\(t)/\(r)") }
        var out: [String] = []
        while let e = heap.popFirst() { out.append(e.payload) }
        #expect(out == ["0/5", "3/0", "3/9", "7/1", "7/1", "7/2", "\(UInt64.max)/0"])
    }
}

/// Each turn of the loop reads the clock once: every handler of one epoll batch sees the same `now`.
@Suite struct LoopClockTests {
    @Test func handlersOfOneTurnShareTheTurnsTime() throws {
        let loop = try EventLoop()
        var seen: [Microseconds] = []
        // Unowned: the loop holds these handlers, so a strong capture is a cycle (LeakSanitizer reports it).
        let first = try loop.makeWaker(name: "first") { [unowned loop] in seen.append(loop.now) }
        let second = try loop.makeWaker(name: "second") { [unowned loop] in seen.append(loop.now) }
        first.wake()
        second.wake()
        #expect(try loop.runOnce(timeoutMilliseconds: 1000) == 2)
        #expect(seen.count == 2)
        #expect(seen[0] == seen[1])
        // The next turn reads the clock again; outside a turn `now` is the clock itself.
        usleep(2000)
        first.wake()
        #expect(try loop.runOnce(timeoutMilliseconds: 1000) == 1)
        #expect(seen.count == 3)
        #expect(seen[2] >= seen[0] + 2000)
        #expect(loop.now >= seen[2])
    }
}

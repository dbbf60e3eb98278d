import EdgeSwipeCorpus
import FixtureSupport
import Gestures
import Testing
import TouchInput
import TouchModel
import TouchOwnership
import TouchTrace
@testable import EdgeSwipeDaemon

/// The hold and forward logic on every slotted recording in Tests/Fixtures, with the standard recognizers (one
/// finger, left and right edges). Which recordings have a touch in an edge zone comes from the fixtures' own
/// first positions (`RecordedFixture.nearestSideEdgeMM`, from expectations.json), not from the forwarder.
@Suite struct HoldForwardingFixtureTests {
    struct Loaded {
        var fixture: RecordedFixture
        var description: DeviceDescription
        var events: [InputEvent]
    }

    static func slotted() throws -> [Loaded] {
        try RecordedFixtures.all.compactMap { f in
            let trace = try TraceReader.read(path: Fixtures.path(f.file), description: f.description.map { Fixtures.path($0) })
            guard let device = trace.devices.first, device.description.slotCount != nil else { return nil }
            return Loaded(fixture: f, description: device.description, events: device.events)
        }
    }

    func run(_ l: Loaded) throws -> ForwardingRun {
        var options = PipelineOptions()
        options.configuredSize = l.fixture.size
        options.recognizers = [EdgeSwipeConfig(edges: [.left, .right])]
        let run = try ForwardingRun(l.description, options: options)
        run.feed(l.events)
        return run
    }

    static let zoneMM = EdgeSwipeConfig().edgeZoneMM

    /// Every recording changes its touches' fates only through valid transitions (issue 23): none impossible; a
    /// touch leaves held once (released or dropped), so once the source is gone every hold is one or the other;
    /// a recording with a first touch in an edge zone holds at least one.
    @Test func everyRecordingTakesOnlyValidTransitions() throws {
        let all = try Self.slotted()
        #expect(all.count >= 30)
        for l in all {
            let run = try run(l)
            let forwarder = try #require(run.forwarder)
            run.session.remove(run.id, now: l.events.last?.time ?? 0)
            let c = forwarder.counts
            #expect(forwarder.impossibleTransitions == 0, "\(l.fixture.file)")
            #expect(c.holds == c.releases + c.drops, "\(l.fixture.file): \(c)")
            if let nearest = l.fixture.nearestSideEdgeMM, nearest < Self.zoneMM { #expect(c.holds >= 1, "\(l.fixture.file)") }
        }
    }

    /// No touch lands in an edge zone: the clone gets the input, frame for frame, event for event.
    @Test func recordingWithoutEdgeContactIsForwardedUnchanged() throws {
        let chosen = try Self.slotted().filter { l in
            (l.fixture.nearestSideEdgeMM.map { $0 > Self.zoneMM } ?? true)
                && !l.events.contains { $0.type == EventType.syn && $0.code == SynCode.dropped }
        }
        #expect(chosen.count >= 30)
        for l in chosen {
            let run = try run(l)
            let read = splitFrames(l.events), forwarded = run.target.frames
            let first = read.indices.first { $0 >= forwarded.count || read[$0] != forwarded[$0] } ?? read.count
            #expect(forwarded.count == read.count && first == read.count,
                    "\(l.fixture.file): frame \(first) of \(read.count) (\(forwarded.count) forwarded): read \(show(read, first)), forwarded \(show(forwarded, first))")
        }
    }

    /// Recordings in which nothing begins: every touch reaches the clone complete, with the same slot events in
    /// the same order as read; touches the recording leaves down are lifted on the clone when the source goes.
    @Test func recordingWithoutSwipeForwardsEveryTouchComplete() throws {
        let chosen = try Self.slotted().filter { $0.fixture.isNegative }
        #expect(chosen.count >= 30)
        for l in chosen {
            let run = try run(l)
            run.session.remove(run.id, now: l.events.last.map { $0.time + 1 } ?? 0)
            let read = touches(splitFrames(l.events).flatMap { $0 }, slots: l.description.slotCount!)
            let forwarded = touches(run.target.events, slots: l.description.slotCount!)
            var expected = read.complete
            for t in read.down { expected[t]!.append([Int32(AbsCode.mtTrackingID), -1]) }
            let differing = Set(expected.keys).union(forwarded.complete.keys).filter { expected[$0] != forwarded.complete[$0] }
            #expect(differing.isEmpty, "\(l.fixture.file): touches \(differing.sorted())")
            #expect(forwarded.down.isEmpty, "\(l.fixture.file)")
        }
    }

    /// The 45-touch Synaptics recording: touches 17 and 18 (tracking ids 88 and 89) begin swipes (worked out in
    /// RecordedFixtures). Neither reaches the clone; every other touch does, complete.
    @Test func recognisedSwipesInARecordingAreAbsentFromTheClone() throws {
        let l = try #require(try Self.slotted().first { $0.fixture.file == "whot__evemu-devices__touchpads__SynPS2_Synaptics_TouchPad.events" })
        let run = try run(l)
        #expect(run.gestures.filter { $0.phase == .began }.count == 2)
        let read = touches(splitFrames(l.events).flatMap { $0 }, slots: 2)
        let forwarded = touches(run.target.events, slots: 2)
        #expect(read.complete.keys.contains("88#1") && read.complete.keys.contains("89#1"))
        var expected = read.complete
        expected["88#1"] = nil
        expected["89#1"] = nil
        #expect(forwarded.complete == expected)
        #expect(forwarded.down.isEmpty)
    }
}

/// Frame `i` as "type code value" triples, or "none".
func show(_ frames: [[InputEvent]], _ i: Int) -> String {
    i < frames.count ? frames[i].map { "\($0.type) \($0.code) \($0.value)" }.joined(separator: ", ") : "none"
}

/// Each touch of a stream (a tracking id in a slot, "id#n" for its n-th use) and its slot events as (code, value),
/// in order; `down`: touches still down at the end.
typealias Touches = (complete: [String: [[Int32]]], down: Set<String>)

func touches(_ events: [InputEvent], slots: Int) -> Touches {
    var slot = 0
    var current = Array(repeating: "", count: slots)
    var uses: [Int32: Int] = [:]
    var result: [String: [[Int32]]] = [:]
    var down = Set<String>()
    for e in events where e.type == EventType.abs {
        if e.code == AbsCode.mtSlot {
            slot = Int(e.value)
            continue
        }
        guard (AbsCode.mtTouchMajor...AbsCode.mtTouchMajor + 13).contains(e.code), slot >= 0, slot < slots else { continue }
        if e.code == AbsCode.mtTrackingID {
            if !current[slot].isEmpty {
                result[current[slot], default: []].append([Int32(e.code), e.value])
                down.remove(current[slot])
                current[slot] = ""
            }
            if e.value >= 0 {
                uses[e.value, default: 0] += 1
                current[slot] = "\(e.value)#\(uses[e.value]!)"
                down.insert(current[slot])
                result[current[slot], default: []].append([Int32(e.code), e.value])
            }
            continue
        }
        if !current[slot].isEmpty { result[current[slot], default: []].append([Int32(e.code), e.value]) }
    }
    return (result, down)
}

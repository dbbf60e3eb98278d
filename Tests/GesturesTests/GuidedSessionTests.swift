import EdgeSwipeCorpus
import FixtureSupport
import Gestures
import Testing
import TouchInput
import TouchModel
import TouchTrace

/// `edgeswipe record --guided`'s machine (issue 38, item 2) on synthetic frames of the 128 × 64 mm test surface
/// with the default left-edge recognizer (5 mm band), and on the recorded strokes of the tune fixture.
@Suite struct GuidedSessionTests {
    let s = TestSurface()

    func session(_ kinds: [GuidedKind]) throws -> GuidedSession {
        try GuidedSession(prompts: kinds.map { GuidedPrompt(kind: $0, edge: .left, bandMM: 5) },
                          recognizers: [EdgeSwipeConfig(edges: [.left])], transform: s.transform)
    }

    /// Frames in, deadlines fired before each frame as the command's timer would: everything the session said.
    func feed(_ session: GuidedSession, _ frames: [TouchFrame]) -> [GuidedOutput] {
        var out: [GuidedOutput] = []
        for f in frames {
            while let d = session.nextDeadline, d <= f.time { out += session.deadlineReached(now: d) }
            out += session.process(f)
        }
        return out
    }

    /// One finger down at (x0, 32) at `ms`, 5 mm inward every 10 ms for 120 ms (500 mm/s, 60 mm), lifted at +130.
    func swipe(at ms: Double, x0: Double) -> [TouchFrame] {
        (0...12).map { i in s.frame(ms + 10 * Double(i), s.contact(1, i == 0 ? .down : .move, x0 + 5 * Double(i), 32)) }
            + [s.frame(ms + 130, s.contact(1, .up, x0 + 60, 32))]
    }

    func tap(at ms: Double, x: Double) -> [TouchFrame] {
        [s.frame(ms, s.contact(1, .down, x, 32)), s.frame(ms + 80, s.contact(1, .up, x, 32))]
    }

    func verdicts(_ out: [GuidedOutput]) -> [GuidedVerdict] {
        out.compactMap { if case .verdict(let v) = $0 { return v } else { return nil } }
    }

    @Test func aBackAsAskedIsRightAndItsLabelSpansTouchDownToLift() throws {
        let g = try session([.back, .tapAtEdge])
        let first = g.start()
        #expect(first == [.prompt(GuidedPrompt(kind: .back, edge: .left, bandMM: 5), number: 1, total: 2)])
        let out = feed(g, swipe(at: 0, x0: 2))
        let v = try #require(verdicts(out).first)
        #expect(v.isRight)
        #expect(v.observed == .swipe(.left, .complete))
        #expect(v.sentence == "right: a back from the left edge")
        #expect(v.nearMiss == nil)
        // The next prompt follows the verdict.
        #expect(out.last == .prompt(GuidedPrompt(kind: .tapAtEdge, edge: .left, bandMM: 5), number: 2, total: 2))
        // Touch-down at 0 ms, lift at 130 ms.
        #expect(v.labelLine == "0.000000\t0.130000\tback:left\tback  # recognizer: back:left; right: a back from the left edge")
        #expect(g.state == .waiting(prompt: 1))
    }

    @Test func aMissedBackGetsItsNearMissAndANegativeThatFiredIsNamed() throws {
        let g = try session([.back, .tapAtEdge, .tapAtEdge])
        _ = g.start()
        // A back landing 9 mm in (outside the 5 mm band), then a "tap" that is a back from 2 mm, then a real tap.
        let out = feed(g, swipe(at: 0, x0: 9) + swipe(at: 500, x0: 2) + tap(at: 1000, x: 3))
        let v = verdicts(out)
        #expect(v.count == 3)
        #expect(v[0].sentence == "not what was asked: no back: started 9.0 mm from the left edge; the band is 5.0 mm")
        #expect(v[0].observed == .noBegin)
        #expect(v[1].sentence == "not what was asked: that was a back, a tap was asked")
        #expect(!v[1].isRight)
        #expect(v[2].isRight && v[2].sentence == "right: nothing began")
        #expect(out.last == .finished(right: 1, total: 3))
        #expect(g.isDone)
        // Strokes after the last prompt are not labelled.
        _ = feed(g, tap(at: 2000, x: 3))
        #expect(g.verdicts.count == 3)
        #expect(g.impossibleTransitions == 0)
    }

    @Test func anAbortMidStrokeLeavesNoLabelForIt() throws {
        let g = try session([.back, .back, .back])
        _ = g.start()
        let halfway = Array(swipe(at: 500, x0: 2).prefix(5))
        _ = feed(g, swipe(at: 0, x0: 2) + halfway)
        #expect(g.state == .stroke(prompt: 1, since: Microseconds(milliseconds: 500)))
        #expect(g.abort() == [.aborted(kept: 1, droppedStroke: true)])
        #expect(g.verdicts.count == 1)
        let text = g.labelsText(deviceName: "test", panel: s.size)
        let labels = try StrokeLabels.parse(Array(text.utf8), file: "guided.labels")
        #expect(labels.count == 1)
        #expect(labels[0].start == 0 && labels[0].end == Microseconds(milliseconds: 130))
        #expect(labels[0].expected == .swipe(.left, .complete) && labels[0].kind == "back")
        #expect(text.contains("# device: \"test\", panel 128 x 64 mm\n"))
        #expect(text.contains("edge_zone_mm 5, activation_distance_mm 6, angle_tolerance_deg 30, along_edge_slop_mm 2.8, complete_progress 0.5, complete_velocity_mm_s 200\n"))
        #expect(text.contains("they may share it. Nothing is uploaded."))
        // Nothing more to say once stopped.
        #expect(g.abort() == [])
    }

    @Test func aGripHeldTwoSecondsIsANegativeThatStaysRight() throws {
        let g = try session([.grip])
        _ = g.start()
        // Still at 2 mm for 2 s (a frame every 100 ms), then lifted: the activation time-out fails it, nothing begins.
        let held = (0...20).map { i in s.frame(100 * Double(i), s.contact(1, i == 0 ? .down : .move, 2, 32)) }
        let out = feed(g, held + [s.frame(2010, s.contact(1, .up, 2, 32))])
        let v = try #require(verdicts(out).first)
        #expect(v.isRight && v.observed == .noBegin)
        #expect(v.end == Microseconds(milliseconds: 2010))
        #expect(v.labelLine.hasPrefix("0.000000\t2.010000\tnone\tgrip  # recognizer: none; right: nothing began"))
    }

    @Test func thePlanAsksEveryBackPerEdgeThenEachNegativeKindInTurn() {
        let plan = GuidedPrompt.plan(recognizers: [EdgeSwipeConfig(edges: [.left]), EdgeSwipeConfig(edges: [.right], edgeZoneMM: 7)], count: 2)
        // 2 backs per edge, then 2 of each of the five negative kinds, alternating edges.
        #expect(plan.count == 2 * 2 + 2 * 5)
        #expect(plan.prefix(4).map(\.edge) == [.left, .left, .right, .right])
        #expect(plan[2].bandMM == 7)
        #expect(plan.dropFirst(4).map(\.kind) == [.tapAtEdge, .tapAtEdge, .verticalInBand, .verticalInBand, .tooFarIn, .tooFarIn,
                                                  .returns, .returns, .grip, .grip])
        #expect(plan[4].edge == .left && plan[5].edge == .right)
        #expect(plan[8].instruction == "swipe inward as for a back, but touch down about 20 mm from the left edge")
    }

    /// The tune fixture's 22 recorded strokes (tools/tune_strokes.py: backs landing 6.0–8.0 mm in, taps, drags
    /// along the edge, swipes from 25–30 mm, swipes that return), played to a session asking for them in order.
    @Test func recordedStrokesAreJudgedAndTheirLabelsTuneToTheBandTheyNeed() throws {
        let path = Fixtures.path("tune/narrow-habit.evemu")
        let trace = try TraceReader.read(path: path)
        let device = trace.devices[0]
        let geometry = try SurfaceGeometry(device: device.description)
        let kinds: [GuidedKind] = Array(repeating: .back, count: 10) + Array(repeating: .tapAtEdge, count: 4)
            + Array(repeating: .verticalInBand, count: 3) + Array(repeating: .tooFarIn, count: 3) + [.returns, .returns]
        let g = try GuidedSession(prompts: kinds.map { GuidedPrompt(kind: $0, edge: .left, bandMM: 5) },
                                  recognizers: [EdgeSwipeConfig(edges: [.left])],
                                  transform: ScreenTransform(deviceSize: geometry.size))
        _ = g.start()
        var decoder = MultitouchDecoder(device: device.description, geometry: geometry)
        let origin = device.events[0].time
        var out: [GuidedOutput] = []
        for var e in device.events {
            e.time = e.time - origin
            while let d = g.nextDeadline, d <= e.time { out += g.deadlineReached(now: d) }
            if let f = decoder.feed(e) { out += g.process(f) }
        }
        let v = verdicts(out)
        #expect(v.count == 22)
        #expect(out.last == .finished(right: 12, total: 22))
        // The first back lands at x = 6.0 mm (66 units at 11 per mm), the fifth at 8.0 mm (88 units).
        #expect(v[0].sentence == "not what was asked: no back: started 6.0 mm from the left edge; the band is 5.0 mm")
        #expect(v[4].sentence == "not what was asked: no back: started 8.0 mm from the left edge; the band is 5.0 mm")
        #expect(v.prefix(10).allSatisfy { !$0.isRight } && v.dropFirst(10).allSatisfy(\.isRight))
        // The fixture's labels span 50 ms before each touch-down (0 for the first) to 300 ms after the lift, at
        // millisecond precision: the session's spans are the touch-downs and lifts themselves.
        let fixtureLabels = try StrokeLabels.parse(try TextFile.bytes(path: path + ".labels", maxBytes: 1 << 20), file: path + ".labels")
        for (i, (mine, theirs)) in zip(v, fixtureLabels).enumerated() {
            let down = i == 0 ? 0 : theirs.start.seconds + 0.05
            #expect(abs(mine.start.seconds - down) < 0.001, "stroke \(i + 1)")
            #expect(abs(mine.end.seconds - (theirs.end.seconds - 0.3)) < 0.001, "stroke \(i + 1)")
            #expect(mine.prompt.expected == theirs.expected && mine.prompt.kind.rawValue == theirs.kind)
        }
        // The labels written parse, and tune on them proposes the band the fixture's own labels get (TunerTests:
        // the farthest landing, 8.0 mm, two 0.5 mm steps inside: 9 mm), nothing else changed.
        let text = g.labelsText(deviceName: device.description.name, panel: geometry.size)
        let labels = try StrokeLabels.parse(Array(text.utf8), file: "narrow.labels")
        #expect(labels.count == 22)
        let tuner = try Tuner(recordings: [LabelledRecording(name: path, device: device.description, geometry: geometry,
                                                             events: device.events, labels: labels)],
                              base: [EdgeSwipeConfig(edges: [.left])])
        let proposed = tuner.tune()
        #expect(proposed[.edgeZoneMM] == 9)
        for p in TunedParameter.allCases where p != .edgeZoneMM { #expect(proposed[p] == tuner.start[p], "\(p)") }
        #expect(tuner.unlabelledGestures == 0)
    }
}

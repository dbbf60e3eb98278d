import Testing
import TouchInput
import Gestures
import EdgeSwipeCorpus
import FixtureSupport

/// Every real recording in Tests/Fixtures, run through the decoder and the standard recognizers (one finger,
/// left and right edges, default contract): whether a swipe begins, and why, is stated per recording in
/// `RecordedFixtures` with the numbers from the file (first positions, axis ranges, configured sizes).
@Suite struct FixtureRecordingTests {
    struct Run {
        var began: [GestureEvent] = []
        var ended: [GestureEvent] = []
        var failures: [GestureFailureReason] = []
        var nearestSideEdgeMM: Double? = nil
    }

    func run(_ sample: CorpusSample) throws -> Run {
        var decoder = MultitouchDecoder(device: sample.device, geometry: sample.geometry)
        let transform = ScreenTransform(deviceSize: sample.geometry.size)
        let arena = GestureArena(transform: transform)
        for c in Corpus.standardRecognizers { try arena.add(c) }
        var r = Run()
        func take(_ events: [GestureEvent]) {
            for e in events {
                switch e.phase {
                case .began: r.began.append(e)
                case .ended: r.ended.append(e)
                case .failed, .cancelled: if let reason = e.failureReason { r.failures.append(reason) }
                case .changed, .armed, .disarmed: break
                }
            }
        }
        var last: Microseconds = 0
        for event in sample.events {
            while let d = arena.nextDeadline, d <= event.time { take(arena.deadlineReached(now: d)) }
            last = event.time
            guard let frame = decoder.feed(event) else { continue }
            for c in frame.contacts where c.phase == .down {
                let p = transform.screenMM(c)
                let d = min(Edge.left.distance(of: p, screen: transform.screenSize), Edge.right.distance(of: p, screen: transform.screenSize))
                r.nearestSideEdgeMM = min(r.nearestSideEdgeMM ?? .infinity, max(d, 0))
            }
            take(arena.process(frame, now: frame.time))
        }
        if let frame = decoder.cancelAll(time: last) { take(arena.process(frame, now: frame.time)) }
        while let d = arena.nextDeadline { take(arena.deadlineReached(now: d)) }
        return r
    }

    @Test(arguments: RecordedFixtures.all)
    func recordingBeginsOnlyWhereItsGeometrySays(_ fixture: RecordedFixture) throws {
        let sample = try RecordedFixtures.sample(fixture, directory: Fixtures.directory.path)
        if fixture.size == nil { #expect(!sample.geometry.sizeIsConfigured, "\(fixture.file) has resolution") }
        let r = try run(sample)
        // The nearest touch-down to a side edge, as worked out from the file's first positions.
        switch (fixture.nearestSideEdgeMM, r.nearestSideEdgeMM) {
        case (nil, nil): break
        case (let want?, let got?): #expect(abs(want - got) <= 0.06, "\(fixture.file): nearest side edge \(got) mm, stated \(want)")
        default: Issue.record("\(fixture.file): nearest side edge \(String(describing: r.nearestSideEdgeMM)), stated \(String(describing: fixture.nearestSideEdgeMM))")
        }
        #expect(r.began.count == fixture.begins.count, "\(fixture.file): \(r.began.count) begins")
        #expect(r.ended.count == fixture.begins.count, "\(fixture.file): \(r.ended.count) ends")
        for (i, want) in fixture.begins.enumerated() where i < r.began.count && i < r.ended.count {
            #expect(r.began[i].edge == want.edge)
            #expect(abs(r.began[i].translationMM - want.translationMM) <= 0.02, "\(fixture.file): began at \(r.began[i].translationMM) mm")
            #expect(r.ended[i].outcome == want.outcome)
        }
        if fixture.isNegative {
            // Every touch-down lands outside both zones, so every failure is that one.
            #expect(fixture.nearestSideEdgeMM.map { $0 > 5 } ?? true)
            #expect(r.failures.allSatisfy { $0 == .notInEdgeZone }, "\(fixture.file): \(r.failures)")
        }
    }

    @Test func restingOnTheRightEdgeTimesOutInTheFdo23890Recording() throws {
        let fixture = try #require(RecordedFixtures.all.first { $0.file.hasSuffix("TouchPad-fdo23890.events") })
        let r = try run(try RecordedFixtures.sample(fixture, directory: Fixtures.directory.path))
        #expect(r.failures.contains(.activationTimeout(ms: 250)))
    }

    @Test func everyFixtureRecordingIsListed() throws {
        let listed = Set(RecordedFixtures.all.map(\.file))
        let recordingSuffixes = [".events", ".evemu", ".yml", ".yaml"]
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: Fixtures.directory.path)
            .filter { f in recordingSuffixes.contains { f.hasSuffix($0) } })
        #expect(files.subtracting(listed).isEmpty,
                "recordings without a statement (add them to RecordedFixtures with their geometry): \(files.subtracting(listed).sorted())")
        #expect(listed.subtracting(files).isEmpty, "stated but missing: \(listed.subtracting(files).sorted())")
        #expect(listed.count == 58)
    }
}

import Foundation
import TouchModel

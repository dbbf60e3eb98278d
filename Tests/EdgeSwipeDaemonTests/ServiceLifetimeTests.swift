import EdgeSwipeSystem
import Foundation
import FixtureSupport
import Navigation
import Testing
import TouchInput
import TouchModel
@testable import EdgeSwipeDaemon

/// Everything the service makes (at start, reload, and for a recording it plays) is freed with it: a reference
/// cycle here outlives `run` and LeakSanitizer fails `edgeswipe run` at exit (CI's sanitizer stage).
@Suite struct ServiceLifetimeTests {
    /// Weak references to the service's object graph, taken inside the scope that owns the service.
    final class Watched {
        weak var service: EdgeSwipeService?
        weak var runtime: DaemonRuntime?
        weak var loop: EventLoop?
        weak var session: LiveSession?
        weak var feeder: ReplayFeeder?
        weak var navigation: NavigationSession?
        weak var pipeline: DevicePipeline?

        func watch(_ s: EdgeSwipeService) {
            service = s
            runtime = s.runtime
            loop = s.runtime.loop
            session = s.session
            feeder = s.replay
            navigation = s.session.navigation
            pipeline = s.devices.keys.first.flatMap { s.session.pipeline($0) }
        }

        /// What is still alive, by name: empty when the graph was freed.
        var alive: [String] {
            [("service", service as AnyObject?), ("runtime", runtime), ("loop", loop), ("session", session),
             ("feeder", feeder), ("navigation", navigation), ("pipeline", pipeline)]
                .filter { $0.1 != nil }.map(\.0)
        }
    }

    func scratch() throws -> (dir: URL, config: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("edgeswipe-lifetime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let config = dir.appendingPathComponent("config.yaml").path
        try "socket:\n  path: \(dir.path)/control.sock\n".write(toFile: config, atomically: true, encoding: .utf8)
        return (dir, config)
    }

    var demo: String { Fixtures.packageRoot.appendingPathComponent("samples/demo-back-swipes.evemu").path }

    /// A recording whose first event is still an hour away (`run --replay` with a delay), after a reload that
    /// changes the settings.
    @Test func aServiceWithAWaitingReplayIsFreedWhenDropped() throws {
        let (dir, config) = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let watched = Watched()
        try {
            let options = ServiceOptions(configPath: config, stack: [ScreenSpec(name: "home", kind: .plain)],
                                         replay: .init(path: demo, delaySeconds: 3600))
            let service = try EdgeSwipeService(options: options)
            watched.watch(service)
            try "socket:\n  path: \(dir.path)/control.sock\ndefaults:\n  rotation: 180\n".write(toFile: config, atomically: true, encoding: .utf8)
            #expect(service.runtime.reloadConfiguration() == .applied(needsRestart: []))
            // Started, its first event an hour away.
            #expect(service.replay?.state == .playing)
            #expect(service.replay?.fedEvents == 0)
        }()
        #expect(watched.alive == [])
    }

    /// A recording played to its end on the service's own loop (its sources removed, `onFinished` run).
    @Test func aServiceThatPlayedAReplayToTheEndIsFreedWhenDropped() throws {
        let (dir, config) = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The demo's header and its events up to 0.9 s (the first stroke): a short recording to play out.
        let lines = try String(contentsOfFile: demo, encoding: .utf8).split(separator: "\n")
        let short = lines.filter { !$0.hasPrefix("E: ") || Double($0.split(separator: " ")[1])! <= 0.9 }
        #expect(short.count < lines.count && short.contains { $0.hasPrefix("E: ") })
        let recording = dir.appendingPathComponent("short.evemu").path
        try (short.joined(separator: "\n") + "\n").write(toFile: recording, atomically: true, encoding: .utf8)
        let watched = Watched()
        try {
            let options = ServiceOptions(configPath: config, stack: [ScreenSpec(name: "home", kind: .plain)],
                                         replay: .init(path: recording, delaySeconds: 0))
            let service = try EdgeSwipeService(options: options)
            watched.watch(service)
            let feeder = try #require(service.replay)
            let deadline = Date().addingTimeInterval(10)
            while feeder.state != .finished, Date() < deadline { _ = try service.runtime.loop.runOnce(timeoutMilliseconds: 100) }
            #expect(feeder.state == .finished)
            #expect(feeder.fedEvents > 0)
            #expect(service.devices.isEmpty)
            #expect(service.session.sourceCount == 0)
        }()
        #expect(watched.alive == [])
    }
}

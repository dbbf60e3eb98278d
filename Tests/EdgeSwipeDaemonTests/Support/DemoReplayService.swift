import EdgeSwipeSystem
import FixtureSupport
import Foundation
import Navigation
@testable import EdgeSwipeDaemon

/// The service `edgeswipe run` starts, on a configuration of its own in a fresh directory (its control socket
/// there), with the demo recording's panel as its device: a source of the session while its replay waits an hour.
/// `line` turns the service's loop until a client has a line. The directory goes with the value.
final class DemoReplayService {
    let dir: URL
    let config: String
    /// The configuration's `socket` section; a test writes it back with what it changes.
    let socketSection: String
    var socketPath: String { "\(dir.path)/control.sock" }
    let service: EdgeSwipeService

    /// `settings`: more of the configuration after the socket section (e.g. `defaults:`), as YAML lines.
    init(stack: [ScreenSpec] = [ScreenSpec(name: "home", kind: .plain)], settings: String = "") throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("edgeswipe-service-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        config = dir.appendingPathComponent("config.yaml").path
        socketSection = "socket:\n  path: \(dir.path)/control.sock\n"
        try (socketSection + settings).write(toFile: config, atomically: true, encoding: .utf8)
        let demo = Fixtures.packageRoot.appendingPathComponent("samples/demo-back-swipes.evemu").path
        service = try EdgeSwipeService(options: ServiceOptions(configPath: config, stack: stack,
                                                               replay: .init(path: demo, delaySeconds: 3600)))
    }

    deinit { try? FileManager.default.removeItem(at: dir) }

    func line(_ c: TestClient) throws -> String? {
        for _ in 0..<200 {
            try service.runtime.loop.runOnce(timeoutMilliseconds: 5)
            if let l = c.readLine(timeout: 0.005) { return l }
        }
        return nil
    }
}

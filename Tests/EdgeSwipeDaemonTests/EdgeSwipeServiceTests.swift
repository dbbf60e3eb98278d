import Foundation
import FixtureSupport
import Navigation
import Testing
import TouchInput
@testable import EdgeSwipeDaemon

/// `EdgeSwipeService`, the service `edgeswipe run` starts, built here without running its loop.
@Suite struct EdgeSwipeServiceTests {
    /// A fresh directory with a configuration whose control socket lives in it.
    func scratch(_ extra: String = "") throws -> (dir: URL, config: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("edgeswipe-service-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let config = dir.appendingPathComponent("config.yaml").path
        try "socket:\n  path: \(dir.path)/control.sock\n\(extra)".write(toFile: config, atomically: true, encoding: .utf8)
        return (dir, config)
    }

    var demo: String { Fixtures.packageRoot.appendingPathComponent("samples/demo-back-swipes.evemu").path }

    /// Issue 14 item 11: without udev the start stops, naming what is missing and what to do instead (it said
    /// only "inotify_add_watch(/run/udev/tags) failed").
    @Test func withoutUdevTheStartSaysWhatIsMissingAndWhatToDo() throws {
        let (dir, config) = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let options = ServiceOptions(configPath: config, stack: [ScreenSpec(name: "home", kind: .plain)], backend: .evdev,
                                     udevDirectory: dir.appendingPathComponent("no-udev").path)
        #expect {
            _ = try EdgeSwipeService(options: options)
        } throws: { error in
            let message = "\(error)"
            return message.contains("udev is not running") && message.contains("\(dir.path)/no-udev/tags does not exist")
                && message.contains("edgeswipe run /dev/input/eventN") && message.contains("--replay FILE")
        }
        // Nothing is left behind: the control socket the start had opened is gone again.
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("control.sock").path))
    }

    /// Issue 14 item 11: `run --socket` overrides the file's socket.path in every reload too, so a SIGHUP that
    /// changes nothing says so instead of "socket.path take effect at the next restart".
    @Test func reloadKeepsTheCommandLineSocketAndReportsNoChange() throws {
        let (dir, config) = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let socket = dir.appendingPathComponent("override.sock").path
        let options = ServiceOptions(configPath: config, socketPath: socket, stack: [ScreenSpec(name: "home", kind: .plain)],
                                     replay: .init(path: demo, delaySeconds: 3600))
        let service = try EdgeSwipeService(options: options)
        #expect(FileManager.default.fileExists(atPath: socket))
        #expect(service.runtime.reloadConfiguration() == .unchanged)
        #expect(service.runtime.config.current.socket.path == socket)
        // A real change is applied, and the socket still needs no restart.
        try "socket:\n  path: \(dir.path)/control.sock\nprint_json: true\n".write(toFile: config, atomically: true, encoding: .utf8)
        #expect(service.runtime.reloadConfiguration() == .applied(needsRestart: []))
        // The file's own socket path changing is still reported, since the command line wins only over the file.
        try "socket:\n  path: \(dir.path)/other.sock\nprint_json: true\n".write(toFile: config, atomically: true, encoding: .utf8)
        #expect(service.runtime.reloadConfiguration() == .unchanged)
    }

    /// One table of device records: a recording's devices are sources of the session, named by no node (as in
    /// a replay), with the default settings; the table and the session agree.
    @Test func theDeviceTableHoldsEverySourceOfTheSession() throws {
        let (dir, config) = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let options = ServiceOptions(configPath: config, stack: [ScreenSpec(name: "home", kind: .plain)],
                                     replay: .init(path: demo, delaySeconds: 3600))
        let service = try EdgeSwipeService(options: options)
        #expect(service.devices.count == 1)
        #expect(service.session.sourceCount == 1)
        let (id, record) = try #require(service.devices.first)
        #expect(record.setup.reader == .recording)
        #expect(record.node == nil)
        #expect(record.setup.entry == nil)
        #expect(service.session.pipeline(id)?.description.name == "NVTCapacitiveTouchScreen")   // the N: line of the file
    }
}

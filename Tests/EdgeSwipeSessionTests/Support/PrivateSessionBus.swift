#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeSystem
import FixtureSupport
import Testing

/// A private session bus (Debian's session configuration, its own address) for one test.
final class PrivateSessionBus {
    let directory: String
    let address: String
    private let daemon: ChildProcess

    init() throws {
        #expect(access("/usr/bin/dbus-daemon", X_OK) == 0, "dbus-daemon is needed (scripts/deps.sh installs it)")
        var template = Array("/tmp/edgeswipe-shell-XXXXXX".utf8CString)
        directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        address = "unix:path=\(directory)/bus"
        daemon = try DBusDaemon.start(["--session", "--nofork", "--nosyslog", "--address=\(address)"], logPath: "\(directory)/dbus.log")
    }

    deinit {
        try? daemon.signal(SIGTERM)
        _ = try? daemon.wait()
        unlink("\(directory)/bus")
        unlink("\(directory)/dbus.log")
        rmdir(directory)
    }
}

/// Turns `loop` and `process` until `condition` holds (5 s at most).
func pump(_ loop: EventLoop, _ process: () -> Void, until condition: () -> Bool) {
    for _ in 0..<500 {
        _ = try? loop.runOnce(timeoutMilliseconds: 5)
        process()
        if condition() { return }
        usleep(2_000)
    }
    Issue.record("timed out waiting (5 s)")
}


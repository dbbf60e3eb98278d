import EdgeSwipeDaemon
import EdgeSwipeSystem
import Foundation
import Gestures
import Synchronization
import Testing
import TouchModel
import EdgeSwipeControl

/// The runtime as `edgeswipe run` will use it: signals through the signalfd, reload on SIGHUP,
/// sd_notify states, events to subscribers, orderly stop on SIGTERM.
@Suite struct DaemonRuntimeTests {
    @Test func reloadAndStopThroughSignals() throws {
        let dir = TempDirectory()
        let socketPath = dir.file("control.sock")
        let configPath = dir.write("edgeswipe.yaml", "socket:\n  path: \(socketPath)\ndefaults:\n  edges: [left]\n")
        let notifyPath = dir.file("notify")
        let notify = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(notify) }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in notifyPath.utf8.enumerated() { raw[i] = b } }
        _ = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(notify, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }

        var out: [Int32] = [0, 0]
        #expect(pipe(&out) == 0)
        defer { close(out[0]); close(out[1]) }
        let stdoutWrite = out[1]
        let started = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let loopThread = Mutex<pthread_t?>(nil)
        let gestureWaker = Mutex<LoopWaker?>(nil)
        let applied = Mutex<[[Edge]]>([])
        let failure = Mutex<String?>(nil)
        let sunk = Mutex<[EventClass]>([])
        let t = Thread {
            do {
                try ServiceSignals.blockSignals()
                loopThread.withLock { $0 = pthread_self() }
                let runtime = try DaemonRuntime(config: try ConfigStore(path: configPath), handler: nil, log: .silent,
                                                notifier: SystemdNotifier(socketPath: notifyPath), stdoutFD: stdoutWrite)
                runtime.onConfigApplied = { c in applied.withLock { $0.append(c.defaults.edges ?? []) } }
                runtime.addEventSink { e in sunk.withLock { $0.append(e.eventClass) } }
                let w = try runtime.loop.makeWaker(name: "test gesture") { [unowned runtime] in
                    runtime.handleGesture(GestureEvent(recognizer: "back", phase: .ended, edge: .left, fingers: 1,
                                                       time: 2_000_000, progress: 0.7, outcome: .complete),
                                          device: "test")
                }
                gestureWaker.withLock { $0 = w }
                started.signal()
                try runtime.run(status: "test")
            } catch {
                failure.withLock { $0 = "\(error)" }
                started.signal()
            }
            finished.signal()
        }
        t.start()
        started.wait()
        try #require(failure.withLock { $0 } == nil)

        let c = try TestClient(path: socketPath)
        _ = c.readObject()
        try c.send(#"{"command":"subscribe","events":["diagnostic","gesture"]}"# + "\n")
        #expect(c.readObject()?["type"] as? String == "reply")
        let thread = try #require(loopThread.withLock { $0 })

        // A broken file: rejected, and the reason reaches subscribers.
        dir.write("edgeswipe.yaml", "socket:\n  path: \(socketPath)\ndefaults:\n  edges: [left, up]\n")
        #expect(pthread_kill(thread, SIGHUP) == 0)
        let rejected = try #require(c.readObject())
        #expect(rejected["code"] as? String == "configRejected")
        #expect((rejected["message"] as? String)?.contains("edgeswipe.yaml:4: defaults.edges") == true)

        // Valid: applied, and print_json starts printing to (this test's) stdout.
        dir.write("edgeswipe.yaml", "print_json: true\nsocket:\n  path: \(socketPath)\ndefaults:\n  edges: [left, right]\n")
        #expect(pthread_kill(thread, SIGHUP) == 0)
        #expect(c.readObject()?["code"] as? String == "configReloaded")
        #expect(applied.withLock { $0 } == [[.left, .right]])

        gestureWaker.withLock { $0?.wake() }
        let g = try #require(c.readObject())
        #expect(g["type"] as? String == "gesture")
        #expect(g["phase"] as? String == "ended")
        #expect(g["outcome"] as? String == "complete")
        #expect(g["time"] as? Double == 2)
        // The same events on stdout since print_json was switched on: the reload note, then the gesture.
        var stdoutText = ""
        var printed = [UInt8](repeating: 0, count: 4096)
        while stdoutText.filter({ $0 == "\n" }).count < 2 {
            var p = pollfd(fd: out[0], events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 5000) == 1 else { break }
            let n = read(out[0], &printed, printed.count)
            guard n > 0 else { break }
            stdoutText += String(decoding: printed[..<n], as: UTF8.self)
        }
        let printedLines = stdoutText.split(separator: "\n")
        #expect(printedLines.count == 2)
        #expect(printedLines.first?.contains("\"code\":\"configReloaded\"") == true)
        #expect(printedLines.last?.hasPrefix("{\"type\":\"gesture\",\"phase\":\"ended\"") == true)

        #expect(pthread_kill(thread, SIGTERM) == 0)
        #expect(finished.wait(timeout: .now() + 5) == .success)
        #expect(c.waitForEOF())
        #expect(access(socketPath, F_OK) != 0)

        var messages: [String] = []
        var buf = [UInt8](repeating: 0, count: 1024)
        while true {
            let n = recv(notify, &buf, buf.count, Int32(MSG_DONTWAIT))
            if n <= 0 { break }
            messages.append(String(decoding: buf[..<n], as: UTF8.self).components(separatedBy: "\n")[0])
        }
        #expect(sunk.withLock { $0 } == [.diagnostic, .diagnostic, .gesture])
        #expect(messages == ["READY=1", "RELOADING=1", "READY=1", "RELOADING=1", "READY=1", "STOPPING=1"])
    }
}

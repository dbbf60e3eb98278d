import EdgeSwipeDaemon
import EdgeSwipeSystem
import Foundation
import Gestures
import Synchronization
import TouchInput
import TouchModel

/// The project's live path, as the service runs it: `LiveDevice` + `LiveSession` on an `EventLoop` on its own
/// thread. The device is opened before `init` returns, so everything written afterwards is read.
final class LiveReader: Sendable {
    struct Snapshot: Sendable {
        var gestures: [GestureStep] = []
        var events = 0
        var synDropped = 0
        var lastEventUs: UInt64 = 0
        var unplugged = false
        var notes: [String] = []
    }

    let state = Mutex(Snapshot())
    private let stopHandle = Mutex<LoopWaker?>(nil)
    private let finished = DispatchSemaphore(value: 0)
    private let failure = Mutex<String?>(nil)

    init(node: String, options: PipelineOptions) throws {
        let ready = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            do {
                let loop = try EventLoop()
                let stop = try loop.makeStopHandle()
                let session = try LiveSession(loop: loop, options: options, navigation: nil) { output in
                    switch output {
                    case .gesture(let g, _):
                        if let step = GestureStep(g) { self.state.withLock { $0.gestures.append(step) } }
                    case .deviceNote(let text, _):
                        self.state.withLock { $0.notes.append(text) }
                    case .frame, .nearMiss, .navigation, .exclusions:
                        break
                    }
                }
                session.onEvent = { _, e in
                    self.state.withLock {
                        $0.events += 1
                        $0.lastEventUs = e.time.rawValue
                        if e.type == EventType.syn && e.code == SynCode.dropped { $0.synDropped += 1 }
                    }
                }
                session.onUnplug = { _, _ in self.state.withLock { $0.unplugged = true } }
                try session.add(LiveDevice(path: node))
                stopHandle.withLock { $0 = stop }
                ready.signal()
                try loop.run()
                withExtendedLifetime(session) {}
            } catch {
                failure.withLock { $0 = "\(error)" }
                ready.signal()
            }
            finished.signal()
        }
        thread.stackSize = 4 << 20
        thread.start()
        ready.wait()
        if let f = failure.withLock({ $0 }) { throw LiveTestError("live reader on \(node): \(f)") }
    }

    var snapshot: Snapshot { self.state.withLock { $0 } }

    /// Waits until no event has arrived for `quietSeconds` (the reader has drained what was written).
    func waitQuiet(quietSeconds: Double = 1.0, maxSeconds: Double = 30) {
        var last = -1
        var since = Date()
        let deadline = Date().addingTimeInterval(maxSeconds)
        while Date() < deadline {
            let n = snapshot.events
            if n != last { last = n; since = Date() }
            if Date().timeIntervalSince(since) >= quietSeconds { return }
            usleep(50_000)
        }
    }

    func stop() {
        stopHandle.withLock { $0?.wake() }
        _ = finished.wait(timeout: .now() + 10)
    }
}

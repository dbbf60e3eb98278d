import EdgeSwipeDaemon
import EdgeSwipeSystem
import Foundation
import Synchronization
import TouchModel

/// Runs an EventLoop on its own thread, as the service does. `setUp` builds everything that lives on the
/// loop (server, fake handler) on that thread and returns what must stay alive; the test talks to it
/// through real sockets only.
final class LoopThread: Sendable {
    private let stopHandle: Mutex<LoopWaker?> = Mutex(nil)
    private let finished = DispatchSemaphore(value: 0)
    let statistics: Mutex<ControlServerStatistics?> = Mutex(nil)
    let thread: Mutex<pthread_t?> = Mutex(nil)
    let failure: Mutex<String?> = Mutex(nil)

    /// Starts the thread and waits until `setUp` has returned (so the socket is listening).
    init(blockSignals: Bool = false, _ setUp: @escaping @Sendable (EventLoop) throws -> (keepAlive: AnyObject, stats: ControlServerStatistics?)) {
        let ready = DispatchSemaphore(value: 0)
        let t = Thread { [self] in
            if blockSignals {
                do { try ServiceSignals.blockSignals() } catch { self.failure.withLock { $0 = "\(error)" } }
            }
            self.thread.withLock { $0 = pthread_self() }
            do {
                let loop = try EventLoop()
                let stop = try loop.makeStopHandle()
                let kept = try setUp(loop)
                self.stopHandle.withLock { $0 = stop }
                self.statistics.withLock { $0 = kept.stats }
                ready.signal()
                try loop.run()
                withExtendedLifetime(kept.keepAlive) {}
            } catch {
                self.failure.withLock { $0 = "\(error)" }
                ready.signal()
            }
            self.finished.signal()
        }
        t.stackSize = 4 << 20
        t.start()
        ready.wait()
    }

    var stats: ControlServerStatistics { statistics.withLock { $0! } }

    /// Stops the loop and waits for the thread; false if it did not stop within `seconds`.
    @discardableResult
    func stop(seconds: Double = 5) -> Bool {
        stopHandle.withLock { $0?.wake() }
        return finished.wait(timeout: .now() + seconds) == .success
    }

    /// Waits for the loop to return by itself (e.g. after a SIGTERM).
    func waitForExit(seconds: Double = 5) -> Bool {
        finished.wait(timeout: .now() + seconds) == .success
    }
}

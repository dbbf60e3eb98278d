import EdgeSwipeDaemon
import EdgeSwipeSystem
import Foundation
import Synchronization
import Testing
import TouchModel

@Suite struct EventLoopTests {
    @Test func idleLoopDoesNotWakeUp() throws {
        let wakeUpsAtProbe = Mutex(-1)
        let probe = Mutex<LoopWaker?>(nil)
        let loop = LoopThread { loop in
            // A timer, a signal source and a waker registered but idle: none may wake the loop.
            let timer = try DeadlineTimer(loop: loop)
            let w = try loop.makeWaker(name: "probe") { [unowned loop] in wakeUpsAtProbe.withLock { $0 = loop.wakeUps } }
            probe.withLock { $0 = w }
            return (timer, nil)
        }
        Thread.sleep(forTimeInterval: 0.3)
        probe.withLock { $0?.wake() }
        Thread.sleep(forTimeInterval: 0.05)
        #expect(loop.stop())
        // The probe's own wake-up is the first one in 300 ms.
        #expect(wakeUpsAtProbe.withLock { $0 } == 1)
    }

    @Test func timerFiresAtItsDeadlineAndDispatchCountsWakeUps() throws {
        let fired = Mutex<[Microseconds]>([])
        let armedAt = Mutex<Microseconds>(.zero)
        let idleWakeUps = Mutex(-1)
        let loop = LoopThread { loop in
            let timer = try DeadlineTimer(loop: loop)
            // 50 ms of nothing, then the deadline: exactly one wake-up for it, none while idle.
            let start = Monotonic.now()
            armedAt.withLock { $0 = start }
            timer.onExpiry = { now in
                fired.withLock { $0.append(now) }
                idleWakeUps.withLock { $0 = loop.wakeUps }
            }
            try timer.arm(at: start + 50_000)
            return (timer, nil)
        }
        // Wait for the expiry itself, not a fixed time: the machine may be slow (the VM rig runs under TCG).
        let deadline = Date().addingTimeInterval(10)
        while fired.withLock({ $0.isEmpty }), Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        Thread.sleep(forTimeInterval: 0.05)
        #expect(loop.stop())
        let times = fired.withLock { $0 }
        #expect(times.count == 1)
        if let t = times.first { #expect(t >= armedAt.withLock { $0 } + 50_000) }
        // The timer's expiry was the first and only wake-up before it.
        #expect(idleWakeUps.withLock { $0 } == 1)
    }

    @Test func handlerMayUnregisterAnotherPendingRegistration() throws {
        let loop = try EventLoop()
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        var fds2: [Int32] = [0, 0]
        #expect(pipe(&fds2) == 0)
        defer { for fd in fds + fds2 { close(fd) } }
        var calls: [String] = []
        var second: EventToken?
        var first: EventToken?
        first = try loop.register(fd: fds[0], events: .readable, name: "a") { _ in
            calls.append("a")
            if let second { loop.unregister(second) }
            if let first { loop.unregister(first) }
        }
        second = try loop.register(fd: fds2[0], events: .readable, name: "b") { _ in
            calls.append("b")
            if let first { loop.unregister(first) }
            if let second { loop.unregister(second) }
        }
        #expect(write(fds[1], "x", 1) == 1)
        #expect(write(fds2[1], "y", 1) == 1)
        // Both are ready in one batch; whichever runs first removes the other, whose event is then dropped.
        #expect(try loop.runOnce(timeoutMilliseconds: 1000) == 1)
        #expect(calls.count == 1)
        #expect(loop.registrationCount == 0)
    }

    @Test func aRegistrationTakingAFreedSlotDoesNotGetTheOldOnesEvent() throws {
        let loop = try EventLoop()
        var a: [Int32] = [0, 0], b: [Int32] = [0, 0], c: [Int32] = [0, 0]
        #expect(pipe(&a) == 0 && pipe(&b) == 0 && pipe(&c) == 0)
        defer { for fd in a + b + c { close(fd) } }
        var calls: [String] = []
        var tokenA: EventToken?, tokenB: EventToken?, tokenC: EventToken?
        // Whichever of a and b runs first removes the other and registers c (readable too), which takes the
        // freed slot. The removed one's event is still in this batch: it must be dropped, not handed to c.
        func replaceOther(_ me: String) {
            calls.append(me)
            guard tokenC == nil else { return }
            if let other = me == "a" ? tokenB : tokenA { loop.unregister(other) }
            tokenC = try? loop.register(fd: c[0], events: .readable, name: "c") { _ in calls.append("c") }
        }
        tokenA = try loop.register(fd: a[0], events: .readable, name: "a") { _ in replaceOther("a") }
        tokenB = try loop.register(fd: b[0], events: .readable, name: "b") { _ in replaceOther("b") }
        for fd in [a[1], b[1], c[1]] { #expect(write(fd, "x", 1) == 1) }
        #expect(try loop.runOnce(timeoutMilliseconds: 1000) == 1)
        #expect(calls.count == 1)
        let removed = calls == ["a"] ? tokenB : tokenA
        #expect(removed.map(\.description) != tokenC.map(\.description))
        #expect(loop.registrationCount == 2)
        // c's own readiness arrives in the next batch.
        #expect(try loop.runOnce(timeoutMilliseconds: 1000) >= 1)
        #expect(calls.contains("c"))
        // The handlers hold the loop: unregistering them all ends that cycle (LSan checks it in CI).
        for token in [tokenA, tokenB, tokenC].compactMap({ $0 }) { loop.unregister(token) }
        #expect(loop.registrationCount == 0)
    }

    @Test func signalsArriveThroughTheSignalfd() throws {
        let received = Mutex<[Int32]>([])
        let loop = LoopThread(blockSignals: true) { loop in
            // Only the two sent here: SIGCHLD from other tests' child processes would land in the signalfd too.
            let source = try SignalSource(loop: loop, signals: [SIGHUP, SIGTERM]) { signo in
                received.withLock { $0.append(signo) }
                if signo == SIGTERM { loop.stop() }
            }
            return (source, nil)
        }
        #expect(loop.failure.withLock { $0 } == nil)
        let thread = try #require(loop.thread.withLock { $0 })
        // Directed at the loop thread, where the signals are blocked: they wait in the signalfd.
        #expect(pthread_kill(thread, SIGHUP) == 0)
        Thread.sleep(forTimeInterval: 0.05)
        #expect(pthread_kill(thread, SIGTERM) == 0)
        #expect(loop.waitForExit())
        #expect(received.withLock { $0 } == [SIGHUP, SIGTERM])
    }
}

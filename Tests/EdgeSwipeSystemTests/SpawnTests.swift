import CEdgeSwipeSys
import EdgeSwipeSystem
import Glibc
import Testing

@Suite struct SpawnTests {
    @Test func theExitStatusIsDecoded() throws {
        #expect(try Spawn.start(["/bin/sh", "-c", "exit 3"]).wait() == .exited(3))
        #expect(try Spawn.start(["/bin/true"]).wait() == .exited(0))
    }

    @Test func deathBySignalIsDecoded() throws {
        let t = try Spawn.start(["/bin/sh", "-c", "kill -TERM $$"]).wait()
        #expect(t == .signalled(SIGTERM))
        #expect(t.shellStatus == 128 + 15)
        #expect(t.description == "killed by signal 15")
    }

    /// Raw wait(2) statuses, as the kernel encodes them: exit code in bits 8-15, signal in bits 0-6.
    @Test func waitStatusesDecodeIndependentlyOfTheMacros() {
        #expect(Termination(waitStatus: 0x0100) == .exited(1))
        #expect(Termination(waitStatus: 0xff00) == .exited(255))
        #expect(Termination(waitStatus: 0x0009) == .signalled(9))
        #expect(Termination(waitStatus: 0x0086) == .signalled(6))   // SIGABRT with a core dump (0x80)
    }

    @Test func theChildStartsWithNoBlockedSignalsEvenWhenTheParentBlocksThem() throws {
        var set = SignalMask.makeSet([SIGTERM]), old = sigset_t()
        pthread_sigmask(SIG_BLOCK, &set, &old)
        defer { pthread_sigmask(SIG_SETMASK, &old, nil) }
        // SigBlk in /proc/self/status is the blocked mask in hex: all zero in the child.
        let t = try Spawn.start(["/bin/sh", "-c", "grep -q '^SigBlk:\t0*$' /proc/self/status"]).wait()
        #expect(t == .exited(0))
    }

    @Test func aRelativeProgramIsRefusedAndAMissingOneNamed() {
        #expect(throws: SystemError.self) { _ = try Spawn.start(["sh", "-c", "true"]) }
        #expect(throws: SystemError(errno: .noEntry, operation: "posix_spawn(/nonexistent/program)")) {
            _ = try Spawn.start(["/nonexistent/program"])
        }
    }

    @Test func pollReportsNilWhileRunningThenTheTermination() throws {
        let child = try Spawn.start(["/bin/sleep", "0.2"])
        #expect(try child.poll() == nil)
        #expect(try child.wait() == .exited(0))
    }
}

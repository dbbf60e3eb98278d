@testable import EdgeSwipeDaemon
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Issue 35: what the service reads of a reported pid: the real uid from status, the start time from stat's
/// field 22 counted after the command's last ")" (a command may hold spaces and parentheses).
@Suite struct ProcessIdentityTests {
    @Test func statusAndStatAreRead() {
        let status = Array("Name:\tcat\nUmask:\t0022\nState:\tR (running)\nUid:\t1000\t1001\t1002\t1003\nGid:\t100\t100\t100\t100\n".utf8)
        #expect(ProcessIdentity.realUID(status: status) == 1000)
        #expect(ProcessIdentity.realUID(status: Array("Name:\tx\n".utf8)) == nil)
        // Fields 3 to 22 after "(comm)": state, ppid, pgrp, session, tty, tpgid, flags, minflt, cminflt, majflt,
        // cmajflt, utime, stime, cutime, cstime, priority, nice, num_threads, itrealvalue, starttime (12345).
        let stat = Array("4321 (a) b (c)) S 1 4321 4321 0 -1 4194560 100 0 0 0 5 3 0 0 20 0 1 0 12345 1000000 200\n".utf8)
        #expect(ProcessIdentity.startTime(stat: stat) == 12345)
        #expect(ProcessIdentity.startTime(stat: Array("1 (x) S 1 2".utf8)) == nil)
    }

    @Test func thisProcessIsVisibleAsItself() {
        guard case .visible(let uid, let start) = ProcessIdentity.lookUp(getpid()) else {
            Issue.record("this process is not in /proc")
            return
        }
        #expect(uid == getuid())
        #expect(start > 0)
        // The same process, looked up again: the same start time.
        #expect(ProcessIdentity.lookUp(getpid()) == .visible(uid: uid, startTime: start))
    }

    @Test func aMissingProcessIsHidden() {
        let dir = TempDirectory()
        #expect(ProcessIdentity.lookUp(42, root: dir.path) == .hidden)
    }
}

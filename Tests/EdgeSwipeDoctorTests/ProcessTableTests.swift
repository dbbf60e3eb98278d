import EdgeSwipeDoctor
import Glibc
import Testing

/// ProcessTable over a directory laid out as /proc is (comm, cmdline with NULs, fd links), and over the real
/// /proc, where this test process must appear with its own command line.
@Suite struct ProcessTableTests {
    @Test func readsNamesArgumentsAndInputNodesFromAProcLayout() throws {
        let root = "/tmp/edgeswipe-proc-\(getpid())"
        defer { _ = system("rm -rf '\(root)'") }
        #expect(system("""
            set -e; mkdir -p '\(root)/42/fd' '\(root)/43/fd' '\(root)/self' '\(root)/sys'
            printf 'lisgd\\n' > '\(root)/42/comm'; printf 'lisgd\\0-d\\0/dev/input/event5\\0' > '\(root)/42/cmdline'
            ln -s /dev/input/event5 '\(root)/42/fd/3'; ln -s /dev/input/event5 '\(root)/42/fd/4'; ln -s 'socket:[123]' '\(root)/42/fd/5'
            ln -s /dev/input/event12 '\(root)/42/fd/6'
            printf 'kworker/0:1\\n' > '\(root)/43/comm'; : > '\(root)/43/cmdline'
            """) == 0)
        // The owner of /proc/PID is the process's: 43 is given to uid 4242 (the tests run as root; else it keeps ours).
        let other: UInt32 = chown("\(root)/43", 4242, 4242) == 0 ? 4242 : geteuid()
        let table = try ProcessTable.read(root: root)
        #expect(table == [ProcessFact(pid: 42, name: "lisgd", arguments: ["lisgd", "-d", "/dev/input/event5"],
                                      inputNodes: ["/dev/input/event12", "/dev/input/event5"], uid: geteuid()),
                          ProcessFact(pid: 43, name: "kworker/0:1", arguments: [], inputNodes: [], uid: other)])
    }

    @Test func theRealProcShowsThisProcess() throws {
        let me = try ProcessTable.read().first { $0.pid == getpid() }
        #expect(me != nil)
        #expect(me?.arguments.first == CommandLine.arguments.first)
    }
}

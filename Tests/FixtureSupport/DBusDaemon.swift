import EdgeSwipeSystem
import Glibc

/// A private dbus-daemon for tests, returned once it accepts connections. The socket file alone is not that
/// sign: it exists from bind(), before listen(), and a client connecting in between is refused (seen under
/// load as ENOTCONN in the sensor-proxy tests). dbus-daemon prints its address with `--print-address=FD`
/// only when it listens, so this waits for that line.
public enum DBusDaemon {
    public struct NoAddress: Error, CustomStringConvertible {
        public var description: String { "dbus-daemon ended without printing its address (see its log)" }
    }

    /// `arguments` after the program (a configuration, `--address=`, `--nofork`); `logPath` takes its stderr.
    public static func start(_ arguments: [String], logPath: String? = nil) throws -> ChildProcess {
        let (read, write) = try FileDescriptor.pipe()
        var actions: [Spawn.FileAction] = [.duplicate(write, as: 3)]
        if let logPath { actions.append(.open(fd: 2, path: logPath, flags: O_WRONLY | O_CREAT)) }
        let child: ChildProcess
        do {
            child = try Spawn.start(["/usr/bin/dbus-daemon"] + arguments + ["--print-address=3"], fileActions: actions)
        } catch {
            try? read.close()
            try? write.close()
            throw error
        }
        try? write.close()
        defer { try? read.close() }
        // Blocking reads until the line: the pipe's write end is the daemon's alone, so its exit ends the wait.
        var byte: UInt8 = 0
        while true {
            let n = try withUnsafeMutableBytes(of: &byte) { raw throws(SystemError) in try read.read(into: raw) }
            guard n == 1 else {
                try? child.signal(SIGKILL)
                _ = try? child.wait()
                throw NoAddress()
            }
            if byte == 0x0A { return child }
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeSystem
import TouchInput
import TouchModel

/// sd_notify(3) through its documented datagram protocol, without libsystemd: one `KEY=VALUE` datagram
/// per state change to the socket named by NOTIFY_SOCKET (a path, or '@' for the abstract namespace).
/// Without NOTIFY_SOCKET (not started by systemd) every call does nothing.
package final class SystemdNotifier {
    package let socketPath: String?
    /// The datagram socket, or why it could not be made (reported by the first `notify`); nil without a path.
    private let socket: Result<FileDescriptor, SystemError>?

    /// `socketPath` nil: no notifications.
    package init(socketPath: String?) {
        self.socketPath = (socketPath?.isEmpty ?? true) ? nil : socketPath
        socket = self.socketPath.map { _ in
            Result { () throws(SystemError) in
                FileDescriptor(rawValue: try SystemCall.run("socket(AF_UNIX, SOCK_DGRAM) for NOTIFY_SOCKET") {
                    Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
                })
            }
        }
    }

    /// From NOTIFY_SOCKET.
    package static func fromEnvironment() -> SystemdNotifier {
        SystemdNotifier(socketPath: getenv("NOTIFY_SOCKET").map { String(cString: $0) })
    }

    deinit { if case .success(let fd) = socket { try? fd.close() } }

    package var isActive: Bool { socketPath != nil }

    /// Sends one state message, e.g. "READY=1\nSTATUS=watching 2 devices".
    package func notify(_ state: String) throws {
        guard let path = socketPath, let socket else { return }
        let fd = try socket.get().rawValue
        let bytes = Array(state.utf8)
        _ = try UnixAddress.withSockaddr(path) { (sa, len) in
            try bytes.withUnsafeBytes { raw in
                try SystemCall.run("sendto(NOTIFY_SOCKET \(path))") {
                    sendto(fd, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL), sa, len)
                }
            }
        }
    }

    /// The service is up: devices opened, socket listening.
    package func ready(status: String? = nil) throws {
        try notify("READY=1" + (status.map { "\nSTATUS=\($0)" } ?? ""))
    }

    /// Reloading the configuration (SIGHUP) at `now` (CLOCK_MONOTONIC: the loop turn's time, read after the
    /// signal arrived, as systemd ≥ 253's notify-reload expects in MONOTONIC_USEC).
    package func reloading(now: Microseconds) throws {
        try notify("RELOADING=1\nMONOTONIC_USEC=\(now.rawValue)")
    }

    package func stopping() throws { try notify("STOPPING=1") }

    package func status(_ text: String) throws { try notify("STATUS=\(text)") }
}

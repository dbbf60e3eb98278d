#if canImport(Glibc)
import Glibc
#endif
import EdgeSwipeSystem

/// Listening sockets handed over by systemd (sd_listen_fds(3)), sorted by the `FileDescriptorName=` of
/// the socket unit that made them: `control` (edgeswipe.socket) and `http` (edgeswipe-http.socket).
package struct PassedSockets: Equatable, Sendable {
    package var control: FileDescriptor?
    package var http: [FileDescriptor]

    package init(control: FileDescriptor? = nil, http: [FileDescriptor] = []) {
        self.control = control
        self.http = http
    }

    package static let none = PassedSockets()
    package var isEmpty: Bool { control == nil && http.isEmpty }
}

/// The socket-activation environment: LISTEN_PID, LISTEN_FDS, LISTEN_FDNAMES (sd_listen_fds(3)). The
/// parser is pure; `takeFromEnvironment` reads the variables, unsets them so children (actions) do not
/// inherit them, and marks the descriptors close-on-exec.
package enum SocketActivation {
    /// SD_LISTEN_FDS_START: passed descriptors begin at 3.
    package static let firstDescriptor: Int32 = 3
    /// More than this is not what our socket units pass (1 control + 2 HTTP); refused rather than trusted.
    package static let maximumDescriptors = 16

    package struct Failure: Error, Equatable, CustomStringConvertible {
        package let message: String
        package init(_ message: String) { self.message = message }
        package var description: String { "socket activation: \(message)" }
    }

    /// The sockets the variables describe. Without LISTEN_FDS, or with LISTEN_PID naming another process
    /// (the variables were inherited, not meant for us), there are none. Malformed values, names that are
    /// neither `control` nor `http`, or two control sockets are refused with the variable named.
    package static func parse(listenPID: String?, listenFDs: String?, listenFDNames: String?,
                             ownPID: Int32) throws(Failure) -> PassedSockets {
        guard let listenFDs else { return .none }
        guard let pidText = listenPID else { return .none }
        guard let pid = Int32(pidText), pid > 0 else {
            throw Failure("LISTEN_PID=\(quoted(pidText)) is not a process id")
        }
        guard pid == ownPID else { return .none }
        guard let count = Int(listenFDs), count >= 0 else {
            throw Failure("LISTEN_FDS=\(quoted(listenFDs)) is not a count")
        }
        guard count <= maximumDescriptors else {
            throw Failure("LISTEN_FDS=\(count): more than \(maximumDescriptors) sockets")
        }
        guard count > 0 else { return .none }
        guard let namesText = listenFDNames else {
            throw Failure("LISTEN_FDNAMES is missing; the socket units name their sockets (FileDescriptorName=control or http)")
        }
        let names = namesText.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard names.count == count else {
            throw Failure("LISTEN_FDNAMES=\(quoted(namesText)) names \(names.count) socket(s), LISTEN_FDS says \(count)")
        }
        var result = PassedSockets()
        for (i, name) in names.enumerated() {
            let fd = FileDescriptor(rawValue: firstDescriptor + Int32(i))
            switch name {
            case "control":
                if result.control != nil { throw Failure("two sockets named control (fd \(result.control!.rawValue) and \(fd.rawValue))") }
                result.control = fd
            case "http":
                result.http.append(fd)
            default:
                throw Failure("fd \(fd.rawValue) is named \(quoted(name)); expected control (edgeswipe.socket) or http (edgeswipe-http.socket)")
            }
        }
        return result
    }

    /// Reads and unsets the variables, then checks each passed descriptor is a listening stream socket of
    /// the family its name needs and makes it close-on-exec and non-blocking (the loop accepts until
    /// "would block").
    package static func takeFromEnvironment() throws -> PassedSockets {
        func take(_ name: String) -> String? {
            let value = getenv(name).map { String(cString: $0) }
            unsetenv(name)
            return value
        }
        let pid = take("LISTEN_PID"), fds = take("LISTEN_FDS"), names = take("LISTEN_FDNAMES")
        let passed = try parse(listenPID: pid, listenFDs: fds, listenFDNames: names, ownPID: getpid())
        if let control = passed.control { try prepare(control, name: "control", families: [AF_UNIX]) }
        for fd in passed.http { try prepare(fd, name: "http", families: [AF_INET, AF_INET6]) }
        return passed
    }

    private static func prepare(_ fd: FileDescriptor, name: String, families: [Int32]) throws {
        func option(_ level: Int32, _ option: Int32, _ label: String) throws -> Int32 {
            var value: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            try SystemCall.run("getsockopt(fd \(fd.rawValue) \(name), \(label))") {
                getsockopt(fd.rawValue, level, option, &value, &length)
            }
            return value
        }
        guard try option(SOL_SOCKET, SO_TYPE, "SO_TYPE") == Int32(SOCK_STREAM.rawValue),
              try option(SOL_SOCKET, SO_ACCEPTCONN, "SO_ACCEPTCONN") == 1 else {
            throw Failure("fd \(fd.rawValue) (\(name)) is not a listening stream socket")
        }
        let family = try option(SOL_SOCKET, SO_DOMAIN, "SO_DOMAIN")
        guard families.contains(family) else {
            throw Failure("fd \(fd.rawValue) (\(name)) has address family \(family), expected \(name == "control" ? "AF_UNIX" : "AF_INET or AF_INET6")")
        }
        let fdFlags = try SystemCall.run("fcntl(fd \(fd.rawValue), F_GETFD)") { fcntl(fd.rawValue, F_GETFD) }
        try SystemCall.run("fcntl(fd \(fd.rawValue), F_SETFD)") { fcntl(fd.rawValue, F_SETFD, fdFlags | FD_CLOEXEC) }
        let flags = try SystemCall.run("fcntl(fd \(fd.rawValue), F_GETFL)") { fcntl(fd.rawValue, F_GETFL) }
        try SystemCall.run("fcntl(fd \(fd.rawValue), F_SETFL)") { fcntl(fd.rawValue, F_SETFL, flags | O_NONBLOCK) }
    }

    private static func quoted(_ s: String) -> String { "\"\(s)\"" }
}

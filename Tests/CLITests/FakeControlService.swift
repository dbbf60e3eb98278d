import EdgeSwipeSystem
import FixtureSupport
import Foundation

/// A control socket served by a script, for what a real service does rarely and never on cue: refuse a client at
/// once (over `max_clients`, `permissionDenied`), close after its hello (a crash loop), trickle its hello, or accept
/// nobody for a while. Lines are written as ControlServer writes them (docs/protocol.md).
final class FakeControlService: @unchecked Sendable {
    enum Behaviour: Sendable {
        /// Sends `line` and closes, its reading side shut first, so the client's request meets a closed peer
        /// whatever the scheduling (the service's refusal: one error line, then close).
        case refuse(line: String)
        /// Sends a hello, shuts its reading side and closes: the service died before the answer.
        case closeAfterHello
        /// Sends the hello one byte every `byteIntervalMS` (each read of the client gets something), then answers
        /// any request with `answer`.
        case trickleHello(byteIntervalMS: Int, answer: String)
        /// Accepts nobody for `delayMS` (its backlog of one already taken), then serves a hello and `answer`.
        case acceptLate(delayMS: Int, answer: String)
    }

    static let hello = #"{"events":["back","exclusions","gesture","navigation","transition"],"protocol":3,"screens":[],"server":"edgeswipe","type":"hello"}"#

    let path: String
    private let listener: Int32
    /// acceptLate's first connection, which fills the backlog.
    private var filler: Int32 = -1

    init(_ behaviour: Behaviour) throws {
        let path = NSTemporaryDirectory() + "edgeswipe-fake-service-\(getpid())-\(UUID().uuidString.prefix(8)).sock"
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        self.path = path
        self.listener = listener
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (i, b) in path.utf8.enumerated() { raw[i] = b }
        }
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        // Backlog 0: Linux queues one connection, so acceptLate's filler leaves no room for the client.
        guard bound == 0, listen(listener, 0) == 0 else { throw FakeServiceError(errno: errno) }
        if case .acceptLate = behaviour {
            filler = try UnixSocketConnect.connect(path: path)
        }
        Thread.detachNewThread { Self.serve(listener, behaviour) }
    }

    /// Shut down only: the serving thread closes the listener when it sees that. Closed here, its number could be a
    /// later test's listener by the time a thread still serving a client comes back to accept (a closeAfterHello
    /// thread then served the acceptLate test's client: "closed before the answer", in the whole suite).
    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        if filler >= 0 { close(filler) }
        unlink(path)
    }

    private static func serve(_ listener: Int32, _ behaviour: Behaviour) {
        defer { close(listener) }
        if case .acceptLate(let delayMS, _) = behaviour {
            // Slept to the end: the suite's children's SIGCHLD cut a usleep short.
            let end = Date().addingTimeInterval(Double(delayMS) / 1000)
            while Date() < end { usleep(10_000) }
            close(acceptClient(listener))  // the filler, first in the queue
        }
        while true {
            let client = acceptClient(listener)
            guard client >= 0 else { return }  // the listener closed: the test is over
            switch behaviour {
            case .refuse(let line):
                shutdown(client, Int32(SHUT_RD))
                _ = send(client, line + "\n")
            case .closeAfterHello:
                _ = send(client, hello + "\n")
                shutdown(client, Int32(SHUT_RD))
                usleep(200_000)  // the client's write comes while the connection still exists, half shut
            case .trickleHello(let interval, let answer):
                var sent = true
                for byte in (hello + "\n").utf8 where sent {
                    sent = send(client, String(decoding: [byte], as: UTF8.self))
                    usleep(UInt32(interval) * 1000)
                }
                if sent { answerOneRequest(client, answer) }
            case .acceptLate(_, let answer):
                _ = send(client, hello + "\n")
                answerOneRequest(client, answer)
            }
            close(client)
        }
    }

    /// The next client, blocking, close-on-exec from the start: the suite spawns programs from other threads,
    /// which must not inherit it (a child holding it open hides the close the client is to see).
    private static func acceptClient(_ listener: Int32) -> Int32 {
        var entry = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, -1) == 1, entry.revents & Int16(POLLHUP) == 0, entry.revents & Int16(POLLIN) != 0,
              let client = try? FileDescriptor(rawValue: listener).accept() else { return -1 }
        _ = fcntl(client.rawValue, F_SETFL, fcntl(client.rawValue, F_GETFL) & ~O_NONBLOCK)
        return client.rawValue
    }

    private static func answerOneRequest(_ client: Int32, _ answer: String) {
        var byte: UInt8 = 0
        while recv(client, &byte, 1, 0) == 1 {
            if byte == UInt8(ascii: "\n") {
                _ = send(client, answer + "\n")
                return
            }
        }
    }

    /// False once the client has gone.
    private static func send(_ fd: Int32, _ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }
}

struct FakeServiceError: Error {
    var errno: Int32
}

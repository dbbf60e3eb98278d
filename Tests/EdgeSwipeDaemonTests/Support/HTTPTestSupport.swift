import EdgeSwipeSystem
import Foundation
import Synchronization
import EdgeSwipeDaemon
import Navigation
import TouchModel
import EdgeSwipeControl

let httpTestToken = "test-token-\(UInt64.random(in: 1...UInt64.max))"

/// A command handler for the HTTP tests: a stack of names, pops refused at the root, and "flood-N" pushes
/// that publish N events of about 1 KB before the reply.
final class HTTPFakeHandler: ControlCommandHandler {
    weak var endpoint: HTTPEndpoint?
    var stack = ["home"]

    func handle(_ command: ControlCommand, from client: ControlClientID, now: Microseconds) -> Result<JSONValue, ControlError> {
        switch command {
        case .push(let spec):
            if spec.name.hasPrefix("flood-"), let n = Int(spec.name.dropFirst(6)) {
                for i in 0..<n { endpoint?.publish(httpTestEvent(seq: i, padding: 1000)) }
                return .success(.object(["flooded": .integer(Int64(n))]))
            }
            endpoint?.publish(.navigation("transitionBegan", time: now, fields: ["kind": .string("push"), "to": .string(spec.name)]))
            stack.append(spec.name)
            return .success(.object(["stack": .array(stack.map { .string($0) })]))
        case .pop:
            guard stack.count > 1 else { return .failure(ControlError(.refused, "root")) }
            stack.removeLast()
            return .success(.object(["stack": .array(stack.map { .string($0) })]))
        case .setStack(let specs):
            stack = specs.map(\.name)
            return .success(.object(["stack": .array(stack.map { .string($0) })]))
        case .popToRoot:
            stack = [stack[0]]
            return .success(.object(["stack": .array(stack.map { .string($0) })]))
        case .state:
            return .success(.object(["stack": .array(stack.map { .string($0) })]))
        case .setExclusions, .setInteractivePopEnabled, .registerBackHandler, .unregisterBackHandler, .reportOutput, .withdrawOutput, .reportFocus,
             .declareContentRegion, .withdrawContentRegion, .contentAnswer:
            return .failure(ControlError(.unavailable, "not in this fake"))
        case .subscribe, .unsubscribe:
            return .failure(ControlError(.unavailable, "not here"))
        }
    }
}

/// A diagnostic event with a sequence number and `padding` bytes of 'x'.
func httpTestEvent(seq: Int, padding: Int) -> ControlEvent {
    ControlEvent(eventClass: .diagnostic, object: [
        "type": .string("diagnostic"), "code": .string("test"), "seq": .integer(Int64(seq)),
        "padding": .string(String(repeating: "x", count: padding)),
    ])
}

/// The HTTP endpoint with a fake handler on a loop thread; events can be published from the test thread.
final class HTTPHarness: Sendable {
    let thread: LoopThread
    let port: UInt16
    let statistics: HTTPStatistics
    private final class Pending: Sendable {
        let events = Mutex<[ControlEvent]>([])
    }
    private let pending = Pending()
    private let publisher: LoopWaker
    private let wakeUpReader: LoopWaker

    /// `adjust` changes the options last (connection limits, deadlines); `log` receives the endpoint's log.
    /// `navigationStack`: the real navigation handler over that stack (a 100 × 160 mm screen with 5 mm edge
    /// zones for the exclusion cap) instead of the fake.
    init(queueLimit: Int = 256 * 1024, maxBody: Int = 64 * 1024, origins: [String] = [], maxEventClients: Int = 100,
         navigationStack: String? = nil,
         log: DaemonLog = .silent, adjust: @escaping @Sendable (inout HTTPOptions) -> Void = { _ in }) throws {
        let box = Mutex<(UInt16, HTTPStatistics?, LoopWaker?, LoopWaker?)>((0, nil, nil, nil))
        let pending = self.pending
        let counts = Counts()
        thread = LoopThread { loop in
            let fake = HTTPFakeHandler()
            var handler: any ControlCommandHandler = fake
            if let navigationStack {
                let navigation = NavigationCommandHandler(session: try NavigationSession(stack: navigationStack))
                navigation.session.controller.recomputeExclusions(
                    devices: [ExclusionGeometry(screen: PhysicalSize(widthMM: 100, heightMM: 160), edgeZoneMM: 5)])
                handler = ControlRouter(navigation: navigation)
            }
            var options = HTTPOptions(port: 0, token: try BearerToken(httpTestToken), origins: try OriginPolicy(origins),
                                      site: StaticSite(files: ["index.html": .init(contentType: "text/html", bytes: Array("<p>kiosk</p>".utf8))]),
                                      maxBodyBytes: maxBody, queueLimitBytes: queueLimit, maxEventClients: maxEventClients)
            adjust(&options)
            let endpoint = try HTTPEndpoint(loop: loop, options: options, handler: handler, log: log)
            fake.endpoint = endpoint
            let waker = try loop.makeWaker(name: "test publisher") { [unowned endpoint] in
                let events = pending.events.withLock { p in defer { p.removeAll() }; return p }
                for e in events { endpoint.publish(e) }
            }
            let reader = try loop.makeWaker(name: "test wake-up reader") { [unowned loop] in
                counts.values.withLock { $0.append(loop.wakeUps) }
            }
            box.withLock { $0 = (endpoint.port, endpoint.statistics, waker, reader) }
            return (KeepAlive([endpoint, handler]), nil)
        }
        if let failure = thread.failure.withLock({ $0 }) { throw TestError(failure) }
        let (port, stats, waker, reader) = box.withLock { $0 }
        self.port = port
        statistics = stats!
        publisher = waker!
        wakeUpReader = reader!
        self.counts = counts
    }

    final class Counts: Sendable {
        let values = Mutex<[Int]>([])
    }
    private let counts: Counts

    /// The loop's wake-up count, read on the loop thread (the read itself costs one wake-up).
    func loopWakeUps() -> Int {
        let before = counts.values.withLock { $0.count }
        wakeUpReader.wake()
        let deadline = Date().addingTimeInterval(5)
        while counts.values.withLock({ $0.count }) == before, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        return counts.values.withLock { $0.last ?? -1 }
    }

    func publish(_ events: [ControlEvent]) {
        pending.events.withLock { $0.append(contentsOf: events) }
        publisher.wake()
    }

    func stop() { thread.stop() }
}

/// A blocking HTTP/1.1 client on a raw TCP socket: requests as bytes, responses read with a timeout.
final class HTTPTestClient {
    let fd: Int32
    private(set) var received: [UInt8] = []
    /// The server closed the connection (EOF or reset).
    private(set) var closed = false

    init(port: UInt16, ipv6: Bool = false, receiveBuffer: Int32? = nil) throws {
        fd = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw TestError("socket: errno \(errno)") }
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        let rc: Int32
        if ipv6 {
            var sa = sockaddr_in6()
            sa.sin6_family = sa_family_t(AF_INET6)
            sa.sin6_port = port.bigEndian
            sa.sin6_addr = in6addr_loopback
            rc = withUnsafePointer(to: &sa) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
        } else {
            var sa = sockaddr_in()
            sa.sin_family = sa_family_t(AF_INET)
            sa.sin_port = port.bigEndian
            sa.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
            rc = withUnsafePointer(to: &sa) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        }
        guard rc == 0 else {
            let e = errno
            close(fd)
            throw TestError("connect: errno \(e)")
        }
    }

    deinit { close(fd) }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) throws {
        var off = 0
        while off < bytes.count {
            off += try bytes.withUnsafeBytes { raw in
                try SystemCall.run("send") { Glibc.send(fd, raw.baseAddress! + off, raw.count - off, Int32(MSG_NOSIGNAL)) }
            }
        }
    }

    /// Reads until `done(received)` or EOF or the timeout; true when `done` was met.
    @discardableResult
    func read(timeout: Double = 5, until done: ([UInt8]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while !done(received) {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return false }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&p, 1, Int32(left * 1000) + 1) <= 0 { continue }
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 {
                closed = true
                return done(received)
            }
            received.append(contentsOf: chunk[0..<n])
        }
        return true
    }

    /// Reads a whole response (the server closes after it, or Content-Length says where it ends).
    func response(timeout: Double = 5) throws -> HTTPTestResponse {
        read(timeout: timeout) { HTTPTestResponse.parse($0)?.complete == true }
        guard let r = HTTPTestResponse.parse(received), r.complete else {
            throw TestError("no complete response within \(timeout) s: \(String(decoding: received.prefix(300), as: UTF8.self))")
        }
        return r
    }

    static func request(_ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil) -> String {
        var lines = ["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1"]
        for (k, v) in headers.sorted(by: { $0.key < $1.key }) { lines.append("\(k): \(v)") }
        if let body { lines.append("Content-Length: \(body.utf8.count)") }
        return lines.joined(separator: "\r\n") + "\r\n\r\n" + (body ?? "")
    }
}

struct HTTPTestResponse {
    var status: Int
    /// Names lower-cased.
    var headers: [String: String]
    var body: [UInt8]
    var complete: Bool
    var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// Parses status, headers and a Content-Length or chunked body (as far as it has arrived).
    static func parse(_ bytes: [UInt8]) -> HTTPTestResponse? {
        guard let end = find(bytes, Array("\r\n\r\n".utf8), from: 0) else { return nil }
        let head = String(decoding: bytes[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let rest = Array(bytes[(end + 4)...])
        if headers["transfer-encoding"] == "chunked" {
            let (body, finished) = dechunk(rest)
            return HTTPTestResponse(status: status, headers: headers, body: body, complete: finished)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        return HTTPTestResponse(status: status, headers: headers, body: Array(rest.prefix(length)), complete: rest.count >= length)
    }

    /// The body of a chunked stream as far as whole chunks have arrived; true once the last chunk came.
    static func dechunk(_ bytes: [UInt8]) -> ([UInt8], Bool) {
        var out: [UInt8] = []
        var i = 0
        while let lineEnd = find(bytes, [13, 10], from: i) {
            let sizeText = String(decoding: bytes[i..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText, radix: 16) else { break }
            if size == 0 { return (out, true) }
            let start = lineEnd + 2
            guard start + size + 2 <= bytes.count else { break }
            out.append(contentsOf: bytes[start..<(start + size)])
            i = start + size + 2
        }
        return (out, false)
    }

    static func find(_ hay: [UInt8], _ needle: [UInt8], from: Int) -> Int? {
        guard hay.count >= needle.count, from <= hay.count - needle.count else { return nil }
        var i = from
        while i <= hay.count - needle.count {
            if hay[i] == needle[0], Array(hay[i..<(i + needle.count)]) == needle { return i }
            i += 1
        }
        return nil
    }
}

/// The `data:` payloads of an event-stream body, in order.
func sseEvents(_ body: [UInt8]) -> [String] {
    String(decoding: body, as: UTF8.self).components(separatedBy: "\n\n").compactMap { block in
        block.split(separator: "\n").first(where: { $0.hasPrefix("data: ") }).map { String($0.dropFirst(6)) }
    }
}

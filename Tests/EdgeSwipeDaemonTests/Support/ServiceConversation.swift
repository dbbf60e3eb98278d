import EdgeSwipeControl
import EdgeSwipeSystem
import Foundation
@testable import EdgeSwipeDaemon

/// Talking to a `DemoReplayService` line by line: the service's loop is turned while a client waits, so a test
/// reads what a request or a change sent, in order.
extension DemoReplayService {
    /// A new connection, its hello read.
    func connect() throws -> TestClient {
        let client = try TestClient(path: socketPath)
        _ = try lines(client) { $0["type"] == .string("hello") }
        return client
    }

    /// The lines `client` gets until one satisfies `done` (included), or all it got in about 2 s.
    func lines(_ client: TestClient, until done: (JSONValue) -> Bool) throws -> [JSONValue] {
        var got: [JSONValue] = []
        for _ in 0..<400 {
            try service.runtime.loop.runOnce(timeoutMilliseconds: 5)
            while let l = client.readLine(timeout: 0.005) {
                let v = try JSONValue.decode(Array(l.utf8))
                got.append(v)
                if done(v) { return got }
            }
        }
        return got
    }

    /// Sends `request` and returns every line up to its answer (a reply or an error), the answer last.
    func exchange(_ client: TestClient, _ request: String) throws -> [JSONValue] {
        try client.send(request + "\n")
        return try lines(client) { $0["type"] == .string("reply") || $0["type"] == .string("error") }
    }

    /// The answer alone.
    func answer(_ client: TestClient, _ request: String) throws -> JSONValue? {
        try exchange(client, request).last
    }

    /// Turns the loop a few times: what a closed connection makes the service do is done.
    func settle() throws {
        for _ in 0..<20 { try service.runtime.loop.runOnce(timeoutMilliseconds: 5) }
    }
}
